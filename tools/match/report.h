#pragma once
// Text for narabe-match: the result block in fastchess's layout (which fishtest and
// other dashboards already parse with regular expressions), a ranking table for
// tournaments of more than two engines, and a one-line progress summary.
// Formatting only; nothing here writes anywhere.

#include <optional>
#include <string>
#include <vector>

#include "tools/match/statistics.h"

namespace narabe::match {

// The numbers of one result block, all from the same basis: the pairs when pair
// counts are given (a paired match's independent samples, what fastchess does with
// pentanomial reporting), else the games.
struct MatchSummary {
  Sample basis = Sample::kGames;
  EloEstimate elo;
  EloEstimate nelo;
  double los = 0.5;          // los() of the basis
  double draw_ratio = 0.0;   // pairs: WL+DD pairs / pairs; games: draws / games
  double pairs_ratio = 0.0;  // pairs: (WW+WD) / (LL+LD); games: W / L
  std::optional<double> wl_dd_ratio;
  std::optional<double> llr;  // with an SPRT only
  std::optional<SprtBounds> bounds;
};

MatchSummary summarize(const GameCounts& games, const std::optional<PairCounts>& pairs,
                       const std::optional<SprtConfig>& sprt);

// The block, one '\n'-terminated line each:
//   Elo: 13.37 +/- 19.44, nElo: 20.58 +/- 29.86
//   LOS: 91.16 %, DrawRatio: 57.69 %, PairsRatio: 1.20
//   Games: 520, Wins: 120, Losses: 100, Draws: 300, Points: 270.0 (51.92 %)
//   Ptnml(0-2): [10, 40, 150, 40, 20], WL/DD Ratio: 0.36
//   LLR: 0.39 (13.2%) (-2.94, 2.94) [0.00, 5.00]
// The Ptnml line only with pair counts ("WL/DD Ratio: n/a" when the split is not
// tracked), the LLR line only with an SPRT. The LLR percentage is of the bound
// on the LLR's side (negative below 0). An unbounded value prints as "inf"/"-inf".
std::string format_report(const GameCounts& games, const std::optional<PairCounts>& pairs,
                          const std::optional<SprtConfig>& sprt);

// One engine's results against the rest of a tournament.
struct RankingEntry {
  std::string name;
  GameCounts games;
  std::optional<PairCounts> pairs;  // Elo from the pairs when present
};

// A table, highest Elo first (ties keep the input order), e.g.
//   Rank  Name       Elo     +/-  Games   Score    Draw
//      1  alpha    35.04   21.71    400  55.00%  40.00%
// Score and Draw are per game whatever the Elo basis.
std::string format_ranking(const std::vector<RankingEntry>& entries);

// One line for a live terminal display, no newline:
//   Games 260/1000 (26.0%), 42.5 games/min, Elo 13.37 +/- 19.44
// games_total <= 0 means unknown (no total, no percentage).
std::string format_progress(long long games_done, long long games_total, double games_per_minute,
                            const EloEstimate& elo);

// {:.Nf} of a finite value; "inf" / "-inf" for infinities and "n/a" for NaN, so
// that no "nan" reaches a report.
std::string format_fixed(double value, int decimals);

}  // namespace narabe::match
