#pragma once
// The Game concept: everything the generic search, perft, the typed tests and the
// protocol session need from a game. A game is a value type holding one position;
// make_move/unmake_move change it in place and must restore it (hash included)
// exactly. Everything is from the side to move's point of view.
//
// Optional hooks, detected with `requires` where they are used:
//   Move casual_move(Level, Rng&) const  -- the game's own play below Level max
//                                           (see engine/search/level_play.h)

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/expected.h"
#include "engine/core/move.h"
#include "engine/core/move_list.h"
#include "engine/core/outcome.h"
#include "engine/core/score.h"
#include "engine/core/side.h"

namespace narabe::core {

// `newgame <game> key value key value ...` after the game name, in order.
using VariantArgs = std::vector<std::pair<std::string, std::string>>;

// One named evaluation term, for the `eval` command.
struct EvalTerm {
  std::string name;
  Score value;
};

// A position for `bench`: a fen, searched to `depth`, in the variant `newgame` would
// get from `variant` ("size 20 rule renju"; empty: the game's default).
struct BenchPosition {
  std::string_view fen;
  int depth;
  std::string_view variant = {};
};

template <class G>
concept Game = requires(G& g, const G& cg, Move m, typename G::MoveList& list,
                        std::string_view text, const typename G::Variant& variant,
                        const VariantArgs& args) {
  // Identity and variants.
  { G::kName } -> std::convertible_to<std::string_view>;
  { G::kVariantSpec } -> std::convertible_to<std::string_view>;  // for the handshake's game line
  { G::parse_variant(args) } -> std::same_as<Expected<typename G::Variant>>;
  { G::describe_variant(variant) } -> std::same_as<std::string>;
  { cg.variant() } -> std::convertible_to<const typename G::Variant&>;
  requires std::same_as<typename G::MoveList, MoveList<G::kMaxMoves>>;
  requires std::constructible_from<G, const typename G::Variant&>;  // the start position

  // Rules.
  { cg.side_to_move() } -> std::same_as<Side>;
  { cg.outcome() } -> std::same_as<Outcome>;
  { cg.hash() } -> std::same_as<std::uint64_t>;
  { cg.generate_moves(list) } -> std::same_as<void>;  // empty when the game is over
  { cg.is_legal(m) } -> std::same_as<bool>;
  { g.make_move(m) } -> std::same_as<void>;
  { g.unmake_move(m) } -> std::same_as<void>;  // m: the last move made
  // An upper bound on the plies left; the search never deepens past it.
  { cg.max_remaining_plies() } -> std::same_as<int>;
  // Whether perft counts a game that ended before the requested depth as a leaf
  // (Reversi's convention) or not at all (tic-tac-toe's).
  { G::kPerftCountsEndedGames } -> std::convertible_to<bool>;

  // Evaluation, in cp from the side to move's view.
  { cg.evaluate() } -> std::same_as<Score>;
  { cg.evaluation_terms() } -> std::same_as<std::vector<EvalTerm>>;

  // Notation.
  { cg.move_to_string(m) } -> std::same_as<std::string>;
  { cg.parse_move(text) } -> std::same_as<Expected<Move>>;  // checks legality too
  { cg.to_fen() } -> std::same_as<std::string>;
  { G::from_fen(variant, text) } -> std::same_as<Expected<G>>;
  { cg.winning_line() } -> std::same_as<std::vector<std::string>>;  // cells; empty unless won
  { cg.diagram() } -> std::same_as<std::string>;  // the board as text lines, for `d`

  // Fixed positions for `bench` (default variant).
  { G::bench_positions() } -> std::same_as<std::vector<BenchPosition>>;
};

}  // namespace narabe::core
