// Which of the search's optional hooks (engine/search/game_hooks.h) each game
// provides, checked at compile time: a hook lost to a changed signature would
// otherwise silently fall back to the generic behaviour.

#include <gtest/gtest.h>

#include "engine/games/registry.h"
#include "engine/search/game_hooks.h"
#include "engine/search/solver_driver.h"

namespace narabe::search {
namespace {

using games::Connect4;
using games::Gomoku;
using games::Reversi;
using games::TicTacToe;

// Tic-tac-toe: rule-based casual players, a plain full-width search.
static_assert(HasCasualMove<TicTacToe>);
static_assert(!HasExactSolver<TicTacToe> && !HasMoveOrderBonus<TicTacToe> && !HasProbCut<TicTacToe>);
static_assert(!HasSearchMoves<TicTacToe> && !HasSelectivity<TicTacToe> && !HasCasualSettings<TicTacToe>);

// Connect Four: the exact solver with its book, centre-first order, casual depths.
static_assert(HasExactSolver<Connect4> && HasMoveOrderBonus<Connect4> && HasCasualSettings<Connect4>);
static_assert(!HasProbCut<Connect4> && !HasCasualMove<Connect4> && !HasSelectivity<Connect4>);
static_assert(!solver_proves_wins_only<Connect4>());

// Gomoku: the threat solver (wins only), threats, quiescence, near moves, selectivity,
// the null move.
static_assert(HasExactSolver<Gomoku> && solver_proves_wins_only<Gomoku>());
static_assert(HasMoveOrderBonus<Gomoku> && HasSearchMoves<Gomoku> && HasSelectivity<Gomoku>);
static_assert(HasThreatHooks<Gomoku> && HasQuiescence<Gomoku> && HasTacticalMoves<Gomoku>);
static_assert(HasCasualMove<Gomoku> && !HasProbCut<Gomoku> && HasNullMove<Gomoku>);

// Reversi: the endgame solver (when it applies), ProbCut, its own casual levels, the
// opening book the search answers from (Connect Four's book is its solver's).
static_assert(HasExactSolver<Reversi> && !solver_proves_wins_only<Reversi>());
static_assert(HasProbCut<Reversi> && HasMoveOrderBonus<Reversi> && HasCasualMove<Reversi>);
static_assert(!HasSearchMoves<Reversi> && !HasThreatHooks<Reversi> && !HasSelectivity<Reversi>);
static_assert(!HasNullMove<Reversi> && !HasNullMove<Connect4> && !HasNullMove<TicTacToe>);
static_assert(HasOpeningBook<Reversi> && !HasOpeningBook<Connect4> && !HasOpeningBook<Gomoku> &&
              !HasOpeningBook<TicTacToe>);
// Only Reversi's search splits its nodes between threads; the others run lazy SMP.
static_assert(SplitsSearch<Reversi> && !SplitsSearch<Gomoku> && !SplitsSearch<Connect4> && !SplitsSearch<TicTacToe>);

// Every game's solver has the interface the driver uses, and its optional parts.
static_assert(ExactSolverFor<ExactSolverSlot<Connect4>::type::element_type, Connect4>);
static_assert(SolverUsesBook<ExactSolverSlot<Connect4>::type::element_type>);
static_assert(SolverUsesThreads<ExactSolverSlot<Reversi>::type::element_type>);
static_assert(SolverKnowsWhenItApplies<ExactSolverSlot<Reversi>::type::element_type, Reversi>);
static_assert(SolverHasPrincipalLine<ExactSolverSlot<Gomoku>::type::element_type>);

TEST(GameHooks, CheckedAtCompileTime) { SUCCEED(); }

}  // namespace
}  // namespace narabe::search
