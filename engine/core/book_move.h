#pragma once
// What a game's opening book answers for a position (the HasOpeningBook hook,
// engine/search/game_hooks.h): the move to play, its score for the side to move and
// the plies of search behind that score.

#include "engine/core/move.h"
#include "engine/core/score.h"

namespace narabe::core {

struct BookMove {
  Move move;
  Score score = 0;
  int depth = 0;
};

}  // namespace narabe::core
