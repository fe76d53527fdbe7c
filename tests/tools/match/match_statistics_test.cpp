// Tests of tools/match/statistics.h against every vector of the design document
// (docs/match-statistics.md), a few real fastchess results, and the
// degenerate inputs a match meets at its start or in lopsided pairings.
//
// Tolerances are half a unit of the last digit the source gives: a value given
// as 2.9455 must lie within 5e-5.

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "tests/tools/match/match_test_counts.h"
#include "tools/match/statistics.h"

namespace narabe::match {
namespace {

using test_counts::kInf;
using test_counts::ldw;
using test_counts::pairs_of;

// Half a unit in the last place of a value given with `decimals` digits.
double half_ulp(int decimals) {
  return 0.5 * std::pow(10.0, -decimals);
}

// Game counts in the design document's order, L, D, W.
PairCounts ptnml(long long ll, long long ld, long long middle, long long wd, long long ww) {
  return pairs_of({ll, ld, middle, wd, ww});
}

// ---- Design document vectors ----

TEST(SprtBounds, FivePercentErrorsGiveTheFamiliarBounds) {
  const SprtBounds bounds = sprt_bounds(0.05, 0.05);
  EXPECT_NEAR(bounds.lower, -2.944439, half_ulp(6));
  EXPECT_NEAR(bounds.upper, 2.944439, half_ulp(6));
  const SprtBounds from_config = sprt_bounds(SprtConfig{.alpha = 0.05, .beta = 0.05});
  EXPECT_DOUBLE_EQ(from_config.lower, bounds.lower);
  EXPECT_DOUBLE_EQ(from_config.upper, bounds.upper);
}

TEST(SprtBounds, AsymmetricErrorsFollowTheFormula) {
  const SprtBounds bounds = sprt_bounds(0.01, 0.1);
  EXPECT_DOUBLE_EQ(bounds.lower, std::log(0.1 / 0.99));
  EXPECT_DOUBLE_EQ(bounds.upper, std::log(0.9 / 0.01));
}

// Vector 1: pairs [379, 10170, 21828, 10640, 343], nElo0 = 0, nElo1 = 2.
const PairCounts kVector1 = ptnml(379, 10170, 21828, 10640, 343);

TEST(DesignVector1, NormalizedPairsLlr) {
  // The document adds "2.946 when iterating only to 1e-4"; this projection gives
  // 2.945495 with either stopping rule, so 2.9455 is the figure tested.
  EXPECT_NEAR(llr_normalized(kVector1, 0, 2), 2.9455, half_ulp(4));
}

TEST(DesignVector1, EloAndNeloFromPairs) {
  const ScoreStats stats = score_stats(kVector1);
  EXPECT_EQ(stats.sample, Sample::kPairs);
  EXPECT_EQ(stats.n, 43360);
  const EloEstimate elo = elo_estimate(stats);
  EXPECT_NEAR(elo.value, 1.59, half_ulp(2));
  EXPECT_NEAR(elo.error, 1.21, half_ulp(2));
  const EloEstimate nelo = nelo_estimate(stats);
  EXPECT_NEAR(nelo.value, 3.05, half_ulp(2));
  EXPECT_NEAR(nelo.error, 2.31, half_ulp(2));
}

// Vector 2: games L, D, W = 65804, 56553, 65388 and the same match's pairs
// [10789, 19328, 33806, 19402, 10543]; logistic elo0 = -3, elo1 = 1.
const GameCounts kVector2Games = ldw(65804, 56553, 65388);
const PairCounts kVector2Pairs = ptnml(10789, 19328, 33806, 19402, 10543);

TEST(DesignVector2, LogisticGamesLlr) {
  EXPECT_NEAR(llr_logistic(kVector2Games, -3, 1), 2.0490, half_ulp(4));
}

TEST(DesignVector2, LogisticPairsLlr) {
  EXPECT_NEAR(llr_logistic(kVector2Pairs, -3, 1), 2.1311, half_ulp(4));
}

TEST(DesignVector2, NormalApproximationOnPairs) {
  EXPECT_NEAR(llr_normal_approximation(score_stats(kVector2Pairs), -3, 1, SprtModel::kLogistic),
              2.1312, half_ulp(4));
}

TEST(DesignVector2, GamesAndPairsAreOfOneMatch) {
  // The games are 9 more than twice the pairs (games of pairs not yet complete
  // count as games only), so the two scores agree closely but not exactly.
  EXPECT_EQ(kVector2Games.total() - 2 * kVector2Pairs.total(), 9);
  EXPECT_NEAR(score_stats(kVector2Pairs).score, score_stats(kVector2Games).score, 1e-5);
}

TEST(DesignVector2, ConfigPicksPairsWhenGiven) {
  const SprtConfig config{.elo0 = -3, .elo1 = 1, .model = SprtModel::kLogistic};
  EXPECT_DOUBLE_EQ(llr(config, kVector2Games, kVector2Pairs), llr_logistic(kVector2Pairs, -3, 1));
  EXPECT_DOUBLE_EQ(llr(config, kVector2Games, std::nullopt), llr_logistic(kVector2Games, -3, 1));
}

// Vector 3: games L, D, W = 100, 300, 120, bounds [0, 5].
const GameCounts kVector3 = ldw(100, 300, 120);

TEST(DesignVector3, LogisticNormalizedAndNormalApproximation) {
  EXPECT_NEAR(llr_logistic(kVector3, 0, 5), 0.5534, half_ulp(4));
  EXPECT_NEAR(llr_normalized(kVector3, 0, 5), 0.3887, half_ulp(4));
  // 0.5549 is the normal approximation with logistic hypotheses (score 1/2 and
  // score_from_elo(5)); with nElo hypotheses it would be 0.3894.
  const ScoreStats stats = score_stats(kVector3);
  EXPECT_NEAR(llr_normal_approximation(stats, 0, 5, SprtModel::kLogistic), 0.5549, half_ulp(4));
  EXPECT_NEAR(llr_normal_approximation(stats, 0, 5, SprtModel::kNormalized), 0.3894, half_ulp(4));
}

TEST(DesignVector3, EloAndNeloFromGames) {
  const ScoreStats stats = score_stats(kVector3);
  EXPECT_EQ(stats.n, 520);
  EXPECT_DOUBLE_EQ(stats.score, 270.0 / 520.0);
  const EloEstimate elo = elo_estimate(stats);
  EXPECT_NEAR(elo.value, 13.37, half_ulp(2));
  EXPECT_NEAR(elo.error, 19.44, half_ulp(2));
  const EloEstimate nelo = nelo_estimate(stats);
  EXPECT_NEAR(nelo.value, 20.58, half_ulp(2));
  EXPECT_NEAR(nelo.error, 29.86, half_ulp(2));
}

TEST(DesignVector3, TheExampleLosMatchesNoFormula) {
  // The example block prints LOS 91.05 % beside game-based Elo and nElo. No form
  // tried reproduces it from L, D, W = 100, 300, 120: the design formula on games
  // gives 91.16 %, with an N - 1 variance 91.14 %, the draw-free W/L form of
  // cutechess 91.12 %, W/L with one pseudo-win and -loss 91.02 %. (Pairs would
  // change the Elo error too.) The report prints the design formula, 91.16 %,
  // the same formula that reproduces fastchess's pair-based LOS below.
  EXPECT_NEAR(100 * los(score_stats(kVector3)), 91.16, half_ulp(2));
  EXPECT_NEAR(100 * los_wins_losses(kVector3), 91.12, half_ulp(2));
  EXPECT_GT(std::abs(100 * los(score_stats(kVector3)) - 91.05), 0.05);
  EXPECT_GT(std::abs(100 * los_wins_losses(kVector3) - 91.05), 0.05);
}

TEST(DesignVector3, RatiosOfTheExampleBlock) {
  EXPECT_NEAR(100 * draw_ratio(kVector3), 57.69, half_ulp(2));
  // PairsRatio 1.20 in the example: with no pair counts given it is W / L.
  EXPECT_DOUBLE_EQ(wins_losses_ratio(kVector3), 1.2);
}

// ---- Real fastchess results ----
// Printed by fastchess for 100-pair matches with SPRT [0, 10] (normalised) and
// pentanomial reporting. They fix which form fastchess uses with pairs: Elo, nElo
// and LOS from the pentanomial (the trinomial LOS of the first is 95.95 %, the
// W/L LOS 95.84 %, the printed one 95.04 %), DrawRatio as the fraction of pairs
// in the middle bin.

struct FastchessResult {
  PairCounts pairs;
  double elo, elo_error, nelo, los_percent, draw_percent, pairs_ratio, llr;
};

const std::vector<FastchessResult>& fastchess_results() {
  static const std::vector<FastchessResult> results{
      {ptnml(1, 24, 42, 25, 8), 26.11, 31.23, 40.51, 95.04, 42.00, 1.32, 0.60},
      {ptnml(1, 11, 47, 25, 16), 77.71, 33.03, 117.50, 100.00, 47.00, 3.42, 1.71},
      {ptnml(2, 23, 32, 35, 8), 41.89, 33.28, 61.39, 99.38, 32.00, 1.72, 0.92},
      {ptnml(1, 15, 25, 33, 26), 123.02, 40.58, 159.46, 100.00, 25.00, 3.69, 2.19},
  };
  return results;
}

TEST(FastchessResults, PairStatisticsMatchWhatFastchessPrinted) {
  for (const FastchessResult& r : fastchess_results()) {
    SCOPED_TRACE(testing::Message() << "Elo " << r.elo);
    const ScoreStats stats = score_stats(r.pairs);
    EXPECT_NEAR(elo_estimate(stats).value, r.elo, half_ulp(2));
    EXPECT_NEAR(elo_estimate(stats).error, r.elo_error, half_ulp(2));
    EXPECT_NEAR(nelo_estimate(stats).value, r.nelo, half_ulp(2));
    EXPECT_NEAR(nelo_estimate(stats).error, 48.15, half_ulp(2));
    EXPECT_NEAR(100 * los(stats), r.los_percent, half_ulp(2));
    EXPECT_NEAR(100 * draw_ratio(r.pairs), r.draw_percent, half_ulp(2));
    EXPECT_NEAR(pairs_ratio(r.pairs), r.pairs_ratio, half_ulp(2));
    EXPECT_NEAR(llr_normalized(r.pairs, 0, 10), r.llr, half_ulp(2));
  }
}

// ---- Properties ----

TEST(EloFromScore, InverseOfTheLogisticCurve) {
  for (const double elo : {-800.0, -100.0, -3.0, 0.0, 1.0, 35.0, 400.0}) {
    EXPECT_NEAR(elo_from_score(score_from_elo(elo)), elo, 1e-9);
  }
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  EXPECT_NEAR(elo_from_score(10.0 / 11.0), 400.0, 1e-9);  // 10 : 1 odds
}

TEST(Llr, SwappingHypothesesNegates) {
  EXPECT_NEAR(llr_normalized(kVector3, 5, 0), -llr_normalized(kVector3, 0, 5), 1e-9);
  EXPECT_NEAR(llr_logistic(kVector1, 2, -1), -llr_logistic(kVector1, -1, 2), 1e-9);
}

TEST(Llr, EqualHypothesesGiveZero) {
  EXPECT_DOUBLE_EQ(llr_normalized(kVector1, 2, 2), 0.0);
  EXPECT_DOUBLE_EQ(llr_logistic(kVector2Games, 1, 1), 0.0);
}

TEST(Llr, GrowsWithTheSampleAtFixedFrequencies) {
  // The LLR is N times a function of the frequencies.
  const GameCounts doubled = ldw(200, 600, 240);
  EXPECT_NEAR(llr_normalized(doubled, 0, 5), 2 * llr_normalized(kVector3, 0, 5), 1e-9);
  EXPECT_NEAR(llr_logistic(doubled, 0, 5), 2 * llr_logistic(kVector3, 0, 5), 1e-9);
}

TEST(Llr, ModelsAgreeWithTheirNormalApproximationsOnLargeSamples) {
  // Far from the boundaries the generalised LLR and the normal approximation agree
  // to a few parts in a thousand.
  const ScoreStats pairs = score_stats(kVector1);
  EXPECT_NEAR(llr_normal_approximation(pairs, 0, 2, SprtModel::kNormalized),
              llr_normalized(kVector1, 0, 2), 0.01);
  EXPECT_NEAR(llr_normal_approximation(score_stats(kVector2Games), -3, 1, SprtModel::kLogistic),
              llr_logistic(kVector2Games, -3, 1), 0.01);
}

TEST(SprtDecision, BoundsAreInclusive) {
  const SprtBounds bounds = sprt_bounds(0.05, 0.05);
  EXPECT_EQ(sprt_decision(0.0, bounds), SprtDecision::kContinue);
  EXPECT_EQ(sprt_decision(2.94, bounds), SprtDecision::kContinue);
  EXPECT_EQ(sprt_decision(-2.94, bounds), SprtDecision::kContinue);
  EXPECT_EQ(sprt_decision(bounds.upper, bounds), SprtDecision::kAcceptH1);
  EXPECT_EQ(sprt_decision(bounds.lower, bounds), SprtDecision::kAcceptH0);
  EXPECT_EQ(sprt_decision(7.0, bounds), SprtDecision::kAcceptH1);
  EXPECT_EQ(sprt_decision(-7.0, bounds), SprtDecision::kAcceptH0);
  // Vector 1 just crosses the upper bound: that test passed.
  EXPECT_EQ(sprt_decision(llr_normalized(kVector1, 0, 2), bounds), SprtDecision::kAcceptH1);
}

TEST(SprtConfig, Validity) {
  EXPECT_TRUE(is_valid(SprtConfig{}));
  EXPECT_TRUE(is_valid(SprtConfig{.elo0 = -3, .elo1 = 1, .model = SprtModel::kLogistic}));
  EXPECT_FALSE(is_valid(SprtConfig{.elo0 = 5, .elo1 = 0}));
  EXPECT_FALSE(is_valid(SprtConfig{.elo0 = 0, .elo1 = 0}));
  EXPECT_FALSE(is_valid(SprtConfig{.alpha = 0}));
  EXPECT_FALSE(is_valid(SprtConfig{.beta = 1}));
  EXPECT_FALSE(is_valid(SprtConfig{.alpha = 0.6, .beta = 0.5}));
  EXPECT_FALSE(is_valid(SprtConfig{.alpha = std::nan("")}));
}

TEST(Ratios, PairsAndSplitRatios) {
  PairCounts pairs = ptnml(10, 40, 150, 40, 20);
  EXPECT_DOUBLE_EQ(pairs_ratio(pairs), 60.0 / 50.0);
  EXPECT_FALSE(wl_dd_ratio(pairs).has_value());
  pairs.draw_draw = 110;
  EXPECT_DOUBLE_EQ(*wl_dd_ratio(pairs), 40.0 / 110.0);
  EXPECT_DOUBLE_EQ(draw_ratio(pairs), 150.0 / 260.0);
}

// ---- Degenerate inputs: nothing may be NaN ----

void expect_no_nan(const ScoreStats& stats) {
  EXPECT_FALSE(std::isnan(stats.score));
  EXPECT_FALSE(std::isnan(stats.variance));
  EXPECT_FALSE(std::isnan(stats.std_error));
  EXPECT_FALSE(std::isnan(elo_estimate(stats).value));
  EXPECT_FALSE(std::isnan(elo_estimate(stats).error));
  EXPECT_FALSE(std::isnan(nelo_estimate(stats).value));
  EXPECT_FALSE(std::isnan(nelo_estimate(stats).error));
  EXPECT_FALSE(std::isnan(los(stats)));
  for (const SprtModel model : {SprtModel::kNormalized, SprtModel::kLogistic}) {
    EXPECT_TRUE(std::isfinite(llr_normal_approximation(stats, 0, 5, model)));
  }
}

TEST(Degenerate, NoGamesReadAsAnEvenMatch) {
  const GameCounts none{};
  const ScoreStats stats = score_stats(none);
  expect_no_nan(stats);
  EXPECT_EQ(stats.n, 0);
  EXPECT_DOUBLE_EQ(stats.score, 0.5);
  EXPECT_DOUBLE_EQ(elo_estimate(stats).value, 0.0);
  EXPECT_DOUBLE_EQ(elo_estimate(stats).error, 0.0);
  EXPECT_DOUBLE_EQ(nelo_estimate(stats).value, 0.0);
  EXPECT_DOUBLE_EQ(nelo_estimate(stats).error, 0.0);
  EXPECT_DOUBLE_EQ(los(stats), 0.5);
  EXPECT_DOUBLE_EQ(los_wins_losses(none), 0.5);
  EXPECT_DOUBLE_EQ(draw_ratio(none), 0.0);
  EXPECT_DOUBLE_EQ(wins_losses_ratio(none), 0.0);
  EXPECT_DOUBLE_EQ(llr_normalized(none, 0, 5), 0.0);
  EXPECT_DOUBLE_EQ(llr_logistic(none, 0, 5), 0.0);
  const PairCounts no_pairs{};
  expect_no_nan(score_stats(no_pairs));
  EXPECT_DOUBLE_EQ(llr_normalized(no_pairs, 0, 5), 0.0);
  EXPECT_DOUBLE_EQ(pairs_ratio(no_pairs), 0.0);
  EXPECT_DOUBLE_EQ(draw_ratio(no_pairs), 0.0);
}

TEST(Degenerate, AllWinsIsInfinitelyStrongButTheLlrIsFinite) {
  const GameCounts wins = ldw(0, 0, 30);
  const ScoreStats stats = score_stats(wins);
  expect_no_nan(stats);
  EXPECT_DOUBLE_EQ(stats.score, 1.0);
  EXPECT_DOUBLE_EQ(stats.variance, 0.0);
  EXPECT_EQ(elo_estimate(stats).value, kInf);
  EXPECT_EQ(elo_estimate(stats).error, kInf);
  EXPECT_EQ(nelo_estimate(stats).value, kInf);
  EXPECT_TRUE(std::isfinite(nelo_estimate(stats).error));
  EXPECT_DOUBLE_EQ(los(stats), 1.0);
  EXPECT_DOUBLE_EQ(los_wins_losses(wins), 0.5 * (1 + std::erf(30 / std::sqrt(60.0))));
  EXPECT_EQ(wins_losses_ratio(wins), kInf);
  const double normalized = llr_normalized(wins, 0, 5);
  const double logistic = llr_logistic(wins, 0, 5);
  EXPECT_TRUE(std::isfinite(normalized));
  EXPECT_TRUE(std::isfinite(logistic));
  EXPECT_GT(normalized, 0);
  EXPECT_GT(logistic, 0);
}

TEST(Degenerate, AllLossesMirrorsAllWins) {
  const GameCounts losses = ldw(30, 0, 0);
  const ScoreStats stats = score_stats(losses);
  expect_no_nan(stats);
  EXPECT_EQ(elo_estimate(stats).value, -kInf);
  EXPECT_EQ(elo_estimate(stats).error, kInf);
  EXPECT_EQ(nelo_estimate(stats).value, -kInf);
  EXPECT_DOUBLE_EQ(los(stats), 0.0);
  EXPECT_LT(llr_normalized(losses, 0, 5), 0);
  EXPECT_LT(llr_logistic(losses, 0, 5), 0);
  // Mirroring the outcomes mirrors the hypotheses. This needs the projection's
  // fallback step: linearised at p, the normalised constraint is unreachable.
  EXPECT_NEAR(llr_normalized(losses, 0, 5), -llr_normalized(ldw(0, 0, 30), -5, 0), 1e-6);
  EXPECT_NEAR(llr_logistic(losses, 0, 5), -llr_logistic(ldw(0, 0, 30), -5, 0), 1e-6);
  // Values of an independent prototype of the same algorithm.
  EXPECT_NEAR(llr_normalized(losses, 0, 5), -0.43479, 1e-5);
  EXPECT_NEAR(llr_normalized(ldw(0, 0, 30), 0, 5), 0.42858, 1e-5);
}

TEST(Degenerate, AllDrawsHaveNoSpread) {
  const GameCounts draws = ldw(0, 40, 0);
  const ScoreStats stats = score_stats(draws);
  expect_no_nan(stats);
  EXPECT_DOUBLE_EQ(stats.score, 0.5);
  EXPECT_DOUBLE_EQ(stats.variance, 0.0);
  EXPECT_DOUBLE_EQ(elo_estimate(stats).value, 0.0);
  EXPECT_DOUBLE_EQ(elo_estimate(stats).error, 0.0);
  EXPECT_DOUBLE_EQ(nelo_estimate(stats).value, 0.0);
  // The nElo error does not depend on the variance: z * 800 / ln 10 / sqrt(40).
  EXPECT_NEAR(nelo_estimate(stats).error, kZ95 * kNeloScale / std::sqrt(40.0), 1e-12);
  EXPECT_DOUBLE_EQ(los(stats), 0.5);
  EXPECT_DOUBLE_EQ(llr_normal_approximation(stats, 0, 5, SprtModel::kLogistic), 0.0);
  // All draws favour the null hypothesis "no gain" over "+5".
  EXPECT_TRUE(std::isfinite(llr_normalized(draws, 0, 5)));
  EXPECT_LT(llr_normalized(draws, 0, 5), 0);
  EXPECT_LT(llr_logistic(draws, 0, 5), 0);
}

TEST(Degenerate, EveryPairInOneBin) {
  for (std::size_t bin = 0; bin < 5; ++bin) {
    SCOPED_TRACE(testing::Message() << "bin " << bin);
    PairCounts pairs{};
    pairs.bins[bin] = 25;
    const ScoreStats stats = score_stats(pairs);
    expect_no_nan(stats);
    EXPECT_DOUBLE_EQ(stats.score, 0.25 * static_cast<double>(bin));
    EXPECT_DOUBLE_EQ(stats.variance, 0.0);
    for (const double value : {llr_normalized(pairs, 0, 5), llr_logistic(pairs, 0, 5)}) {
      EXPECT_TRUE(std::isfinite(value));
      if (bin < 2) {
        EXPECT_LT(value, 0);
      }
      if (bin > 2) {
        EXPECT_GT(value, 0);
      }
    }
  }
}

TEST(Degenerate, OneGame) {
  for (const GameCounts& one : {ldw(1, 0, 0), ldw(0, 1, 0), ldw(0, 0, 1)}) {
    expect_no_nan(score_stats(one));
    EXPECT_TRUE(std::isfinite(llr_normalized(one, 0, 5)));
    EXPECT_TRUE(std::isfinite(llr_logistic(one, 0, 5)));
  }
}

TEST(Degenerate, IntervalReachingScoreOneHasInfiniteError) {
  // 9 wins and a loss: s = 0.9, and s + z se exceeds 1, so no finite upper end.
  const ScoreStats stats = score_stats(ldw(1, 0, 9));
  EXPECT_TRUE(std::isfinite(elo_estimate(stats).value));
  EXPECT_EQ(elo_estimate(stats).error, kInf);
}

TEST(Degenerate, ExtremeHypotheses) {
  // nElo 5000 (t = 14.4 per game) is far from these frequencies; linearised at p
  // the constraint cannot be met, and the projection's fallback step is what lets
  // it converge. The values are an independent prototype's.
  EXPECT_NEAR(llr_normalized(kVector3, 0, 5000), -1992.4700, 1e-3);
  EXPECT_NEAR(llr_normalized(kVector3, -5000, 0), 2153.1937, 1e-3);
  // A logistic Elo whose score rounds to 1 has its mean pulled just inside.
  for (const double llr : {llr_logistic(kVector3, -2000, 2000), llr_logistic(kVector3, 0, 1e6),
                           llr_logistic(kVector3, -1e6, 0)}) {
    EXPECT_TRUE(std::isfinite(llr));
  }
  EXPECT_LT(llr_logistic(kVector3, 0, 1e6), 0);
  EXPECT_GT(llr_logistic(kVector3, -1e6, 0), 0);
}

TEST(Degenerate, OutOfRangeErrorRatesGiveFiniteBounds) {
  for (const double rate : {0.0, 1.0, -1.0, 2.0, std::nan("")}) {
    const SprtBounds bounds = sprt_bounds(rate, rate);
    EXPECT_TRUE(std::isfinite(bounds.lower));
    EXPECT_TRUE(std::isfinite(bounds.upper));
  }
}

TEST(Degenerate, CountRatio) {
  EXPECT_DOUBLE_EQ(count_ratio(3, 4), 0.75);
  EXPECT_EQ(count_ratio(3, 0), kInf);
  EXPECT_DOUBLE_EQ(count_ratio(0, 0), 0.0);
}

}  // namespace
}  // namespace narabe::match
