#include "protocol/common/gomocup_notation.h"

#include <fmt/format.h>

#include "protocol/common/parse_number.h"

namespace narabe::protocol {

namespace {

// Spaces and tabs around a number, and a line's '\r' after the last one.
std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

}  // namespace

bool parse_gomocup_number(std::string_view text, std::int64_t& value) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  return parse_int(text, value);
}

std::optional<std::vector<std::int64_t>> gomocup_numbers(std::string_view text, std::size_t count) {
  std::vector<std::int64_t> numbers;
  while (true) {
    const std::size_t comma = text.find(',');
    std::int64_t value = 0;
    if (!parse_gomocup_number(trim(text.substr(0, comma)), value)) return std::nullopt;
    numbers.push_back(value);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  if (numbers.size() != count) return std::nullopt;
  return numbers;
}

std::optional<GomocupPoint> parse_gomocup_point(std::string_view text) {
  const auto numbers = gomocup_numbers(text, 2);
  if (!numbers) return std::nullopt;
  const std::int64_t x = (*numbers)[0];
  const std::int64_t y = (*numbers)[1];
  // Far outside any board: kept out so the int conversion below is exact.
  if (x < -1000 || x > 1000 || y < -1000 || y > 1000) return GomocupPoint{-1, -1};
  return GomocupPoint{static_cast<int>(x), static_cast<int>(y)};
}

std::string gomocup_point_text(GomocupPoint point) { return fmt::format("{},{}", point.x, point.y); }

std::string gomocup_point_to_cell(GomocupPoint point, int size) {
  return fmt::format("{}{}", static_cast<char>('a' + point.x), size - point.y);
}

std::optional<GomocupPoint> cell_to_gomocup_point(std::string_view cell, int size) {
  if (cell.size() < 2 || cell[0] < 'a' || cell[0] >= 'a' + size || cell[0] > 'z') return std::nullopt;
  int rank = 0;
  if (!parse_int(cell.substr(1), rank) || rank < 1 || rank > size) return std::nullopt;
  // Gomocup counts y from the top row, narabe's ranks from the bottom.
  return GomocupPoint{cell[0] - 'a', size - rank};
}

}  // namespace narabe::protocol
