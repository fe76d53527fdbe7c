#pragma once
// How long each move's animation lasts. The controller needs the times (input
// waits for the animation, the landing sound plays when the stone lands); the
// view draws from the same numbers, as pure functions of the time since the
// move began, so a screenshot at a given time is always the same picture.

#include <cmath>

namespace narabe::gui::timing {

// A stone that is set down (tic-tac-toe, Gomoku, Reversi) grows into place.
inline constexpr double kPlaceSeconds = 0.16;
// A Connect Four disc falls under gravity, then bounces once.
inline constexpr double kFallSecondsPerSqrtRow = 0.11;
inline constexpr double kBounceSeconds = 0.14;
// Reversi's flips start one after another along each line, outward.
inline constexpr double kFlipGapSeconds = 0.07;
inline constexpr double kFlipSeconds = 0.24;

// A pass stays on the board at least this long; the next move waits for it.
inline constexpr double kPassBannerSeconds = 1.5;
// The winning line's glow sweeps along it once, then stays still.
inline constexpr double kWinSweepSeconds = 0.6;

// Falling `rows` rows (row 0 counts as one, from just above the board).
inline double fall_seconds(int rows) { return kFallSecondsPerSqrtRow * std::sqrt(static_cast<double>(rows)); }

}  // namespace narabe::gui::timing
