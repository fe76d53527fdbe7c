#pragma once
// Tic-tac-toe's casual levels, as players know them from classic computer opponents:
//   easy   - any legal move, at random;
//   normal - completes its own three, else blocks the opponent's, else random;
//   hard   - the classic rule-based player: win, block, fork, stop the opponent's
//            fork, centre against a corner opening and a corner against a centre
//            opening, then centre, opposite corner, corner, side. Never loses.
// Ties within a rule are broken at random, so games vary but repeat under a Seed.

#include "engine/core/level.h"
#include "engine/core/rng.h"
#include "engine/games/tictactoe/tictactoe.h"

namespace narabe::games {

// The cells the hard level chooses among (at random) in this position; 0 when over.
std::uint16_t hard_level_choices(const TicTacToe& game);

// Found by the generic level play (engine/search/level_play.h) through ADL.
core::Move casual_move(const TicTacToe& game, core::Level level, core::Rng& rng);

}  // namespace narabe::games
