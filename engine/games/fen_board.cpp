#include "engine/games/fen_board.h"

#include <algorithm>
#include <charconv>

namespace narabe::games {
namespace {

// No game's board is wider or taller, so a size read from a fen stays bounded.
constexpr int kMaxFenWidth = 64;

}  // namespace

core::Expected<FenBoard> parse_fen_board(std::string_view fen, int width, int height) {
  const auto space = fen.find(' ');
  if (space == std::string_view::npos) return core::make_error("fen needs '<rows> <side>'");
  const std::string_view rows = fen.substr(0, space);
  const std::string_view side = fen.substr(space + 1);
  if (side != "x" && side != "o") return core::make_error("fen side to move must be 'x' or 'o'");

  FenBoard board;
  board.width = width;
  board.height = height;
  board.cells.assign(static_cast<std::size_t>(width * height), '.');
  board.side_to_move = side == "x" ? core::Side::kFirst : core::Side::kSecond;

  int row = 0;  // counted from the top
  int file = 0;
  for (std::size_t i = 0; i < rows.size();) {
    const char c = rows[i];
    if (c == '/') {
      if (file != width)
        return core::make_error("fen row " + std::to_string(row + 1) + " has " +
                                std::to_string(file) + " cells, not " + std::to_string(width));
      ++row;
      file = 0;
      ++i;
      if (row >= height) return core::make_error("fen has more than " + std::to_string(height) + " rows");
      continue;
    }
    if (c >= '0' && c <= '9') {
      if (c == '0')
        return core::make_error("fen row " + std::to_string(row + 1) +
                                " has a run starting with 0 (runs are 1 or more, no leading zeros)");
      int run = 0;
      const auto [end, ec] = std::from_chars(rows.data() + i, rows.data() + rows.size(), run);
      if (ec != std::errc() || run > width - file)
        return core::make_error("fen row " + std::to_string(row + 1) + " overflows its " +
                                std::to_string(width) + " cells");
      file += run;
      i = static_cast<std::size_t>(end - rows.data());
      continue;
    }
    if (c != 'x' && c != 'o')
      return core::make_error(std::string("fen has an unknown character '") +
                              (c >= 32 && c < 127 ? std::string(1, c) : std::string("?")) + "'");
    if (file >= width)
      return core::make_error("fen row " + std::to_string(row + 1) + " overflows its " +
                              std::to_string(width) + " cells");
    board.cells[static_cast<std::size_t>((height - 1 - row) * width + file)] = c;
    ++file;
    ++i;
  }
  if (file != width)
    return core::make_error("fen row " + std::to_string(row + 1) + " has " + std::to_string(file) +
                            " cells, not " + std::to_string(width));
  if (row != height - 1)
    return core::make_error("fen has " + std::to_string(row + 1) + " rows, not " + std::to_string(height));
  return board;
}

core::Expected<FenBoard> parse_fen_board(std::string_view fen) {
  const std::string_view rows = fen.substr(0, fen.find(' '));
  const std::string_view top = rows.substr(0, rows.find('/'));
  int width = 0;
  for (std::size_t i = 0; i < top.size();) {
    int run = 1;
    if (top[i] >= '0' && top[i] <= '9') {
      const auto [end, ec] = std::from_chars(top.data() + i, top.data() + top.size(), run);
      if (ec != std::errc() || run > kMaxFenWidth) return core::make_error("fen row 1 is too wide");
      i = static_cast<std::size_t>(end - top.data());
    } else {
      ++i;
    }
    width += run;
    if (width > kMaxFenWidth) return core::make_error("fen row 1 is too wide");
  }
  const auto height = std::count(rows.begin(), rows.end(), '/') + 1;
  if (height > kMaxFenWidth) return core::make_error("fen has too many rows");
  return parse_fen_board(fen, width, static_cast<int>(height));
}

}  // namespace narabe::games
