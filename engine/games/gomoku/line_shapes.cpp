#include "engine/games/gomoku/line_shapes.h"

#include <memory>

namespace narabe::games::gomoku {

namespace {

// Eleven cells of one line, the point in the middle.
using Line = std::array<std::uint8_t, 11>;
constexpr int kMiddle = 5;

// The run of `colour` through `at` (at counted as one of them).
struct Span {
  int low, high;
};
Span run_through(const Line& line, int at, std::uint8_t colour) {
  int low = at, high = at;
  while (low > 0 && line[static_cast<std::size_t>(low - 1)] == colour) --low;
  while (high < 10 && line[static_cast<std::size_t>(high + 1)] == colour) ++high;
  return {low, high};
}

bool wins(int length, bool exact_five) { return exact_five ? length == 5 : length >= 5; }

// The empty points of the line that complete a winning row through the middle.
struct FivePoints {
  int count = 0;
  int first = -1, last = -1;
};
FivePoints five_points(Line& line, std::uint8_t colour, bool exact_five) {
  FivePoints points;
  for (int q = 1; q <= 9; ++q) {
    if (line[static_cast<std::size_t>(q)] != kEmpty) continue;
    const Span run = run_through(line, q, colour);
    if (run.low <= kMiddle && kMiddle <= run.high && wins(run.high - run.low + 1, exact_five)) {
      if (points.count == 0) points.first = q;
      points.last = q;
      ++points.count;
    }
  }
  return points;
}

// Shapes with the middle already holding `colour`, fours and better.
Shape four_shape(Line& line, std::uint8_t colour, bool exact_five) {
  const FivePoints points = five_points(line, colour, exact_five);
  if (points.count == 0) return kNone;
  if (points.count == 1) return kFour;
  return points.count == 2 && points.last - points.first == 5 ? kFlexFour : kDoubleFour;
}

Shape classify(LineKey key, std::uint8_t colour, bool exact_five) {
  Line line{};
  for (int offset = -5; offset <= 5; ++offset) {
    if (offset == 0) continue;
    line[static_cast<std::size_t>(kMiddle + offset)] = static_cast<std::uint8_t>((key >> (2 * key_slot(offset))) & 3);
  }
  line[kMiddle] = colour;
  const Span run = run_through(line, kMiddle, colour);
  const int length = run.high - run.low + 1;
  if (wins(length, exact_five)) return kFive;
  if (length >= 6) return kOverline;
  const Shape four = four_shape(line, colour, exact_five);
  if (four != kNone) return four;
  // Threes: one more stone of the line (one that makes no five itself) makes a four.
  Shape best = kNone;
  for (int q = 1; q <= 9 && best != kThree; ++q) {
    if (line[static_cast<std::size_t>(q)] != kEmpty) continue;
    line[static_cast<std::size_t>(q)] = colour;
    const Span own = run_through(line, q, colour);
    const int own_length = own.high - own.low + 1;
    if (!wins(own_length, exact_five) && !(exact_five && own_length >= 6)) {
      const Shape after = four_shape(line, colour, exact_five);
      // A colour that must make exactly five needs a straight four (renju's three);
      // the other wins with any two five points.
      if (after == kFlexFour || (after == kDoubleFour && !exact_five)) best = kThree;
      else if (after != kNone) best = kBlockedThree;
    }
    line[static_cast<std::size_t>(q)] = kEmpty;
  }
  return best;
}

}  // namespace

Shape line_shape(LineKey key, Cell colour, bool exact_five) { return classify(key, colour, exact_five); }

LineShapeTable::LineShapeTable(bool black_exact, bool white_exact)
    : black_exact_(black_exact), white_exact_(white_exact) {
  // One table per pair of win rules, made on first use and kept for the program.
  static const std::array<std::unique_ptr<Slots>, 4> tables = [] {
    std::array<std::unique_ptr<Slots>, 4> made;
    for (auto& table : made) table = std::make_unique<Slots>();  // value-initialised: all unknown
    return made;
  }();
  slots_ = tables[static_cast<std::size_t>((black_exact ? 2 : 0) + (white_exact ? 1 : 0))].get();
}

std::uint8_t LineShapeTable::fill(LineKey key) const {
  // Two threads may both classify a key: they store the same value.
  const auto both = static_cast<std::uint8_t>(classify(key, kBlack, black_exact_) |
                                              (classify(key, kWhite, white_exact_) << 4));
  (*slots_)[key].store(static_cast<std::uint8_t>(both | 0x80), std::memory_order_relaxed);
  return both;
}

}  // namespace narabe::games::gomoku
