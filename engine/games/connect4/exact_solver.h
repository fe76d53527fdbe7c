#pragma once
// How Connect Four's solver serves the generic search at Level max. The search finds
// make_exact_solver() by argument-dependent lookup and, when it exists, proves the
// exact value of the root (and of each root move for MultiPV) instead of searching
// to a depth. Scores come back on the engine's scale: win_in/loss_in plies, 0 for a
// proven draw.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "engine/core/clock.h"
#include "engine/core/move.h"
#include "engine/core/score.h"
#include "engine/core/solver_progress.h"
#include "engine/core/stop_signal.h"
#include "engine/games/connect4/connect4.h"
#include "engine/games/connect4/opening_book.h"
#include "engine/games/connect4/solver.h"

namespace narabe::games {

namespace connect4 {

class ExactSolver {
 public:
  ExactSolver(const Connect4& position, std::size_t table_megabytes);

  // Whether this solver is for the position's board size.
  bool fits(const Connect4& position) const {
    return position.width() == solver_.width() && position.height() == solver_.height();
  }
  // The threads each proof runs on (the engine's Threads option): they share the
  // one table, so memory does not grow; values stay exact.
  void set_threads(int threads) { solver_.set_threads(threads); }
  void set_interrupts(const core::StopSignal* stop, std::optional<std::uint64_t> node_limit,
                      std::optional<core::SteadyClock::time_point> deadline) {
    solver_.set_interrupts(stop, node_limit, deadline);
  }
  // Whether solve() and solve_move() answer from the built-in opening book first.
  void use_book(bool on) { book_ = on ? &OpeningBook::builtin() : nullptr; }
  void use_book(const OpeningBook* book) { book_ = book; }

  // Bounds proven so far during solve(), on the engine's scale.
  void set_progress(std::function<void(core::Score lower, core::Score upper)> progress);

  // The exact value of a position that is not over; nothing if interrupted.
  std::optional<core::Score> solve(const Connect4& position);
  // After solve(): a move proven to keep that value (after an interruption, the
  // best move known).
  core::Move best_move() const {
    return book_best_.is_null() ? core::Move(static_cast<std::uint16_t>(solver_.best_column())) : book_best_;
  }
  // The exact value of playing `move`, from the mover's view.
  std::optional<core::Score> solve_move(const Connect4& position, core::Move move);

  std::uint64_t nodes() const { return solver_.nodes(); }
  void reset_nodes() { solver_.reset_nodes(); }
  void clear() { solver_.clear_table(); }

  // Pons' score of a position with `moves` discs on a board of `cells` cells, as
  // plies to the end of the game.
  static core::Score to_engine_score(int pons_score, int moves, int cells);

  // Pons' score of playing `move`, from the mover's view: by the rules when it ends
  // the game, else from the book's score of the position it leads to.
  static std::optional<int> book_move_score(const OpeningBook& book, const Connect4& position,
                                            core::Move move);
  // The best move and its score when the book scores every move of the position
  // (the book generator derives shallow positions this way, the engine plays so).
  struct BookAnswer {
    core::Move move;
    int score;
  };
  static std::optional<BookAnswer> best_from_book(const OpeningBook& book, const Connect4& position);

 private:
  // Whether the book in use may answer for the position (its size and disc count):
  // every position up to the book's depth, and those one disc deeper whose moves
  // all lead to positions the book has (a layer in the making, see tools/book_gen).
  bool book_covers(const Connect4& position) const;

  Solver solver_;
  const OpeningBook* book_ = nullptr;
  core::Move book_best_;  // the best move when the last solve() came from the book
  int progress_moves_ = 0;
  core::SolverProgress progress_;
};

}  // namespace connect4

// Found by the generic search through ADL (engine/search/game_hooks.h).
std::unique_ptr<connect4::ExactSolver> make_exact_solver(const Connect4& position,
                                                         std::size_t table_megabytes);

}  // namespace narabe::games
