// Reversi's own rules, notation, fen and OBF loading, beyond the typed tests every
// game passes: the opening moves, flips in every direction (and none across the
// board's edge), passes, the end of the game and its count, the FFO test positions
// (their listed moves are exactly the legal moves) and perft against perft.tsv.

#include "engine/games/reversi/reversi.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "engine/core/perft.h"
#include "engine/core/rng.h"
#include "engine/games/reversi/bit_count.h"
#include "tests/address_sanitizer.h"
#include "tests/support/positions.h"
#include "tests/support/text.h"

namespace narabe {
namespace {

using test_positions::reversi_from_fen;
using test_text::contains;

using games::Reversi;

// A fen from named cells ("c3" -> 'x'); rows from rank 1 (the top) down.
std::string fen_of(const std::map<std::string, char>& cells, char side) {
  std::string fen;
  for (int rank = 1; rank <= 8; ++rank) {
    int run = 0;
    for (char file = 'a'; file <= 'h'; ++file) {
      const auto it = cells.find(std::string{file, static_cast<char>('0' + rank)});
      if (it == cells.end()) {
        ++run;
        continue;
      }
      if (run > 0) fen += std::to_string(run);
      run = 0;
      fen += it->second;
    }
    if (run > 0) fen += std::to_string(run);
    if (rank < 8) fen += '/';
  }
  return fen + ' ' + side;
}

std::vector<std::string> legal_moves(const Reversi& game) {
  Reversi::MoveList moves;
  game.generate_moves(moves);
  return test_positions::move_names(game, moves);
}

std::uint64_t cells(std::initializer_list<const char*> names) {
  std::uint64_t mask = 0;
  for (const char* name : names) mask |= Reversi::bit((name[1] - '1') * 8 + (name[0] - 'a'));
  return mask;
}

std::string move_error(const Reversi& game, std::string_view text) {
  auto move = game.parse_move(text);
  return move.ok() ? "(accepted)" : move.error();
}


// ---- start and notation ----

TEST(Reversi, StartPosition) {
  const Reversi game;
  EXPECT_EQ(game.to_fen(), "8/8/8/3ox3/3xo3/8/8/8 x");
  EXPECT_EQ(game.side_to_move(), core::Side::kFirst);
  EXPECT_EQ(game.discs(core::Side::kFirst), cells({"e4", "d5"}));
  EXPECT_EQ(game.discs(core::Side::kSecond), cells({"d4", "e5"}));
  EXPECT_EQ(game.empties(), 60);
  EXPECT_EQ(game.outcome(), core::Outcome::kNone);
  EXPECT_EQ(game.max_remaining_plies(), 119);
}

TEST(Reversi, TheFourOpeningMoves) {
  Reversi game;
  std::vector<std::string> moves = legal_moves(game);
  std::sort(moves.begin(), moves.end());
  EXPECT_EQ(moves, (std::vector<std::string>{"c4", "d3", "e6", "f5"}));
  // f5 flips e5; then white has d6, f4 and f6.
  game.make_move(*game.parse_move("f5"));
  EXPECT_EQ(game.to_fen(), "8/8/8/3ox3/3xxx2/8/8/8 o");
  moves = legal_moves(game);
  std::sort(moves.begin(), moves.end());
  EXPECT_EQ(moves, (std::vector<std::string>{"d6", "f4", "f6"}));
}

TEST(Reversi, CellNamesCountRanksFromTheTop) {
  EXPECT_EQ(Reversi::cell_name(0), "a1");
  EXPECT_EQ(Reversi::cell_name(7), "h1");
  EXPECT_EQ(Reversi::cell_name(8), "a2");
  EXPECT_EQ(Reversi::cell_name(63), "h8");
  const Reversi game;
  EXPECT_EQ(game.move_to_string(Reversi::kPass), "pass");
  EXPECT_EQ(*game.parse_move("d3"), core::Move(19));
}

TEST(Reversi, MoveErrorsGiveTheReason) {
  const Reversi start;
  EXPECT_TRUE(contains(move_error(start, "a9"), "not a reversi cell")) << move_error(start, "a9");
  EXPECT_TRUE(contains(move_error(start, "i1"), "not a reversi cell"));
  EXPECT_TRUE(contains(move_error(start, "Pass"), "not a reversi cell"));
  EXPECT_TRUE(contains(move_error(start, "d4"), "occupied")) << move_error(start, "d4");
  EXPECT_TRUE(contains(move_error(start, "d6"), "flips no disc")) << move_error(start, "d6");
  EXPECT_TRUE(contains(move_error(start, "a1"), "flips no disc"));
  EXPECT_TRUE(contains(move_error(start, "pass"), "can place a disc")) << move_error(start, "pass");
  const Reversi must_pass = reversi_from_fen("4oxxx/4o1x1/2o1oxox/1oooo1o1/3oooo1/2o5/8/8 o");
  EXPECT_TRUE(contains(move_error(must_pass, "a1"), "must pass")) << move_error(must_pass, "a1");
  const Reversi over = reversi_from_fen("8/8/8/3oo3/3oo3/8/8/8 x");
  EXPECT_TRUE(contains(move_error(over, "pass"), "game is over"));
  EXPECT_TRUE(contains(move_error(over, "c3"), "game is over"));
  EXPECT_TRUE(contains(move_error(over, "zz"), "not a reversi cell"));
}

TEST(Reversi, DiagramNumbersRanksFromTheTop) {
  const std::string diagram = Reversi().diagram();
  EXPECT_TRUE(contains(diagram, "  1 . . . . . . . .\n")) << diagram;
  EXPECT_TRUE(contains(diagram, "  4 . . . o x . . .\n")) << diagram;
  EXPECT_TRUE(contains(diagram, "    a b c d e f g h\n")) << diagram;
}

// ---- flips ----

TEST(Reversi, FlipsInAllEightDirections) {
  // x plays c3; every direction holds a closed run of o (two of them longer than one).
  const Reversi game = reversi_from_fen(fen_of({{"b3", 'o'}, {"a3", 'x'},                // west
                                    {"d3", 'o'}, {"e3", 'o'}, {"f3", 'x'},   // east
                                    {"c2", 'o'}, {"c1", 'x'},                // north
                                    {"c4", 'o'}, {"c5", 'o'}, {"c6", 'x'},   // south
                                    {"b2", 'o'}, {"a1", 'x'},                // north-west
                                    {"d2", 'o'}, {"e1", 'x'},                // north-east
                                    {"b4", 'o'}, {"a5", 'x'},                // south-west
                                    {"d4", 'o'}, {"e5", 'x'},                // south-east
                                    {"e4", 'x'}, {"d5", 'x'}},
                                   'x'));
  const std::uint64_t expected =
      cells({"b3", "d3", "e3", "c2", "c4", "c5", "b2", "d2", "b4", "d4"});
  const int c3 = 2 * 8 + 2;
  EXPECT_EQ(Reversi::flips(c3, game.player(), game.opponent()), expected);
  Reversi after = game;
  after.make_move(*after.parse_move("c3"));
  EXPECT_EQ(after.discs(core::Side::kFirst), game.discs(core::Side::kFirst) | expected | Reversi::bit(c3));
  EXPECT_EQ(after.discs(core::Side::kSecond), game.discs(core::Side::kSecond) & ~expected);
  after.unmake_move(*game.parse_move("c3"));
  EXPECT_EQ(after.to_fen(), game.to_fen());
  EXPECT_EQ(after.hash(), game.hash());
}

TEST(Reversi, EachDirectionAlone) {
  // One closed run per position, one position per direction: the mover's cell, the
  // run of o and the closing x disc (the centre cells are o unless they close).
  struct Line {
    const char* move;
    std::vector<const char*> run;
    const char* closer;
  };
  const std::vector<Line> lines = {
      {"a6", {"b6", "c6"}, "d6"}, {"h6", {"g6", "f6"}, "e6"}, {"b1", {"b2", "b3"}, "b4"},
      {"g8", {"g7", "g6"}, "g5"}, {"a8", {"b7", "c6"}, "d5"}, {"h1", {"g2", "f3"}, "e4"},
      {"h8", {"g7", "f6"}, "e5"}, {"a1", {"b2", "c3"}, "d4"}};
  for (const Line& line : lines) {
    std::map<std::string, char> board = {{"d4", 'o'}, {"e4", 'o'}, {"d5", 'o'}, {"e5", 'o'}};
    for (const char* cell : line.run) board[cell] = 'o';
    board[line.closer] = 'x';
    const Reversi game = reversi_from_fen(fen_of(board, 'x'));
    auto move = game.parse_move(line.move);
    ASSERT_TRUE(move.ok()) << line.move << ": " << move.error();
    std::uint64_t run = 0;
    for (const char* cell : line.run) run |= cells({cell});
    EXPECT_EQ(Reversi::flips(move->value(), game.player(), game.opponent()), run) << line.move;
  }
}

TEST(Reversi, NoFlipAcrossTheBoardEdge) {
  // x on h3 would see a4 (o) and b4 (x) "next" to it if a shift wrapped rows.
  const Reversi game = reversi_from_fen(fen_of({{"a4", 'o'}, {"b4", 'x'}, {"d4", 'x'}, {"e4", 'x'},
                                    {"d5", 'x'}, {"e5", 'x'}, {"a5", 'o'}, {"b6", 'x'}},
                                   'x'));
  EXPECT_EQ(game.legal_cells() & cells({"h3", "h4", "h5"}), 0u);
  EXPECT_EQ(Reversi::flips(2 * 8 + 7, game.player(), game.opponent()), 0u);  // h3
  // A run with no own disc at its far end (e6 d6 from f6, then the empty c6) flips
  // nothing; the closed diagonal e5 d4 (to x on c3) does.
  const Reversi open = reversi_from_fen(fen_of({{"c3", 'x'}, {"d4", 'o'}, {"e5", 'o'}, {"e4", 'o'}, {"d5", 'o'},
                                    {"e6", 'o'}, {"d6", 'o'}},
                                   'x'));
  EXPECT_EQ(Reversi::flips(5 * 8 + 5, open.player(), open.opponent()), cells({"e5", "d4"}));  // f6
}

// ---- passes and the end ----

TEST(Reversi, APassIsTheOnlyMoveWhenNoDiscCanBePlaced) {
  Reversi game = reversi_from_fen("4oxxx/4o1x1/2o1oxox/1oooo1o1/3oooo1/2o5/8/8 o");
  EXPECT_EQ(game.legal_cells(), 0u);
  EXPECT_EQ(legal_moves(game), (std::vector<std::string>{"pass"}));
  EXPECT_TRUE(game.is_legal(Reversi::kPass));
  EXPECT_EQ(game.outcome(), core::Outcome::kNone);
  EXPECT_EQ(game.max_remaining_plies(), 2 * game.empties());
  ASSERT_TRUE(game.parse_move("pass").ok());
  const std::string fen = game.to_fen();
  const std::uint64_t hash = game.hash();
  game.make_move(Reversi::kPass);
  EXPECT_EQ(game.side_to_move(), core::Side::kFirst);
  EXPECT_EQ(game.to_fen(), "4oxxx/4o1x1/2o1oxox/1oooo1o1/3oooo1/2o5/8/8 x");
  EXPECT_NE(game.hash(), hash);
  EXPECT_FALSE(game.is_legal(Reversi::kPass));
  EXPECT_FALSE(game.parse_move("pass").ok());
  EXPECT_FALSE(legal_moves(game).empty());
  EXPECT_EQ(game.max_remaining_plies(), 2 * game.empties() - 1);
  game.unmake_move(Reversi::kPass);
  EXPECT_EQ(game.to_fen(), fen);
  EXPECT_EQ(game.hash(), hash);
}

TEST(Reversi, TheGameEndsWhenNeitherSideCanMove) {
  const Reversi wiped = reversi_from_fen("8/8/8/3oo3/3oo3/8/8/8 x");  // x has no disc left
  EXPECT_EQ(wiped.outcome(), core::Outcome::kSecondWins);
  EXPECT_TRUE(legal_moves(wiped).empty());
  EXPECT_FALSE(wiped.is_legal(Reversi::kPass));
  EXPECT_EQ(wiped.max_remaining_plies(), 0);
  EXPECT_TRUE(wiped.winning_line().empty());
  // Empty cells count for nobody: 13 x to 0 with 51 empty is a win for x.
  const Reversi empties = reversi_from_fen("x7/1xx5/2xx4/2xxx3/2xxxx2/1x2x1x1/5x2/6x1 o");
  EXPECT_EQ(empties.outcome(), core::Outcome::kFirstWins);
  const Reversi full_draw =
      reversi_from_fen("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/oooooooo/oooooooo/oooooooo/oooooooo o");
  EXPECT_EQ(full_draw.outcome(), core::Outcome::kDraw);
  const Reversi full_o =
      reversi_from_fen("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxo/oooooooo/oooooooo/oooooooo/oooooooo x");
  EXPECT_EQ(full_o.outcome(), core::Outcome::kSecondWins);
  // Neither can flank anything although cells are empty.
  EXPECT_EQ(reversi_from_fen("o6x/8/8/3xx3/3xx3/8/8/x6o o").outcome(), core::Outcome::kFirstWins);
}

TEST(Reversi, RandomGamesEndByTheCount) {
  core::Rng rng(99);
  int passes = 0;
  int last_mover_lost = 0;
  for (int game_number = 0; game_number < 300; ++game_number) {
    Reversi game;
    core::Side last_mover = core::Side::kFirst;
    int plies = 0;
    while (!core::is_over(game.outcome())) {
      Reversi::MoveList moves;
      game.generate_moves(moves);
      ASSERT_FALSE(moves.empty());
      if (moves[0] == Reversi::kPass) {
        ++passes;
        EXPECT_EQ(moves.size(), 1u);
      }
      last_mover = game.side_to_move();
      game.make_move(moves[rng.below(moves.size())]);
      ++plies;
    }
    EXPECT_LE(plies, 119);
    const int black = std::popcount(game.discs(core::Side::kFirst));
    const int white = std::popcount(game.discs(core::Side::kSecond));
    const core::Outcome expected = black > white   ? core::Outcome::kFirstWins
                                   : white > black ? core::Outcome::kSecondWins
                                                   : core::Outcome::kDraw;
    EXPECT_EQ(game.outcome(), expected) << game.to_fen();
    if (core::is_over(expected) && expected != core::Outcome::kDraw && expected != core::win_for(last_mover))
      ++last_mover_lost;
  }
  // Passes happen, and the last move does not decide who wins.
  EXPECT_GT(passes, 0);
  EXPECT_GT(last_mover_lost, 0);
}

// ---- fen ----

TEST(Reversi, FenRejectsAnEmptyCentreWithTheReason) {
  auto game = Reversi::from_fen({}, "8/8/8/3o4/3xo3/8/8/8 x");
  ASSERT_FALSE(game.ok());
  EXPECT_TRUE(contains(game.error(), "e4")) << game.error();
  EXPECT_TRUE(contains(game.error(), "centre")) << game.error();
}

TEST(Reversi, FenRoundTripsThroughAGame) {
  Reversi game;
  for (const char* move : {"f5", "d6", "c3", "d3", "c4"}) {
    auto m = game.parse_move(move);
    ASSERT_TRUE(m.ok()) << move << ": " << m.error();
    game.make_move(*m);
  }
  const Reversi reloaded = reversi_from_fen(game.to_fen());
  EXPECT_EQ(reloaded.to_fen(), game.to_fen());
  EXPECT_EQ(reloaded.hash(), game.hash());
  EXPECT_EQ(legal_moves(reloaded), legal_moves(game));
}

// ---- FFO / OBF ----

struct ObfLine {
  std::string text;
  std::string file;
  int number;
};

std::vector<ObfLine> read_obf_lines() {
  std::vector<ObfLine> lines;
  for (const char* name : {"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf", "fforum-60-79.obf"}) {
    std::ifstream in(std::string(NARABE_TEST_DATA_DIR) + "/reversi/" + name);
    EXPECT_TRUE(in.good()) << "missing tests/data/reversi/" << name;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      if (line.find_first_not_of(" \r") == std::string::npos) continue;  // the README's blank line
      lines.push_back({line, name, number});
    }
  }
  return lines;
}

TEST(ReversiObf, EveryFfoPositionLoadsWithItsListedMovesLegal) {
  const std::vector<ObfLine> lines = read_obf_lines();
  EXPECT_EQ(lines.size(), 79u);
  for (const ObfLine& line : lines) {
    SCOPED_TRACE(line.file + ":" + std::to_string(line.number));
    auto game = Reversi::from_obf(line.text);
    ASSERT_TRUE(game.ok()) << game.error();
    // The board characters are the cells in bit order.
    for (int cell = 0; cell < Reversi::kCells; ++cell) {
      const char c = line.text[static_cast<std::size_t>(cell)];
      const bool black = (game->discs(core::Side::kFirst) & Reversi::bit(cell)) != 0;
      const bool white = (game->discs(core::Side::kSecond) & Reversi::bit(cell)) != 0;
      EXPECT_EQ(c == 'X', black) << cell;
      EXPECT_EQ(c == 'O', white) << cell;
    }
    EXPECT_EQ(game->side_to_move(), line.text[65] == 'X' ? core::Side::kFirst : core::Side::kSecond);
    // "; A2:+38" pairs: every legal move, and nothing else.
    std::vector<std::string> listed;
    for (std::size_t at = line.text.find("; "); at != std::string::npos; at = line.text.find("; ", at + 2)) {
      const std::size_t colon = line.text.find(':', at);
      if (colon == std::string::npos) break;
      std::string move = line.text.substr(at + 2, colon - at - 2);
      std::transform(move.begin(), move.end(), move.begin(),
                     [](char ch) { return static_cast<char>(std::tolower(static_cast<unsigned char>(ch))); });
      listed.push_back(move);
    }
    std::vector<std::string> legal = legal_moves(*game);
    std::sort(listed.begin(), listed.end());
    std::sort(legal.begin(), legal.end());
    EXPECT_EQ(listed, legal);
    EXPECT_EQ(reversi_from_fen(game->to_fen()).hash(), game->hash());
  }
}

TEST(ReversiObf, FfoNumber40) {
  const std::vector<ObfLine> lines = read_obf_lines();
  const auto it = std::find_if(lines.begin(), lines.end(), [](const ObfLine& l) {
    return l.file == "fforum-40-59.obf" && l.number == 1;
  });
  ASSERT_NE(it, lines.end());
  auto game = Reversi::from_obf(it->text);
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(game->empties(), 20);
  EXPECT_TRUE(game->parse_move("a2").ok());  // the best move, +38
}

TEST(ReversiObf, BadLinesAreRejectedWithAReason) {
  const std::string start = "---------------------------OX------XO--------------------------- X";
  auto good = Reversi::from_obf(start);
  ASSERT_TRUE(good.ok()) << good.error();
  EXPECT_EQ(good->to_fen(), Reversi().to_fen());
  EXPECT_TRUE(Reversi::from_obf(start + ";").ok());
  EXPECT_TRUE(Reversi::from_obf(start + "\r").ok());
  std::string lower_case = start;
  lower_case[27] = 'o';
  for (const std::string& bad :
       {std::string(), start.substr(0, 64), start.substr(0, 65), lower_case,
        start.substr(0, 64) + "X", start.substr(0, 65) + "B", start.substr(0, 64) + "-X",
        start + " extra", std::string(64, '-') + " X"}) {
    auto game = Reversi::from_obf(bad);
    EXPECT_FALSE(game.ok()) << "accepted: '" << bad << "'";
    if (!game.ok()) {
      EXPECT_FALSE(game.error().empty());
    }
  }
}

// ---- perft ----

// perft.tsv, the column where a pass is a ply.
std::map<int, std::uint64_t> perft_table() {
  std::map<int, std::uint64_t> counts;
  std::ifstream in(std::string(NARABE_TEST_DATA_DIR) + "/reversi/perft.tsv");
  EXPECT_TRUE(in.good()) << "missing tests/data/reversi/perft.tsv";
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    counts[std::stoi(line.substr(0, tab))] = std::stoull(line.substr(tab + 1));
  }
  return counts;
}

constexpr int kDeepestPerft = NARABE_ADDRESS_SANITIZER ? 9 : 10;

TEST(ReversiPerft, MatchesPerftTsv) {
  const std::map<int, std::uint64_t> expected = perft_table();
  ASSERT_GE(expected.size(), 12u);
  Reversi game;
  for (int depth = 1; depth <= kDeepestPerft; ++depth) {
    EXPECT_EQ(core::perft(game, depth), expected.at(depth)) << "depth " << depth;
  }
  EXPECT_EQ(game.to_fen(), Reversi().to_fen());
}

TEST(ReversiPerft, PassesAndEndedGamesCount) {
  // o must pass: the pass is one ply, then x's moves.
  Reversi game = reversi_from_fen("4oxxx/4o1x1/2o1oxox/1oooo1o1/3oooo1/2o5/8/8 o");
  EXPECT_EQ(core::perft(game, 1), 1u);
  Reversi after = game;
  after.make_move(Reversi::kPass);
  EXPECT_EQ(core::perft(game, 2), static_cast<std::uint64_t>(std::popcount(after.legal_cells())));
  // A finished game is one leaf at any depth.
  Reversi over = reversi_from_fen("8/8/8/3oo3/3oo3/8/8/8 x");
  EXPECT_EQ(core::perft(over, 1), 1u);
  EXPECT_EQ(core::perft(over, 5), 1u);
}

// ---- evaluation ----

TEST(Reversi, EvaluationTermsAddUp) {
  Reversi game;
  for (const char* move : {"f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"}) {
    auto m = game.parse_move(move);
    ASSERT_TRUE(m.ok()) << move;
    game.make_move(*m);
    const auto terms = game.evaluation_terms();
    ASSERT_FALSE(terms.empty());
    EXPECT_EQ(terms.back().name, "total");
    core::Score sum = 0;
    for (std::size_t i = 0; i + 1 < terms.size(); ++i) sum += terms[i].value;
    EXPECT_EQ(sum, terms.back().value);
    EXPECT_EQ(game.evaluate(), terms.back().value);
    EXPECT_LT(std::abs(game.evaluate()), core::kWinBound);
  }
  // The start is symmetric: equal mobility, nothing else.
  EXPECT_EQ(Reversi().evaluate(), 0);
}

TEST(Reversi, SimpleEvaluationLikesCornersAndHatesXSquares) {
  const std::string corner = fen_of({{"a1", 'x'}, {"d4", 'o'}, {"e4", 'x'}, {"d5", 'x'}, {"e5", 'o'}}, 'x');
  const std::string x_square = fen_of({{"b2", 'x'}, {"d4", 'o'}, {"e4", 'x'}, {"d5", 'x'}, {"e5", 'o'}}, 'x');
  const std::string plain = fen_of({{"c6", 'x'}, {"d4", 'o'}, {"e4", 'x'}, {"d5", 'x'}, {"e5", 'o'}}, 'x');
  EXPECT_GT(reversi_from_fen(corner).simple_evaluate(), reversi_from_fen(plain).simple_evaluate());
  EXPECT_LT(reversi_from_fen(x_square).simple_evaluate(), reversi_from_fen(plain).simple_evaluate());
  // Near the end the disc count weighs in: a full-ish board is worth its margin.
  const Reversi late = reversi_from_fen("xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxooooo/oooooooo/oooooooo/ooooo2o x");
  EXPECT_GT(late.simple_evaluate(), 0);
}

TEST(Reversi, MoveOrderPutsFewestRepliesFirst) {
  Reversi game;
  for (const char* move : {"f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"}) game.make_move(*game.parse_move(move));
  Reversi::MoveList moves;
  game.generate_moves(moves);
  ASSERT_GT(moves.size(), 3u);
  // Replies the opponent has after each move, corners counted twice.
  auto replies = [&](core::Move m) {
    Reversi after = game;
    after.make_move(m);
    const std::uint64_t cells = after.legal_cells();
    return std::popcount(cells) + std::popcount(cells & 0x8100'0000'0000'0081ULL);
  };
  for (const core::Move a : moves)
    for (const core::Move b : moves)
      if (replies(a) < replies(b)) {
        EXPECT_GT(game.move_order_bonus(a), game.move_order_bonus(b));
      }
  EXPECT_EQ(game.move_order_bonus(Reversi::kPass), 0);
}

TEST(ReversiBitCount, AgreesWithTheLibraryCount) {
  // The instruction or the inline count, whichever this processor gets.
  core::Rng rng(18);
  EXPECT_EQ(games::reversi::bit_count(0), 0);
  EXPECT_EQ(games::reversi::bit_count(~std::uint64_t{0}), 64);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t x = rng.next() & rng.next();  // sparse and dense ones
    const std::uint64_t y = rng.next();
    EXPECT_EQ(games::reversi::bit_count(x), std::popcount(x));
    EXPECT_EQ(games::reversi::bit_count(y), std::popcount(y));
  }
}

}  // namespace
}  // namespace narabe
