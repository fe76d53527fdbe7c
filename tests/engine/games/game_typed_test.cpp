// Tests every game must pass (OpenSpiel-style): random playouts keep the rules'
// invariants, make/unmake restores position and hash, fens round-trip, perft matches
// the known counts, and bad fens and moves are rejected with a message.

#include <gtest/gtest.h>

#include "engine/core/perft.h"
#include "engine/core/position_invariants.h"
#include "engine/core/rng.h"
#include "protocol/server/game_session.h"
#include "tests/engine/games/game_test_data.h"

namespace narabe {
namespace {

using test_games::GameTestData;

template <class G>
class GameTypedTest : public ::testing::Test {};

using AllGames = ::testing::Types<games::TicTacToe, games::Connect4, games::Gomoku, games::Reversi>;
TYPED_TEST_SUITE(GameTypedTest, AllGames);

TYPED_TEST(GameTypedTest, RandomPlayoutsKeepInvariants) {
  using G = TypeParam;
  core::Rng rng(2024);
  // Long games (Gomoku's hundreds of plies, each checking every move) play fewer.
  int playouts = 300;
  if constexpr (requires { GameTestData<G>::kRandomPlayouts; }) playouts = GameTestData<G>::kRandomPlayouts;
  for (int game_number = 0; game_number < playouts; ++game_number) {
    G game{typename G::Variant{}};
    std::vector<core::Move> played;
    int previous_bound = game.max_remaining_plies();
    while (true) {
      // Fen round trip, hash recomputation, moves and make/unmake: the invariants
      // the fuzzers and debug builds check too.
      const auto invariants = core::check_position_invariants(game);
      ASSERT_TRUE(invariants.ok()) << invariants.error();

      typename G::MoveList moves;
      game.generate_moves(moves);
      if (moves.empty()) break;
      const core::Move m = moves[rng.below(moves.size())];
      const core::Side mover = game.side_to_move();
      game.make_move(m);
      played.push_back(m);
      EXPECT_LT(game.max_remaining_plies(), previous_bound);
      previous_bound = game.max_remaining_plies();
      const core::Outcome outcome = game.outcome();
      // In a game won by a line, only the player who just moved can have won by
      // moving, and the line is named; a game won by counting (Reversi) has none.
      if constexpr (GameTestData<G>::kWonByLine) {
        if (outcome == core::Outcome::kFirstWins || outcome == core::Outcome::kSecondWins) {
          EXPECT_EQ(outcome, core::win_for(mover));
          EXPECT_FALSE(game.winning_line().empty());
        } else {
          EXPECT_TRUE(game.winning_line().empty());
        }
      } else {
        (void)mover;
        EXPECT_TRUE(game.winning_line().empty());
      }
    }
    // Unwinding the whole game returns to the start position.
    for (auto it = played.rbegin(); it != played.rend(); ++it) game.unmake_move(*it);
    const G start{typename G::Variant{}};
    EXPECT_EQ(game.to_fen(), start.to_fen());
    EXPECT_EQ(game.hash(), start.hash());
  }
}

TYPED_TEST(GameTypedTest, PerftMatchesKnownCounts) {
  using G = TypeParam;
  G game{typename G::Variant{}};
  const auto expected = GameTestData<G>::perft_from_start();
  for (std::size_t depth = 1; depth <= expected.size(); ++depth)
    EXPECT_EQ(core::perft(game, static_cast<int>(depth)), expected[depth - 1]) << "depth " << depth;
}

TYPED_TEST(GameTypedTest, ValidFensRoundTrip) {
  using G = TypeParam;
  for (const std::string& fen : GameTestData<G>::valid_fens()) {
    auto game = G::from_fen(typename G::Variant{}, fen);
    ASSERT_TRUE(game.ok()) << fen << ": " << game.error();
    EXPECT_EQ(game->to_fen(), fen);
  }
}

TYPED_TEST(GameTypedTest, InvalidFensAreRejectedWithAReason) {
  using G = TypeParam;
  for (const std::string& fen : GameTestData<G>::invalid_fens()) {
    auto game = G::from_fen(typename G::Variant{}, fen);
    EXPECT_FALSE(game.ok()) << "accepted: '" << fen << "'";
    if (!game.ok()) {
      EXPECT_FALSE(game.error().empty()) << fen;
    }
  }
}

TYPED_TEST(GameTypedTest, MalformedMovesAreRejectedWithAReason) {
  using G = TypeParam;
  const G game{typename G::Variant{}};
  for (const std::string& text : GameTestData<G>::malformed_moves()) {
    auto move = game.parse_move(text);
    EXPECT_FALSE(move.ok()) << "accepted: '" << text << "'";
    if (!move.ok()) {
      EXPECT_FALSE(move.error().empty());
    }
  }
}

TYPED_TEST(GameTypedTest, EveryBenchPositionLoads) {
  using G = TypeParam;
  for (const core::BenchPosition& bench : G::bench_positions()) {
    const auto variant = server::bench_variant<G>(bench);
    ASSERT_TRUE(variant.ok()) << bench.variant;
    auto game = G::from_fen(*variant, bench.fen);
    EXPECT_TRUE(game.ok()) << bench.fen;
    EXPECT_GE(bench.depth, 1);
  }
}

}  // namespace
}  // namespace narabe
