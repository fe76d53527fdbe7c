#pragma once
// A simple Gomoku evaluation and candidate moves, enough for the generic search to
// play (Level max) and for the casual levels' minimax. Deliberately plain: the
// threat search and incremental pattern evaluation are meant to replace it.
//
// The evaluation counts, for each side, the rows of consecutive stones in the four
// directions by length and by how many of their two ends are empty ("open": both,
// "closed": one; a row with both ends blocked counts for nothing):
//     open four 10000, closed four 1000, open three 1000, closed three 100,
//     open two 100, closed two 10
// and scores the side to move's sum minus the opponent's.
//
// Candidate moves: the empty points within `radius` steps (two for the search; in
// any of the eight directions) of a stone, in board order, leaving out points the
// side to move may not play; the centre on an empty board.

#include <vector>

#include "engine/core/game_concept.h"
#include "engine/games/gomoku/board_geometry.h"
#include "engine/games/gomoku/gomoku.h"

namespace narabe::games::gomoku {

inline constexpr core::Score kOpenFourWorth = 10000;
inline constexpr core::Score kClosedFourWorth = 1000;
inline constexpr core::Score kOpenThreeWorth = 1000;
inline constexpr core::Score kClosedThreeWorth = 100;
inline constexpr core::Score kOpenTwoWorth = 100;
inline constexpr core::Score kClosedTwoWorth = 10;

// Rows of one side's stones by shape (see above).
struct Shapes {
  int fives = 0;  // five or longer: only in a finished game
  int open_fours = 0, closed_fours = 0;
  int open_threes = 0, closed_threes = 0;
  int open_twos = 0, closed_twos = 0;
};

Shapes count_shapes(const Gomoku& game, Cell colour);
core::Score shapes_worth(const Shapes& shapes);

// From the side to move's view, clamped inside the range the search reads as won.
core::Score evaluate(const Gomoku& game);
std::vector<core::EvalTerm> evaluation_terms(const Gomoku& game);

// Appends the candidate moves (see above) to `list`.
inline constexpr int kSearchRadius = 2;
void candidate_moves(const Gomoku& game, Gomoku::MoveList& list, int radius = kSearchRadius);

}  // namespace narabe::games::gomoku
