#include "tools/gui/app/move_list.h"

#include <fmt/format.h>

namespace narabe::gui {

std::vector<std::string> move_list_rows(const std::vector<std::string>& moves, bool second_moves_first) {
  std::vector<std::string> paired;
  if (second_moves_first && !moves.empty()) paired.push_back("…");
  paired.insert(paired.end(), moves.begin(), moves.end());
  std::vector<std::string> rows;
  for (std::size_t i = 0; i < paired.size(); i += 2) {
    std::string row = fmt::format("{}. {}", i / 2 + 1, paired[i]);
    if (i + 1 < paired.size()) row += "  " + paired[i + 1];
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace narabe::gui
