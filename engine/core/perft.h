#pragma once
// Perft: the number of move sequences of a given length, the standard check that
// move generation, make and unmake agree with known counts.

#include <cstdint>

#include "engine/core/game_concept.h"
#include "engine/core/stop_signal.h"

namespace narabe::core {

// `stop`, when given, ends the count early (the result is then partial).
template <Game G>
std::uint64_t perft(G& game, int depth, const StopSignal* stop = nullptr) {
  if (depth == 0) return 1;
  if (stop != nullptr && stop->requested()) return 0;
  if (is_over(game.outcome())) return G::kPerftCountsEndedGames ? 1 : 0;
  typename G::MoveList moves;
  game.generate_moves(moves);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (Move m : moves) {
    game.make_move(m);
    total += perft(game, depth - 1, stop);
    game.unmake_move(m);
  }
  return total;
}

}  // namespace narabe::core
