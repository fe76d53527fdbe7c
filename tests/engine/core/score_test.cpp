// Tests of engine/core/score.h (decisive scores, UCI mate counting, table
// conversion) and engine/core/rng.h (the seeded generator).

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "engine/core/rng.h"
#include "engine/core/score.h"

namespace narabe::core {
namespace {

// ---- score.h ----

TEST(Score, WinAndLossAreSymmetricAndNearerIsBetter) {
  EXPECT_EQ(win_in(0), kWin);
  EXPECT_EQ(loss_in(0), -kWin);
  for (int ply = 0; ply <= kMaxPly; ++ply) {
    EXPECT_EQ(win_in(ply), -loss_in(ply)) << "ply " << ply;
    EXPECT_EQ(plies_to_end(win_in(ply)), ply);
    EXPECT_EQ(plies_to_end(loss_in(ply)), ply);
  }
  // A quicker win and a slower loss are preferred by a maximizing search.
  EXPECT_GT(win_in(1), win_in(3));
  EXPECT_GT(loss_in(4), loss_in(2));
}

TEST(Score, MateMovesCountsTheWinnersOwnMoves) {
  // Plies are counted from the root; the side to move plays plies 1, 3, 5, ...
  EXPECT_EQ(mate_moves(win_in(1)), 1);
  EXPECT_EQ(mate_moves(win_in(3)), 2);
  EXPECT_EQ(mate_moves(win_in(5)), 3);
  // The opponent plays plies 2, 4, ...
  EXPECT_EQ(mate_moves(loss_in(2)), -1);
  EXPECT_EQ(mate_moves(loss_in(4)), -2);
  EXPECT_EQ(mate_moves(loss_in(6)), -3);
}

TEST(Score, MateMovesSignFollowsTheWinner) {
  for (int ply = 1; ply < kMaxPly; ply += 2) EXPECT_GT(mate_moves(win_in(ply)), 0) << "ply " << ply;
  for (int ply = 2; ply < kMaxPly; ply += 2) EXPECT_LT(mate_moves(loss_in(ply)), 0) << "ply " << ply;
}

TEST(Score, TableConversionRoundTripsAtEveryPly) {
  const std::vector<Score> scores = {win_in(1),  win_in(7),   win_in(40), loss_in(2), loss_in(9),
                                     loss_in(60), kDrawScore, 137,        -2500,      kWinBound - 1,
                                     -(kWinBound - 1)};
  for (int ply : {0, 1, 2, 5, 17, 100, kMaxPly - 1}) {
    for (Score s : scores) {
      EXPECT_EQ(score_from_table(score_to_table(s, ply), ply), s) << "score " << s << " ply " << ply;
    }
  }
}

TEST(Score, TableStoresDecisiveScoresRelativeToTheNode) {
  // A win 10 plies from the root found at ply 4 is 6 plies from that node...
  EXPECT_EQ(score_to_table(win_in(10), 4), win_in(6));
  EXPECT_EQ(score_to_table(loss_in(10), 4), loss_in(6));
  // ...and the same node reached at ply 2 is then 8 plies from the root.
  EXPECT_EQ(score_from_table(win_in(6), 2), win_in(8));
  EXPECT_EQ(score_from_table(loss_in(6), 2), loss_in(8));
}

TEST(Score, TableLeavesOrdinaryScoresAlone) {
  for (Score s : {Score{0}, Score{1}, Score{-1}, Score{500}, Score{-500}, kWinBound - 1, -(kWinBound - 1)}) {
    EXPECT_EQ(score_to_table(s, 9), s);
    EXPECT_EQ(score_from_table(s, 9), s);
  }
}

TEST(Score, DecisiveBoundsAreExact) {
  EXPECT_TRUE(is_decisive(kWinBound));
  EXPECT_TRUE(is_decisive(-kWinBound));
  EXPECT_FALSE(is_decisive(kWinBound - 1));
  EXPECT_FALSE(is_decisive(-(kWinBound - 1)));
  EXPECT_FALSE(is_decisive(kDrawScore));
  EXPECT_TRUE(is_decisive(kWin));
  EXPECT_TRUE(is_decisive(-kWin));

  // Every win or loss within kMaxPly plies counts as decided.
  EXPECT_TRUE(is_decisive(win_in(kMaxPly)));
  EXPECT_TRUE(is_decisive(loss_in(kMaxPly)));
  EXPECT_FALSE(is_decisive(win_in(kMaxPly + 1)));

  EXPECT_TRUE(is_win(kWinBound));
  EXPECT_FALSE(is_win(-kWinBound));
  EXPECT_TRUE(is_loss(-kWinBound));
  EXPECT_FALSE(is_loss(kWinBound));
  EXPECT_FALSE(is_win(kWinBound - 1));
  EXPECT_FALSE(is_loss(-(kWinBound - 1)));
}

TEST(Score, DecisiveScoresStayWithinInfinity) {
  EXPECT_LT(kWin, kInfinity);
  EXPECT_LT(win_in(0), kInfinity);
  EXPECT_GT(loss_in(0), -kInfinity);
}

// ---- rng.h ----

std::vector<std::uint64_t> first_values(Rng& rng, int count) {
  std::vector<std::uint64_t> values;
  for (int i = 0; i < count; ++i) values.push_back(rng.next());
  return values;
}

TEST(Rng, SameSeedGivesTheSameSequence) {
  Rng a(12345);
  Rng b(12345);
  EXPECT_EQ(first_values(a, 100), first_values(b, 100));
}

TEST(Rng, DefaultConstructedGeneratorsAgree) {
  Rng a;
  Rng b;
  EXPECT_EQ(first_values(a, 20), first_values(b, 20));
}

TEST(Rng, DifferentSeedsGiveDifferentSequences) {
  Rng a(1);
  Rng b(2);
  EXPECT_NE(first_values(a, 10), first_values(b, 10));
}

TEST(Rng, ReseedRestartsTheSequence) {
  Rng rng(99);
  const auto first = first_values(rng, 50);
  rng.reseed(99);
  EXPECT_EQ(first_values(rng, 50), first);
}

TEST(Rng, SeedZeroStillProducesVariedOutput) {
  // SplitMix64 seeding must keep the all-zero state (a fixed point) away.
  Rng rng(0);
  const auto values = first_values(rng, 10);
  EXPECT_NE(values[0], 0u);
  EXPECT_NE(values[0], values[1]);
}

TEST(Rng, BelowStaysInRange) {
  Rng rng(7);
  for (std::uint64_t bound : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{9},
                              std::uint64_t{1000}, std::uint64_t{1} << 40, ~std::uint64_t{0}}) {
    for (int i = 0; i < 2000; ++i) ASSERT_LT(rng.below(bound), bound) << "bound " << bound;
  }
}

TEST(Rng, BelowOneIsAlwaysZero) {
  Rng rng(3);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(rng.below(1), 0u);
}

TEST(Rng, BelowIsRoughlyUniform) {
  constexpr int kBuckets = 6;
  constexpr int kDraws = 60000;
  Rng rng(2024);
  std::array<int, kBuckets> counts{};
  for (int i = 0; i < kDraws; ++i) ++counts[rng.below(kBuckets)];
  // The seed is fixed, so this is deterministic; 5% of the mean is many standard deviations.
  const int expected = kDraws / kBuckets;
  for (int bucket = 0; bucket < kBuckets; ++bucket) {
    EXPECT_NEAR(counts[bucket], expected, expected / 20) << "bucket " << bucket;
  }
}

TEST(Rng, BelowIsDeterministicForASeed) {
  Rng a(55);
  Rng b(55);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.below(9), b.below(9));
}

TEST(Rng, WorksWithStandardShuffle) {
  std::vector<int> a(20);
  std::iota(a.begin(), a.end(), 0);
  std::vector<int> b = a;
  Rng ra(8);
  Rng rb(8);
  std::shuffle(a.begin(), a.end(), ra);
  std::shuffle(b.begin(), b.end(), rb);
  EXPECT_EQ(a, b);  // the same seed shuffles the same way
  std::vector<int> sorted = a;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> identity(20);
  std::iota(identity.begin(), identity.end(), 0);
  EXPECT_EQ(sorted, identity);  // still a permutation
}

}  // namespace
}  // namespace narabe::core
