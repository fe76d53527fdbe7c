// Gomoku's casual levels (engine/games/gomoku/gomoku_levels.h): each forced-move
// rule on a position made for it, the order of the rules, the minimax depths, seeded
// repetition, and a renju position where Black's only defence is forbidden (a loss
// for Black at every level and at Level max, never a forbidden move or a hang).

#include "engine/games/gomoku/gomoku_levels.h"

#include <gtest/gtest.h>

#include <memory>

#include "engine/core/stop_signal.h"
#include "engine/core/transposition_table.h"
#include "engine/search/search.h"
#include "tests/support/positions.h"

namespace narabe {
namespace {

using test_positions::move_names;

using core::Level;
using core::Move;
using games::Gomoku;
using games::gomoku::ForcedRule;
using games::gomoku::Rule;

// Black and White stones by name (not a game record: any order), side to move given.
Gomoku board(std::initializer_list<const char*> black, std::initializer_list<const char*> white,
             Rule rule = Rule::kFreestyle) {
  Gomoku game(Gomoku::Variant{15, rule});
  // Alternate the two lists; the shorter one is padded by nothing, so the caller
  // gives equal counts (Black to move) or one more Black stone (White to move).
  auto b = black.begin();
  auto w = white.begin();
  while (b != black.end() || w != white.end()) {
    const char* name = game.colour_to_move() == games::gomoku::kBlack ? *b++ : *w++;
    auto m = game.parse_move(name);
    EXPECT_TRUE(m.ok()) << name << ": " << (m.ok() ? "" : m.error());
    if (!m.ok()) break;
    game.make_move(*m);
  }
  return game;
}

void expect_forced(const Gomoku& game, ForcedRule rule, const std::vector<std::string>& points) {
  const auto forced = games::gomoku::forced_moves(game);
  ASSERT_TRUE(forced.has_value()) << game.diagram();
  EXPECT_EQ(forced->rule, rule) << game.diagram();
  EXPECT_EQ(move_names(game, forced->points), points) << game.diagram();
  // Every level takes a forced move, whatever its depth.
  core::Rng rng(1);
  for (const Level level : {Level::kEasy, Level::kNormal, Level::kHard}) {
    const std::string move = game.move_to_string(games::casual_move(game, level, rng));
    EXPECT_NE(std::find(points.begin(), points.end(), move), points.end()) << move;
  }
}

TEST(GomokuLevels, WinsFirst) {
  // Black (to move) has g8-j8 with f8 and k8 open; White has its own four in column c.
  const Gomoku game = board({"g8", "h8", "i8", "j8", "a15"}, {"c2", "c3", "c4", "c5", "f8"});
  expect_forced(game, ForcedRule::kWin, {"k8"});
}

TEST(GomokuLevels, BlocksAWinNext) {
  // White's c2-c5 would win at c1 (c6 is Black's).
  const Gomoku game = board({"c6", "h8", "j10", "m3"}, {"c2", "c3", "c4", "c5"});
  expect_forced(game, ForcedRule::kBlockWin, {"c1"});
}

TEST(GomokuLevels, BlocksAnOpenThree) {
  // White's f8-g8-h8 is open: White at e8 or i8 makes a straight four.
  const Gomoku game = board({"a1", "c14", "o3"}, {"f8", "g8", "h8"});
  expect_forced(game, ForcedRule::kBlockOpenThree, {"e8", "i8"});
}

TEST(GomokuLevels, BlocksAPointThatWouldMakeAFour) {
  // White's g8-h8-i8 is closed by Black's f8: White at j8 or k8 makes a four.
  const Gomoku game = board({"f8", "a1", "c14"}, {"g8", "h8", "i8"});
  expect_forced(game, ForcedRule::kBlockFour, {"j8", "k8"});
}

TEST(GomokuLevels, MakesItsOwnDoubleThreat) {
  // Black's h8-i8 and j6-j7: j8 makes two open threes at once.
  const Gomoku game = board({"h8", "i8", "j6", "j7"}, {"a1", "c14", "o3", "m1"});
  const auto forced = games::gomoku::forced_moves(game);
  ASSERT_TRUE(forced.has_value());
  EXPECT_EQ(forced->rule, ForcedRule::kDoubleThreat);
  const auto points = move_names(game, forced->points);
  EXPECT_NE(std::find(points.begin(), points.end(), "j8"), points.end());
  // Under renju the same point is Black's forbidden double-three: not chosen.
  const Gomoku renju = board({"h8", "i8", "j6", "j7"}, {"a1", "c14", "o3", "m1"}, Rule::kRenju);
  const auto renju_forced = games::gomoku::forced_moves(renju);
  if (renju_forced) {
    const auto renju_points = move_names(renju, renju_forced->points);
    EXPECT_EQ(std::find(renju_points.begin(), renju_points.end(), "j8"), renju_points.end());
  }
}

TEST(GomokuLevels, WithoutAForcedMoveTheMinimaxDepthGrowsWithTheLevel) {
  EXPECT_EQ(games::gomoku::level_depth(Level::kEasy), 1);
  EXPECT_EQ(games::gomoku::level_depth(Level::kNormal), 2);
  EXPECT_EQ(games::gomoku::level_depth(Level::kHard), 3);
  // The first move goes to the centre; the reply next to it.
  const Gomoku start;
  core::Rng rng(3);
  EXPECT_EQ(start.move_to_string(games::casual_move(start, Level::kHard, rng)), "h8");
  const Gomoku one = board({"h8"}, {});
  EXPECT_FALSE(games::gomoku::forced_moves(one).has_value());
  for (const Level level : {Level::kEasy, Level::kNormal, Level::kHard}) {
    const Gomoku::MoveList best = games::gomoku::best_moves(one, games::gomoku::level_depth(level));
    ASSERT_FALSE(best.empty());
    for (const Move m : best) {
      const int at = m.value();
      EXPECT_LE(std::abs(games::gomoku::file_of(at) - 7), 1);
      EXPECT_LE(std::abs(games::gomoku::rank_of(at) - 7), 1);
    }
  }
}

TEST(GomokuLevels, TheSameSeedPlaysTheSameGame) {
  auto play = [](std::uint64_t seed) {
    core::Rng rng(seed);
    Gomoku game(Gomoku::Variant{9, Rule::kRenju});
    std::vector<Move> moves;
    while (!core::is_over(game.outcome()) && moves.size() < 30) {
      const Move m = games::casual_move(game, moves.size() % 2 ? Level::kEasy : Level::kNormal, rng);
      EXPECT_TRUE(game.is_legal(m));
      game.make_move(m);
      moves.push_back(m);
    }
    return moves;
  };
  EXPECT_EQ(play(11), play(11));
}

// Black to move under renju: White's i9-l12 wins at h8 (m13 is Black's), and h8
// is Black's forbidden double-three (f8-g8-h8, h6-h7-h8). Black cannot defend.
Gomoku lost_for_black() {
  return board({"f8", "g8", "h6", "h7", "m13"}, {"i9", "j10", "k11", "l12", "a1"}, Rule::kRenju);
}

TEST(GomokuLevels, BlackWhoseOnlyDefenceIsForbiddenLosesAtEveryLevel) {
  const Gomoku start = lost_for_black();
  ASSERT_EQ(start.forbidden_cells(), (std::vector<std::string>{"h8"}));
  for (const Level level : {Level::kEasy, Level::kNormal, Level::kHard}) {
    core::Rng rng(5);
    Gomoku game = start;
    const Move black = games::casual_move(game, level, rng);
    ASSERT_TRUE(game.is_legal(black)) << game.move_to_string(black);
    EXPECT_NE(game.move_to_string(black), "h8");
    game.make_move(black);
    const auto forced = games::gomoku::forced_moves(game);
    ASSERT_TRUE(forced.has_value());
    EXPECT_EQ(forced->rule, ForcedRule::kWin);
    game.make_move(games::casual_move(game, level, rng));
    EXPECT_EQ(game.outcome(), core::Outcome::kSecondWins);
  }
}

TEST(GomokuLevels, TheSearchScoresTheForbiddenDefenceAsALoss) {
  const Gomoku start = lost_for_black();
  core::TranspositionTable table(1);
  auto search = std::make_unique<search::Search<Gomoku>>(table);
  search::SearchLimits limits;
  limits.depth = 3;
  core::StopSignal stop;
  const search::SearchResult result = search->run(start, limits, {}, {}, stop);
  EXPECT_TRUE(start.is_legal(result.best_move));
  EXPECT_EQ(result.score, core::loss_in(2));
}

}  // namespace
}  // namespace narabe
