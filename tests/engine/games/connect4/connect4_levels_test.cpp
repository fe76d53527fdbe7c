// Connect Four's casual levels: the generic level play (engine/search/level_play.h)
// with the game's settings, 3, 6 and 8 plies and exact ties broken at random. The
// tutorial game's "win now, else block now" rule needs no code of its own: a search
// of two plies or more scores a win in one above everything and a move that leaves
// a win in one below everything else; these tests hold the levels to it.

#include <gtest/gtest.h>

#include "engine/core/transposition_table.h"
#include "engine/games/connect4/connect4.h"
#include "engine/search/level_play.h"
#include "tests/support/positions.h"

namespace narabe {
namespace {

using test_positions::connect4_after;

using games::Connect4;

constexpr core::Level kLevels[] = {core::Level::kEasy, core::Level::kNormal, core::Level::kHard};

std::string choose(const Connect4& game, core::Level level, std::uint64_t seed) {
  core::Rng rng(seed);
  core::TranspositionTable table(1);
  const core::Move m = search::choose_casual_move(game, level, rng, table);
  return m.is_null() ? "(none)" : game.move_to_string(m);
}

// A whole game between two levels; the moves in Pons' notation.
std::string play_game(core::Level first, core::Level second, std::uint64_t seed,
                      core::Outcome* outcome = nullptr) {
  Connect4 game;
  core::Rng rng(seed);
  // A table each, as two engines have: one level must not read the other's deeper
  // results.
  core::TranspositionTable first_table(1);
  core::TranspositionTable second_table(1);
  std::string moves;
  while (!core::is_over(game.outcome())) {
    const bool first_to_move = game.side_to_move() == core::Side::kFirst;
    const core::Move m = search::choose_casual_move(game, first_to_move ? first : second, rng,
                                                    first_to_move ? first_table : second_table);
    EXPECT_TRUE(game.is_legal(m)) << moves;
    if (!game.is_legal(m)) break;
    moves += game.move_to_string(m);
    game.make_move(m);
  }
  if (outcome != nullptr) *outcome = game.outcome();
  return moves;
}

TEST(Connect4Levels, EveryLevelTakesAWinInOne) {
  // x: a1-a3 (wins at a4), o: b1-b3 threatens b4 too; winning beats blocking.
  const Connect4 vertical = connect4_after("121212");
  // x: d1 e1 _ g1 wins at f1 (not at c1, where o sits).
  const Connect4 gap = connect4_after("435171");
  ASSERT_EQ(gap.to_fen(), "7/7/7/7/o6/o1oxx1x x");
  for (core::Level level : kLevels)
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      EXPECT_EQ(choose(vertical, level, seed), "1") << core::level_name(level);
      EXPECT_EQ(choose(gap, level, seed), "6") << core::level_name(level);
    }
}

TEST(Connect4Levels, EveryLevelBlocksASingleThreat) {
  // x: a1-a3, o to move must drop on a4.
  const Connect4 vertical = connect4_after("12131");
  // x: d1 e1 f1 with o on c1: only g1 completes it.
  const Connect4 row = connect4_after("43546");
  // x: a1 b2 c3 on a diagonal, d4 is playable for x next.
  const Connect4 diagonal = connect4_after("122343344");
  ASSERT_EQ(diagonal.to_fen(), "7/7/7/2xx3/1xoo3/xoox3 o");
  for (core::Level level : kLevels)
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      EXPECT_EQ(choose(vertical, level, seed), "1") << core::level_name(level);
      EXPECT_EQ(choose(row, level, seed), "7") << core::level_name(level);
      EXPECT_EQ(choose(diagonal, level, seed), "4") << core::level_name(level);
    }
}

TEST(Connect4Levels, MovesAreLegalAndNoneWhenOver) {
  const Connect4 full_column = connect4_after("444444");
  for (core::Level level : kLevels) {
    EXPECT_NE(choose(full_column, level, 3), "4");
    EXPECT_EQ(choose(connect4_after("1212121"), level, 3), "(none)");
  }
}

TEST(Connect4Levels, SameSeedSameGame) {
  const std::string a = play_game(core::Level::kEasy, core::Level::kNormal, 11);
  const std::string b = play_game(core::Level::kEasy, core::Level::kNormal, 11);
  EXPECT_EQ(a, b);
  // Exact ties are common enough that another seed plays another game.
  const std::string c = play_game(core::Level::kEasy, core::Level::kNormal, 12);
  EXPECT_NE(a, c);
}

TEST(Connect4Levels, HardBeatsEasyAsTheFirstPlayer) {
  int hard_wins = 0;
  constexpr int kGames = 10;
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
    core::Outcome outcome = core::Outcome::kNone;
    const std::string moves = play_game(core::Level::kHard, core::Level::kEasy, seed, &outcome);
    if (outcome == core::Outcome::kFirstWins) ++hard_wins;
  }
  EXPECT_GE(hard_wins, 7);
}

}  // namespace
}  // namespace narabe
