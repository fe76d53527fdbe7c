#include "tools/gui/app/score_line.h"

#include <fmt/format.h>

#include <algorithm>

#include "tools/gui/app/translation.h"

namespace narabe::gui {

DiscCount count_discs(const games::BoardCells& cells) {
  return {static_cast<int>(std::count(cells.cells.begin(), cells.cells.end(), 'x')),
          static_cast<int>(std::count(cells.cells.begin(), cells.cells.end(), 'o'))};
}

int stones_played(const std::vector<std::string>& moves) {
  return static_cast<int>(std::count_if(moves.begin(), moves.end(), [](const std::string& m) { return m != "pass"; }));
}

std::string score_line(GameKind game, const games::BoardCells& cells, const std::vector<std::string>& moves,
                       bool over, Language language) {
  if (display_of(game).counts_discs) {
    const DiscCount count = count_discs(cells);
    return fmt::format("{} {} - {} {}", tr(language, side_name(game, 0)), count.first, count.second,
                       tr(language, side_name(game, 1)));
  }
  const int played = stones_played(moves);
  if (over) return played == 1 ? std::string(tr(language, "1 move")) : fmt::format(fmt::runtime(tr(language, "{} moves")), played);
  return fmt::format(fmt::runtime(tr(language, "Move {}")), played + 1);
}

}  // namespace narabe::gui
