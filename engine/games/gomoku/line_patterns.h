#pragma once
// Reading one line of the padded board (board_geometry.h) around a point: runs,
// the points that would complete a win, fours and straight fours. The renju
// checker, the rules and the levels are built from these. Every function reads at
// most five cells either side of the point, which the padding keeps in the array.

#include <cstdint>

#include "engine/games/gomoku/board_geometry.h"
#include "engine/games/gomoku/rule.h"

namespace narabe::games::gomoku {

// Stones of `colour` in a row through `at` along `step`, `at` counted as one of them
// whatever it holds (so a candidate move can be tested without placing it).
int run_length(const Cells& cells, int at, int step, Cell colour);

// Whether a stone of `colour` at `at` would win under `rule` (a winning run in any
// of the four directions).
bool makes_win(const Cells& cells, int at, Cell colour, Rule rule);

// Whether a stone of `colour` at `at` would make a run of exactly five somewhere.
bool makes_exact_five(const Cells& cells, int at, Cell colour);

// The empty points of one line that would complete a win for `colour` under `rule`
// together with the stone at `at` (which must already hold `colour`): the points
// where `at`'s line becomes a five. At most 8 (four steps either side).
struct LinePoints {
  std::uint8_t count = 0;
  std::array<std::int16_t, 8> at{};  // cell indices, in line order
};
LinePoints win_points_in_line(const Cells& cells, int at, int step, Cell colour, Rule rule);

// The fours the stone at `at` (holding `colour`) forms along `step`: 0, 1 or 2. A
// straight four (.XXXX., two win points five apart) is one four; two win points
// that are not (X.XXX.X) are two fours in one line.
int fours_in_line(const LinePoints& points, int step);

// Whether the line through `at` (holding `colour`) along `step` is a straight four:
// four in a row including `at`, open at both ends, each end completing a win.
bool is_straight_four(const Cells& cells, int at, int step, Cell colour, Rule rule);

}  // namespace narabe::games::gomoku
