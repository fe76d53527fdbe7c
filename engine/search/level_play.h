#pragma once
// Play below Level max. A game may define its own casual play as a free function
//   core::Move casual_move(const G&, core::Level, core::Rng&)   (HasCasualMove, game_hooks.h)
// found by argument-dependent lookup (tic-tac-toe's classic rule-based CPU is one).
// Otherwise the generic casual play is a shallow search choosing at random among
// the moves that score nearly as well as the best: wider margins and shallower
// depths for the lower levels. A game can set the depth and margin per level with
//   static core::CasualSettings casual_settings(core::Level)   (HasCasualSettings)
// (Connect Four's levels search 3, 6 and 8 plies and break exact ties at random).

#include <vector>

#include "engine/core/game_concept.h"
#include "engine/core/level.h"
#include "engine/core/rng.h"
#include "engine/search/game_hooks.h"
#include "engine/search/search.h"

namespace narabe::search {

constexpr core::CasualSettings default_casual_settings(core::Level level) {
  switch (level) {
    case core::Level::kEasy: return {1, 400};
    case core::Level::kNormal: return {2, 60};
    case core::Level::kHard: return {4, 10};
    case core::Level::kMax: break;
  }
  return {core::kMaxPly - 1, 0};
}

// The move to play at a level below max; null when the game is over.
template <core::Game G>
core::Move choose_casual_move(const G& position, core::Level level, core::Rng& rng,
                              core::TranspositionTable& table) {
  if constexpr (HasCasualMove<G>) {
    (void)table;
    return casual_move(position, level, rng);
  } else {
    typename G::MoveList moves;
    position.generate_moves(moves);
    if (moves.empty()) return core::Move::null();
    core::CasualSettings settings = default_casual_settings(level);
    if constexpr (HasCasualSettings<G>)
      settings = G::casual_settings(level);
    std::vector<std::pair<core::Move, core::Score>> scored;
    SearchCallbacks callbacks;
    // Every iteration reports all lines; the last complete one is kept.
    callbacks.on_line = [&](const LineReport& line) {
      if (line.multipv == 1) scored.clear();
      scored.emplace_back(line.pv.front(), line.score);
    };
    SearchLimits limits;
    limits.depth = settings.depth;
    core::StopSignal never;
    auto search = std::make_unique<Search<G>>(table);
    search->run(position, limits, SearchOptions{static_cast<int>(moves.size()), false}, callbacks, never);
    std::vector<core::Move> near_best;
    for (const auto& [move, score] : scored)
      if (score >= scored.front().second - settings.margin) near_best.push_back(move);
    if (near_best.empty()) return moves[rng.below(moves.size())];
    return near_best[rng.below(near_best.size())];
  }
}

}  // namespace narabe::search
