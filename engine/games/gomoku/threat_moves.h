#pragma once
// What the generic search asks a Gomoku position about threats at every node
// (engine/search/game_hooks.h), read from the incremental pattern board so
// that nothing is scanned when nothing is pending:
//   has_winning_move - the side to move completes a five next move (a five is never
//       forbidden), so the node is a win in one ply whatever the depth left;
//   must_answer      - the opponent has a five point: every move but a block loses,
//       so the search may not stand pat on the evaluation;
//   quiescence moves - past the horizon the side to move tries only its fours
//       (each forces the block), so a VCF of either side ending beyond the depth
//       is seen: Rapfi-style VCF at the leaves;
//   tactical moves   - a stone that makes an own three or better, or takes the
//       opponent's open-four or five point: never pruned, reduced a ply less;
//   selectivity      - the reductions and margins (core/selectivity.h) for
//       Gomoku's evaluation scale.

#include <bit>
#include <cstdint>

#include "engine/core/selectivity.h"
#include "engine/games/gomoku/gomoku.h"

namespace narabe::games::gomoku {

// Calls f(at) for every empty point within kNearRadius of a stone, in board order.
template <class F>
void for_each_near_point(const Gomoku& game, F&& f) {
  // The near points' bits row by row: a few dozen points, not the whole board.
  const std::uint32_t on_board = ((std::uint32_t{1} << game.size()) - 1) << kPad;
  for (int rank = 0; rank < game.size(); ++rank) {
    const int row = rank + kPad;
    for (std::uint32_t bits = game.empty_near_row(row) & on_board; bits != 0; bits &= bits - 1)
      f(row * kStride + std::countr_zero(bits));
  }
}

bool has_winning_move(const Gomoku& game);
bool must_answer(const Gomoku& game);
// The side to move's playable four points around its last stone (Gomoku::
// last_own_stone; near any stone when that is unknown), in board order (none
// while it must answer a five: the search's own moves are the blocks).
void quiescence_moves(const Gomoku& game, Gomoku::MoveList& list);
bool is_tactical(const Gomoku& game, int at);
core::Selectivity selectivity(const Gomoku& game);

}  // namespace narabe::games::gomoku

namespace narabe::games {

// Found by the generic search through ADL (engine/search/game_hooks.h).
inline core::Selectivity selectivity(const Gomoku& game) { return gomoku::selectivity(game); }

}  // namespace narabe::games
