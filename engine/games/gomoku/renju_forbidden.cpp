#include "engine/games/gomoku/renju_forbidden.h"

#include "engine/games/gomoku/line_patterns.h"

namespace narabe::games::gomoku {

namespace {

// Black stones within four steps of `at` along `step`, up to the first cell that
// is neither Black nor empty: only these can be in a five, four or three with `at`.
int black_stones_near(const Cells& cells, int at, int step) {
  int count = 0;
  for (const int direction : {step, -step}) {
    int q = at;
    for (int k = 1; k <= 4; ++k) {
      q += direction;
      const std::uint8_t c = cells[static_cast<std::size_t>(q)];
      if (c == kBlack) ++count;
      else if (c != kEmpty) break;
    }
  }
  return count;
}

// Whether the Black stone at `at` makes a three along `step`: a point q of the line
// where one more stone makes a straight four (through `at`) without making a five,
// and q is not itself forbidden.
bool makes_three(Cells& cells, int at, int step) {
  for (int k = -3; k <= 3; ++k) {
    const int q = at + k * step;
    if (k == 0 || cells[static_cast<std::size_t>(q)] != kEmpty) continue;
    cells[static_cast<std::size_t>(q)] = kBlack;
    const bool straight = is_straight_four(cells, at, step, kBlack, Rule::kRenju);
    cells[static_cast<std::size_t>(q)] = kEmpty;
    if (!straight) continue;
    if (makes_exact_five(cells, q, kBlack)) continue;  // RIF: "without at the same time a five"
    if (renju_forbidden(cells, q) != Forbidden::kNone) continue;
    return true;
  }
  return false;
}

// Whether a Black stone at `at` makes exactly five, or six or more, in some line.
struct Rows {
  bool five = false;
  bool overline = false;
};

Rows rows_through(const Cells& cells, int at) {
  Rows rows;
  for (const int step : kDirections) {
    const int length = run_length(cells, at, step, kBlack);
    rows.five = rows.five || length == 5;
    rows.overline = rows.overline || length >= 6;
  }
  return rows;
}

// A quick necessary condition, for skipping most points: true when a Black stone
// at `at` cannot be forbidden under renju (too few Black stones in its lines).
bool renju_cannot_be_forbidden(const Cells& cells, int at) {
  // A double-three needs two lines with two more Black stones each; a double-four
  // in two lines needs three each, in one line four; an overline five others.
  int lines_with_two = 0;
  for (const int step : kDirections) {
    const int near = black_stones_near(cells, at, step);
    if (near >= 4) return false;
    if (near >= 2) ++lines_with_two;
  }
  return lines_with_two < 2;
}

}  // namespace

Forbidden renju_forbidden(Cells& cells, int at) {
  if (renju_cannot_be_forbidden(cells, at)) return Forbidden::kNone;
  const auto slot = static_cast<std::size_t>(at);
  cells[slot] = kBlack;
  Forbidden result = Forbidden::kNone;
  const Rows rows = rows_through(cells, at);
  if (!rows.five) {
    if (rows.overline) {
      result = Forbidden::kOverline;
    } else {
      int fours = 0;
      std::array<bool, 4> has_four{};
      for (std::size_t d = 0; d < kDirections.size(); ++d) {
        const int step = kDirections[d];
        const int here = fours_in_line(win_points_in_line(cells, at, step, kBlack, Rule::kRenju), step);
        has_four[d] = here > 0;
        fours += here;
      }
      if (fours >= 2) {
        result = Forbidden::kDoubleFour;
      } else {
        int threes = 0;
        for (std::size_t d = 0; d < kDirections.size() && threes < 2; ++d)
          if (!has_four[d] && makes_three(cells, at, kDirections[d])) ++threes;
        if (threes >= 2) result = Forbidden::kDoubleThree;
      }
    }
  }
  cells[slot] = kEmpty;
  return result;
}

Forbidden forbidden_kind(Cells& cells, int at, Cell colour, Rule rule) {
  if (!has_forbidden_points(rule, colour)) return Forbidden::kNone;
  if (rule == Rule::kRenju) return renju_forbidden(cells, at);
  // Overline-forbidden: an overline that makes no five at the same time.
  const Rows rows = rows_through(cells, at);
  return rows.overline && !rows.five ? Forbidden::kOverline : Forbidden::kNone;
}

bool may_play(const PatternBoard& board, int at, Cell colour) {
  if (board.cell(at) != kEmpty) return false;
  const Rule rule = board.rule();
  if (!has_forbidden_points(rule, colour)) return true;
  const PatternBoard::PointThreat t = board.threat(at, colour);
  if (t.five) return true;  // a five is never forbidden
  if (t.overline) return false;
  if (rule != Rule::kRenju) return true;  // overline-forbidden: only the overline
  if (t.fours >= 2) return false;
  if (t.threes < 2) return true;
  // Two threes by the lines' own shapes: the RIF checker decides (a three whose
  // four point is forbidden, or makes a five, is no three).
  Cells scratch = board.cells();
  return renju_forbidden(scratch, at) == Forbidden::kNone;
}

}  // namespace narabe::games::gomoku
