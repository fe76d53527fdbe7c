#include "tools/reversi_train/probcut_fit.h"

#include <bit>
#include <cmath>

#include "engine/core/stop_signal.h"
#include "engine/core/transposition_table.h"
#include "engine/games/reversi/pattern_weights.h"
#include "engine/games/reversi/reversi.h"
#include "engine/search/search.h"

namespace narabe::tools::reversi_train {

std::vector<ProbCutStats> fit_probcut(std::span<const TrainingPosition> positions,
                                      std::shared_ptr<const games::reversi::PatternWeights> weights, int max_depth,
                                      int per_phase, int min_empties) {
  using games::Reversi;
  using games::reversi::PatternWeights;
  const auto plain = std::make_shared<const games::reversi::EvalSettings>(
      games::reversi::EvalSettings{std::move(weights), false, nullptr});
  core::TranspositionTable table(16);
  search::Search<Reversi> searcher(table);
  const core::StopSignal stop;
  search::SearchOptions options;
  options.exact = false;

  // Per phase and depth, the sums of the differences and their squares.
  std::vector<std::vector<double>> sum(games::reversi::kProbCutPhases, std::vector<double>(max_depth + 1, 0.0));
  auto sum_sq = sum;
  std::vector<int> count(games::reversi::kProbCutPhases, 0);
  // Every 7th position, so consecutive ones of one game are not all taken.
  for (std::size_t i = 0; i < positions.size(); i += 7) {
    const TrainingPosition& p = positions[i];
    const int empties = std::popcount(~(p.own | p.other));
    const int phase = games::reversi::probcut_phase(empties);
    if (empties <= min_empties || count[static_cast<std::size_t>(phase)] >= per_phase) continue;
    // The position as an OBF line with X to move (the side does not matter to the search).
    std::string obf;
    for (int cell = 0; cell < Reversi::kCells; ++cell)
      obf += (p.own & Reversi::bit(cell)) ? 'X' : (p.other & Reversi::bit(cell)) ? 'O' : '-';
    auto game = Reversi::from_obf(obf + " X");
    if (!game || game->legal_cells() == 0) continue;
    game->set_eval_settings(plain);
    ++count[static_cast<std::size_t>(phase)];
    table.clear();
    std::vector<core::Score> value(static_cast<std::size_t>(max_depth) + 1, 0);
    for (int depth = 1; depth <= max_depth; ++depth) {
      search::SearchLimits limits;
      limits.depth = depth;
      value[static_cast<std::size_t>(depth)] = searcher.run(*game, limits, options, {}, stop).score;
    }
    for (int depth = games::reversi::kProbCutMinDepth; depth <= max_depth; ++depth) {
      const int shallow = games::reversi::probcut_shallow_depth(depth);
      const core::Score deep = value[static_cast<std::size_t>(depth)];
      const core::Score near = value[static_cast<std::size_t>(shallow)];
      if (core::is_decisive(deep) || core::is_decisive(near)) continue;
      const double d = deep - near;
      sum[static_cast<std::size_t>(phase)][static_cast<std::size_t>(depth)] += d;
      sum_sq[static_cast<std::size_t>(phase)][static_cast<std::size_t>(depth)] += d * d;
    }
  }

  std::vector<ProbCutStats> stats;
  for (int phase = 0; phase < games::reversi::kProbCutPhases; ++phase)
    for (int depth = games::reversi::kProbCutMinDepth; depth <= max_depth; ++depth) {
      ProbCutStats s;
      s.phase = phase;
      s.depth = depth;
      s.samples = count[static_cast<std::size_t>(phase)];
      if (s.samples > 1) {
        const double n = s.samples;
        s.mean = sum[static_cast<std::size_t>(phase)][static_cast<std::size_t>(depth)] / n;
        s.sigma = std::sqrt(std::max(0.0, sum_sq[static_cast<std::size_t>(phase)][static_cast<std::size_t>(depth)] / n - s.mean * s.mean));
      }
      stats.push_back(s);
    }
  return stats;
}

}  // namespace narabe::tools::reversi_train
