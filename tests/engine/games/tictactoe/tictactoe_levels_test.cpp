// Tic-tac-toe's levels. The strong claims are checked exhaustively against an
// independent brute-force solver: from EVERY reachable position, for either side,
// `max` never gives away any part of the game's value and `hard` never turns a
// position that is not lost into a lost one; and from the start both play every
// reply the opponent can make without losing.

#include <gtest/gtest.h>

#include <bit>

#include "engine/core/transposition_table.h"
#include "engine/games/tictactoe/tictactoe_levels.h"
#include "engine/search/level_play.h"
#include "engine/search/search.h"
#include "tests/engine/games/tictactoe/tictactoe_oracle.h"

namespace narabe {
namespace {

using games::TicTacToe;
using test_games::TicTacToeOracle;

core::Move max_level_move(const TicTacToe& game, core::TranspositionTable& table) {
  search::Search<TicTacToe> search(table);
  core::StopSignal stop;
  search::SearchLimits limits;
  return search.run(game, limits, {}, {}, stop).best_move;
}

std::vector<core::Move> hard_level_moves(const TicTacToe& game) {
  std::vector<core::Move> moves;
  for (unsigned bits = games::hard_level_choices(game); bits != 0; bits &= bits - 1)
    moves.push_back(core::Move(static_cast<std::uint16_t>(std::countr_zero(bits))));
  return moves;
}

// Plays every opponent reply against the engine's choices (all of them, when the
// level may pick any of several) and fails on any game the engine loses.
template <class ChooseFn>
void expect_never_loses(TicTacToe game, core::Side engine, ChooseFn&& choices, int& games) {
  const core::Outcome outcome = game.outcome();
  if (core::is_over(outcome)) {
    ++games;
    EXPECT_NE(outcome, core::win_for(core::opposite(engine))) << "engine lost: " << game.to_fen();
    return;
  }
  typename TicTacToe::MoveList moves;
  game.generate_moves(moves);
  std::vector<core::Move> to_try(moves.begin(), moves.end());
  if (game.side_to_move() == engine) to_try = choices(game);
  for (core::Move m : to_try) {
    ASSERT_TRUE(game.is_legal(m));
    game.make_move(m);
    expect_never_loses(game, engine, choices, games);
    game.unmake_move(m);
  }
}

TEST(TicTacToeLevels, MaxKeepsTheExactValueFromEveryReachablePosition) {
  TicTacToeOracle oracle;
  core::TranspositionTable table(1);
  int checked = 0;
  for (const TicTacToe& position : TicTacToeOracle::reachable_positions()) {
    if (core::is_over(position.outcome())) continue;
    const core::Move m = max_level_move(position, table);
    ASSERT_TRUE(position.is_legal(m)) << position.to_fen();
    // The chosen move is worth exactly the position: the shortest win, the draw, or
    // the longest loss.
    EXPECT_EQ(oracle.value_after(position, m), oracle.value(position)) << position.to_fen();
    ++checked;
  }
  EXPECT_EQ(checked, 4520);  // non-terminal positions of the 5478 reachable ones
}

TEST(TicTacToeLevels, HardNeverTurnsAPositionThatIsNotLostIntoALoss) {
  TicTacToeOracle oracle;
  for (const TicTacToe& position : TicTacToeOracle::reachable_positions()) {
    if (core::is_over(position.outcome()) || core::is_loss(oracle.value(position))) continue;
    for (core::Move m : hard_level_moves(position)) {
      ASSERT_TRUE(position.is_legal(m)) << position.to_fen();
      EXPECT_FALSE(core::is_loss(oracle.value_after(position, m)))
          << position.to_fen() << " hard plays " << position.move_to_string(m);
    }
  }
}

TEST(TicTacToeLevels, MaxAndHardNeverLoseAgainstAnyReplyAsEitherSide) {
  core::TranspositionTable table(1);
  for (core::Side engine : {core::Side::kFirst, core::Side::kSecond}) {
    int games = 0;
    expect_never_loses(TicTacToe(), engine, [&](const TicTacToe& g) {
      return std::vector<core::Move>{max_level_move(g, table)};
    }, games);
    EXPECT_GT(games, 0);
    games = 0;
    expect_never_loses(TicTacToe(), engine, hard_level_moves, games);
    EXPECT_GT(games, 0);
  }
}

TEST(TicTacToeLevels, HardAnswersACornerWithTheCentreAndTheCentreWithACorner) {
  for (const char* corner : {"a1", "c1", "a3", "c3"}) {
    TicTacToe game;
    game.make_move(*game.parse_move(corner));
    EXPECT_EQ(hard_level_moves(game), std::vector<core::Move>{core::Move(4)}) << corner;
  }
  TicTacToe centre;
  centre.make_move(*centre.parse_move("b2"));
  for (core::Move m : hard_level_moves(centre)) EXPECT_TRUE(m.value() % 2 == 0 && m.value() != 4);
}

TEST(TicTacToeLevels, NormalTakesAWinThenBlocksElseAnyMove) {
  core::Rng rng(1);
  // X to move can win at c1; O also threatens at c3.
  auto both = TicTacToe::from_fen({}, "oo1/3/xx1 x");
  ASSERT_TRUE(both.ok());
  for (int i = 0; i < 20; ++i) EXPECT_EQ(both->move_to_string(casual_move(*both, core::Level::kNormal, rng)), "c1");
  // O to move must block X's a1-b1 at c1.
  auto block = TicTacToe::from_fen({}, "3/1o1/xx1 o");
  ASSERT_TRUE(block.ok());
  for (int i = 0; i < 20; ++i) EXPECT_EQ(block->move_to_string(casual_move(*block, core::Level::kNormal, rng)), "c1");
}

TEST(TicTacToeLevels, EasyPlaysEveryLegalMoveSometimes) {
  core::Rng rng(3);
  const TicTacToe start;
  std::uint16_t seen = 0;
  for (int i = 0; i < 500; ++i) seen |= static_cast<std::uint16_t>(1u << casual_move(start, core::Level::kEasy, rng).value());
  EXPECT_EQ(seen, 0777);
}

TEST(TicTacToeLevels, SameSeedSameGame) {
  for (core::Level level : {core::Level::kEasy, core::Level::kNormal, core::Level::kHard}) {
    core::Rng a(42), b(42);
    TicTacToe game_a, game_b;
    while (!core::is_over(game_a.outcome())) {
      const core::Move ma = casual_move(game_a, level, a);
      const core::Move mb = casual_move(game_b, level, b);
      ASSERT_EQ(ma, mb);
      game_a.make_move(ma);
      game_b.make_move(mb);
    }
  }
}

TEST(TicTacToeLevels, GenericLevelPlayUsesTheGamesOwnRules) {
  // level_play finds tic-tac-toe's casual_move through ADL.
  static_assert(search::HasCasualMove<TicTacToe>);
  core::TranspositionTable table(1);
  core::Rng rng(5);
  auto block = TicTacToe::from_fen({}, "3/1o1/xx1 o");
  ASSERT_TRUE(block.ok());
  EXPECT_EQ(search::choose_casual_move(*block, core::Level::kHard, rng, table), core::Move(2));
  auto over = TicTacToe::from_fen({}, "xxx/oo1/3 o");
  ASSERT_TRUE(over.ok());
  EXPECT_TRUE(search::choose_casual_move(*over, core::Level::kEasy, rng, table).is_null());
}

}  // namespace
}  // namespace narabe
