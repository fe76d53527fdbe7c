#pragma once
// The game's moves as the panel lists them: one row a move pair, numbered
// ("12. d3 c5"), passes named, in the engine's notation (Connect Four's
// column numbers, the board coordinates of the others).

#include <string>
#include <vector>

namespace narabe::gui {

std::vector<std::string> move_list_rows(const std::vector<std::string>& moves);

}  // namespace narabe::gui
