#pragma once
// Match statistics for narabe-match: Elo and normalised Elo with 95% errors, LOS,
// the ratios fastchess prints, and the SPRT (bounds, generalised LLR in the
// normalised and logistic models, the normal approximation, the decision).
// Formulas: docs/match-statistics.md.
//
// Everything is pure arithmetic on counts, and every function is total: no input
// (no games, one-sided results, zero variance) yields NaN. The only non-finite
// values are +-infinity for Elo-type quantities whose true value is unbounded
// (a score of 0 or 1), and +infinity for a ratio with a zero denominator.

#include <array>
#include <numbers>
#include <optional>

namespace narabe::match {

// z of a two-sided 95% normal interval.
inline constexpr double kZ95 = 1.959963984540054;
// nElo = (score - 1/2) / sigma * kNeloScale: scales a standardised score to the
// Elo range near 50%, where one Elo point is about ln 10 / 1600 of score.
inline constexpr double kNeloScale = 800.0 / std::numbers::ln10;
// fastchess and fishtest replace an empty outcome by this pseudo-count before
// normalising, so that the LLR's logarithms stay finite.
inline constexpr double kEmptyBinCount = 1e-3;

// Game results from the first engine's (the engine under test's) point of view.
struct GameCounts {
  long long wins = 0;
  long long draws = 0;
  long long losses = 0;

  long long total() const { return wins + draws + losses; }
  // 1 for a win, 1/2 for a draw.
  double points() const { return static_cast<double>(wins) + 0.5 * static_cast<double>(draws); }
};

// Pentanomial counts of finished pairs (one opening, colours swapped), indexed by
// the pair's score in quarters: [LL, LD, WL+DD, WD, WW] for pair scores
// 0, 1/4, 1/2, 3/4, 1.
struct PairCounts {
  std::array<long long, 5> bins{};
  // How many of bins[2] were two draws (DD) rather than a win and a loss (WL). The
  // pentanomial cannot tell them apart, yet fastchess prints WL/DD; nullopt when the
  // caller does not track the split.
  std::optional<long long> draw_draw;

  long long total() const { return bins[0] + bins[1] + bins[2] + bins[3] + bins[4]; }
};

// Which sample a statistic was computed from: games (trinomial, outcomes 0, 1/2, 1)
// or pairs (pentanomial, outcomes 0, 1/4, ..., 1).
enum class Sample { kGames, kPairs };

// Mean score per game or per pair, the per-sample variance of the score, and the
// standard error of the mean. With n == 0 the score is 1/2 and both spreads 0.
struct ScoreStats {
  Sample sample = Sample::kGames;
  long long n = 0;
  double score = 0.5;
  double variance = 0.0;
  double std_error = 0.0;
};

ScoreStats score_stats(const GameCounts& games);
ScoreStats score_stats(const PairCounts& pairs);

// E(s) = -400 log10(1/s - 1). s <= 0 gives -infinity, s >= 1 +infinity.
double elo_from_score(double score);
// The inverse: the expected score of an Elo difference (logistic curve).
double score_from_elo(double elo);

// A point estimate with the half-width of its 95% interval.
struct EloEstimate {
  double value = 0.0;
  double error = 0.0;
};

// Elo = E(s) +- [E(s + z se) - E(s - z se)] / 2, the interval ends clamped to
// [0, 1] so that a score near 0 or 1 gives an infinite error rather than NaN.
// n == 0 gives 0 +- 0 (nothing measured yet).
EloEstimate elo_estimate(const ScoreStats& stats);
// nElo = (s - 1/2) / sigma * kNeloScale with sigma = sqrt(var) for games and
// sqrt(2 var) for pairs; its error z se / sigma * kNeloScale reduces to
// z kNeloScale / sqrt(n) (games) or z kNeloScale / sqrt(2 n) (pairs), which needs
// no division by the variance. Zero variance: value 0 if s == 1/2, else +-infinity.
EloEstimate nelo_estimate(const ScoreStats& stats);

// Likelihood of superiority, 1/2 [1 + erf((s - 1/2) / sqrt(2 se^2))], from the
// design document. Zero standard error gives 1, 0 or 1/2 by the sign of s - 1/2.
double los(const ScoreStats& stats);
// The draw-free LOS cutechess prints for game counts (not used by the report):
// 1/2 [1 + erf((W - L) / sqrt(2 (W + L)))]; 1/2 without decisive games.
double los_wins_losses(const GameCounts& games);

// Fraction of games drawn (0 without games).
double draw_ratio(const GameCounts& games);
// Fraction of pairs scoring 1/2, WL+DD (what fastchess prints as DrawRatio when it
// counts pairs); 0 without pairs.
double draw_ratio(const PairCounts& pairs);
// num / den, with x / 0 = +infinity for x > 0 and 0 / 0 = 0.
double count_ratio(long long num, long long den);
// (WW + WD) / (LL + LD), as fastchess prints it.
double pairs_ratio(const PairCounts& pairs);
// W / L: the games-only stand-in for the pairs ratio.
double wins_losses_ratio(const GameCounts& games);
// WL / DD; nullopt when the split of bins[2] is not tracked.
std::optional<double> wl_dd_ratio(const PairCounts& pairs);

// ---- SPRT ----

enum class SprtModel {
  kNormalized,  // hypotheses in normalised Elo (fishtest's and fastchess's default)
  kLogistic,    // hypotheses in logistic Elo
};

struct SprtConfig {
  double elo0 = 0.0;
  double elo1 = 5.0;
  double alpha = 0.05;
  double beta = 0.05;
  SprtModel model = SprtModel::kNormalized;
};

// alpha and beta in (0, 1) with alpha + beta < 1 (otherwise the bounds do not
// bracket 0), and elo0 < elo1.
bool is_valid(const SprtConfig& config);

struct SprtBounds {
  double lower = 0.0;  // ln(beta / (1 - alpha)): accept H0 at or below
  double upper = 0.0;  // ln((1 - beta) / alpha): accept H1 at or above
};

// Out-of-range alpha or beta are clamped into [1e-12, 1 - 1e-12] so that the
// bounds stay finite; is_valid() is the place to reject such a configuration.
SprtBounds sprt_bounds(double alpha, double beta);
SprtBounds sprt_bounds(const SprtConfig& config);

// Generalised log-likelihood ratio of H1 over H0, N * sum p_i (ln q1_i - ln q0_i),
// where q_k is the distribution closest (in the Kullback-Leibler sense) to the
// observed frequencies p that satisfies hypothesis k. N = 0 gives 0.
// Normalised model: hypotheses are nElo values.
double llr_normalized(const GameCounts& games, double nelo0, double nelo1);
double llr_normalized(const PairCounts& pairs, double nelo0, double nelo1);
// Logistic model: hypotheses are Elo values.
double llr_logistic(const GameCounts& games, double elo0, double elo1);
double llr_logistic(const PairCounts& pairs, double elo0, double elo1);
// N (s1 - s0)(2s - s0 - s1) / (2 var), with s_k the score hypothesis k implies
// (logistic: score_from_elo(elo_k); normalised: 1/2 + t_k sqrt(var)). A cross-check
// only; zero variance or no samples give 0.
double llr_normal_approximation(const ScoreStats& stats, double elo0, double elo1, SprtModel model);

// The LLR the match uses: on the pairs when there are pair counts (pairs are the
// independent samples of a paired match), else on the games; model from config.
double llr(const SprtConfig& config, const GameCounts& games,
           const std::optional<PairCounts>& pairs);

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

SprtDecision sprt_decision(double llr, const SprtBounds& bounds);

}  // namespace narabe::match
