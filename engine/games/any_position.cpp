#include "engine/games/any_position.h"

#include "engine/games/fen_board.h"
#include "engine/games/registry.h"

namespace narabe::games {

BoardCells board_cells(std::string_view fen) {
  BoardCells board;
  const auto parsed = parse_fen_board(fen);
  if (!parsed) return board;
  board.width = parsed->width;
  board.height = parsed->height;
  board.cells.reserve(parsed->cells.size());
  for (int rank = parsed->height - 1; rank >= 0; --rank)
    for (int file = 0; file < parsed->width; ++file) board.cells.push_back(parsed->cell(file, rank));
  return board;
}

std::string AnyPosition::newgame_arguments() const {
  const std::string variant = variant_description();
  return variant.empty() ? std::string(game_name()) : std::string(game_name()) + ' ' + variant;
}

core::Expected<std::unique_ptr<AnyPosition>> make_position(std::string_view game, const core::VariantArgs& variant) {
  std::string known;
  for (const std::string& name : known_games()) known += (known.empty() ? "" : ", ") + name;
  core::Expected<std::unique_ptr<AnyPosition>> result =
      core::make_error("unknown game '" + std::string(game) + "' (known: " + known + ")");
  AllGames::visit(game, [&]<class G>(std::type_identity<G>) {
    auto parsed = G::parse_variant(variant);
    if (!parsed) {
      result = core::make_error(parsed.error());
      return;
    }
    result = std::unique_ptr<AnyPosition>(std::make_unique<GamePosition<G>>(*parsed));
  });
  return result;
}

std::vector<std::string> known_games() {
  std::vector<std::string> names;
  AllGames::for_each([&]<class G>(std::type_identity<G>) { names.emplace_back(G::kName); });
  return names;
}

}  // namespace narabe::games
