#include "engine/games/gomoku/pattern_board.h"

namespace narabe::games::gomoku {

namespace {

constexpr LineKey with_slot(LineKey key, int offset, std::uint8_t value) {
  const int shift = 2 * key_slot(offset);
  return (key & ~(LineKey{3} << shift)) | (LineKey{value} << shift);
}

}  // namespace

Cells PatternBoard::empty_cells(int size) {
  Cells cells;
  cells.fill(kWall);
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) cells[static_cast<std::size_t>(cell_index(file, rank))] = kEmpty;
  return cells;
}

PatternBoard::PatternBoard(const Cells& cells, Rule rule)
    : cells_(cells),
      rule_(rule),
      table_(needs_exact_five(rule, kBlack), needs_exact_five(rule, kWhite)),
      class_table_(needs_exact_five(rule, kBlack), needs_exact_five(rule, kWhite)) {
  for (int at = 0; at < kCells; ++at) {
    if (cells_[static_cast<std::size_t>(at)] == kWall) continue;
    for (std::size_t d = 0; d < kDirections.size(); ++d) {
      LineKey key = 0;
      for (int offset = -5; offset <= 5; ++offset)
        if (offset != 0) key = with_slot(key, offset, cells_[static_cast<std::size_t>(at + offset * kDirections[d])]);
      keys_[static_cast<std::size_t>(at)][d] = key;
      if (cells_[static_cast<std::size_t>(at)] == kEmpty) refresh(at, static_cast<int>(d), 0);
    }
    if (cells_[static_cast<std::size_t>(at)] == kEmpty) count_point(at, +1);
  }
}

void PatternBoard::refresh(int at, int dir, int sign) {
  // sign: +1/-1 keeps the counts (the point is empty and counted), 0 only rewrites.
  auto& both = shapes_[static_cast<std::size_t>(at)][static_cast<std::size_t>(dir)];
  const LineKey key = keys_[static_cast<std::size_t>(at)][static_cast<std::size_t>(dir)];
  const std::uint8_t fresh = table_.shapes(key);
  count_change(both, fresh, sign);
  both = fresh;
}

void PatternBoard::refresh_coded(int at, int dir, int sign) {
  auto& both = shapes_[static_cast<std::size_t>(at)][static_cast<std::size_t>(dir)];
  // One table read for the shapes and the classes.
  const std::uint16_t entry = class_table_.entry(keys_[static_cast<std::size_t>(at)][static_cast<std::size_t>(dir)]);
  const auto fresh = static_cast<std::uint8_t>(entry);
  refresh_classes(at, dir, sign, static_cast<std::uint8_t>(entry >> 8));
  count_change(both, fresh, sign);
  both = fresh;
}

void PatternBoard::refresh_classes(int at, int dir, int sign, std::uint8_t fresh) {
  auto& both = classes_[static_cast<std::size_t>(at)][static_cast<std::size_t>(dir)];
  if (fresh == both) return;
  const int place = kClassPlace[static_cast<std::size_t>(dir)];
  auto& indices = class_index_[static_cast<std::size_t>(at)];
  auto& point = point_values_[static_cast<std::size_t>(at)];
  for (std::size_t c = 0; c < 2; ++c) {
    const int shift = c == 0 ? 0 : 4;
    const int change = ((fresh >> shift) & 15) - ((both >> shift) & 15);
    if (change == 0) continue;
    const std::uint16_t before = indices[c];
    const auto after = static_cast<std::uint16_t>(before + change * place);
    indices[c] = after;
    const auto& value = values_->by_index[c][after];
    if (sign != 0) {
      eval_state_.sums[c][0] += value[0] - point[c][0];
      eval_state_.sums[c][1] += value[1] - point[c][1];
      --eval_state_.threats[c][kThreatKindOfIndex[before]];
      ++eval_state_.threats[c][kThreatKindOfIndex[after]];
    }
    point[c] = {value[0], value[1]};
  }
  both = fresh;
}

void PatternBoard::add_values(int at, int sign) {
  const auto& point = point_values_[static_cast<std::size_t>(at)];
  const auto& index = class_index_[static_cast<std::size_t>(at)];
  for (std::size_t c = 0; c < 2; ++c) {
    eval_state_.sums[c][0] += sign * point[c][0];
    eval_state_.sums[c][1] += sign * point[c][1];
    eval_state_.threats[c][kThreatKindOfIndex[index[c]]] += static_cast<std::int16_t>(sign);
  }
}

void PatternBoard::set_values(const PointValues* values) {
  values_ = values;
  eval_state_ = {};
  placed_.clear();  // the records hold the old values
  if (values_ == nullptr) return;
  // Every point's classes from scratch (occupied ones too: they are read again when
  // their stone is removed), the sums over the empty ones.
  for (int at = 0; at < kCells; ++at) {
    if (cells_[static_cast<std::size_t>(at)] == kWall) continue;
    auto& index = class_index_[static_cast<std::size_t>(at)];
    index = {};
    for (std::size_t d = 0; d < kDirections.size(); ++d) {
      const auto both = static_cast<std::uint8_t>(class_table_.entry(keys_[static_cast<std::size_t>(at)][d]) >> 8);
      classes_[static_cast<std::size_t>(at)][d] = both;
      index[0] = static_cast<std::uint16_t>(index[0] + (both & 15) * kClassPlace[d]);
      index[1] = static_cast<std::uint16_t>(index[1] + (both >> 4) * kClassPlace[d]);
    }
    for (std::size_t c = 0; c < 2; ++c)
      point_values_[static_cast<std::size_t>(at)][c] = {values_->by_index[c][index[c]][0], values_->by_index[c][index[c]][1]};
    if (cells_[static_cast<std::size_t>(at)] == kEmpty) add_values(at, +1);
  }
}

void PatternBoard::count_change(std::uint8_t before, std::uint8_t after, int sign) {
  if (sign == 0 || after == before) return;
  --counts_[0][static_cast<std::size_t>(before & 15)];
  --counts_[1][static_cast<std::size_t>(before >> 4)];
  ++counts_[0][static_cast<std::size_t>(after & 15)];
  ++counts_[1][static_cast<std::size_t>(after >> 4)];
}

void PatternBoard::count_point(int at, int sign) {
  for (const std::uint8_t both : shapes_[static_cast<std::size_t>(at)]) {
    counts_[0][static_cast<std::size_t>(both & 15)] += sign;
    counts_[1][static_cast<std::size_t>(both >> 4)] += sign;
  }
  if (values_ != nullptr) add_values(at, sign);
}

void PatternBoard::rewrite_lines(int at, std::uint8_t value) {
  for (std::size_t d = 0; d < kDirections.size(); ++d) {
    const int step = kDirections[d];
    for (int k = 1; k <= 5; ++k)
      for (const int side : {-1, 1}) {
        const int q = at + side * k * step;
        // The point q sees `at` on the other side of itself.
        LineKey& key = keys_[static_cast<std::size_t>(q)][d];
        key = with_slot(key, -side * k, value);
        if (values_ != nullptr) class_table_.prefetch(key);
        else if (cells_[static_cast<std::size_t>(q)] == kEmpty) refresh(q, static_cast<int>(d), 1);
      }
  }
  if (values_ == nullptr) return;
  // With the classes, the keys first (their table reads under way), then the points.
  for (std::size_t d = 0; d < kDirections.size(); ++d) {
    const int step = kDirections[d];
    for (int k = 1; k <= 5; ++k)
      for (const int side : {-1, 1}) {
        const int q = at + side * k * step;
        if (cells_[static_cast<std::size_t>(q)] == kEmpty) refresh_coded(q, static_cast<int>(d), 1);
      }
  }
}

// Calls f(i, q, d) for the 40 points whose line keys a stone on `at` rewrites, in
// rewrite_lines' order: i the record slot, q the point, d its direction.
template <class F>
void for_each_line_point(int at, F&& f) {
  std::size_t i = 0;
  for (std::size_t d = 0; d < kDirections.size(); ++d)
    for (int k = 1; k <= 5; ++k)
      for (const int side : {-1, 1}) f(i++, static_cast<std::size_t>(at + side * k * kDirections[d]), d);
}

void PatternBoard::save_before_place(int at) {
  PlaceRecord& record = placed_.emplace_back();
  record.at = at;
  for_each_line_point(at, [&](std::size_t i, std::size_t q, std::size_t d) {
    record.points[i] = {keys_[q][d], shapes_[q][d], classes_[q][d], class_index_[q], point_values_[q]};
  });
  record.counts = counts_;
  record.eval_state = eval_state_;
}

void PatternBoard::restore_last_place() {
  const PlaceRecord& record = placed_.back();
  cells_[static_cast<std::size_t>(record.at)] = kEmpty;
  for_each_line_point(record.at, [&](std::size_t i, std::size_t q, std::size_t d) {
    const LinePointState& p = record.points[i];
    keys_[q][d] = p.key;
    shapes_[q][d] = p.shapes;
    classes_[q][d] = p.classes;
    class_index_[q] = p.class_index;
    point_values_[q] = p.values;
  });
  counts_ = record.counts;
  eval_state_ = record.eval_state;
  placed_.pop_back();
}

void PatternBoard::place(int at, Cell colour) {
  save_before_place(at);
  count_point(at, -1);
  cells_[static_cast<std::size_t>(at)] = colour;
  rewrite_lines(at, colour);
}

void PatternBoard::remove(int at) {
  if (!placed_.empty() && placed_.back().at == at) return restore_last_place();
  // Out of order: the records below were made with this stone on the board.
  placed_.clear();
  cells_[static_cast<std::size_t>(at)] = kEmpty;
  rewrite_lines(at, kEmpty);
  // The point's own shapes went stale while it was occupied.
  for (int d = 0; d < 4; ++d) {
    if (values_ != nullptr) refresh_coded(at, d, 0);
    else refresh(at, d, 0);
  }
  count_point(at, +1);
}

Shape PatternBoard::best_shape(int at, Cell colour) const {
  Shape best = kNone;
  for (int d = 0; d < 4; ++d) {
    const Shape s = shape(at, d, colour);
    // An overline is no threat: it ranks below everything else.
    if (s != kOverline && s > best) best = s;
  }
  return best;
}

}  // namespace narabe::games::gomoku
