#include "tools/gui/app/move_list.h"

#include <fmt/format.h>

namespace narabe::gui {

std::vector<std::string> move_list_rows(const std::vector<std::string>& moves) {
  std::vector<std::string> rows;
  for (std::size_t i = 0; i < moves.size(); i += 2) {
    std::string row = fmt::format("{}. {}", i / 2 + 1, moves[i]);
    if (i + 1 < moves.size()) row += "  " + moves[i + 1];
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace narabe::gui
