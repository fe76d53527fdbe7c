// Tic-tac-toe's own rules and notation, beyond the typed tests every game passes.

#include <gtest/gtest.h>

#include "engine/games/tictactoe/tictactoe.h"

#include "tests/support/positions.h"

namespace narabe {
namespace {

using games::TicTacToe;

TicTacToe play(std::initializer_list<const char*> moves) { return test_positions::after_moves(TicTacToe(), moves); }

TEST(TicTacToe, NotationCountsFilesFromTheLeftAndRanksFromTheBottom) {
  EXPECT_EQ(TicTacToe::cell_name(0), "a1");
  EXPECT_EQ(TicTacToe::cell_name(2), "c1");
  EXPECT_EQ(TicTacToe::cell_name(4), "b2");
  EXPECT_EQ(TicTacToe::cell_name(6), "a3");
  const TicTacToe game = play({"a3"});
  EXPECT_EQ(game.to_fen(), "x2/3/3 o");
}

TEST(TicTacToe, EveryLineWins) {
  const std::vector<std::vector<const char*>> lines = {
      {"a1", "a2", "b1", "b2", "c1"}, {"a2", "a1", "b2", "b1", "c2"}, {"a3", "a1", "b3", "b1", "c3"},
      {"a1", "b1", "a2", "b2", "a3"}, {"b1", "a1", "b2", "a2", "b3"}, {"c1", "a1", "c2", "a2", "c3"},
      {"a1", "b1", "b2", "c1", "c3"}, {"c1", "a1", "b2", "b1", "a3"}};
  for (const auto& moves : lines) {
    TicTacToe game;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      EXPECT_EQ(game.outcome(), core::Outcome::kNone);
      game.make_move(*game.parse_move(moves[i]));
    }
    EXPECT_EQ(game.outcome(), core::Outcome::kFirstWins);
    EXPECT_EQ(game.winning_line(), (std::vector<std::string>{moves[0], moves[2], moves[4]}));
  }
}

TEST(TicTacToe, SecondPlayerWinsAndFullBoardDraws) {
  const TicTacToe o_wins = play({"a1", "b2", "c1", "b1", "a3", "b3"});
  EXPECT_EQ(o_wins.outcome(), core::Outcome::kSecondWins);
  EXPECT_EQ(o_wins.winning_line(), (std::vector<std::string>{"b1", "b2", "b3"}));
  const TicTacToe draw = play({"a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"});
  EXPECT_EQ(draw.outcome(), core::Outcome::kDraw);
  EXPECT_TRUE(draw.winning_line().empty());
  EXPECT_EQ(draw.max_remaining_plies(), 0);
}

TEST(TicTacToe, DoubleLineMadeByOneMoveIsReachable) {
  // X's last stone at b2 completes a row and a diagonal at once.
  auto game = TicTacToe::from_fen({}, "x1x/xxx/oo1 o");
  EXPECT_FALSE(game.ok()) << "counts: 6 x against 2 o cannot happen";
  auto fork_win = TicTacToe::from_fen({}, "xox/oxo/xox o");
  ASSERT_TRUE(fork_win.ok()) << fork_win.error();
  EXPECT_EQ(fork_win->outcome(), core::Outcome::kFirstWins);
  EXPECT_EQ(fork_win->winning_line().size(), 5u);  // two diagonals sharing b2
}

TEST(TicTacToe, MovesAfterTheEndAndOnStonesAreRejected) {
  TicTacToe game = play({"b2"});
  auto occupied = game.parse_move("b2");
  ASSERT_FALSE(occupied.ok());
  EXPECT_NE(occupied.error().find("occupied"), std::string::npos);
  const TicTacToe over = play({"a1", "a2", "b1", "b2", "c1"});
  auto late = over.parse_move("c3");
  ASSERT_FALSE(late.ok());
  EXPECT_NE(late.error().find("over"), std::string::npos);
  EXPECT_FALSE(over.is_legal(core::Move(8)));
}

TEST(TicTacToe, EvaluationIsAntisymmetricAndFavoursThreats) {
  // X to move with two in a row open should look good for X, and the mirror for O.
  auto x_threat = TicTacToe::from_fen({}, "3/1o1/xx1 o");
  ASSERT_TRUE(x_threat.ok());
  EXPECT_LT(x_threat->evaluate(), 0) << "O to move faces X's threat";
  auto o_threat = TicTacToe::from_fen({}, "1x1/x2/oo1 x");
  ASSERT_TRUE(o_threat.ok()) << o_threat.error();
  EXPECT_LT(o_threat->evaluate(), 0);
  const auto terms = x_threat->evaluation_terms();
  ASSERT_FALSE(terms.empty());
  EXPECT_EQ(terms.back().value, x_threat->evaluate());
}

TEST(TicTacToe, DiagramShowsRanksAndFiles) {
  const TicTacToe game = play({"a1", "c3"});
  EXPECT_EQ(game.diagram(), "  3 . . o\n  2 . . .\n  1 x . .\n    a b c\n");
}

TEST(TicTacToe, VariantKeysAreRejected) {
  EXPECT_TRUE(TicTacToe::parse_variant({}).ok());
  EXPECT_FALSE(TicTacToe::parse_variant({{"size", "4"}}).ok());
}

}  // namespace
}  // namespace narabe
