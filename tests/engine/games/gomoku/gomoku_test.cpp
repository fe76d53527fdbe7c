// Gomoku's rules beyond the shared typed tests: variants, the four rules' winning
// lengths, notation on every size, forbidden points in play, the loss of a Black
// side with no point left, and random games on small boards under every rule.

#include "engine/games/gomoku/gomoku.h"

#include <gtest/gtest.h>

#include "engine/core/perft.h"
#include "engine/core/rng.h"
#include "tests/support/positions.h"

namespace narabe {
namespace {

using core::Move;
using core::Outcome;
using games::Gomoku;
using games::gomoku::Rule;

Gomoku play(const Gomoku::Variant& variant, std::initializer_list<const char*> moves) {
  return test_positions::after_moves(Gomoku(variant), moves);
}

TEST(Gomoku, VariantsParseAndDescribe) {
  auto v = Gomoku::parse_variant({{"size", "19"}, {"rule", "renju"}});
  ASSERT_TRUE(v.ok()) << v.error();
  EXPECT_EQ(v->size, 19);
  EXPECT_EQ(v->rule, Rule::kRenju);
  EXPECT_EQ(Gomoku::describe_variant(*v), "size 19 rule renju");
  EXPECT_EQ(Gomoku::describe_variant(Gomoku::Variant{}), "size 15 rule freestyle");
  for (const char* rule : {"freestyle", "standard", "renju", "overline-forbidden"})
    EXPECT_TRUE(Gomoku::parse_variant({{"rule", rule}}).ok()) << rule;
  EXPECT_TRUE(Gomoku::parse_variant({{"size", "5"}}).ok());
  EXPECT_TRUE(Gomoku::parse_variant({{"size", "22"}}).ok());
  for (const core::VariantArgs& bad :
       std::vector<core::VariantArgs>{{{"size", "4"}},
                                      {{"size", "23"}},
                                      {{"size", "15x"}},
                                      {{"size", ""}},
                                      {{"size", "-15"}},
                                      {{"rule", "Renju"}},
                                      {{"rule", "caro"}},
                                      {{"width", "15"}},
                                      {{"size", "15"}, {"size", "15"}},
                                      {{"rule", "renju"}, {"rule", "renju"}}}) {
    auto parsed = Gomoku::parse_variant(bad);
    EXPECT_FALSE(parsed.ok()) << bad.front().first << " " << bad.front().second;
    if (!parsed.ok()) {
      EXPECT_FALSE(parsed.error().empty());
    }
  }
}

TEST(Gomoku, NotationCoversEverySize) {
  for (int size = 5; size <= 22; ++size) {
    const Gomoku game(Gomoku::Variant{size, Rule::kFreestyle});
    Gomoku::MoveList moves;
    game.generate_moves(moves);
    ASSERT_EQ(moves.size(), static_cast<std::size_t>(size * size));
    EXPECT_EQ(game.move_to_string(moves[0]), "a1");
    std::string last(1, static_cast<char>('a' + size - 1));
    last += std::to_string(size);
    EXPECT_EQ(game.move_to_string(moves[moves.size() - 1]), last);
    for (Move m : moves) EXPECT_EQ(*game.parse_move(game.move_to_string(m)), m);
    std::string beyond_file(1, static_cast<char>('a' + size));
    beyond_file += '1';
    EXPECT_FALSE(game.parse_move(beyond_file).ok()) << beyond_file;
    std::string beyond_rank = "a";
    beyond_rank += std::to_string(size + 1);
    EXPECT_FALSE(game.parse_move(beyond_rank).ok()) << beyond_rank;
  }
  const Gomoku big(Gomoku::Variant{22, Rule::kFreestyle});
  EXPECT_TRUE(big.parse_move("v22").ok());
  EXPECT_EQ(Gomoku().to_fen(), "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x");
}

TEST(Gomoku, FiveWinsAndNamesItsLine) {
  const Gomoku game = play({}, {"a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1"});
  EXPECT_EQ(game.outcome(), Outcome::kFirstWins);
  EXPECT_EQ(game.winning_line(), (std::vector<std::string>{"a1", "b1", "c1", "d1", "e1"}));
  Gomoku::MoveList moves;
  game.generate_moves(moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_FALSE(game.parse_move("h8").ok());
  EXPECT_EQ(game.max_remaining_plies(), 0);
}

// Black's overline: b1 joins a1 and c1..f1 into six.
constexpr std::initializer_list<const char*> kBlackOverline = {"a1", "a3", "c1", "c3", "d1", "d3",
                                                               "e1", "e3", "f1", "g5", "b1"};

TEST(Gomoku, OverlineWinsOnlyUnderFreestyle) {
  EXPECT_EQ(play({15, Rule::kFreestyle}, kBlackOverline).outcome(), Outcome::kFirstWins);
  const Gomoku standard = play({15, Rule::kStandard}, kBlackOverline);
  EXPECT_EQ(standard.outcome(), Outcome::kNone);
  EXPECT_TRUE(standard.winning_line().empty());
  for (const Rule rule : {Rule::kRenju, Rule::kOverlineForbidden}) {
    const Gomoku before = play({15, rule}, {"a1", "a3", "c1", "c3", "d1", "d3", "e1", "e3", "f1", "g5"});
    auto m = before.parse_move("b1");
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.error().find("overline"), std::string::npos) << m.error();
    EXPECT_EQ(before.forbidden_cells(), std::vector<std::string>{"b1"});
    EXPECT_EQ(before.forbidden_at(games::gomoku::cell_index(1, 0)), games::gomoku::Forbidden::kOverline);
  }
}

TEST(Gomoku, WhiteOverlineWinsUnderRenju) {
  // White's b3 joins a3 and c3..f3 into six.
  const Gomoku game = play({15, Rule::kRenju}, {"a1", "a3", "h8", "c3", "h10", "d3", "j8", "e3", "j10", "f3",
                                                "m13", "b3"});
  EXPECT_EQ(game.outcome(), Outcome::kSecondWins);
  EXPECT_EQ(game.winning_line().size(), 6u);
  const Gomoku standard = play({15, Rule::kStandard}, {"a1", "a3", "h8", "c3", "h10", "d3", "j8", "e3", "j10",
                                                       "f3", "m13", "b3"});
  EXPECT_EQ(standard.outcome(), Outcome::kNone);
}

TEST(Gomoku, DoubleThreeIsForbiddenOnlyUnderRenju) {
  // Black to play h8 makes f8-g8-h8 and h6-h7-h8: two open threes.
  const std::initializer_list<const char*> moves = {"f8", "a1", "g8", "a3", "h6", "a5", "h7", "a7"};
  const Gomoku renju = play({15, Rule::kRenju}, moves);
  auto m = renju.parse_move("h8");
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().find("double-three"), std::string::npos) << m.error();
  for (const Rule rule : {Rule::kFreestyle, Rule::kStandard, Rule::kOverlineForbidden})
    EXPECT_TRUE(play({15, rule}, moves).parse_move("h8").ok());
}

TEST(Gomoku, FullBoardWithoutFiveIsADraw) {
  // 5x5, filled column by column in pairs so that no row, column or diagonal holds five.
  auto game = Gomoku::from_fen({5, Rule::kFreestyle}, "xxoox/ooxxo/xxoox/ooxxo/xxoo1 x");
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(game->outcome(), Outcome::kNone);
  game->make_move(*game->parse_move("e1"));
  EXPECT_EQ(game->outcome(), Outcome::kDraw);
  EXPECT_TRUE(game->winning_line().empty());
}

TEST(Gomoku, BlackWithEveryPointForbiddenHasLost) {
  // 6x6 renju, Black to move: e1 would make an overline (a1-d1, f1), c4 is forbidden
  // too, and no other point is empty.
  auto game = Gomoku::from_fen({6, Rule::kRenju}, "xoxxoo/oxooox/xo1xxo/xooxxo/ooooxo/xxxx1x x");
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(game->outcome(), Outcome::kSecondWins);
  Gomoku::MoveList moves;
  game->generate_moves(moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_TRUE(game->winning_line().empty());
  EXPECT_EQ(game->max_remaining_plies(), 0);
  EXPECT_EQ(game->forbidden_cells(), (std::vector<std::string>{"e1", "c4"}));
  auto e1 = game->parse_move("e1");
  ASSERT_FALSE(e1.ok());
  // Under the other rules the same board is still being played.
  for (const Rule rule : {Rule::kFreestyle, Rule::kStandard}) {
    auto same = Gomoku::from_fen({6, rule}, "xoxxoo/oxooox/xo1xxo/xooxxo/ooooxo/xxxx1x x");
    ASSERT_TRUE(same.ok());
    EXPECT_EQ(same->outcome(), Outcome::kNone);
  }
}

TEST(Gomoku, PerftCountsEveryEmptyPoint) {
  Gomoku game(Gomoku::Variant{7, Rule::kRenju});
  EXPECT_EQ(core::perft(game, 1), 49u);
  EXPECT_EQ(core::perft(game, 3), 49u * 48 * 47);
}

// Random games on small boards under every rule: make/unmake restore the position,
// generate_moves agrees with is_legal and parse_move, and Black never gets a
// forbidden point.
TEST(Gomoku, RandomGamesOnSmallBoardsKeepInvariants) {
  core::Rng rng(6);
  for (const Rule rule : games::gomoku::kAllRules)
    for (const int size : {5, 6, 9}) {
      for (int round = 0; round < 6; ++round) {
        Gomoku game(Gomoku::Variant{size, rule});
        std::vector<Move> played;
        while (!core::is_over(game.outcome())) {
          Gomoku::MoveList moves;
          game.generate_moves(moves);
          ASSERT_FALSE(moves.empty());
          for (int at = 0; at < games::gomoku::kCells; ++at) {
            const Move m(static_cast<std::uint16_t>(at));
            EXPECT_EQ(game.is_legal(m), moves.contains(m)) << at;
          }
          for (Move m : moves) EXPECT_EQ(game.forbidden_at(m.value()), games::gomoku::Forbidden::kNone);
          const Move m = moves[rng.below(moves.size())];
          const std::uint64_t hash = game.hash();
          const std::string fen = game.to_fen();
          game.make_move(m);
          auto reloaded = Gomoku::from_fen(game.variant(), game.to_fen());
          ASSERT_TRUE(reloaded.ok()) << game.to_fen() << ": " << reloaded.error();
          EXPECT_EQ(reloaded->hash(), game.hash());
          EXPECT_EQ(reloaded->outcome(), game.outcome()) << game.to_fen();
          game.unmake_move(m);
          EXPECT_EQ(game.hash(), hash);
          EXPECT_EQ(game.to_fen(), fen);
          game.make_move(m);
          played.push_back(m);
        }
        for (auto it = played.rbegin(); it != played.rend(); ++it) game.unmake_move(*it);
        EXPECT_EQ(game.to_fen(), Gomoku(Gomoku::Variant{size, rule}).to_fen());
        EXPECT_EQ(game.hash(), Gomoku(Gomoku::Variant{size, rule}).hash());
      }
    }
}

}  // namespace
}  // namespace narabe
