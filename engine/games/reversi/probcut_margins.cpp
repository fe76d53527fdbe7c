#include "engine/games/reversi/probcut_margins.h"

#include <algorithm>
#include <array>


namespace narabe::games {

namespace reversi {

namespace {

// How many standard errors away the shallow result must land: Buro used about 1.5;
// 1.2 won +29 Elo against it in self-play (docs/reversi.md, "Search").
constexpr double kProbCutT = 1.2;

// The standard deviation of deep - shallow, hundredths of a disc, per phase
// (probcut_phase) and deep depth 3..8; deeper searches use depth 8's.
// PROBCUT-SIGMA-BEGIN (narabe-reversi-train probcut, 400 positions a phase from 1500
// self-play games with the shipped weights, depths 1..8; phase 5 has no samples
// above the solver's 14 empties and borrows phase 4's row)
constexpr int kFittedMaxDepth = 8;
constexpr std::array<std::array<int, kFittedMaxDepth - kProbCutMinDepth + 1>, kProbCutPhases> kSigma = {{
    {236, 165, 162, 203, 181, 162},
    {258, 212, 195, 268, 245, 232},
    {282, 250, 237, 300, 301, 271},
    {371, 338, 304, 420, 394, 340},
    {404, 351, 352, 460, 445, 405},
    {404, 351, 352, 460, 445, 405},
}};
// PROBCUT-SIGMA-END

}  // namespace

}  // namespace reversi

std::optional<core::ProbCut> probcut(const Reversi& position, int depth) {
  using namespace reversi;
  if (depth < kProbCutMinDepth || !position.probcut_enabled()) return std::nullopt;
  const int phase = probcut_phase(position.empties());
  const int column = std::min(depth, kFittedMaxDepth) - kProbCutMinDepth;
  const int sigma = kSigma[static_cast<std::size_t>(phase)][static_cast<std::size_t>(column)];
  return core::ProbCut{probcut_shallow_depth(depth), static_cast<core::Score>(kProbCutT * sigma)};
}

}  // namespace narabe::games
