#include "tools/gui/app/score_line.h"

#include <fmt/format.h>

#include <algorithm>

namespace narabe::gui {

DiscCount count_discs(const rules::BoardCells& cells) {
  DiscCount count;
  for (int row = 0; row < cells.height; ++row)
    for (int file = 0; file < cells.width; ++file) {
      const char c = cells.at(file, row);
      if (c == 'x') ++count.first;
      else if (c == 'o') ++count.second;
    }
  return count;
}

int stones_played(const std::vector<std::string>& moves) {
  return static_cast<int>(std::count_if(moves.begin(), moves.end(), [](const std::string& m) { return m != "pass"; }));
}

std::string score_line(GameKind game, const rules::BoardCells& cells, const std::vector<std::string>& moves,
                       bool over) {
  if (game == GameKind::kReversi) {
    const DiscCount count = count_discs(cells);
    return fmt::format("{} {} - {} {}", side_name(game, 0), count.first, count.second, side_name(game, 1));
  }
  const int played = stones_played(moves);
  if (over) return played == 1 ? "1 move" : fmt::format("{} moves", played);
  return fmt::format("Move {}", played + 1);
}

}  // namespace narabe::gui
