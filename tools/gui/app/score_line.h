#pragma once
// The live score line under the game's title: Reversi's disc count for each
// side, the move number in the other games; and the count that goes with a
// finished game's result ("Black 39 - 25 White").

#include <string>
#include <vector>

#include "tools/gui/app/game_setup.h"
#include "engine/games/any_position.h"

namespace narabe::gui {

struct DiscCount {
  int first = 0;
  int second = 0;
};

DiscCount count_discs(const games::BoardCells& cells);

// Stones placed so far: the moves that were not passes.
int stones_played(const std::vector<std::string>& moves);

// "Black 39 - 25 White" (Reversi), "Move 12" during other games, "23 moves"
// once they are over.
std::string score_line(GameKind game, const games::BoardCells& cells, const std::vector<std::string>& moves,
                       bool over, Language language = Language::kEnglish);

}  // namespace narabe::gui
