#pragma once
// The threads of one exact solve (Connect Four's solver, Reversi's endgame solver):
// the calling thread searches, the others (the solver's worker_pool.h) take the
// moves it shares with them (young brothers wait, split_team.h). What they share
// here: the count of every thread's nodes, so a node budget is for them all.
// (Each thread reads the stop signal and the deadline itself, and the opener
// waits for the threads on its points, so none is still searching when the
// solve returns.)

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace narabe::core {

class SolverTeam {
 public:
  // `nodes_before`: the main solver's count before the solve (budgets count from 0).
  explicit SolverTeam(std::uint64_t nodes_before) : nodes_(nodes_before) {}

  // Adds a thread's nodes since its last call (`published`, updated); returns the
  // team's total.
  std::uint64_t publish(std::uint64_t& published, std::uint64_t nodes) {
    const std::uint64_t added = nodes - published;
    published = nodes;
    return nodes_.fetch_add(added, std::memory_order_relaxed) + added;
  }
 private:
  std::atomic<std::uint64_t> nodes_;
};

}  // namespace narabe::core
