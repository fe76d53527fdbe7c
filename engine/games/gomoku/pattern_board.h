#pragma once
// The board with its line patterns kept up to date stone by stone: for every point
// and each of the four directions, the key of the ten cells around it and the
// shape (line_shapes.h) a black and a white stone there would make. Placing or
// removing a stone rewrites the keys of the 40 points within five steps along its
// four lines and nothing else (no rescan), and keeps per side the number of
// (empty point, direction) pairs of every shape: how many fives, fours and threes
// each side can make next. The threat solver, the evaluation, the candidate moves
// and the move order read these.
//
// Shapes are only meaningful on empty points; occupied ones keep stale values
// that nobody reads (and that the counts leave out).
//
// With point values set (set_values: the trained evaluation's, eval_weights.h) it
// also keeps every point's four line classes (pattern_codes.h) per colour and, per
// colour, the sum over the empty points of the values of their pattern codes and
// the number of empty points holding each threat kind (threat_mask.h), so the
// trained evaluation is two additions and a table read. Without them (the threat solver's copy,
// the hand-set evaluation) none of that is done.

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/games/gomoku/board_geometry.h"
#include "engine/games/gomoku/line_shapes.h"
#include "engine/games/gomoku/pattern_codes.h"
#include "engine/games/gomoku/rule.h"
#include "engine/games/gomoku/threat_mask.h"

namespace narabe::games::gomoku {

class PatternBoard {
 public:
  static constexpr int kDefaultSize = 15;
  PatternBoard() : PatternBoard(empty_cells(kDefaultSize), Rule::kFreestyle) {}
  // `cells` as the rules keep them (walls around the board).
  PatternBoard(const Cells& cells, Rule rule);

  void place(int at, Cell colour);
  // Takes the stone off `at`. The stone placed last is taken off by restoring what
  // its placing overwrote (a copy, no table reads); any other is recomputed.
  void remove(int at);

  const Cells& cells() const { return cells_; }
  Cell cell(int at) const { return static_cast<Cell>(cells_[static_cast<std::size_t>(at)]); }
  Rule rule() const { return rule_; }

  // The shape a stone of `colour` on the empty point `at` makes along direction
  // `dir` (an index into kDirections).
  Shape shape(int at, int dir, Cell colour) const {
    const std::uint8_t both = shapes_[static_cast<std::size_t>(at)][static_cast<std::size_t>(dir)];
    return static_cast<Shape>(colour == kBlack ? both & 15 : both >> 4);
  }
  // The strongest of the four.
  Shape best_shape(int at, Cell colour) const;
  // Whether some direction's shape for `colour` at `at` is `weakest` or stronger
  // (an overline counts): a quick test of the four shapes at once, so a scan over
  // the board skips the points that make nothing.
  bool has_shape_at_least(int at, Cell colour, Shape weakest) const {
    const auto packed = std::bit_cast<std::uint32_t>(shapes_[static_cast<std::size_t>(at)]);
    const std::uint32_t nibbles = (colour == kBlack ? packed : packed >> 4) & 0x0F0F0F0Fu;
    // Each byte holds 0..7; adding 8 - weakest sets its bit 3 exactly when it is
    // at least `weakest`, without a carry into the next byte.
    return ((nibbles + (8u - weakest) * 0x01010101u) & 0x08080808u) != 0;
  }
  // (Empty point, direction) pairs where a stone of `colour` makes `shape`.
  int count(Cell colour, Shape shape) const {
    return counts_[colour == kBlack ? 0 : 1][static_cast<std::size_t>(shape)];
  }

  // What a stone of `colour` on `at` makes over its four lines, for the threat
  // solver and the renju filter.
  struct PointThreat {
    bool five = false;
    bool overline = false;
    int fours = 0;        // a double four in one line counts two
    int flex_fours = 0;   // open fours
    int threes = 0;
    int blocked_threes = 0;  // lines where one more stone would make a four
  };
  PointThreat threat(int at, Cell colour) const {  // inline: the solver's hot path
    PointThreat t;
    for (int d = 0; d < 4; ++d) {
      switch (shape(at, d, colour)) {
        case kFive: t.five = true; break;
        case kOverline: t.overline = true; break;
        case kDoubleFour: t.fours += 2; break;
        case kFlexFour: ++t.fours, ++t.flex_fours; break;
        case kFour: ++t.fours; break;
        case kThree: ++t.threes; break;
        case kBlockedThree: ++t.blocked_threes; break;
        case kNone: break;
      }
    }
    return t;
  }
  // Whether a stone of `colour` on the empty point `at` completes a winning row
  // (the line tables know which lengths win for this colour under this rule).
  bool makes_five(int at, Cell colour) const {
    for (int d = 0; d < 4; ++d)
      if (shape(at, d, colour) == kFive) return true;
    return false;
  }
  // Whether `colour` has a point making a four (a VCF could start).
  bool has_four_point(Cell colour) const {
    return count(colour, kFour) + count(colour, kFlexFour) + count(colour, kDoubleFour) > 0;
  }

  // The line key of a point (for tests: keys equal a fresh board's).
  LineKey key(int at, int dir) const { return keys_[static_cast<std::size_t>(at)][static_cast<std::size_t>(dir)]; }

  static Cells empty_cells(int size);

  // Starts (or, with null, stops) keeping the pattern codes and their value sums;
  // `values` must outlive the board's use of it (the position holds the weights).
  void set_values(const PointValues* values);
  const PointValues* values() const { return values_; }
  // The sum over the empty points of the values of `colour`'s codes (role 0:
  // `colour` is to move, 1: it is the opponent). Only with values set.
  std::int32_t value_sum(Cell colour, int role) const {
    return eval_state_.sums[colour == kBlack ? 0 : 1][static_cast<std::size_t>(role)];
  }
  // What the trained evaluation reads (values set): the value sums, [colour: 0
  // black, 1 white][role], and how many empty points hold each threat kind
  // (threat_mask.h) per colour.
  struct EvalState {
    std::array<std::array<std::int32_t, 2>, 2> sums{};
    ThreatCounts threats{};
  };
  const EvalState& eval_state() const { return eval_state_; }
  // The value the empty point `at` adds to `colour`'s sum (role as in value_sum).
  std::int32_t point_value(int at, Cell colour, int role) const {
    return point_values_[static_cast<std::size_t>(at)][colour == kBlack ? 0 : 1][static_cast<std::size_t>(role)];
  }
  // The pattern code of a stone of `colour` on the empty point `at` (values set).
  int code(int at, Cell colour) const {
    return kCodeOfIndex[class_index_[static_cast<std::size_t>(at)][colour == kBlack ? 0 : 1]];
  }

 private:
  void refresh(int at, int dir, int sign);
  // refresh() reading the shapes and the classes (values set).
  void refresh_coded(int at, int dir, int sign);
  void count_change(std::uint8_t before, std::uint8_t after, int sign);
  // Writes `value` into the keys of the points within five steps of `at`.
  void rewrite_lines(int at, std::uint8_t value);
  void count_point(int at, int sign);
  // Sets the line classes of (at, dir); keeps the sums when `sign` != 0.
  void refresh_classes(int at, int dir, int sign, std::uint8_t fresh);
  void add_values(int at, int sign);
  // What a place() overwrites, for its remove(): per line point (kDirections
  // order, then steps 1..5, the minus side first) its key, shapes, classes, code
  // indices and values, and the counts and sums. Kept while stones are placed and
  // removed last-first; a remove of any other stone drops the log.
  struct LinePointState {
    LineKey key;
    std::uint8_t shapes;
    std::uint8_t classes;
    std::array<std::uint16_t, 2> class_index;
    std::array<std::array<std::int16_t, 2>, 2> values;
  };
  struct PlaceRecord {
    int at;
    std::array<LinePointState, 40> points;
    std::array<std::array<int, kShapeCount>, 2> counts;
    EvalState eval_state;
  };
  void save_before_place(int at);
  void restore_last_place();
  std::vector<PlaceRecord> placed_;

  Cells cells_{};
  Rule rule_ = Rule::kFreestyle;
  LineShapeTable table_;
  std::array<std::array<LineKey, 4>, kCells> keys_{};
  std::array<std::array<std::uint8_t, 4>, kCells> shapes_{};
  std::array<std::array<int, kShapeCount>, 2> counts_{};

  // The trained evaluation's state (only kept while values_ is set).
  const PointValues* values_ = nullptr;
  LineClassTable class_table_;
  // Black's class in the low four bits, white's in the high four.
  std::array<std::array<std::uint8_t, 4>, kCells> classes_{};
  // Per colour, sum of class(dir) * 11^dir (pattern_codes.h's kPatternIndex).
  std::array<std::array<std::uint16_t, 2>, kCells> class_index_{};
  // Per point and colour, the values its code adds to the sums (to move, opponent),
  // 16 bits as in the weights: half what each stone saves and restores.
  std::array<std::array<std::array<std::int16_t, 2>, 2>, kCells> point_values_{};
  EvalState eval_state_;
};

}  // namespace narabe::games::gomoku
