#include "engine/games/gomoku/pattern_codes.h"

#include <memory>

namespace narabe::games::gomoku {

namespace {

constexpr std::array<int, 10> kOffsets = {-5, -4, -3, -2, -1, 1, 2, 3, 4, 5};

constexpr LineKey with_stone(LineKey key, int offset, Cell colour) {
  return key | (LineKey{colour} << (2 * key_slot(offset)));
}

constexpr bool empty_at(LineKey key, int offset) { return ((key >> (2 * key_slot(offset))) & 3) == kEmpty; }

// `shape(key)` is the Shape of a `colour` stone on the point; the lower classes add
// one or two more stones of that colour and look at the shapes they make.
template <class ShapeOf>
LineClass classify(LineKey key, Cell colour, ShapeOf&& shape) {
  switch (shape(key)) {
    case kFive: return kFiveClass;
    case kOverline: return kOverlineClass;
    case kFlexFour:
    case kDoubleFour: return kFreeFour;
    case kFour: return kBlockedFour;
    case kThree: return kFreeThree;
    case kBlockedThree: return kBlockedThreeClass;
    case kNone: break;
  }
  // A two: one more stone makes a three (or a blocked three).
  LineClass best = kDead;
  for (const int q : kOffsets) {
    if (!empty_at(key, q)) continue;
    const Shape s = shape(with_stone(key, q, colour));
    if (s == kThree) return kFreeTwo;
    if (s == kBlockedThree) best = kBlockedTwo;
  }
  if (best != kDead) return best;
  // A one: two more stones make a three (or a blocked three).
  for (std::size_t i = 0; i < kOffsets.size(); ++i) {
    if (!empty_at(key, kOffsets[i])) continue;
    const LineKey one = with_stone(key, kOffsets[i], colour);
    for (std::size_t j = i + 1; j < kOffsets.size(); ++j) {
      if (!empty_at(key, kOffsets[j])) continue;
      const Shape s = shape(with_stone(one, kOffsets[j], colour));
      if (s == kThree) return kFreeOne;
      if (s == kBlockedThree) best = kBlockedOne;
    }
  }
  return best;
}

}  // namespace

const char* line_class_name(LineClass c) {
  constexpr std::array<const char*, kLineClasses> kNames = {"dead", "overline", "b1", "f1", "b2", "f2",
                                                           "b3",   "f3",       "b4", "f4", "five"};
  return kNames[static_cast<std::size_t>(c)];
}

LineClass line_class(LineKey key, Cell colour, bool exact_five) {
  return classify(key, colour, [&](LineKey k) { return line_shape(k, colour, exact_five); });
}

LineClassTable::LineClassTable(bool black_exact, bool white_exact)
    : black_exact_(black_exact), white_exact_(white_exact) {
  // A cache of a pure function, as LineShapeTable's: made on first use, kept.
  static const std::array<std::unique_ptr<Slots>, 4> tables = [] {
    std::array<std::unique_ptr<Slots>, 4> made;
    for (auto& table : made) table = std::make_unique<Slots>();
    return made;
  }();
  slots_ = tables[static_cast<std::size_t>((black_exact ? 2 : 0) + (white_exact ? 1 : 0))].get();
}

std::uint16_t LineClassTable::fill(LineKey key) const {
  // The shape table of the same rules caches the shapes the lower classes look at.
  const LineShapeTable shapes(black_exact_, white_exact_);
  const LineClass black = classify(key, kBlack, [&](LineKey k) { return static_cast<Shape>(shapes.shapes(k) & 15); });
  const LineClass white = classify(key, kWhite, [&](LineKey k) { return static_cast<Shape>(shapes.shapes(k) >> 4); });
  const auto entry = static_cast<std::uint16_t>(shapes.shapes(key) | (black | white << 4) << 8);
  (*slots_)[key].store(static_cast<std::uint16_t>(entry + 0x1100), std::memory_order_relaxed);
  return entry;
}

}  // namespace narabe::games::gomoku
