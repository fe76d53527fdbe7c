#pragma once
// The board part of a fen, shared by every game (design/protocol.md): rows from the
// top row down separated by '/', in a row 'x' a first-player stone, 'o' a
// second-player stone, a number that many empty cells; then a space and the side to
// move. Games check their own reachability rules on top of this.

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/expected.h"
#include "engine/core/side.h"

namespace narabe::games {

struct FenBoard {
  int width = 0;
  int height = 0;
  std::vector<char> cells;  // 'x', 'o' or '.', indexed rank * width + file, rank 0 at the bottom
  core::Side side_to_move = core::Side::kFirst;

  char cell(int file, int rank) const { return cells[static_cast<std::size_t>(rank * width + file)]; }
};

// Parses "<rows> <side>" for a board of exactly width x height cells.
core::Expected<FenBoard> parse_fen_board(std::string_view fen, int width, int height);
// The same for a board whose size the fen itself gives: as many rows as it has,
// each as wide as its top row.
core::Expected<FenBoard> parse_fen_board(std::string_view fen);

// cell(file, rank) returns 'x', 'o' or '.', rank 0 being the bottom row.
template <class CellFn>
std::string write_fen_board(int width, int height, CellFn cell) {
  std::string out;
  for (int rank = height - 1; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < width; ++file) {
      const char c = cell(file, rank);
      if (c == '.') {
        ++run;
        continue;
      }
      if (run > 0) out += std::to_string(run);
      run = 0;
      out += c;
    }
    if (run > 0) out += std::to_string(run);
    if (rank > 0) out += '/';
  }
  return out;
}

// The board as text for `d`: one line per row, top row first, rank numbers on the
// left and file letters below (rank 1 at the bottom unless ranks_from_top).
template <class CellFn>
std::string write_diagram(int width, int height, CellFn cell, bool ranks_from_top = false) {
  std::string out;
  for (int rank = height - 1; rank >= 0; --rank) {
    const int label = ranks_from_top ? height - rank : rank + 1;
    std::string row = std::to_string(label);
    row.insert(0, 3 - std::min<std::size_t>(row.size(), 3), ' ');
    for (int file = 0; file < width; ++file) {
      row += ' ';
      row += cell(file, rank);
    }
    out += row + '\n';
  }
  out += "   ";
  for (int file = 0; file < width; ++file) {
    out += ' ';
    out += static_cast<char>('a' + file);
  }
  out += '\n';
  return out;
}

}  // namespace narabe::games
