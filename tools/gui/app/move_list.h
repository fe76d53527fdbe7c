#pragma once
// The game's moves as the panel lists them: one row a move pair, numbered
// ("12. d3 c5"), passes named, in the engine's notation (Connect Four's
// column numbers, the board coordinates of the others).

#include <string>
#include <vector>

namespace narabe::gui {

// `second_moves_first`: the game starts with the second player to move (a
// loaded Reversi position), so the first row is "1. …  f4".
std::vector<std::string> move_list_rows(const std::vector<std::string>& moves, bool second_moves_first = false);

}  // namespace narabe::gui
