#pragma once
// Selective search: the reductions and pruning a game opts into through its
// `selectivity(const G&)` hook (found by ADL), in the evaluation's units. A game
// whose evaluation is cheap and whose quiet moves rarely matter near the leaves
// (Gomoku) gains depth from them; a game without the hook is searched full-width.
//
// What the generic search (engine/search/search.h) does with each field:
//   late-move reductions - a move other than the table move, with nothing to
//       answer, tried after the first `lmr_first_moves` at a node of depth
//       `lmr_min_depth` or more (at the root: after the first two) is searched
//       with a null window `R` plies shallower, R = lmr_base + ln(depth) *
//       ln(move number) / lmr_divisor (one less at PV nodes and at the root, one
//       less for a killer or a tactical move, one more for a move with a poor
//       history, one more for a move the game's move_order_bonus rates at 0, and
//       outside the PV one more when R is above 1 and the node is not
//       improving), and again at full depth when it beats alpha;
//   futility pruning - at depth <= futility_depth outside the PV, a quiet move is
//       skipped when the static evaluation plus futility_margin * depth cannot
//       reach alpha; at depth <= fail_high_depth outside the PV, the node fails
//       high at once when the static evaluation minus that margin is still at
//       least beta (nothing forcing is pending), the margin
//       fail_high_improving_plies plies smaller when the node is improving;
//       here and in razoring the static evaluation gives way to the table's
//       score where its bound says more (a lower bound above it, an upper
//       bound below it, an exact score);
//   razoring - at depth <= razor_depth outside the PV, a node whose static
//       evaluation plus razor_margin * depth is below alpha is settled by the
//       quiescence search when that cannot reach alpha either;
//   late-move pruning - outside the PV, once a move that does not lose is in
//       hand and nothing is to be answered, moves that are not tactical after
//       the first lmp_base + depth^(lmp_exponent) - 1 are skipped; half as many
//       when the node is not improving;
//   aspiration windows - from depth aspiration_min_depth, the root is searched
//       in a window of +-aspiration_delta around the previous iteration's score,
//       widened (doubled) on each failure; each fail high in a row searches
//       the next window a ply shallower (a fail low: the full depth again);
//   quiescence_plies - how deep the game's quiescence moves (its
//       generate_quiescence_moves hook: Gomoku's fours) go past the horizon;
//   null-move pruning - for a game with a null move (its make_null_move hook), at
//       depth >= null_move_depth outside the PV, with nothing to answer and the
//       node not itself reached by a null move: when the static evaluation is at
//       least beta + null_move_margin, the side to move passes and the opponent's
//       null-window search null_move_reduction + depth / null_move_depth_divisor
//       plies shallower (than depth - 1) still failing high cuts the node
//       (0 for null_move_depth: never);
//   singular extension - at a node of depth >= singular_depth (0: never) below
//       the root, with nothing to answer, whose table entry is a lower or exact
//       bound stored at most 2 plies shallower and not decisive, the other moves
//       are searched at half depth in a null window at the table's score minus
//       singular_margin * depth: when all stay below it, the table move is
//       searched a ply deeper (at most once per 8 plies of the iteration along a
//       line); when they reach beta even so, the node fails high (multi-cut);
//       otherwise, when the table's score is at least beta, the table move is
//       searched a ply shallower.
// A node is *improving* when its static evaluation is above that of the node two
// plies before (a node that must answer takes its parent's, negated; nodes near
// the root, whose slots stay 0, compare with an even score).

#include "engine/core/score.h"

namespace narabe::core {

struct Selectivity {
  int lmr_min_depth = 3;
  int lmr_first_moves = 2;
  int lmr_base_percent = 50;     // lmr_base, in hundredths
  int lmr_divisor_percent = 220;  // lmr_divisor, in hundredths
  int futility_depth = 3;
  Score futility_margin = 0;
  int fail_high_depth = 3;
  int fail_high_improving_plies = 0;
  int razor_depth = 2;
  Score razor_margin = 0;
  int lmp_base = 4;
  int lmp_exponent_percent = 200;  // the exponent, in hundredths
  int aspiration_min_depth = 5;
  Score aspiration_delta = 0;
  int quiescence_plies = 12;
  int null_move_depth = 0;
  Score null_move_margin = 0;
  int null_move_reduction = 3;
  int null_move_depth_divisor = 4;
  int singular_depth = 0;
  Score singular_margin = 0;
};

}  // namespace narabe::core
