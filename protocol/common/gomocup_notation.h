#pragma once
// Gomocup's board coordinates, for the engine's Gomocup loop and narabe-match's
// Gomocup player: "X,Y" with X the column from the left and Y the row from the
// top, both from 0, where narabe names cells by file letter and rank from the
// bottom ("h8"). Numbers may have spaces around them and a '+'.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace narabe::protocol {

// A point of the board in Gomocup's coordinates.
struct GomocupPoint {
  int x = 0;
  int y = 0;
  friend bool operator==(const GomocupPoint&, const GomocupPoint&) = default;
};

// One number of a Gomocup line ("+7" and "7" alike).
bool parse_gomocup_number(std::string_view text, std::int64_t& value);
// "1,2,3" (spaces allowed around every number) -> the numbers; nullopt unless there
// are exactly `count` whole numbers.
std::optional<std::vector<std::int64_t>> gomocup_numbers(std::string_view text, std::size_t count);

// "7,7" (spaces around the numbers and the comma allowed) -> {7, 7}; nullopt for
// anything else. Range checks are the caller's: they depend on the board (a point
// far outside any board comes back as {-1, -1}).
std::optional<GomocupPoint> parse_gomocup_point(std::string_view text);
// "7,7": a point as Gomocup writes it.
std::string gomocup_point_text(GomocupPoint point);
// narabe's cell name of a point on a board of `size`: {0, 0} on 15x15 is "a15".
std::string gomocup_point_to_cell(GomocupPoint point, int size);
// The point of a cell name ("h8" -> {7, 7} on 15x15); nullopt for anything else.
std::optional<GomocupPoint> cell_to_gomocup_point(std::string_view cell, int size);

}  // namespace narabe::protocol
