#pragma once
// Reversi's casual levels, the computer opponent of the classic Reversi tutorial:
//   easy   - any legal move, at random;
//   normal - a 2-ply minimax (its move, the reply) on the positional weight table
//            (Reversi::kSquareWeights: corners 100, X-squares -50, ...), where the
//            three cells next to a taken corner weigh 0 (their penalty was for
//            giving that corner away);
//   hard   - the same, 3 plies.
// A finished game scores by its disc count, above any weight sum. Moves with the
// best score are chosen among at random, so games vary but repeat under a Seed.
// Level max is the generic search with Reversi::evaluate().

#include <cstdint>

#include "engine/core/level.h"
#include "engine/core/rng.h"
#include "engine/games/reversi/reversi.h"

namespace narabe::games {

namespace reversi {

// The tutorial's evaluation: the weights of `me`'s discs minus the opponent's
// (cells next to a taken corner weigh 0).
int weighted_squares(const Reversi& game, core::Side me);

// The minimax depth of a level (0 for easy, which does not search).
int level_depth(core::Level level);

// Every move of the best minimax score at `depth` plies, in generation order.
Reversi::MoveList best_moves(const Reversi& game, int depth);

}  // namespace reversi

// Found by the generic level play (engine/search/level_play.h) through ADL.
core::Move casual_move(const Reversi& game, core::Level level, core::Rng& rng);

}  // namespace narabe::games
