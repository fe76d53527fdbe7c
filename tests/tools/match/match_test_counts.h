#pragma once
// Counts the match statistics and report tests build their cases from. One copy for
// both suites (the test targets are unity builds, where two copies would meet).

#include <array>
#include <limits>
#include <optional>

#include "tools/match/statistics.h"

namespace narabe::match::test_counts {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// Pair counts, with the DD share of the middle bin when known. A function rather
// than designated initialisers, which GCC's -Wextra flags for the omitted member.
inline PairCounts pairs_of(const std::array<long long, 5>& bins, std::optional<long long> draw_draw = std::nullopt) {
  PairCounts pairs;
  pairs.bins = bins;
  pairs.draw_draw = draw_draw;
  return pairs;
}

inline GameCounts ldw(long long losses, long long draws, long long wins) {
  return GameCounts{.wins = wins, .draws = draws, .losses = losses};
}

}  // namespace narabe::match::test_counts
