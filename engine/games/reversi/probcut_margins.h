#pragma once
// ProbCut for Reversi (engine/core/probcut_hint.h): the margins the generic search uses
// to cut a node whose shallow search lands far outside the window. They were fitted
// by `narabe-reversi-train probcut` (docs/reversi.md): for positions from the
// trainer's games, the standard deviation of (deep result - shallow result), per
// deep depth and phase, with the trained evaluation; the margin is kProbCutT of
// them. The simple evaluation's errors are of another size, so the cut is on only
// when the position's settings hold trained weights and ask for it
// (Reversi::probcut_enabled).

#include <optional>

#include "engine/core/probcut_hint.h"
#include "engine/games/reversi/pattern_weights.h"
#include "engine/games/reversi/reversi.h"

namespace narabe::games {

namespace reversi {

// The margins' phases: the empties in spans of 10 (60-51, ..., 10-0), whatever phases
// the evaluation's weights have.
inline constexpr int kProbCutPhases = 6;
constexpr int probcut_phase(int empties) { return PatternWeights::phase_of(empties, kProbCutPhases); }

// Deep searches from this depth on try the cut.
inline constexpr int kProbCutMinDepth = 3;
// The shallow depth for a deep one: about half as deep, with the same parity (the
// evaluation swings between the two sides' moves).
constexpr int probcut_shallow_depth(int depth) { return depth - 2 * ((depth + 2) / 4); }

}  // namespace reversi

// Found by the generic search through ADL (engine/search/game_hooks.h).
std::optional<core::ProbCut> probcut(const Reversi& position, int depth);

}  // namespace narabe::games
