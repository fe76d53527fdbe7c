#pragma once
// What one more stone on an empty point makes in one line, read from a table: the
// incremental pattern board (pattern_board.h) keeps, for every point and each of
// the four directions, a key made of the ten cells around it (five either side,
// two bits each: empty, black, white, wall), and this table turns a key into the
// shape a black and a white stone on the point would make in that line.
//
// The shapes, weakest first, for a stone of colour X on the point:
//   kNone      - none of the below;
//   kBlockedThree - one more X stone in the line makes a four (a "closed three");
//   kThree     - one more X stone makes a straight four (two five points five
//                apart; for a colour that may win with longer rows, any two five
//                points): an open three, the threat VCT plays;
//   kFour      - the line has exactly one point that completes a five with it;
//   kFlexFour  - two such points five apart (.XXXX.): open four;
//   kDoubleFour - two or more such points not five apart (X.XXX.X): two fours in
//                one line (forbidden for Black under renju);
//   kFive      - the stone completes a winning row;
//   kOverline  - the stone makes a row of six or more that does not win (a colour
//                that must make exactly five).
// Only rows through the point count. Cross-line facts (a three whose four point is
// forbidden, a five made in another line) are left to the renju checker: the
// table is its quick filter, never the last word on a forbidden point.
//
// Whether X wins with exactly five or with five or more depends on the rule and
// the colour (rule.h); there is one table for each, filled lazily (most of the
// million keys never occur) and safe to fill from several threads.

#include <array>
#include <atomic>
#include <cstdint>

#include "engine/games/gomoku/board_geometry.h"
#include "engine/games/gomoku/rule.h"

namespace narabe::games::gomoku {

enum Shape : std::uint8_t {
  kNone = 0,
  kBlockedThree = 1,
  kThree = 2,
  kFour = 3,
  kFlexFour = 4,
  kDoubleFour = 5,
  kFive = 6,
  kOverline = 7,
};
inline constexpr int kShapeCount = 8;

// Ten neighbours, two bits each: the cell at offset k (-5..-1, 1..5) from the point
// sits at bit 2 * slot, slot = k + 5 for k < 0 and k + 4 for k > 0.
using LineKey = std::uint32_t;
inline constexpr int kLineKeyBits = 20;
constexpr int key_slot(int offset) { return offset < 0 ? offset + 5 : offset + 4; }

// The shape a stone of `colour` on the point makes along a line with `key`, when
// that colour wins with exactly five (`exact_five`) or with five or more: worked
// out from the cells each time (the tables below remember it).
Shape line_shape(LineKey key, Cell colour, bool exact_five);

// Both shapes at once, black's in the low four bits and white's in the next three,
// from one table per pair of win rules (one memory access on the hot path).
class LineShapeTable {
 public:
  LineShapeTable(bool black_exact, bool white_exact);
  std::uint8_t shapes(LineKey key) const {
    const std::uint8_t known = (*slots_)[key].load(std::memory_order_relaxed);
    return known != 0 ? static_cast<std::uint8_t>(known & 0x7f) : fill(key);
  }

 private:
  using Slots = std::array<std::atomic<std::uint8_t>, std::size_t{1} << kLineKeyBits>;
  std::uint8_t fill(LineKey key) const;

  Slots* slots_;  // shared by every board with the same pair of rules
  bool black_exact_, white_exact_;
};

// Whether `colour` must make exactly five under `rule`.
constexpr bool needs_exact_five(Rule rule, Cell colour) {
  return !run_wins(rule, colour, 6);
}

}  // namespace narabe::games::gomoku
