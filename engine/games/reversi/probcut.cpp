#include "engine/games/reversi/probcut.h"

#include <algorithm>
#include <array>
#include <atomic>

#include "engine/games/reversi/pattern_weights.h"

namespace narabe::games {

namespace reversi {

namespace {

// How many standard errors away the shallow result must land (Buro used about 1.5).
constexpr double kProbCutT = 1.5;

// The standard deviation of deep - shallow, hundredths of a disc, per phase
// (PatternWeights::phase_of) and deep depth 3..8; deeper searches use depth 8's.
// PROBCUT-SIGMA-BEGIN (written by narabe-reversi-train probcut)
constexpr int kFittedMaxDepth = 8;
constexpr std::array<std::array<int, kFittedMaxDepth - kProbCutMinDepth + 1>, PatternWeights::kPhases> kSigma = {{
    {400, 400, 400, 400, 400, 400},
    {400, 400, 400, 400, 400, 400},
    {400, 400, 400, 400, 400, 400},
    {400, 400, 400, 400, 400, 400},
    {400, 400, 400, 400, 400, 400},
    {400, 400, 400, 400, 400, 400},
}};
// PROBCUT-SIGMA-END

std::atomic<bool> g_enabled{true};

}  // namespace

void set_probcut_enabled(bool enabled) { g_enabled.store(enabled, std::memory_order_relaxed); }

}  // namespace reversi

std::optional<core::ProbCut> probcut(const Reversi& position, int depth) {
  using namespace reversi;
  if (depth < kProbCutMinDepth || active_pattern_weights() == nullptr ||
      !g_enabled.load(std::memory_order_relaxed))
    return std::nullopt;
  const int phase = PatternWeights::phase_of(position.empties());
  const int column = std::min(depth, kFittedMaxDepth) - kProbCutMinDepth;
  const int sigma = kSigma[static_cast<std::size_t>(phase)][static_cast<std::size_t>(column)];
  return core::ProbCut{probcut_shallow_depth(depth), static_cast<core::Score>(kProbCutT * sigma)};
}

}  // namespace narabe::games
