// Connect Four's own rules, notation and fen, beyond the typed tests every game
// passes. Win detection is checked three ways: every four that fits on several
// board sizes, hand-made games for each direction and both players, and random
// games on every board size against a plain two-dimensional referee.

#include "engine/games/connect4/connect4.h"

#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <fstream>

#include "engine/core/perft.h"
#include "engine/core/rng.h"
#include "tests/support/positions.h"

namespace narabe {
namespace {

using test_positions::connect4_after;

using games::Connect4;
using Variant = Connect4::Variant;

std::vector<std::string> legal_moves(const Connect4& game) {
  Connect4::MoveList moves;
  game.generate_moves(moves);
  return test_positions::move_names(game, moves);
}

std::string error_of(const core::Expected<Connect4>& game) {
  return game.ok() ? "(accepted)" : game.error();
}

// The board sizes `newgame connect4 width W height H` accepts.
std::vector<Variant> every_variant() {
  std::vector<Variant> variants;
  for (int width = 4; width <= 9; ++width)
    for (int height = 4; height <= 9; ++height)
      if ((height + 1) * width <= 64) variants.push_back({width, height});
  return variants;
}

TEST(Connect4, BitLayoutIsPonsColumnByColumnWithASentinel) {
  const Connect4 game;
  EXPECT_EQ(game.bottom_cell(0), 1u);
  EXPECT_EQ(game.bottom_cell(1), 1u << 7);
  EXPECT_EQ(game.top_cell(0), 1u << 5);
  EXPECT_EQ(game.column_mask(1), 0x3Fu << 7);
  EXPECT_EQ(std::popcount(game.board_mask()), 42);
  EXPECT_EQ(game.bottom_mask(), 0x0040810204081ULL);  // bits 0, 7, 14, .., 42
  const Connect4 widest({8, 7});                      // 64 bits exactly
  EXPECT_EQ(widest.top_cell(7), 1ULL << 62);
  EXPECT_EQ(std::popcount(widest.board_mask()), 56);
}

TEST(Connect4, NotationIsTheColumnFromOne) {
  Connect4 game;
  EXPECT_EQ(game.move_to_string(core::Move(0)), "1");
  EXPECT_EQ(game.move_to_string(core::Move(6)), "7");
  auto centre = game.parse_move("4");
  ASSERT_TRUE(centre.ok());
  EXPECT_EQ(centre->value(), 3);
  game.make_move(*centre);
  EXPECT_EQ(game.to_fen(), "7/7/7/7/7/3x3 o");
  EXPECT_EQ(Connect4::cell_name(3, 0), "d1");
  EXPECT_EQ(Connect4::cell_name(8, 8), "i9");
  const Connect4 nine_wide({9, 5});
  EXPECT_TRUE(nine_wide.parse_move("9").ok());
  EXPECT_FALSE(nine_wide.parse_move("10").ok());
}

TEST(Connect4, MovesAreGeneratedCentreFirst) {
  EXPECT_EQ(legal_moves(Connect4()), (std::vector<std::string>{"4", "3", "5", "2", "6", "1", "7"}));
  EXPECT_EQ(legal_moves(Connect4({4, 4})), (std::vector<std::string>{"3", "2", "4", "1"}));
  EXPECT_EQ(legal_moves(Connect4({9, 5})),
            (std::vector<std::string>{"5", "4", "6", "3", "7", "2", "8", "1", "9"}));
  EXPECT_EQ(legal_moves(connect4_after("444444")), (std::vector<std::string>{"3", "5", "2", "6", "1", "7"}));
}

TEST(Connect4, ParseMoveExplainsWhatIsWrong) {
  const Connect4 game = connect4_after("444444");
  EXPECT_EQ(game.parse_move("4").error(), "column 4 is full");
  EXPECT_EQ(game.parse_move("8").error(), "not a column of a 7-wide board (1..7)");
  EXPECT_EQ(connect4_after("1212121").parse_move("3").error(), "the game is over");
  EXPECT_FALSE(game.is_legal(core::Move(3)));
  EXPECT_FALSE(game.is_legal(core::Move(7)));
  EXPECT_TRUE(game.is_legal(core::Move(0)));
}

TEST(Connect4, MakeAndUnmakeRestoreEverything) {
  Connect4 game = connect4_after("4453");
  const Connect4 before = game;
  for (int column = 0; column < 7; ++column) {
    const core::Move m(static_cast<std::uint16_t>(column));
    game.make_move(m);
    EXPECT_EQ(game.moves_played(), 5);
    EXPECT_NE(game.hash(), before.hash());
    game.unmake_move(m);
    EXPECT_EQ(game.current(), before.current());
    EXPECT_EQ(game.mask(), before.mask());
    EXPECT_EQ(game.moves_played(), 4);
    EXPECT_EQ(game.hash(), before.hash());
  }
  // Transpositions hash alike: x a1 b1, o c1 d1 in either order.
  EXPECT_EQ(connect4_after("1324").hash(), connect4_after("2314").hash());
  EXPECT_NE(connect4_after("1324").hash(), connect4_after("1325").hash());
}

TEST(Connect4, EveryFourThatFitsIsFoundAndNothingLess) {
  struct Direction {
    int dc, dr;
  };
  const Direction directions[] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (const Variant v : {Variant{4, 4}, Variant{7, 6}, Variant{9, 5}, Variant{4, 9}}) {
    const Connect4 board(v);
    int fours = 0;
    for (int column = 0; column < v.width; ++column)
      for (int row = 0; row < v.height; ++row)
        for (const Direction d : directions) {
          const int end_column = column + 3 * d.dc;
          const int end_row = row + 3 * d.dr;
          if (end_column >= v.width || end_row < 0 || end_row >= v.height) continue;
          std::uint64_t line = 0;
          for (int k = 0; k < 4; ++k)
            line |= board.bottom_cell(column + k * d.dc) << (row + k * d.dr);
          ++fours;
          EXPECT_TRUE(Connect4::has_four(line, v.height)) << v.width << "x" << v.height;
          EXPECT_EQ(Connect4::four_cells(line, v.height), line);
          for (std::uint64_t bits = line; bits != 0; bits &= bits - 1)
            EXPECT_FALSE(Connect4::has_four(line & ~(bits & ~(bits - 1)), v.height));
        }
    // (W-3)H horizontal + W(H-3) vertical + 2(W-3)(H-3) diagonal fours.
    EXPECT_EQ(fours, (v.width - 3) * v.height + v.width * (v.height - 3) +
                         2 * (v.width - 3) * (v.height - 3));
    // Four consecutive bits that wrap over a column's top are no line.
    std::uint64_t wrapped = 0;
    for (int row : {v.height - 2, v.height - 1}) wrapped |= board.bottom_cell(0) << row;
    for (int row : {0, 1}) wrapped |= board.bottom_cell(1) << row;
    EXPECT_FALSE(Connect4::has_four(wrapped, v.height));
  }
}

struct HandMadeWin {
  const char* moves;
  core::Outcome outcome;
  std::vector<std::string> line;
};

TEST(Connect4, WinsInEveryDirectionForBothPlayers) {
  const HandMadeWin wins[] = {
      // Vertical at both edges.
      {"1212121", core::Outcome::kFirstWins, {"a1", "a2", "a3", "a4"}},
      {"17271727", core::Outcome::kSecondWins, {"g1", "g2", "g3", "g4"}},
      // Horizontal, to the right edge and inside.
      {"4455667", core::Outcome::kFirstWins, {"d1", "e1", "f1", "g1"}},
      {"14151627", core::Outcome::kSecondWins, {"d1", "e1", "f1", "g1"}},
      {"1223343445", core::Outcome::kSecondWins, {"b1", "c1", "d1", "e1"}},
      // Up-right from a corner, down-right to a corner.
      {"12233434474", core::Outcome::kFirstWins, {"a1", "b2", "c3", "d4"}},
      {"76655454414", core::Outcome::kFirstWins, {"d4", "e3", "f2", "g1"}},
      {"176655454414", core::Outcome::kSecondWins, {"d4", "e3", "f2", "g1"}},
      // Five in a row by filling the gap.
      {"112244553", core::Outcome::kFirstWins, {"a1", "b1", "c1", "d1", "e1"}},
  };
  for (const HandMadeWin& win : wins) {
    const std::string_view moves = win.moves;
    const Connect4 before = connect4_after(moves.substr(0, moves.size() - 1));
    EXPECT_EQ(before.outcome(), core::Outcome::kNone) << moves;
    EXPECT_TRUE(before.winning_line().empty());
    const Connect4 after = connect4_after(moves);
    EXPECT_EQ(after.outcome(), win.outcome) << moves;
    EXPECT_EQ(after.winning_line(), win.line) << moves;
    EXPECT_TRUE(legal_moves(after).empty());
    EXPECT_EQ(after.max_remaining_plies(), 0);
    // The fen of a won game loads (one drop made the fours).
    auto reloaded = Connect4::from_fen({}, after.to_fen());
    ASSERT_TRUE(reloaded.ok()) << after.to_fen() << ": " << reloaded.error();
    EXPECT_EQ(reloaded->outcome(), win.outcome);
  }
}

// The rules written the obvious way, on a grid, to check the bitboards against.
class Referee {
 public:
  explicit Referee(const Variant& v)
      : v_(v), grid_(static_cast<std::size_t>(v.width * v.height), '.') {}
  void drop(int column, char disc) {
    int row = 0;
    while (at(column, row) != '.') ++row;
    grid_[index(column, row)] = disc;
  }
  // The cells of every four of `disc`, in the engine's a1, a2, .., b1 order.
  std::vector<std::string> fours(char disc) const {
    std::vector<bool> on_four(grid_.size(), false);
    const int steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int c = 0; c < v_.width; ++c)
      for (int r = 0; r < v_.height; ++r)
        for (const auto& s : steps) {
          bool all = true;
          for (int k = 0; k < 4 && all; ++k)
            all = inside(c + k * s[0], r + k * s[1]) && at(c + k * s[0], r + k * s[1]) == disc;
          if (all)
            for (int k = 0; k < 4; ++k) on_four[index(c + k * s[0], r + k * s[1])] = true;
        }
    std::vector<std::string> cells;
    for (int c = 0; c < v_.width; ++c)
      for (int r = 0; r < v_.height; ++r)
        if (on_four[index(c, r)]) cells.push_back(Connect4::cell_name(c, r));
    return cells;
  }

 private:
  bool inside(int c, int r) const { return c >= 0 && c < v_.width && r >= 0 && r < v_.height; }
  std::size_t index(int c, int r) const { return static_cast<std::size_t>(r * v_.width + c); }
  char at(int c, int r) const { return grid_[index(c, r)]; }
  Variant v_;
  std::vector<char> grid_;
};

TEST(Connect4, RandomGamesOnEveryBoardSizeAgreeWithAPlainReferee) {
  core::Rng rng(4);
  int wins[2] = {0, 0};
  for (const Variant& v : every_variant()) {
    for (int game_number = 0; game_number < 40; ++game_number) {
      Connect4 game(v);
      Referee referee(v);
      while (!core::is_over(game.outcome())) {
        Connect4::MoveList moves;
        game.generate_moves(moves);
        const core::Move m = moves[rng.below(moves.size())];
        const char disc = core::fen_letter(game.side_to_move());
        const Connect4 before = game;
        game.make_move(m);
        referee.drop(m.value(), disc);
        const auto cells = referee.fours(disc);
        const std::string where = Connect4::describe_variant(v) + " after " + game.to_fen();
        ASSERT_TRUE(referee.fours(disc == 'x' ? 'o' : 'x').empty()) << where;
        if (!cells.empty()) {
          EXPECT_EQ(game.outcome(),
                    disc == 'x' ? core::Outcome::kFirstWins : core::Outcome::kSecondWins)
              << where;
          ++wins[disc == 'x' ? 0 : 1];
        } else {
          EXPECT_NE(game.outcome() == core::Outcome::kDraw, game.max_remaining_plies() > 0)
              << where;
        }
        EXPECT_EQ(game.winning_line(), cells) << where;
        auto reloaded = Connect4::from_fen(v, game.to_fen());
        ASSERT_TRUE(reloaded.ok()) << where << ": " << reloaded.error();
        EXPECT_EQ(reloaded->hash(), game.hash());
        EXPECT_EQ(reloaded->current(), game.current());
        Connect4 undone = game;
        undone.unmake_move(m);
        EXPECT_EQ(undone.mask(), before.mask());
        EXPECT_EQ(undone.current(), before.current());
        EXPECT_EQ(undone.hash(), before.hash());
      }
    }
  }
  EXPECT_GT(wins[0], 100);
  EXPECT_GT(wins[1], 100);
}

TEST(Connect4, FullBoardWithoutFourIsADraw) {
  const Connect4 game = connect4_after("374625663167726451121117337574342525445326");
  EXPECT_EQ(game.outcome(), core::Outcome::kDraw);
  EXPECT_EQ(game.to_fen(), "xxooxox/oxxxoxx/xxoooxo/xoxooox/ooxoxxo/oxxxooo x");
  EXPECT_TRUE(game.winning_line().empty());
  EXPECT_TRUE(legal_moves(game).empty());
  EXPECT_EQ(game.max_remaining_plies(), 0);
}

TEST(Connect4, FensOfImpossibleBoardsAreRejectedWithTheReason) {
  EXPECT_EQ(error_of(Connect4::from_fen({}, "7/7/7/7/3x3/7 o")),
            "floating disc in column 4 (an empty cell under a disc)");
  EXPECT_EQ(error_of(Connect4::from_fen({}, "7/7/7/7/7/2xx3 o")),
            "disc counts (2 x, 0 o) do not fit o to move");
  EXPECT_EQ(error_of(Connect4::from_fen({}, "7/7/7/7/7/3o3 x")),
            "disc counts (0 x, 1 o) do not fit x to move");
  EXPECT_EQ(error_of(Connect4::from_fen({}, "7/7/7/7/oooo3/xxxx3 x")),
            "both players have four in a row");
  EXPECT_EQ(error_of(Connect4::from_fen({}, "7/7/7/7/oo1o3/xxxxo2 x")),
            "the side to move already has four in a row");
  EXPECT_EQ(error_of(Connect4::from_fen({}, "7/7/6x/6x/ooo1oox/xxxxoox o")),
            "no single last move makes these fours");
  // x's four a1-d1 lies under o's a2 b2 c2 and x's own d2: no last drop made it.
  EXPECT_EQ(error_of(Connect4::from_fen({}, "7/7/7/7/ooox3/xxxxo2 o")),
            "no single last move makes these fours");
  EXPECT_NE(error_of(Connect4::from_fen({}, "7/7/7/7/7/8 x")).find("row 6"), std::string::npos);
  EXPECT_NE(error_of(Connect4::from_fen({}, "7/7/7/7/7/6 x")).find("row 6"), std::string::npos);
  EXPECT_NE(error_of(Connect4::from_fen({}, "6/7/7/7/7/7 x")).find("row 1"), std::string::npos);
  // Other board sizes read their own row lengths.
  EXPECT_TRUE(Connect4::from_fen({9, 5}, "9/9/9/9/4x4 o").ok());
  EXPECT_FALSE(Connect4::from_fen({9, 5}, "7/7/7/7/7/7 x").ok());
  EXPECT_TRUE(Connect4::from_fen({4, 9}, "4/4/4/4/4/4/4/4/4 x").ok());
}

TEST(Connect4, MoveStringsArePonsNotation) {
  const Connect4 game = connect4_after("4453");
  EXPECT_EQ(game.to_fen(), "7/7/7/7/3o3/2oxx2 x");
  EXPECT_EQ(game.moves_played(), 4);
  EXPECT_EQ(connect4_after("").to_fen(), "7/7/7/7/7/7 x");
  EXPECT_EQ(error_of(Connect4::from_move_string({}, "4448")),
            "move 4 ('8'): not a column of a 7-wide board (1..7)");
  EXPECT_EQ(error_of(Connect4::from_move_string({}, "4444444")), "move 7 ('4'): column 4 is full");
  EXPECT_EQ(error_of(Connect4::from_move_string({}, "12121213")), "move 8 ('3'): the game is over");
  EXPECT_EQ(error_of(Connect4::from_move_string({}, "44 5")).substr(0, 13), "move 3 (' '):");
  EXPECT_EQ(error_of(Connect4::from_move_string({}, "0")).substr(0, 13), "move 1 ('0'):");
  EXPECT_TRUE(Connect4::from_move_string({9, 5}, "999995").ok());
}

TEST(Connect4, VariantsAreWidthAndHeightWithinSixtyFourBits) {
  auto standard = Connect4::parse_variant({});
  ASSERT_TRUE(standard.ok());
  EXPECT_EQ(*standard, (Variant{7, 6}));
  EXPECT_EQ(Connect4::describe_variant(*standard), "width 7 height 6");
  auto wide = Connect4::parse_variant({{"height", "5"}, {"width", "9"}});
  ASSERT_TRUE(wide.ok()) << wide.error();
  EXPECT_EQ(*wide, (Variant{9, 5}));
  EXPECT_TRUE(Connect4::parse_variant({{"width", "8"}, {"height", "7"}}).ok());  // exactly 64 bits
  EXPECT_TRUE(Connect4::parse_variant({{"width", "4"}, {"height", "9"}}).ok());
  EXPECT_EQ(every_variant().size(), 30u);

  const std::vector<core::VariantArgs> bad = {{{"width", "3"}},
                                              {{"width", "10"}},
                                              {{"height", "10"}},
                                              {{"height", "3"}},
                                              {{"width", "9"}, {"height", "7"}},
                                              {{"width", "7"}, {"width", "7"}},
                                              {{"size", "7"}},
                                              {{"width", "seven"}},
                                              {{"width", ""}},
                                              {{"width", "7x"}},
                                              {{"width", " 7"}},
                                              {{"height", "-6"}}};
  for (const auto& args : bad) {
    auto variant = Connect4::parse_variant(args);
    EXPECT_FALSE(variant.ok()) << args[0].first << " " << args[0].second;
    if (!variant.ok()) {
      EXPECT_FALSE(variant.error().empty());
    }
  }
  EXPECT_EQ(Connect4::parse_variant({{"width", "9"}, {"height", "7"}}).error(),
            "connect4 width 9 height 7 is too large: (height + 1) * width must be at most 64");
  EXPECT_EQ(Connect4::parse_variant({{"width", "7"}, {"width", "6"}}).error(),
            "connect4 width is given twice");
  EXPECT_EQ(Connect4::parse_variant({{"width", "10"}}).error(),
            "connect4 width must be 4..9, not 10");
}

// Games that ended before the requested depth, at exactly `depth` plies.
std::uint64_t games_ended_at(Connect4& game, int depth) {
  if (core::is_over(game.outcome())) return depth == 0 ? 1 : 0;
  if (depth == 0) return 0;
  Connect4::MoveList moves;
  game.generate_moves(moves);
  std::uint64_t total = 0;
  for (core::Move m : moves) {
    game.make_move(m);
    total += games_ended_at(game, depth - 1);
    game.unmake_move(m);
  }
  return total;
}

TEST(Connect4, PerftLeavesOutGamesThatEndedEarly) {
  // The typed tests check the published 5673234 at depth 8. Counting the games x
  // won with its 4th disc at ply 7 as leaves (kPerftCountsEndedGames = true) would
  // give 5673234 + 13032 = 5686266 instead.
  static_assert(!Connect4::kPerftCountsEndedGames);
  Connect4 game;
  EXPECT_EQ(games_ended_at(game, 6), 0u);
  EXPECT_EQ(games_ended_at(game, 7), 13032u);
}

TEST(Connect4, PerftOnSmallBoardsCountsFullColumns) {
  // Until ply 7 no one can have won, so only full columns cut the 4^n sequences.
  Connect4 small({4, 4});
  EXPECT_EQ(core::perft(small, 4), 256u);
  EXPECT_EQ(core::perft(small, 5),
            4u * 4 * 4 * 4 * 4 - 4 * 1);  // four sequences filled a column first
}

TEST(Connect4, WinningAndPlayableCellsForTheSolver) {
  const Connect4 game = connect4_after("121212");  // x a1-a3, o b1-b3, x to move
  const std::uint64_t a4 = game.bottom_cell(0) << 3;
  const std::uint64_t b4 = game.bottom_cell(1) << 3;
  EXPECT_EQ(game.winning_cells(game.current()), a4);
  EXPECT_EQ(game.winning_cells(game.opponent()), b4);
  EXPECT_EQ(std::popcount(game.playable_cells()), 7);
  EXPECT_NE(game.playable_cells() & a4, 0u);
  EXPECT_EQ(game.key(), game.current() + game.mask());
  // An inner gap: x d1 e1 _ g1 needs f1.
  const Connect4 gap = connect4_after("44557");
  EXPECT_EQ(gap.winning_cells(gap.opponent()), gap.bottom_cell(5)) << gap.to_fen();
}

TEST(Connect4, EvaluationCountsCentreAndOpenWindows) {
  EXPECT_EQ(Connect4().evaluate(), 0);
  EXPECT_EQ(connect4_after("4").evaluate(), -30);  // o to move faces x's centre disc
  // x a1 b1 c1 against o g1 g2 g3, x to move. x: open three a1-d1, open two b1-e1;
  // o: open three g1-g4, open two g2-g5. Centre: x's discs 0 + 10 + 20, o's 0.
  const Connect4 game = connect4_after("172737");
  const std::vector<core::EvalTerm> terms = game.evaluation_terms();
  ASSERT_EQ(terms.size(), 7u);
  const core::Score expected[] = {30, 0, 1000, -1000, 10, -10, 30};
  for (std::size_t i = 0; i < terms.size(); ++i)
    EXPECT_EQ(terms[i].value, expected[i]) << terms[i].name;
  EXPECT_EQ(terms.back().name, "total");
  EXPECT_EQ(game.evaluate(), 30);
  EXPECT_EQ(Connect4::casual_settings(core::Level::kEasy).depth, 3);
  EXPECT_EQ(Connect4::casual_settings(core::Level::kNormal).depth, 6);
  EXPECT_EQ(Connect4::casual_settings(core::Level::kHard).depth, 8);
  EXPECT_EQ(Connect4::casual_settings(core::Level::kHard).margin, 0);
}

TEST(Connect4, CentreStepsOnOddAndEvenWidths) {
  const Connect4 seven;
  const int seven_steps[] = {0, 1, 2, 3, 2, 1, 0};
  for (int c = 0; c < 7; ++c) EXPECT_EQ(seven.centre_steps(c), seven_steps[c]);
  const Connect4 four({4, 4});
  const int four_steps[] = {0, 1, 1, 0};
  for (int c = 0; c < 4; ++c) EXPECT_EQ(four.centre_steps(c), four_steps[c]);
  EXPECT_GT(seven.move_order_bonus(core::Move(3)), seven.move_order_bonus(core::Move(2)));
}

TEST(Connect4, DiagramNumbersTheColumns) {
  EXPECT_EQ(connect4_after("44").diagram(),
            "    . . . . . . .\n"
            "    . . . . . . .\n"
            "    . . . . . . .\n"
            "    . . . . . . .\n"
            "    . . . o . . .\n"
            "    . . . x . . .\n"
            "    1 2 3 4 5 6 7\n");
}

// Pons' "End-Easy" set: positions 28+ discs deep, none finished.
TEST(Connect4, PonsTestPositionsLoad) {
  std::vector<std::string> positions;
  std::ifstream in(std::string(NARABE_TEST_DATA_DIR) + "/connect4/Test_L3_R1");
  ASSERT_TRUE(in.good()) << "missing tests/data/connect4/Test_L3_R1";
  std::string line;
  for (int n = 0; n < 50 && std::getline(in, line); ++n) positions.push_back(line.substr(0, line.find(' ')));
  ASSERT_EQ(positions.size(), 50u);
  for (const std::string& moves : positions) {
    auto game = Connect4::from_move_string({}, moves);
    ASSERT_TRUE(game.ok()) << moves << ": " << game.error();
    EXPECT_EQ(game->outcome(), core::Outcome::kNone) << moves;
    EXPECT_EQ(game->moves_played(), static_cast<int>(moves.size()));
    EXPECT_GT(game->moves_played(), 28);
    auto reloaded = Connect4::from_fen({}, game->to_fen());
    ASSERT_TRUE(reloaded.ok()) << game->to_fen() << ": " << reloaded.error();
    EXPECT_EQ(reloaded->hash(), game->hash());
  }
}

}  // namespace
}  // namespace narabe
