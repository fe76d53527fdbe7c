#pragma once
// ProbCut (Buro, 1995): a game whose evaluation predicts deep search results well
// lets the search prune a node when a much shallower search already lands far
// outside the window. What a game hands the generic search for one node, through its
// `probcut(const G&, int depth)` hook (found by ADL): the shallow depth to search and
// the margin, in the evaluation's units, beyond which the shallow result is trusted
// (a multiple of the standard error of deep given shallow, fitted per game).

#include "engine/core/score.h"

namespace narabe::core {

struct ProbCut {
  int shallow_depth = 0;
  Score margin = 0;
};

}  // namespace narabe::core
