#pragma once
// Fitting ProbCut's margins (engine/games/reversi/probcut_margins.h): plain searches (ProbCut
// off) of sample positions to every depth 1..max_depth; per phase and deep depth D,
// the mean and standard deviation of (result at D - result at the shallow depth
// ProbCut pairs with D).

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "tools/reversi_train/self_play.h"

namespace narabe::tools::reversi_train {

struct ProbCutStats {
  int phase = 0, depth = 0, samples = 0;
  double mean = 0, sigma = 0;  // hundredths of a disc
};

// Positions with more than `min_empties` empty cells are searched (nearer the end the
// solver takes over); at most `per_phase` of each phase; with `weights` (null: the
// simple evaluation) and without ProbCut.
std::vector<ProbCutStats> fit_probcut(std::span<const TrainingPosition> positions,
                                      std::shared_ptr<const games::reversi::PatternWeights> weights, int max_depth,
                                      int per_phase, int min_empties);

}  // namespace narabe::tools::reversi_train
