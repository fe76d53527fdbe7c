#include "engine/games/reversi/probcut_margins.h"

#include <algorithm>
#include <array>


namespace narabe::games {

namespace reversi {

namespace {

// How many standard errors away the shallow result must land (Buro used about 1.5).
constexpr double kProbCutT = 1.5;

// The standard deviation of deep - shallow, hundredths of a disc, per phase
// (probcut_phase) and deep depth 3..8; deeper searches use depth 8's.
// PROBCUT-SIGMA-BEGIN (narabe-reversi-train probcut, 200 positions a phase from the
// trainer's games, depths 1..8; phase 5 has no samples above the solver's 14
// empties and borrows phase 4's row)
constexpr int kFittedMaxDepth = 8;
constexpr std::array<std::array<int, kFittedMaxDepth - kProbCutMinDepth + 1>, kProbCutPhases> kSigma = {{
    {324, 280, 274, 300, 312, 246},
    {472, 365, 316, 444, 383, 357},
    {597, 429, 400, 556, 509, 439},
    {591, 477, 430, 612, 575, 488},
    {554, 464, 382, 605, 529, 520},
    {554, 464, 382, 605, 529, 520},
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
