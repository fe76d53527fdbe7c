#pragma once
// Gomoku's two evaluations and the search's moves.
//
// The search's evaluation (Level max) reads the position's incremental pattern
// board (pattern_board.h) and scans nothing: for each side, the number of (empty
// point, direction) pairs where one more stone of that side makes each shape
// (line_shapes.h), weighted, side to move minus opponent. The side to move's
// shapes weigh more: it plays next, so its four points are a five to come and its
// open-four points (an open three now) a win unless the opponent has fours:
//     shape a stone would make     side to move   opponent
//     five                              20000         8000
//     open four / double four            4000         1500
//     four                                160          120
//     three (one more makes open four)     40           30
//     blocked three                         8            6
// An overline counts for nothing. The weights were set by hand and checked in
// matches against the rows evaluation below (docs/gomoku.md).
//
// With trained weights (Gomoku::set_eval_weights, eval_weights.h) the search's
// evaluation is instead the sum of the learned values of every empty point's
// pattern code, the side to move's codes and the opponent's valued apart (two sums
// the pattern board keeps), plus the learned value of the position's threat mask
// (threat_mask.h: which kinds of threat points each side holds).
//
// The rows evaluation, the one of the Gomoku tutorial, which the casual levels
// keep: for each side, the rows of consecutive stones in the four directions by
// length and by how many of their two ends are empty ("open": both, "closed": one;
// a row with both ends blocked counts for nothing):
//     open four 10000, closed four 1000, open three 1000, closed three 100,
//     open two 100, closed two 10
// and the side to move's sum minus the opponent's.
//
// The search's moves: the empty points within kNearRadius steps of a stone (the
// position keeps the counts), those the side to move may play; the centre on an
// empty board. A threat narrows them to its answers: a point completing the side
// to move's five is played alone; the opponent's five points are the only moves
// (when the side to move may play one); against an opponent's open-four point (an
// open three) only the points where either side makes a four or more. Any other
// move loses at once, so that pruning never changes a proven value. Against an
// opponent's four-three or four-four point, the point itself, the points within
// four steps of it on the lines of its threats, and the side to move's own fours:
// a heuristic (a block that later makes an own four is left out), which renju
// games measured worth it. Black's threats under a rule that forbids points to it
// are not used to narrow White's moves (the point may be forbidden to Black). The
// move order reads the same shapes: the threats a stone on the point makes, and
// those of the opponent it takes away; with trained weights, also the point's
// learned values for the side to move and against the opponent, which rank the
// moves below the threats (twos, blocked shapes).

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

// Rows of one side's stones by shape (the rows evaluation, see above).
struct Shapes {
  int fives = 0;  // five or longer: only in a finished game
  int open_fours = 0, closed_fours = 0;
  int open_threes = 0, closed_threes = 0;
  int open_twos = 0, closed_twos = 0;
};

Shapes count_shapes(const Gomoku& game, Cell colour);
core::Score shapes_worth(const Shapes& shapes);
// The rows evaluation from the side to move's view.
core::Score rows_evaluation(const Gomoku& game);

// The search's evaluation from the side to move's view, clamped inside the range
// the search reads as won, and its terms.
core::Score evaluate(const Gomoku& game);
std::vector<core::EvalTerm> evaluation_terms(const Gomoku& game);

// Appends the empty points within `radius` steps of a stone that the side to move
// may play, in board order (the centre on an empty board), scanning the board: the
// casual levels' candidates.
void candidate_moves(const Gomoku& game, Gomoku::MoveList& list, int radius);

// The search's moves (see above), in board order; never empty unless the game is over.
void search_moves(const Gomoku& game, Gomoku::MoveList& list);

// Larger for a point whose stone makes or stops stronger threats.
int move_order_bonus(const Gomoku& game, int at);

}  // namespace narabe::games::gomoku
