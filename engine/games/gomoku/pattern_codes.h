#pragma once
// The trained evaluation's vocabulary: what one more stone on an empty point makes
// in one line (a line class, finer than line_shapes.h's Shape), and what it makes
// over its four lines together (a pattern code: the multiset of the four classes).
//
// The line classes for a stone of colour X on the point, weakest first:
//   kDead     - no row of five through the point can ever be X's in this line
//               (walls, opponent stones; for a colour that must make exactly five,
//               also rows that could only grow into overlines);
//   kOverline - the stone makes a row of six or more that does not win;
//   kBlockedOne / kFreeOne - one more X stone (two with this one) can make a
//               blocked / open two below: room for a five, little else;
//   kBlockedTwo / kFreeTwo - one more X stone makes a blocked three / a three;
//   kBlockedThree / kFreeThree - Shape's kBlockedThree / kThree;
//   kBlockedFour - Shape's kFour (one five point);
//   kFreeFour - Shape's kFlexFour or kDoubleFour (two five points);
//   kFive     - the stone completes a winning row.
// The classes are read with the rule's win lengths (exact five for renju's Black),
// so renju's Black overlines and fours that could only end in an overline fall
// where they belong. Cross-line facts (a double three forbidden to Black) are left
// to the learned values: each rule has its own, and the code of a double three is
// its own code.
//
// A point's pattern code for X sorts its four classes: 11 classes give
// C(14, 4) = 1001 codes. kPatternIndex = c0 + 11 c1 + 121 c2 + 1331 c3 (the four
// directions' classes, unsorted) is what the pattern board keeps, since one
// direction's change is then one addition; kCodeOfIndex maps it to the code.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>

#include "engine/games/gomoku/line_shapes.h"

namespace narabe::games::gomoku {

enum LineClass : std::uint8_t {
  kDead = 0,
  kOverlineClass,
  kBlockedOne,
  kFreeOne,
  kBlockedTwo,
  kFreeTwo,
  kBlockedThreeClass,
  kFreeThree,
  kBlockedFour,
  kFreeFour,
  kFiveClass,
};
inline constexpr int kLineClasses = 11;
inline constexpr int kPatternIndices = kLineClasses * kLineClasses * kLineClasses * kLineClasses;  // 14641
inline constexpr int kPatternCodes = 1001;  // multisets of 4 out of 11

// The four classes of a code, weakest first.
using CodeClasses = std::array<std::uint8_t, 4>;

namespace detail {
constexpr std::array<CodeClasses, kPatternCodes> make_code_classes() {
  std::array<CodeClasses, kPatternCodes> out{};
  int code = 0;
  for (int a = 0; a < kLineClasses; ++a)
    for (int b = a; b < kLineClasses; ++b)
      for (int c = b; c < kLineClasses; ++c)
        for (int d = c; d < kLineClasses; ++d)
          out[static_cast<std::size_t>(code++)] = {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b),
                                                   static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(d)};
  return out;
}
}  // namespace detail

inline constexpr std::array<CodeClasses, kPatternCodes> kCodeClasses = detail::make_code_classes();

namespace detail {
constexpr std::array<std::uint16_t, kPatternIndices> make_code_of_index() {
  // The rank of (a <= b <= c <= d) in kCodeClasses' order, found by a table of the
  // codes' positions: walk the codes once and store each sorted tuple's rank.
  std::array<std::uint16_t, kPatternIndices> sorted_rank{};
  for (int code = 0; code < kPatternCodes; ++code) {
    const CodeClasses& c = kCodeClasses[static_cast<std::size_t>(code)];
    sorted_rank[static_cast<std::size_t>(c[0] + 11 * c[1] + 121 * c[2] + 1331 * c[3])] =
        static_cast<std::uint16_t>(code);
  }
  std::array<std::uint16_t, kPatternIndices> out{};
  for (int index = 0; index < kPatternIndices; ++index) {
    int c[4] = {index % 11, index / 11 % 11, index / 121 % 11, index / 1331};
    for (int i = 1; i < 4; ++i)  // insertion sort of four
      for (int j = i; j > 0 && c[j - 1] > c[j]; --j) {
        const int t = c[j];
        c[j] = c[j - 1];
        c[j - 1] = t;
      }
    out[static_cast<std::size_t>(index)] = sorted_rank[static_cast<std::size_t>(c[0] + 11 * c[1] + 121 * c[2] + 1331 * c[3])];
  }
  return out;
}
}  // namespace detail

inline constexpr std::array<std::uint16_t, kPatternIndices> kCodeOfIndex = detail::make_code_of_index();
inline constexpr std::array<int, 4> kClassPlace = {1, 11, 121, 1331};

// The values of the codes: [colour][role][code], colour 0 for a black stone on the
// point and 1 for a white one, role 0 when that colour is to move and 1 when it is
// the opponent. Under renju the same code means different things for the two
// colours (a double three is forbidden to Black, a win for White), so each colour
// has its own values; the symmetric rules give both the same.
using CodeValues = std::array<std::array<std::array<std::int32_t, kPatternCodes>, 2>, 2>;

// The same values by the unsorted index the pattern board keeps (the code looked up
// once here, not on every stone): by_index[colour][index] = {to move, opponent}, as
// 16 bits (the file's width) so that the table stays small in the cache.
struct PointValues {
  std::array<std::array<std::array<std::int16_t, 2>, kPatternIndices>, 2> by_index{};
  static PointValues from_codes(const CodeValues& codes) {
    PointValues v;
    for (std::size_t colour = 0; colour < 2; ++colour)
      for (std::size_t i = 0; i < kPatternIndices; ++i)
        for (std::size_t role = 0; role < 2; ++role)
          v.by_index[colour][i][role] =
              static_cast<std::int16_t>(std::clamp(codes[colour][role][kCodeOfIndex[i]], -32767, 32767));
    return v;
  }
};

// Short names for tools and `eval`: "dead", "overline", "b1", "f1", .., "f4", "five".
const char* line_class_name(LineClass c);

// The class a stone of `colour` on the point makes along a line with `key`, worked
// out from the cells (the table below remembers it).
LineClass line_class(LineKey key, Cell colour, bool exact_five);

// Both colours' shapes and classes per key, lazily filled like LineShapeTable (one
// table per pair of win rules, kept for the program), so that a board keeping the
// classes reads one entry per line, not two: the low byte as LineShapeTable's
// shapes(), the high byte black's class in its low four bits and white's in the
// high four. Stored with each class + 1 (0: not known yet).
class LineClassTable {
 public:
  LineClassTable(bool black_exact, bool white_exact);
  std::uint16_t entry(LineKey key) const {
    const std::uint16_t known = (*slots_)[key].load(std::memory_order_relaxed);
    return known != 0 ? static_cast<std::uint16_t>(known - 0x1100) : fill(key);
  }
  // Asks for the entry's cache line ahead of entry(): a stone changes 40 keys at
  // once, and their misses then overlap.
  void prefetch(LineKey key) const { __builtin_prefetch(&(*slots_)[key]); }

 private:
  using Slots = std::array<std::atomic<std::uint16_t>, std::size_t{1} << kLineKeyBits>;
  std::uint16_t fill(LineKey key) const;

  Slots* slots_;
  bool black_exact_, white_exact_;
};

}  // namespace narabe::games::gomoku
