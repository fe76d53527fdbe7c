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

#include <array>
#include <cstdint>

#include "engine/games/gomoku/board_geometry.h"
#include "engine/games/gomoku/line_shapes.h"
#include "engine/games/gomoku/rule.h"

namespace narabe::games::gomoku {

class PatternBoard {
 public:
  static constexpr int kDefaultSize = 15;
  PatternBoard() : PatternBoard(empty_cells(kDefaultSize), Rule::kFreestyle) {}
  // `cells` as the rules keep them (walls around the board).
  PatternBoard(const Cells& cells, Rule rule);

  void place(int at, Cell colour);
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

 private:
  void refresh(int at, int dir, int sign);
  // Writes `value` into the keys of the points within five steps of `at`.
  void rewrite_lines(int at, std::uint8_t value);
  void count_point(int at, int sign);

  Cells cells_{};
  Rule rule_ = Rule::kFreestyle;
  LineShapeTable table_;
  std::array<std::array<LineKey, 4>, kCells> keys_{};
  std::array<std::array<std::uint8_t, 4>, kCells> shapes_{};
  std::array<std::array<int, kShapeCount>, 2> counts_{};
};

}  // namespace narabe::games::gomoku
