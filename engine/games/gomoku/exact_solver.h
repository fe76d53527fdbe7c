#pragma once
// How Gomoku's threat solver (threat_solver.h) serves the generic search at Level
// max, through the search's make_exact_solver hook (found by ADL). Unlike Connect
// Four's and Reversi's solvers it proves wins only: before deepening, the search
// asks it for a VCF and then a VCT of the side to move within a share of the move's
// time (kTimeShare of what is left before the hard deadline, kNodeShare of a node
// limit, kUnlimitedNodes without either). A win comes back as `mate N` (N own moves
// to the five) with its first move; anything else (kProvesWinsOnly) lets the search
// deepen as usual, which is also how a lost position is defended.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/core/clock.h"
#include "engine/core/move.h"
#include "engine/core/score.h"
#include "engine/core/stop_signal.h"
#include "engine/games/gomoku/threat_solver.h"

namespace narabe::games {

namespace gomoku {

class ThreatProver {
 public:
  // Tells the search that an unproven position is searched as usual (engine/search/game_hooks.h).
  static constexpr bool kProvesWinsOnly = true;
  static constexpr int kTimeShare = 4;             // a quarter of the time left
  static constexpr int kNodeShare = 4;             // a quarter of a node limit
  static constexpr std::uint64_t kUnlimitedNodes = 2'000'000;
  static constexpr int kVcfMoves = 60;
  static constexpr int kVctMoves = 16;

  ThreatProver(const Gomoku& position, std::size_t table_megabytes);

  bool fits(const Gomoku&) const { return true; }
  void set_interrupts(const core::StopSignal* stop, std::optional<std::uint64_t> node_limit,
                      std::optional<core::SteadyClock::time_point> deadline) {
    stop_ = stop;
    node_limit_ = node_limit;
    deadline_ = deadline;
  }
  // Bounds are not reported along the way: a proof is all or nothing.
  void set_progress(std::function<void(core::Score, core::Score)>) {}

  // A win of the side to move (a decided score: the plies to the five), or nothing.
  std::optional<core::Score> solve(const Gomoku& position);
  // After solve(): the proven win's first move (null when nothing was proven).
  core::Move best_move() const { return best_move_; }
  // After a proof: the winning line from its first move (attacker, defender, ...).
  std::vector<core::Move> principal_line() const { return line_; }
  // MultiPV is left to the search (kProvesWinsOnly): never asked.
  std::optional<core::Score> solve_move(const Gomoku&, core::Move) { return std::nullopt; }

  std::uint64_t nodes() const { return solver_.nodes(); }
  void reset_nodes() { solver_.reset_nodes(); }
  void clear() { solver_.clear(); }

 private:
  ThreatSolver solver_;
  core::Move best_move_;
  std::vector<core::Move> line_;
  const core::StopSignal* stop_ = nullptr;
  std::optional<std::uint64_t> node_limit_;
  std::optional<core::SteadyClock::time_point> deadline_;
};

}  // namespace gomoku

// Found by the generic search through ADL (engine/search/game_hooks.h).
std::unique_ptr<gomoku::ThreatProver> make_exact_solver(const Gomoku& position, std::size_t table_megabytes);

}  // namespace narabe::games
