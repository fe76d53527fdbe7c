#pragma once
// The threads of one exact solve (Connect Four's solver, Reversi's endgame solver):
// each searches the whole tree over one shared table, and the first to finish has
// the exact answer (the table only ever holds proven bounds) and stops the others.
// What they share: the positions being searched (busy_positions.h), who finished
// first, and the count of every thread's nodes, so a node budget is for them all.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <system_error>
#include <thread>
#include <vector>

#include "engine/core/busy_positions.h"

namespace narabe::core {

class SolverTeam {
 public:
  // `nodes_before`: the main solver's count before the solve (budgets count from 0).
  explicit SolverTeam(std::uint64_t nodes_before) : nodes_(nodes_before) {}

  // Runs work(i) for i in 0..n-1, work(0) on the calling thread and the others on
  // threads of their own; returns once every one has. Where the system gives no
  // more threads the solve runs on those it has (each thread searches the whole
  // tree, so any number of them finds the answer).
  template <class Work>
  static void run(std::size_t n, Work work) {
    std::vector<std::jthread> threads;
    for (std::size_t i = 1; i < n; ++i) {
      try {
        threads.emplace_back(work, i);
      } catch (const std::system_error&) {
        break;
      }
    }
    work(0);
  }

  // Adds a thread's nodes since its last call (`published`, updated); returns the
  // team's total.
  std::uint64_t publish(std::uint64_t& published, std::uint64_t nodes) {
    const std::uint64_t added = nodes - published;
    published = nodes;
    return nodes_.fetch_add(added, std::memory_order_relaxed) + added;
  }
  // Thread `index` has the answer: the first one to say so is the winner.
  void finish(std::size_t index) {
    int none = -1;
    if (winner_.compare_exchange_strong(none, static_cast<int>(index))) done_.store(true, std::memory_order_relaxed);
  }
  // Whether some thread has the answer (the others then stop).
  bool done() const { return done_.load(std::memory_order_relaxed); }
  // The first thread with the answer, or -1.
  int winner() const { return winner_.load(); }

  BusyPositions busy;

 private:
  std::atomic<std::uint64_t> nodes_;
  std::atomic<int> winner_{-1};
  std::atomic<bool> done_{false};
};

}  // namespace narabe::core
