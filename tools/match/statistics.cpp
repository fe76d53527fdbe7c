#include "tools/match/statistics.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

namespace narabe::match {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// The projection stops when no probability moves by more than this; the design
// document's vectors are met to 1e-4 and the answer is stable far below that.
constexpr double kProjectionTolerance = 1e-9;
// The fixed point usually settles in under ten rounds; the cap only guards
// against a pathological input cycling.
constexpr int kMaxProjectionRounds = 100;
// Bounds theta where the interval of solve_theta is open-ended. The callers only
// ask for reachable constraints (see has_root), so this is a guard against
// rounding, keeping q finite whatever happens.
constexpr double kThetaCap = 1e15;
// How far inside the outcome range a projected mean is kept, so that a
// distribution with that mean and every probability positive exists.
constexpr double kMeanMargin = 1e-6;
// alpha and beta are clamped into [kMinErrorRate, 1 - kMinErrorRate].
constexpr double kMinErrorRate = 1e-12;

double to_double(long long count) {
  return static_cast<double>(count);
}

// A discrete distribution over up to five outcome values.
struct Outcomes {
  std::size_t size = 0;
  std::array<double, 5> values{};
  std::array<double, 5> probabilities{};
};

// The observed frequencies, empty outcomes given kEmptyBinCount first so that no
// probability, and so no logarithm in the LLR, is zero.
template <std::size_t K>
Outcomes frequencies(const std::array<double, K>& values, const std::array<long long, K>& counts) {
  Outcomes out;
  out.size = K;
  double total = 0.0;
  for (std::size_t i = 0; i < K; ++i) {
    out.values[i] = values[i];
    out.probabilities[i] = counts[i] > 0 ? to_double(counts[i]) : kEmptyBinCount;
    total += out.probabilities[i];
  }
  for (std::size_t i = 0; i < K; ++i) out.probabilities[i] /= total;
  return out;
}

constexpr std::array<double, 3> kGameValues{0.0, 0.5, 1.0};
constexpr std::array<double, 5> kPairValues{0.0, 0.25, 0.5, 0.75, 1.0};

std::array<long long, 3> game_bins(const GameCounts& games) {
  return {games.losses, games.draws, games.wins};
}

// Solves sum p_i phi_i / (1 + theta phi_i) = 0 for theta on the interval where
// every 1 + theta phi_i > 0. The left side falls strictly from +inf to -inf
// there (its derivative is -sum p_i phi_i^2 / (1 + theta phi_i)^2), so bisection
// cannot miss the root, and unlike Newton it never leaves the interval.
double solve_theta(const Outcomes& p, const std::array<double, 5>& phi) {
  double lo = -kInf;
  double hi = kInf;
  for (std::size_t i = 0; i < p.size; ++i) {
    if (phi[i] > 0) lo = std::max(lo, -1.0 / phi[i]);
    if (phi[i] < 0) hi = std::min(hi, -1.0 / phi[i]);
  }
  lo = std::max(lo, -kThetaCap);
  hi = std::min(hi, kThetaCap);
  const auto g = [&](double theta) {
    double sum = 0.0;
    for (std::size_t i = 0; i < p.size; ++i) {
      sum += p.probabilities[i] * phi[i] / (1.0 + theta * phi[i]);
    }
    return sum;
  };
  // Halving to adjacent doubles takes ~110 steps from the widest interval.
  for (int step = 0; step < 200; ++step) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    if (g(mid) > 0) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo + (hi - lo) / 2;
}

// Whether sum p_i phi_i / (1 + theta phi_i) = 0 has a root: it needs phi of both
// signs (or all zero, when any theta will do). Otherwise no distribution of the
// form p_i / (1 + theta phi_i) meets the constraint.
bool has_root(const Outcomes& p, const std::array<double, 5>& phi) {
  bool positive = false;
  bool negative = false;
  for (std::size_t i = 0; i < p.size; ++i) {
    positive = positive || phi[i] > 0;
    negative = negative || phi[i] < 0;
  }
  return positive == negative;
}

// q_i = p_i / (1 + theta phi_i), kept strictly positive so its logarithm is finite
// even at the theta cap.
Outcomes tilt(const Outcomes& p, const std::array<double, 5>& phi) {
  const double theta = solve_theta(p, phi);
  Outcomes q = p;
  double total = 0.0;
  for (std::size_t i = 0; i < p.size; ++i) {
    const double denominator = 1.0 + theta * phi[i];
    q.probabilities[i] = denominator > 0 ? p.probabilities[i] / denominator : p.probabilities[i];
    q.probabilities[i] = std::max(q.probabilities[i], std::numeric_limits<double>::min());
    total += q.probabilities[i];
  }
  // At the root the sum is 1 up to rounding; at the cap it is not, and the mean
  // and sigma of the next round need a distribution.
  for (std::size_t i = 0; i < q.size; ++i) q.probabilities[i] /= total;
  return q;
}

// The distribution nearest p whose mean is `score`: phi_i = a_i - score. A mean
// at or beyond the extreme outcomes (from an Elo so large that its score rounds
// to 1) has no such distribution; it is pulled just inside instead.
Outcomes project_mean(const Outcomes& p, double score) {
  const double target =
      std::clamp(score, p.values[0] + kMeanMargin, p.values[p.size - 1] - kMeanMargin);
  std::array<double, 5> phi{};
  for (std::size_t i = 0; i < p.size; ++i) phi[i] = p.values[i] - target;
  return tilt(p, phi);
}

// The distribution nearest p with (mu - 1/2) / sigma = t. The constraint is not
// linear in q, so it is linearised around the current q (mu, sigma of q) and the
// tilt repeated until q stops moving.
Outcomes project_normalized(const Outcomes& p, double t) {
  Outcomes q = p;
  for (int round = 0; round < kMaxProjectionRounds; ++round) {
    double mu = 0.0;
    for (std::size_t i = 0; i < q.size; ++i) mu += q.probabilities[i] * q.values[i];
    double variance = 0.0;
    for (std::size_t i = 0; i < q.size; ++i) {
      variance += q.probabilities[i] * (q.values[i] - mu) * (q.values[i] - mu);
    }
    const double sigma = std::sqrt(variance);
    // Cannot happen while every probability is positive; a guard, not a case.
    if (!(sigma > 0) || !std::isfinite(sigma)) break;
    std::array<double, 5> phi{};
    for (std::size_t i = 0; i < q.size; ++i) {
      const double z = (q.values[i] - mu) / sigma;
      phi[i] = q.values[i] - 0.5 - t * sigma / 2 * (1 + z * z);
    }
    // The linearisation is poor far from the constraint: when p is nearly
    // one-sided (all wins, say) sigma is tiny, z^2 huge, and every phi_i has one
    // sign, or the hypothesis is extreme. Step instead to the distribution nearest
    // p with the mean the constraint asks for at the current sigma; from there the
    // iteration proceeds normally. Ordinary inputs never take this branch.
    const Outcomes next = has_root(p, phi) ? tilt(p, phi) : project_mean(p, 0.5 + t * sigma);
    double change = 0.0;
    for (std::size_t i = 0; i < q.size; ++i) {
      change = std::max(change, std::abs(next.probabilities[i] - q.probabilities[i]));
    }
    q = next;
    if (change < kProjectionTolerance) break;
  }
  return q;
}

double log_likelihood_ratio(double n, const Outcomes& p, const Outcomes& q0, const Outcomes& q1) {
  double sum = 0.0;
  for (std::size_t i = 0; i < p.size; ++i) {
    sum += p.probabilities[i] * (std::log(q1.probabilities[i]) - std::log(q0.probabilities[i]));
  }
  const double llr = n * sum;
  // The logarithms are of positive finite numbers, so this is a last guard only.
  return std::isfinite(llr) ? llr : 0.0;
}

// t of a normalised-Elo hypothesis: the standardised score per sample. A pair's
// score has half the variance of two independent games, hence sqrt(2).
double nelo_to_t(double nelo, Sample sample) {
  const double t = nelo / kNeloScale;
  return sample == Sample::kPairs ? t * std::numbers::sqrt2 : t;
}

template <std::size_t K>
double llr_normalized_impl(const std::array<double, K>& values,
                           const std::array<long long, K>& counts, Sample sample, double nelo0,
                           double nelo1) {
  long long n = 0;
  for (const long long c : counts) n += c;
  if (n <= 0) return 0.0;
  const Outcomes p = frequencies(values, counts);
  const Outcomes q0 = project_normalized(p, nelo_to_t(nelo0, sample));
  const Outcomes q1 = project_normalized(p, nelo_to_t(nelo1, sample));
  return log_likelihood_ratio(to_double(n), p, q0, q1);
}

template <std::size_t K>
double llr_logistic_impl(const std::array<double, K>& values,
                         const std::array<long long, K>& counts, double elo0, double elo1) {
  long long n = 0;
  for (const long long c : counts) n += c;
  if (n <= 0) return 0.0;
  const Outcomes p = frequencies(values, counts);
  const Outcomes q0 = project_mean(p, score_from_elo(elo0));
  const Outcomes q1 = project_mean(p, score_from_elo(elo1));
  return log_likelihood_ratio(to_double(n), p, q0, q1);
}

template <std::size_t K>
ScoreStats score_stats_impl(const std::array<double, K>& values,
                            const std::array<long long, K>& counts, long long quarters,
                            Sample sample) {
  ScoreStats stats;
  stats.sample = sample;
  for (const long long c : counts) stats.n += c;
  if (stats.n <= 0) return stats;
  const double n = to_double(stats.n);
  // From integer quarters so that one-sided results give exactly 0, 1/2 or 1.
  stats.score = to_double(quarters) / (4.0 * n);
  double sum = 0.0;
  for (std::size_t i = 0; i < K; ++i) {
    const double d = values[i] - stats.score;
    sum += to_double(counts[i]) * d * d;
  }
  stats.variance = sum / n;
  stats.std_error = std::sqrt(stats.variance / n);
  return stats;
}

}  // namespace

ScoreStats score_stats(const GameCounts& games) {
  const long long quarters = 4 * games.wins + 2 * games.draws;
  return score_stats_impl(kGameValues, game_bins(games), quarters, Sample::kGames);
}

ScoreStats score_stats(const PairCounts& pairs) {
  long long quarters = 0;
  for (std::size_t i = 0; i < pairs.bins.size(); ++i) {
    quarters += static_cast<long long>(i) * pairs.bins[i];
  }
  return score_stats_impl(kPairValues, pairs.bins, quarters, Sample::kPairs);
}

double elo_from_score(double score) {
  if (std::isnan(score)) return 0.0;
  if (score <= 0.0) return -kInf;
  if (score >= 1.0) return kInf;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) {
  if (std::isnan(elo)) return 0.5;
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

EloEstimate elo_estimate(const ScoreStats& stats) {
  if (stats.n <= 0) return {};
  const double low = elo_from_score(std::clamp(stats.score - kZ95 * stats.std_error, 0.0, 1.0));
  const double high = elo_from_score(std::clamp(stats.score + kZ95 * stats.std_error, 0.0, 1.0));
  EloEstimate estimate;
  estimate.value = elo_from_score(stats.score);
  // An interval reaching a score of 0 or 1 is unbounded in Elo; inf - inf would
  // be NaN, so say so directly.
  estimate.error = std::isfinite(low) && std::isfinite(high) ? (high - low) / 2 : kInf;
  return estimate;
}

EloEstimate nelo_estimate(const ScoreStats& stats) {
  if (stats.n <= 0) return {};
  const double spread_factor = stats.sample == Sample::kPairs ? 2.0 : 1.0;
  const double sigma = std::sqrt(spread_factor * stats.variance);
  EloEstimate estimate;
  estimate.error = kZ95 * kNeloScale / std::sqrt(spread_factor * to_double(stats.n));
  const double excess = stats.score - 0.5;
  if (sigma > 0) {
    estimate.value = excess / sigma * kNeloScale;
  } else {
    estimate.value = excess == 0 ? 0.0 : (excess > 0 ? kInf : -kInf);
  }
  return estimate;
}

double los(const ScoreStats& stats) {
  const double excess = stats.score - 0.5;
  if (stats.n <= 0 || !(stats.std_error > 0)) {
    return excess > 0 ? 1.0 : (excess < 0 ? 0.0 : 0.5);
  }
  return 0.5 * (1.0 + std::erf(excess / (std::numbers::sqrt2 * stats.std_error)));
}

double los_wins_losses(const GameCounts& games) {
  const long long decisive = games.wins + games.losses;
  if (decisive <= 0) return 0.5;
  return 0.5 * (1.0 + std::erf(to_double(games.wins - games.losses) /
                               std::sqrt(2.0 * to_double(decisive))));
}

double draw_ratio(const GameCounts& games) {
  return count_ratio(games.draws, games.total());
}

double draw_ratio(const PairCounts& pairs) {
  return count_ratio(pairs.bins[2], pairs.total());
}

double count_ratio(long long num, long long den) {
  if (den == 0) return num > 0 ? kInf : 0.0;
  return to_double(num) / to_double(den);
}

double pairs_ratio(const PairCounts& pairs) {
  return count_ratio(pairs.bins[3] + pairs.bins[4], pairs.bins[0] + pairs.bins[1]);
}

double wins_losses_ratio(const GameCounts& games) {
  return count_ratio(games.wins, games.losses);
}

std::optional<double> wl_dd_ratio(const PairCounts& pairs) {
  if (!pairs.draw_draw) return std::nullopt;
  const long long dd = *pairs.draw_draw;
  return count_ratio(pairs.bins[2] - dd, dd);
}

bool is_valid(const SprtConfig& config) {
  return config.alpha > 0 && config.alpha < 1 && config.beta > 0 && config.beta < 1 &&
         config.alpha + config.beta < 1 && std::isfinite(config.elo0) &&
         std::isfinite(config.elo1) && config.elo0 < config.elo1;
}

SprtBounds sprt_bounds(double alpha, double beta) {
  // NaN fails both comparisons inside std::clamp's contract, so map it first.
  const auto clamp_rate = [](double rate) {
    if (std::isnan(rate)) return 0.5;
    return std::clamp(rate, kMinErrorRate, 1.0 - kMinErrorRate);
  };
  const double a = clamp_rate(alpha);
  const double b = clamp_rate(beta);
  return {std::log(b / (1.0 - a)), std::log((1.0 - b) / a)};
}

SprtBounds sprt_bounds(const SprtConfig& config) {
  return sprt_bounds(config.alpha, config.beta);
}

double llr_normalized(const GameCounts& games, double nelo0, double nelo1) {
  return llr_normalized_impl(kGameValues, game_bins(games), Sample::kGames, nelo0, nelo1);
}

double llr_normalized(const PairCounts& pairs, double nelo0, double nelo1) {
  return llr_normalized_impl(kPairValues, pairs.bins, Sample::kPairs, nelo0, nelo1);
}

double llr_logistic(const GameCounts& games, double elo0, double elo1) {
  return llr_logistic_impl(kGameValues, game_bins(games), elo0, elo1);
}

double llr_logistic(const PairCounts& pairs, double elo0, double elo1) {
  return llr_logistic_impl(kPairValues, pairs.bins, elo0, elo1);
}

double llr_normal_approximation(const ScoreStats& stats, double elo0, double elo1,
                                SprtModel model) {
  if (stats.n <= 0 || !(stats.variance > 0)) return 0.0;
  double s0 = 0.0;
  double s1 = 0.0;
  if (model == SprtModel::kLogistic) {
    s0 = score_from_elo(elo0);
    s1 = score_from_elo(elo1);
  } else {
    const double sigma = std::sqrt(stats.variance);
    s0 = 0.5 + nelo_to_t(elo0, stats.sample) * sigma;
    s1 = 0.5 + nelo_to_t(elo1, stats.sample) * sigma;
  }
  const double llr =
      to_double(stats.n) * (s1 - s0) * (2 * stats.score - s0 - s1) / (2 * stats.variance);
  return std::isfinite(llr) ? llr : 0.0;
}

double llr(const SprtConfig& config, const GameCounts& games,
           const std::optional<PairCounts>& pairs) {
  if (config.model == SprtModel::kLogistic) {
    return pairs ? llr_logistic(*pairs, config.elo0, config.elo1)
                 : llr_logistic(games, config.elo0, config.elo1);
  }
  return pairs ? llr_normalized(*pairs, config.elo0, config.elo1)
               : llr_normalized(games, config.elo0, config.elo1);
}

SprtDecision sprt_decision(double llr, const SprtBounds& bounds) {
  if (llr >= bounds.upper) return SprtDecision::kAcceptH1;
  if (llr <= bounds.lower) return SprtDecision::kAcceptH0;
  return SprtDecision::kContinue;
}

}  // namespace narabe::match
