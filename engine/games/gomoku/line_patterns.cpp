#include "engine/games/gomoku/line_patterns.h"

namespace narabe::games::gomoku {

namespace {

// The far ends of the run of `colour` through `at` along `step` (at counted as colour).
struct Run {
  int low;   // index of the run's first cell
  int high;  // index of its last cell
};

Run run_through(const Cells& cells, int at, int step, Cell colour) {
  int low = at;
  while (cells[static_cast<std::size_t>(low - step)] == colour) low -= step;
  int high = at;
  while (cells[static_cast<std::size_t>(high + step)] == colour) high += step;
  return {low, high};
}

}  // namespace

int run_length(const Cells& cells, int at, int step, Cell colour) {
  const Run run = run_through(cells, at, step, colour);
  return (run.high - run.low) / step + 1;
}

bool makes_win(const Cells& cells, int at, Cell colour, Rule rule) {
  for (const int step : kDirections)
    if (run_wins(rule, colour, run_length(cells, at, step, colour))) return true;
  return false;
}

bool makes_exact_five(const Cells& cells, int at, Cell colour) {
  for (const int step : kDirections)
    if (run_length(cells, at, step, colour) == 5) return true;
  return false;
}

LinePoints win_points_in_line(const Cells& cells, int at, int step, Cell colour, Rule rule) {
  LinePoints points;
  for (int k = -4; k <= 4; ++k) {
    const int q = at + k * step;
    if (k == 0 || cells[static_cast<std::size_t>(q)] != kEmpty) continue;
    const Run run = run_through(cells, q, step, colour);
    // Only a five that includes `at` is one `at` helps to make.
    if (run.low <= at && at <= run.high && run_wins(rule, colour, (run.high - run.low) / step + 1))
      points.at[points.count++] = static_cast<std::int16_t>(q);
  }
  return points;
}

int fours_in_line(const LinePoints& points, int step) {
  if (points.count == 2 && points.at[1] - points.at[0] == 5 * step) return 1;
  return points.count >= 2 ? 2 : points.count;
}

bool is_straight_four(const Cells& cells, int at, int step, Cell colour, Rule rule) {
  const Run run = run_through(cells, at, step, colour);
  if ((run.high - run.low) / step + 1 != 4) return false;
  const int before = run.low - step;
  const int after = run.high + step;
  if (cells[static_cast<std::size_t>(before)] != kEmpty || cells[static_cast<std::size_t>(after)] != kEmpty)
    return false;
  // Each end must complete a win: under exact-five rules a stone of the same colour
  // just beyond an end would make it an overline instead.
  return run_wins(rule, colour, run_length(cells, before, step, colour)) &&
         run_wins(rule, colour, run_length(cells, after, step, colour));
}

}  // namespace narabe::games::gomoku
