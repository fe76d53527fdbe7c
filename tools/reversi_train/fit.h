#pragma once
// Fitting the pattern weights (engine/games/reversi/pattern_weights.h) to labelled
// positions by least squares: per game phase, batch gradient descent where each
// weight's step is its summed residual divided by how often it occurs (plus a
// shrinkage constant, so that rarely seen patterns stay near 0), projected after
// every step onto the antisymmetric weights the engine uses.

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "engine/games/reversi/pattern_weights.h"
#include "tools/reversi_train/self_play.h"

namespace narabe::tools::reversi_train {

struct FitSettings {
  int phases = 6;   // weight sets, one for each equal span of the empties (PatternWeights::phase_of)
  int threads = 1;  // phases fitted at once
  int epochs = 300;
  double step = 0.02;  // a fraction of each weight's own least-squares step (88 move at once)
  double shrinkage = 8.0;   // pseudo-occurrences of 0 added to every weight
};

struct PhaseFit {
  std::size_t train_positions = 0, test_positions = 0;
  double train_mae = 0, test_mae = 0;  // mean absolute error, discs
  double test_mae_exact = 0;           // the same over the solver-labelled test positions
  std::size_t test_exact = 0;
};

struct FitResult {
  std::vector<std::int16_t> weights;  // phases * kPhaseEntries, hundredths of a disc
  std::vector<PhaseFit> phases;
};

// Fits on `train`, reports the error on `test` too; `progress(phase, epoch, mae)`
// is called now and then (from the fitting threads, one call at a time).
FitResult fit_weights(std::span<const TrainingPosition> train, std::span<const TrainingPosition> test,
                      const FitSettings& settings,
                      const std::function<void(int phase, int epoch, double train_mae)>& progress);

}  // namespace narabe::tools::reversi_train
