#pragma once
// The Connect Four solver: the exact game-theoretic score of any position of any
// board size the rules accept, by negamax alpha-beta on bitboards.
//
// Scores use Pascal Pons' convention, from the side to move's view: 0 is a draw; a
// win scores (W*H + 1 - n) / 2 where n is the number of discs on the board just
// before the winning disc is played (so on 7x6, 22 minus the winner's disc count);
// a loss is the negative of the opponent's win.
//
// Bit layout (Pons): one (H+1)-bit field per column, bottom row in the lowest bit,
// a sentinel bit on top that is always empty. For 7x6:
//
//   .  .  .  .  .  .  .      6 13 20 27 34 41 48   <- sentinels
//   5 12 19 26 33 40 47
//   4 11 18 25 32 39 46
//   3 10 17 24 31 38 45
//   2  9 16 23 30 37 44
//   1  8 15 22 29 36 43
//   0  7 14 21 28 35 42
//
// A position is (current, mask, moves): the side to move's discs, all discs, and
// their number. The search itself (solver_core.h) is compiled once per board size,
// so every shift and mask is a constant in the inner loop.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>

#include "engine/core/clock.h"
#include "engine/core/stop_signal.h"

namespace narabe::games::connect4 {

using Bitboard = std::uint64_t;

// The search interface one board size implements (solver_core.h).
class SolverCore {
 public:
  virtual ~SolverCore() = default;
  virtual std::optional<int> solve(Bitboard current, Bitboard mask, int moves, bool weak) = 0;
  virtual std::optional<int> solve_move(Bitboard current, Bitboard mask, int moves, int column,
                                        bool weak) = 0;
  virtual int best_column() const = 0;
  virtual void clear_table() = 0;
  virtual std::size_t table_bytes() const = 0;

  std::uint64_t nodes = 0;
  // Threads a solve runs on, over the one table (1: alone, node for node the same
  // search every time).
  int threads = 1;
  const core::StopSignal* stop = nullptr;
  std::optional<std::uint64_t> node_limit;
  std::optional<core::SteadyClock::time_point> deadline;
  // Called after each null-window step of a root solve with the bounds proven so far.
  void (*progress)(void* context, int lower, int upper) = nullptr;
  void* progress_context = nullptr;
};

class Solver {
 public:
  // Sizes as the rules accept them: 4..9 each, (height + 1) * width <= 64.
  Solver(int width, int height, std::size_t table_megabytes);

  // The exact score of the position (weak: only its sign, -1/0/1), or nothing if
  // the stop signal was raised or the node budget ran out first. The position must
  // not be over.
  std::optional<int> solve(Bitboard current, Bitboard mask, int moves, bool weak = false) {
    return core_->solve(current, mask, moves, weak);
  }
  // The exact score of playing `column` (0-based, playable) from the position,
  // from the mover's view; nothing if interrupted.
  std::optional<int> solve_move(Bitboard current, Bitboard mask, int moves, int column,
                                bool weak = false) {
    return core_->solve_move(current, mask, moves, column, weak);
  }
  // After solve(): a column proven to reach the score it returned. After an
  // interrupted solve(): the best column known so far (the first in search order
  // when nothing was proven yet).
  int best_column() const { return core_->best_column(); }

  // What interrupts a solve: a raised stop signal, a node budget, a time.
  void set_interrupts(const core::StopSignal* stop, std::optional<std::uint64_t> node_limit,
                      std::optional<core::SteadyClock::time_point> deadline) {
    core_->stop = stop;
    core_->node_limit = node_limit;
    core_->deadline = deadline;
  }
  void set_progress(void (*fn)(void*, int, int), void* context) {
    core_->progress = fn;
    core_->progress_context = context;
  }
  // How many threads each solve runs on (at least 1): they share the table, and each
  // thread's near-end table is its part of an eighth of table_megabytes, so memory
  // stays table_megabytes; results stay exact, node counts vary above 1.
  void set_threads(int threads) { core_->threads = std::max(threads, 1); }
  int threads() const { return core_->threads; }
  // Nodes of every thread.
  std::uint64_t nodes() const { return core_->nodes; }
  void reset_nodes() { core_->nodes = 0; }
  void clear_table() { core_->clear_table(); }
  // The bytes of every table (the shared one and each thread's near-end table) as
  // the last solve left them: table_megabytes MiB at most.
  std::size_t table_bytes() const { return core_->table_bytes(); }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_;
  int height_;
  std::unique_ptr<SolverCore> core_;
};

}  // namespace narabe::games::connect4
