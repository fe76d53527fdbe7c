#pragma once
// The invariants every position of every game keeps, written once and checked
// wherever a position can go wrong: the typed tests' random playouts, the fuzzers
// after every input, and the command loops of debug builds after every command
// (docs/hardening.md).
//
// - The fen round-trips and the hash is a function of the position alone: reloading
//   the fen recomputes the same hash from scratch.
// - The game is over exactly when there are no moves, and then nothing remains.
// - Every generated move is legal, survives its own notation, and make/unmake
//   restores the position and its hash exactly.

#include <string>

#include "engine/core/expected.h"
#include "engine/core/game_concept.h"
#include "engine/core/outcome.h"

namespace narabe::core {

template <Game G>
Status check_position_invariants(const G& game) {
  const std::string fen = game.to_fen();
  auto fail = [&](const std::string& what) { return make_error(what + " (fen " + fen + ")"); };

  auto reloaded = G::from_fen(game.variant(), fen);
  if (!reloaded) return fail("the position's own fen does not load: " + reloaded.error());
  if (reloaded->to_fen() != fen) return fail("the fen does not round-trip: reloaded as " + reloaded->to_fen());
  if (reloaded->hash() != game.hash()) return fail("the hash differs from a recomputation");
  if (reloaded->side_to_move() != game.side_to_move()) return fail("the side to move differs after a reload");

  typename G::MoveList moves;
  game.generate_moves(moves);
  const bool over = is_over(game.outcome());
  if (moves.empty() != over)
    return fail(over ? "the game is over but moves are generated" : "no move is generated but the game goes on");
  if (over && game.max_remaining_plies() != 0) return fail("the game is over but plies remain");

  G scratch = game;
  for (Move m : moves) {
    const std::string text = game.move_to_string(m);
    if (!game.is_legal(m)) return fail("generated move " + text + " is not legal");
    auto parsed = game.parse_move(text);
    if (!parsed) return fail("generated move " + text + " does not parse: " + parsed.error());
    if (*parsed != m) return fail("generated move " + text + " parses as another move");
    scratch.make_move(m);
    if (scratch.hash() == game.hash()) return fail("move " + text + " leaves the hash unchanged");
    scratch.unmake_move(m);
    if (scratch.hash() != game.hash() || scratch.to_fen() != fen)
      return fail("make/unmake of " + text + " does not restore the position");
  }
  return Ok{};
}

}  // namespace narabe::core
