#pragma once
// The trained evaluation's threat term: which kinds of threat points each side
// holds, as an 11-bit mask whose value the trainer learns. The pattern codes value
// every point on its own; a threat changes the whole position at once (a side with
// a four point to answer cannot play its own open three), and a table over the
// combinations of both sides' threats prices that without a search.
//
// A point's threat kind for one colour comes from its four line classes
// (pattern_codes.h), strongest first: a five; an open four (or a double four in
// one line); a four-three or four-four; a single four; a double three; a single
// three. Whether renju forbids the point to Black is left to the learned values, as
// for the codes.
//
// The mask, from the side to move's view (bit: the side has at least one such
// point): 0 opponent five, 1 own open four, 2 opponent open four, 3 own four-plus,
// 4 own four, 5 own double three, 6 own three, 7 opponent four-plus, 8 opponent
// four, 9 opponent double three, 10 opponent three. The side to move's own five
// is left out: it wins at once and the search sees it.

#include <array>
#include <cstdint>

#include "engine/games/gomoku/pattern_codes.h"

namespace narabe::games::gomoku {

enum ThreatKind : std::uint8_t {
  kNoThreat = 0,
  kThreeThreat,
  kDoubleThreeThreat,
  kFourThreat,
  kFourPlusThreat,
  kOpenFourThreat,
  kFiveThreat,
};
inline constexpr int kThreatKinds = 7;
inline constexpr int kThreatMasks = 1 << 11;

// Per colour (0 black, 1 white), how many empty points hold each kind.
using ThreatCounts = std::array<std::array<std::int16_t, kThreatKinds>, 2>;

constexpr ThreatKind threat_kind(const CodeClasses& classes) {
  int fives = 0, open_fours = 0, fours = 0, threes = 0;
  for (const std::uint8_t c : classes) {
    fives += c == kFiveClass;
    open_fours += c == kFreeFour;
    fours += c == kBlockedFour;
    threes += c == kFreeThree;
  }
  if (fives > 0) return kFiveThreat;
  if (open_fours > 0) return kOpenFourThreat;
  if (fours >= 2 || (fours == 1 && threes >= 1)) return kFourPlusThreat;
  if (fours == 1) return kFourThreat;
  if (threes >= 2) return kDoubleThreeThreat;
  if (threes == 1) return kThreeThreat;
  return kNoThreat;
}

namespace detail {
constexpr std::array<std::uint8_t, kPatternIndices> make_threat_kind_of_index() {
  std::array<std::uint8_t, kPatternIndices> out{};
  for (int index = 0; index < kPatternIndices; ++index)
    out[static_cast<std::size_t>(index)] = threat_kind(kCodeClasses[kCodeOfIndex[static_cast<std::size_t>(index)]]);
  return out;
}
}  // namespace detail

// By the unsorted index the pattern board keeps (pattern_codes.h).
inline constexpr std::array<std::uint8_t, kPatternIndices> kThreatKindOfIndex = detail::make_threat_kind_of_index();

// The mask for the side to move (`own`: 0 black, 1 white).
constexpr int threat_mask(const ThreatCounts& counts, int own) {
  const auto& me = counts[static_cast<std::size_t>(own)];
  const auto& them = counts[static_cast<std::size_t>(1 - own)];
  auto has = [](const std::array<std::int16_t, kThreatKinds>& side, ThreatKind kind) {
    return side[kind] > 0 ? 1 : 0;
  };
  return has(them, kFiveThreat) | has(me, kOpenFourThreat) << 1 | has(them, kOpenFourThreat) << 2 |
         has(me, kFourPlusThreat) << 3 | has(me, kFourThreat) << 4 | has(me, kDoubleThreeThreat) << 5 |
         has(me, kThreeThreat) << 6 | has(them, kFourPlusThreat) << 7 | has(them, kFourThreat) << 8 |
         has(them, kDoubleThreeThreat) << 9 | has(them, kThreeThreat) << 10;
}

}  // namespace narabe::games::gomoku
