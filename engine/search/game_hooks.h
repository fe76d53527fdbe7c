#pragma once
// The optional hooks a game may give the search, as named concepts: the one place
// that says what each hook looks like. The search (search.h, solver_driver.h) and
// the casual play (level_play.h) test these, so a game without a hook costs
// nothing; tests/engine/search/game_hooks_test.cpp says which game has which.
// Members are called on the position; free functions live in the game's namespace
// and are found by argument-dependent lookup, so a game never includes the search.
//
//   int move_order_bonus(Move) const                       HasMoveOrderBonus
//       -- added to a quiet move's history score: larger is searched earlier.
//   void generate_search_moves(MoveList&) const            HasSearchMoves
//       -- the moves the search tries, when a game searches fewer than its legal
//          moves (Gomoku: the points near the stones); never empty unless the game
//          is over. Without it the search tries every legal move.
//   make_exact_solver(const G&, std::size_t megabytes)    HasExactSolver (ADL)
//       -- a solver that proves values (ExactSolverFor below); at full strength
//          the search lets it prove the root instead of deepening (solver_driver.h).
//   std::optional<core::ProbCut> probcut(const G&, int depth)   HasProbCut (ADL)
//       -- selective pruning: at a node searched to `depth` outside the principal
//          variation, a null-window search to the shallow depth around beta + margin
//          (alpha - margin) that fails high (low) cuts the node at once.
//   core::Selectivity selectivity(const G&)                HasSelectivity (ADL)
//       -- late-move reductions, futility pruning, razoring, late-move pruning and
//          aspiration windows, with the game's margins (core/selectivity.h).
//   bool has_winning_move() const, bool must_answer() const   HasThreatHooks
//       -- threats: the side to move wins with its next move (the node is a win in
//          one ply at any depth), or must answer the opponent's (no standing pat).
//   void make_null_move(), void unmake_null_move()         HasNullMove
//       -- the side to move passes (and takes the pass back) for null-move
//          pruning (core/selectivity.h), in a game where a pass is never a move
//          (Gomoku); the position stays what it was but for the side to move.
//   void generate_quiescence_moves(MoveList&) const        HasQuiescence
//       -- the moves searched past the horizon (Gomoku: the side to move's fours).
//   bool is_tactical(Move) const                           HasTacticalMoves
//       -- a move never reduced or pruned (Gomoku: it makes a three or better).
//   std::optional<core::BookMove> book_move(const G&)      HasOpeningBook (ADL)
//       -- the game's opening book: at full strength, with OwnBook on and MultiPV 1,
//          a timed search plays the book's move at once (Reversi's book).
//   core::Move casual_move(const G&, core::Level, core::Rng&)   HasCasualMove (ADL)
//       -- the game's own play below Level max (tic-tac-toe's rule-based players).
//   static core::CasualSettings casual_settings(core::Level)    HasCasualSettings
//       -- the depth and margin of the generic casual play per level.
//   static constexpr int kSplitDepth                        SplitsSearch
//       -- with Threads above 1, a node searched to this depth or more shares its
//          moves after the first with idle threads (young brothers wait,
//          core/split_team.h) instead of the threads running lazy SMP (Reversi,
//          whose lazy helpers mostly searched what the main thread searched too).

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/book_move.h"
#include "engine/core/clock.h"
#include "engine/core/level.h"
#include "engine/core/move.h"
#include "engine/core/probcut_hint.h"
#include "engine/core/rng.h"
#include "engine/core/score.h"
#include "engine/core/selectivity.h"
#include "engine/core/stop_signal.h"

namespace narabe::search {

template <class G>
concept HasMoveOrderBonus = requires(const G& g, core::Move m) {
  { g.move_order_bonus(m) } -> std::convertible_to<int>;
};

// The position's hash after a move, known before the move is made: the search
// starts fetching that position's table entry while the game updates its board.
template <class G>
concept HasHashAfter = requires(const G& g, core::Move m) {
  { g.hash_after(m) } -> std::convertible_to<std::uint64_t>;
};

template <class G>
concept HasSearchMoves = requires(const G& g, typename G::MoveList& moves) { g.generate_search_moves(moves); };

template <class G>
concept HasProbCut = requires(const G& g, int depth) {
  { probcut(g, depth) } -> std::same_as<std::optional<core::ProbCut>>;
};

template <class G>
concept HasSelectivity = requires(const G& g) {
  { selectivity(g) } -> std::same_as<core::Selectivity>;
};

template <class G>
concept HasThreatHooks = requires(const G& g) {
  { g.has_winning_move() } -> std::same_as<bool>;
  { g.must_answer() } -> std::same_as<bool>;
};

template <class G>
concept HasNullMove = requires(G& g) {
  { g.make_null_move() } -> std::same_as<void>;
  { g.unmake_null_move() } -> std::same_as<void>;
};

template <class G>
concept HasQuiescence = requires(const G& g, typename G::MoveList& moves) {
  { g.generate_quiescence_moves(moves) } -> std::same_as<void>;
};

template <class G>
concept HasTacticalMoves = requires(const G& g, core::Move m) {
  { g.is_tactical(m) } -> std::same_as<bool>;
};

template <class G>
concept HasOpeningBook = requires(const G& g) {
  { book_move(g) } -> std::same_as<std::optional<core::BookMove>>;
};

template <class G>
concept HasCasualMove = requires(const G& g, core::Level level, core::Rng& rng) {
  { casual_move(g, level, rng) } -> std::same_as<core::Move>;
};

template <class G>
concept HasCasualSettings = requires(core::Level level) {
  { G::casual_settings(level) } -> std::same_as<core::CasualSettings>;
};

template <class G>
concept SplitsSearch = requires {
  { G::kSplitDepth } -> std::convertible_to<int>;
};
template <class G>
concept HasExactSolver = requires(const G& g, std::size_t megabytes) {
  { make_exact_solver(g, megabytes) };
};

// What the search asks of the solver make_exact_solver returns (an owning pointer
// to it): the position fits its table, interrupts (stop, nodes, deadline), bounds
// as they are proven, a root's or one root move's value (nothing when
// interrupted), the best move, a node count, and forgetting its table.
template <class S, class G>
concept ExactSolverFor = requires(S& s, const S& cs, const G& g, core::Move m, const core::StopSignal* stop,
                                  std::optional<std::uint64_t> nodes,
                                  std::optional<core::SteadyClock::time_point> deadline) {
  { cs.fits(g) } -> std::same_as<bool>;
  s.set_interrupts(stop, nodes, deadline);
  s.set_progress(std::function<void(core::Score, core::Score)>{});
  { s.solve(g) } -> std::same_as<std::optional<core::Score>>;
  { s.solve_move(g, m) } -> std::same_as<std::optional<core::Score>>;
  { cs.best_move() } -> std::same_as<core::Move>;
  { cs.nodes() } -> std::same_as<std::uint64_t>;
  s.reset_nodes();
  s.clear();
};

// The solver's optional parts, each used where the solver has it.
template <class S>
concept SolverUsesBook = requires(S& s, bool own_book) { s.use_book(own_book); };  // the OwnBook option
template <class S>
concept SolverUsesThreads = requires(S& s, int threads) { s.set_threads(threads); };  // the Threads option
template <class S>
concept SolverHasPrincipalLine = requires(const S& s) {
  { s.principal_line() } -> std::same_as<std::vector<core::Move>>;
};
// A solver that proves wins only (Gomoku's): when it proves nothing the search
// deepens as usual, and MultiPV is left to the search.
template <class S>
concept SolverProvesWinsOnly = requires { requires S::kProvesWinsOnly; };
// Whether a proof is expected within the limits (Reversi: few enough empties);
// without it, always.
template <class S, class G>
concept SolverKnowsWhenItApplies =
    requires(const G& g, std::optional<std::int64_t> hard_ms, std::optional<std::uint64_t> nodes) {
      { S::applies(g, hard_ms, nodes) } -> std::same_as<bool>;
    };

}  // namespace narabe::search
