#pragma once
// How Reversi's endgame solver (endgame_solver.h) serves the generic search at
// Level max. The search finds make_exact_solver() by argument-dependent lookup and
// asks ExactSolver::applies() whether the position is small enough to prove within
// the search's limits; if so it proves the exact final disc margin instead of
// searching to a depth, else it searches as before.
//
// Scores come back on the evaluation's scale, hundredths of a disc: an exact margin
// of m discs is m * 100 (`score cp 3800` for +38), 0 for a draw. A proven margin is
// not reported as a mate: the margin is what a Reversi score means, and the search
// stops by itself once it is proven.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "engine/core/clock.h"
#include "engine/core/move.h"
#include "engine/core/score.h"
#include "engine/core/solver_progress.h"
#include "engine/core/stop_signal.h"
#include "engine/games/reversi/endgame_solver.h"
#include "engine/games/reversi/reversi.h"

namespace narabe::games {

namespace reversi {

class ExactSolver {
 public:
  // Up to this many empty cells the solver is used whatever the limits say (a
  // proof takes well under the engine's smallest useful move time).
  static constexpr int kAlwaysEmpties = 12;
  // Beyond this many the solver is never used: proofs take minutes or more.
  static constexpr int kMaxEmpties = 24;

  ExactSolver(const Reversi& position, std::size_t table_megabytes);

  // One table serves every position.
  bool fits(const Reversi&) const { return true; }
  // Whether a proof of `position` is expected to end well within the limits: the
  // time until the search's hard deadline and its node limit (each may be absent).
  // Estimates are generous (several times the measured FFO times), so that the
  // interruption, which leaves only the best move known, stays rare.
  static bool applies(const Reversi& position, std::optional<std::int64_t> hard_ms,
                      std::optional<std::uint64_t> node_limit);
  // Nodes and milliseconds a proof of a position with `empties` empty cells is
  // allowed to expect (the estimates applies() uses).
  static std::uint64_t expected_nodes(int empties);
  static std::int64_t expected_ms(int empties);

  // The threads each proof runs on (the engine's Threads option): they share the
  // one table, so memory does not grow; values stay exact.
  void set_threads(int threads) { solver_.set_threads(threads); }
  void set_interrupts(const core::StopSignal* stop, std::optional<std::uint64_t> node_limit,
                      std::optional<core::SteadyClock::time_point> deadline) {
    solver_.set_interrupts(stop, node_limit, deadline);
  }
  // Bounds proven so far during solve(), on the engine's scale.
  void set_progress(std::function<void(core::Score lower, core::Score upper)> progress);

  // The exact value of a position (the game may be over); nothing if interrupted.
  std::optional<core::Score> solve(const Reversi& position);
  // After solve(): a move proven to keep that value (a pass when the side to move
  // must pass); after an interruption, the best move known.
  // During solve() (the progress callback), the best move proven so far.
  core::Move best_move() const {
    if (must_pass_) return Reversi::kPass;
    const int cell = solver_.best_move();
    return cell >= 0 && cell < Reversi::kCells ? core::Move(static_cast<std::uint16_t>(cell)) : fallback_;
  }
  // The exact value of playing `move`, from the mover's view.
  std::optional<core::Score> solve_move(const Reversi& position, core::Move move);

  std::uint64_t nodes() const { return solver_.nodes(); }
  void reset_nodes() { solver_.reset_nodes(); }
  void clear() { solver_.clear_table(); }

  static constexpr core::Score to_engine_score(int margin) { return margin * 100; }

 private:
  EndgameSolver solver_;
  bool must_pass_ = false;  // the position solve() was given has only the pass
  core::Move fallback_;     // its first legal move, while the solver has none
  core::SolverProgress progress_;
};

}  // namespace reversi

// Found by the generic search through ADL (engine/search/game_hooks.h).
std::unique_ptr<reversi::ExactSolver> make_exact_solver(const Reversi& position, std::size_t table_megabytes);

}  // namespace narabe::games
