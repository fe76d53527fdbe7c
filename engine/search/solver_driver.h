#pragma once
// How the search runs a game's exact solver (the make_exact_solver hook,
// game_hooks.h) at full strength: instead of deepening, the solver proves the
// root, reporting each bound it proves and then the exact line; with MultiPV
// above 1 it proves every root move. Only the search's main thread comes here.
// A solver that proves wins only (Gomoku's threat solver) hands an unproven
// position back to the search, within the soft limit rather than the hard one.

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/clock.h"
#include "engine/core/game_concept.h"
#include "engine/core/move.h"
#include "engine/core/score.h"
#include "engine/core/stop_signal.h"
#include "engine/search/game_hooks.h"
#include "engine/search/search_report.h"
#include "engine/search/time_manager.h"

namespace narabe::search {

// The member that holds a game's exact solver, or nothing for games without one.
template <class G, bool = HasExactSolver<G>>
struct ExactSolverSlot {
  struct type {};
};
template <class G>
struct ExactSolverSlot<G, true> {
  using type = decltype(make_exact_solver(std::declval<const G&>(), std::size_t{}));
  static_assert(ExactSolverFor<typename type::element_type, G>,
                "make_exact_solver must return an owning pointer to an ExactSolverFor<G> (game_hooks.h)");
};

// Whether the game's solver proves wins only, so the search goes on when it proves nothing.
template <class G>
constexpr bool solver_proves_wins_only() {
  if constexpr (HasExactSolver<G>)
    return SolverProvesWinsOnly<typename ExactSolverSlot<G>::type::element_type>;
  else
    return false;
}

// Whether the game's exact solver expects to prove `root` within the limits.
template <class G>
bool exact_solver_applies(const G& root, std::optional<std::int64_t> hard_ms,
                          std::optional<std::uint64_t> node_limit) {
  if constexpr (HasExactSolver<G>) {
    using Solver = typename ExactSolverSlot<G>::type::element_type;
    if constexpr (SolverKnowsWhenItApplies<Solver, G>) return Solver::applies(root, hard_ms, node_limit);
  }
  (void)root, (void)hard_ms, (void)node_limit;
  return true;
}

// One run of the solver: what the search hands it.
template <class G>
struct ExactRun {
  const G& root;
  const std::vector<core::Move>& root_moves;  // in the search's order
  std::size_t lines;                          // MultiPV
  bool own_book;
  int threads;  // the run's Threads, for a solver that uses more than one
  const core::StopSignal* stop;
  std::optional<std::uint64_t> node_limit;
  Deadlines deadlines;
  const core::Stopwatch& clock;  // started with the search
};

// Reports one proven line: multipv, score, bound, principal variation.
template <class Report>
concept ExactLineReport = requires(Report& report, std::vector<core::Move> pv) {
  report(1, core::Score{}, core::Bound::kExact, std::move(pv));
};

// Runs `solver` on run.root. `nodes` follows the solver's count (before each report
// and at the end), so the reports and the result count its nodes. False when the
// solver left the position to the search (it proves wins only and proved nothing).
template <class G, class Solver, ExactLineReport Report>
bool run_exact_solver(Solver& solver, const ExactRun<G>& run, SearchResult& result, std::uint64_t& nodes,
                      Report&& report) {
  using core::Move;
  using core::Score;
  const G& root = run.root;
  constexpr bool wins_only = SolverProvesWinsOnly<Solver>;
  if (wins_only && run.lines > 1) return false;
  if constexpr (SolverUsesBook<Solver>) solver.use_book(run.own_book);
  if constexpr (SolverUsesThreads<Solver>) solver.set_threads(run.threads);
  solver.reset_nodes();
  // A proof that must end the search (an exact solver) may run to the hard
  // limit; one the search goes on from when it fails (wins only) is held to the
  // soft limit, the share of the clock this move was planned to spend.
  std::optional<std::int64_t> limit_ms = run.deadlines.hard_ms;
  if (wins_only && run.deadlines.soft_ms)
    limit_ms = std::min(*run.deadlines.soft_ms, limit_ms.value_or(*run.deadlines.soft_ms));
  std::optional<core::SteadyClock::time_point> deadline;
  if (limit_ms)
    deadline = core::SteadyClock::now() +
               std::chrono::milliseconds(std::max<std::int64_t>(*limit_ms - run.clock.elapsed_ms(), 0));
  solver.set_interrupts(run.stop, run.node_limit, deadline);
  auto sync_nodes = [&] { nodes = solver.nodes(); };

  if (run.lines == 1) {
    // Each null-window step narrows the proven range: report the bound it moved.
    Score lower = -core::kInfinity, upper = core::kInfinity;
    solver.set_progress([&](Score new_lower, Score new_upper) {
      sync_nodes();
      if (new_lower == new_upper) return;  // the exact line follows
      if (new_lower > lower) report(1, new_lower, core::Bound::kLower, {solver.best_move()});
      else if (new_upper < upper) report(1, new_upper, core::Bound::kUpper, {solver.best_move()});
      lower = new_lower;
      upper = new_upper;
    });
    const std::optional<Score> score = solver.solve(root);
    solver.set_progress(nullptr);
    sync_nodes();
    if (wins_only && !score) return false;
    // Interrupted before the solver knew a move (no time left, `go nodes 1`): the
    // first root move stands, so the answer is never "(none)" while moves remain.
    if (const Move known = solver.best_move(); !known.is_null() && root.is_legal(known)) result.best_move = known;
    if (!score) return true;  // interrupted: the best move known stands
    result.score = *score;
    result.depth = root.max_remaining_plies();
    // The principal variation: replay proven-best moves while they come cheaply
    // from the warm table (a few plies are enough to show the plan), under a node
    // budget of its own: a position the book answered may have children that would
    // take long to prove.
    std::vector<Move> pv{result.best_move};
    if constexpr (SolverHasPrincipalLine<Solver>) {
      pv = solver.principal_line();
    } else {
      G line = root;
      line.make_move(result.best_move);
      std::uint64_t pv_budget = solver.nodes() + std::max<std::uint64_t>(solver.nodes(), 100000);
      if (run.node_limit) pv_budget = std::min(pv_budget, *run.node_limit);
      solver.set_interrupts(run.stop, pv_budget, deadline);
      for (int ply = 1; ply < 12 && !core::is_over(line.outcome()); ++ply) {
        if (!solver.solve(line)) break;
        pv.push_back(solver.best_move());
        line.make_move(solver.best_move());
      }
      sync_nodes();
    }
    if (pv.size() > 1) result.ponder_move = pv[1];
    report(1, *score, core::Bound::kExact, pv);
    return true;
  }

  // MultiPV: the exact value of every root move, best first ("show solution").
  std::vector<std::pair<Move, Score>> scored;
  for (const Move move : run.root_moves) {
    const std::optional<Score> score = solver.solve_move(root, move);
    sync_nodes();
    if (!score) break;
    scored.emplace_back(move, *score);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  // Interrupted before every move was proven: the best proven so far (or the first
  // move in search order) stands, and only the proven lines are shown.
  result.best_move = scored.empty() ? run.root_moves.front() : scored.front().first;
  if (scored.empty()) return true;
  if (scored.size() == run.root_moves.size()) {
    result.score = scored.front().second;
    result.depth = root.max_remaining_plies();
  }
  for (std::size_t k = 0; k < std::min(run.lines, scored.size()); ++k)
    report(static_cast<int>(k + 1), scored[k].second, core::Bound::kExact, {scored[k].first});
  return true;
}

}  // namespace narabe::search
