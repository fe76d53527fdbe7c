// Reversi's casual levels (engine/games/reversi/reversi_levels.h): easy plays at
// random but repeats under a seed, normal and hard take a corner the weight table
// makes worth taking, the generic level play finds them, and hard beats easy.

#include "engine/games/reversi/reversi_levels.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/core/transposition_table.h"
#include "engine/search/level_play.h"
#include "tests/support/positions.h"

namespace narabe {
namespace {

using test_positions::reversi_from_fen;

using games::Reversi;

std::string choose(const Reversi& game, core::Level level, std::uint64_t seed) {
  core::Rng rng(seed);
  const core::Move m = games::casual_move(game, level, rng);
  return m.is_null() ? "(none)" : game.move_to_string(m);
}

// A whole game between two levels; returns the outcome.
core::Outcome play_game(core::Level first, core::Level second, std::uint64_t seed, std::string* moves = nullptr) {
  Reversi game;
  core::Rng rng(seed);
  while (!core::is_over(game.outcome())) {
    const core::Level level = game.side_to_move() == core::Side::kFirst ? first : second;
    const core::Move m = games::casual_move(game, level, rng);
    EXPECT_TRUE(game.is_legal(m)) << game.to_fen();
    if (!game.is_legal(m)) break;
    if (moves != nullptr) *moves += game.move_to_string(m) + ' ';
    game.make_move(m);
  }
  return game.outcome();
}

TEST(ReversiLevels, EasyIsRandomButRepeatsUnderASeed) {
  const Reversi start;
  std::set<std::string> seen;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const std::string move = choose(start, core::Level::kEasy, seed);
    EXPECT_TRUE(start.parse_move(move).ok()) << move;
    EXPECT_EQ(choose(start, core::Level::kEasy, seed), move);
    seen.insert(move);
  }
  EXPECT_EQ(seen.size(), 4u);  // every opening move comes up
  std::string a, b;
  play_game(core::Level::kEasy, core::Level::kEasy, 5, &a);
  play_game(core::Level::kEasy, core::Level::kEasy, 5, &b);
  EXPECT_EQ(a, b);
}

TEST(ReversiLevels, NormalAndHardTakeACorner) {
  // Contested corners: x can take a1 (flanking b1 against c1), but if it does not, o
  // takes a1 itself (flanking b2 against c3); the same at h8 along column h and the
  // diagonal g7-f6. Both levels take the corner.
  const Reversi a1 = reversi_from_fen("1ox5/1x6/2o5/3ox3/3xo3/8/8/8 x");
  const Reversi h8 = reversi_from_fen("8/8/8/3ox3/3xo3/5o1x/6xo/8 x");
  for (const core::Level level : {core::Level::kNormal, core::Level::kHard}) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      EXPECT_EQ(choose(a1, level, seed), "a1") << core::level_name(level);
      EXPECT_EQ(choose(h8, level, seed), "h8") << core::level_name(level);
    }
  }
  // Uncontested, normal (2 plies) takes the corner at once. Hard (3 plies) sees that
  // it can still take it with its next move, so it may play another move first: a
  // corner taken now and one taken later score alike within its horizon.
  EXPECT_EQ(choose(reversi_from_fen("1ox5/8/8/3ox3/3xo3/8/8/8 x"), core::Level::kNormal, 1), "a1");
  EXPECT_EQ(choose(reversi_from_fen("8/8/8/3ox3/3xo3/7x/7o/8 x"), core::Level::kNormal, 1), "h8");
  // Taking a corner by flipping the X-square next to it (b2, then owned beside a
  // taken corner, no longer counts against the taker).
  EXPECT_EQ(choose(reversi_from_fen("8/1o3x2/1oo1x3/1oooxx2/2oxxx2/3x1o2/8/8 x"), core::Level::kNormal, 1), "a1");
}

TEST(ReversiLevels, CornersAtTheFirstChanceInRandomGames) {
  // The first position of each random game where the side to move can take a
  // corner: how often each level takes one.
  const std::uint64_t corners = Reversi::bit(0) | Reversi::bit(7) | Reversi::bit(56) | Reversi::bit(63);
  core::Rng rng(3);
  int chances = 0;
  int taken[3] = {0, 0, 0};
  for (int game_number = 0; game_number < 100; ++game_number) {
    Reversi game;
    while (!core::is_over(game.outcome())) {
      Reversi::MoveList moves;
      game.generate_moves(moves);
      if (game.legal_cells() & corners) {
        ++chances;
        for (int level = 0; level < 3; ++level) {
          core::Rng level_rng(static_cast<std::uint64_t>(game_number));
          const core::Move m = games::casual_move(game, static_cast<core::Level>(level), level_rng);
          if (m.value() < Reversi::kCells && (corners & Reversi::bit(m.value()))) ++taken[level];
        }
        break;
      }
      game.make_move(moves[rng.below(moves.size())]);
    }
  }
  ASSERT_GE(chances, 90);
  EXPECT_GE(taken[1], chances * 95 / 100) << "normal took " << taken[1] << " of " << chances;
  EXPECT_GE(taken[2], chances * 60 / 100) << "hard took " << taken[2] << " of " << chances;
  EXPECT_LT(taken[0], chances * 30 / 100) << "easy took " << taken[0] << " of " << chances;
}

TEST(ReversiLevels, NormalAndHardAvoidAnXSquare) {
  // x may play b2 (flanking c3 against d4), but then o takes a1 along the diagonal
  // b2-c3-d4 to its e5; both levels see the reply.
  const Reversi game = reversi_from_fen("8/8/2o5/3xx3/3xo3/8/8/8 x");
  ASSERT_TRUE(game.parse_move("b2").ok());
  for (const core::Level level : {core::Level::kNormal, core::Level::kHard}) {
    const Reversi::MoveList best = games::reversi::best_moves(game, games::reversi::level_depth(level));
    EXPECT_FALSE(best.empty());
    for (const core::Move m : best) EXPECT_NE(m.value(), 9) << core::level_name(level);
  }
}

TEST(ReversiLevels, PassAndGameOver) {
  const Reversi must_pass = reversi_from_fen("4oxxx/4o1x1/2o1oxox/1oooo1o1/3oooo1/2o5/8/8 o");
  const Reversi over = reversi_from_fen("8/8/8/3oo3/3oo3/8/8/8 x");
  for (const core::Level level : {core::Level::kEasy, core::Level::kNormal, core::Level::kHard}) {
    EXPECT_EQ(choose(must_pass, level, 1), "pass");
    EXPECT_EQ(choose(over, level, 1), "(none)");
  }
}

TEST(ReversiLevels, TheGenericLevelPlayFindsThem) {
  // choose_casual_move must call Reversi's casual_move (found by ADL), not search.
  core::TranspositionTable table(1);
  const Reversi game = reversi_from_fen("1ox5/8/8/3ox3/3xo3/8/8/8 x");
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    core::Rng a(seed);
    core::Rng b(seed);
    EXPECT_EQ(search::choose_casual_move(game, core::Level::kEasy, a, table),
              games::casual_move(game, core::Level::kEasy, b));
  }
}

TEST(ReversiLevels, HardBeatsEasy) {
  int hard_wins = 0;
  constexpr int kGames = 10;
  for (int i = 0; i < kGames; ++i) {
    const bool hard_first = i % 2 == 0;
    const core::Outcome outcome = play_game(hard_first ? core::Level::kHard : core::Level::kEasy,
                                            hard_first ? core::Level::kEasy : core::Level::kHard,
                                            static_cast<std::uint64_t>(100 + i));
    if (outcome == core::win_for(hard_first ? core::Side::kFirst : core::Side::kSecond)) ++hard_wins;
  }
  EXPECT_GE(hard_wins, 8) << "hard won " << hard_wins << " of " << kGames;
}

}  // namespace
}  // namespace narabe
