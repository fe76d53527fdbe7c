#pragma once
// Reversi's exact endgame solver: the final disc margin of a position under perfect
// play by both sides (empty cells go to the winner, as in FFO's scores), from the
// side to move's view. Margins are always even (-64..64).
//
// Negamax alpha-beta with principal variation search on the two bitboards (the side
// to move's discs, the other side's), fail-soft. The root searches windows that each
// hold one margin, from the evaluation's guess on, stepping the way each one fails
// (solve_by_one_margin_windows); solve_wld() searches one window around 0. Deep nodes
// use a transposition table of lower/upper bounds with the best move, enhanced
// transposition cut-offs (a child the table proves good enough) and a stability
// cut-off (the opponent's stable discs cap the margin) when alpha is high. Moves
// come fastest first: the table's move, then the fewest replies for the opponent
// and the fewest empty cells next to the mover's discs; from kSortEmpties empties
// on, a shallow search on Reversi's own evaluation (that of Reversi::evaluate(), on
// the solver's bitboards) weighs in too. The last kShallowEmpties empties need
// neither move generation nor the table: they try the empty cells from a presorted
// list (corners first, X-squares last), those in quadrants with an odd number of
// empties first (parity), and the last empty cell is a direct count of the discs it
// flips.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/core/clock.h"
#include "engine/core/solver_team.h"
#include "engine/core/worker_pool.h"
#include "engine/core/split_team.h"
#include "engine/core/stop_signal.h"
#include "engine/games/reversi/endgame_table.h"

namespace narabe::games::reversi {

class PatternWeights;  // pattern_weights.h
struct OrderedMove;  // a move with the position after it (endgame_solver.cpp)

class EndgameSolver {
 public:
  static constexpr int kPass = 64;          // best_move() when the side to move must pass
  static constexpr int kNoMove = -1;        // best_move() before any solve
  static constexpr int kShallowEmpties = 6;  // from here on: no table, parity order
  static constexpr int kSortEmpties = 14;    // from here on: moves sorted by a search on the evaluation
  // solve() starts from the evaluation's guess of the margin, by a search of one ply
  // per empty cell beyond kEstimateEmpties, at most kEstimateMaxDepth plies (FFO
  // #40-#49: 6 plies guessed too far off, docs/reversi.md, "Issue 18, part 4").
  static constexpr int kEstimateEmpties = 12;
  static constexpr int kEstimateMaxDepth = 8;

  explicit EndgameSolver(std::size_t table_megabytes);
  ~EndgameSolver();

  // Stop early (solve() then answers nothing) on `stop`, after `node_limit` nodes
  // or at `deadline`; each may be absent.
  void set_interrupts(const core::StopSignal* stop, std::optional<std::uint64_t> node_limit,
                      std::optional<core::SteadyClock::time_point> deadline) {
    stop_ = stop;
    node_limit_ = node_limit;
    deadline_ = deadline;
  }
  // The trained weights the move ordering's shallow searches evaluate with (null:
  // the simple evaluation); the caller keeps them alive while the solver uses them.
  void set_weights(const PatternWeights* weights) { weights_ = weights; }
  // How many threads each solve runs on (at least 1). They share the table, so
  // memory stays table_megabytes; this thread searches and shares the moves of
  // nodes far from the leaves with the others (young brothers wait). One thread:
  // node for node the same search every time; more: node counts vary from run to
  // run, margins do not.
  void set_threads(int threads) { threads_ = std::max(threads, 1); }
  int threads() const { return threads_; }
  // Called with the proven bounds (margins) whenever solve() narrows them.
  using Progress = void (*)(void* context, int lower, int upper);
  void set_progress(Progress progress, void* context) {
    progress_ = progress;
    progress_context_ = context;
  }

  // The exact margin for the side to move (`player`); nothing if interrupted. The
  // game may be over, or the side to move may have to pass.
  std::optional<int> solve(std::uint64_t player, std::uint64_t opponent);
  // Whether the margin is > 0, == 0 or < 0 only: +2, 0 or -2 when it is a win, draw
  // or loss (a weak solve); nothing if interrupted.
  std::optional<int> solve_wld(std::uint64_t player, std::uint64_t opponent);
  // After solve(): a cell proven to reach that margin (kPass when the side to move
  // must pass). After an interruption: the best cell known so far (the first in
  // the solver's order when nothing was proven).
  int best_move() const { return best_move_; }

  // Nodes of every thread.
  std::uint64_t nodes() const { return nodes_; }
  void reset_nodes() { nodes_ = 0; }
  void clear_table();

  // The final margin of a finished game (neither side can move): discs counted,
  // empty cells to the winner.
  static int final_margin(std::uint64_t player, std::uint64_t opponent);

 private:
  EndgameSolver(EndgameTable& table);  // a helper thread's, on its main solver's table

  // solve_between() on threads_ threads; false if interrupted.
  bool solve_between_threads(std::uint64_t player, std::uint64_t opponent, int& lower, int& upper, bool exact);
  // Proves the root within (lower, upper), narrowing the bounds (exact: to its
  // margin, else to win, draw or loss); false if interrupted.
  bool solve_between(std::uint64_t player, std::uint64_t opponent, int& lower, int& upper, bool exact);
  // The exact margin by windows that each hold one margin, from start_margin()'s
  // guess on, stepping the way each fails: a window at the margin proves it in one
  // search, and one below it is cheap (a single good line shows the bound), where
  // the wide windows of an aspiration search cost several times more (FFO #49:
  // 515 M nodes with them, 290 M with the right window at once).
  bool solve_by_one_margin_windows(std::uint64_t player, std::uint64_t opponent, int& lower, int& upper);
  // One window, (margin - 1, margin + 1), at the root: narrows the bounds to what it
  // proves and reports them; false if interrupted.
  bool search_one_margin(std::uint64_t player, std::uint64_t opponent, int margin, int& lower, int& upper);
  // The evaluation's guess of the margin (even): a search of the evaluation as deep
  // as kEstimateEmpties and kEstimateMaxDepth allow; 0 without trained weights.
  int start_margin(std::uint64_t player, std::uint64_t opponent) const;
  // The value of the root inside (alpha, beta), fail-soft, and sets best_move_.
  int root(std::uint64_t player, std::uint64_t opponent, int alpha, int beta);
  int search(std::uint64_t player, std::uint64_t opponent, int alpha, int beta, int empties);
  using SplitPoint = core::SplitPoint<OrderedMove>;
  // Young brothers wait (core/split_team.h): the moves `list` of a node whose first
  // move did not cut off, shared with idle threads; alpha, best and best_cell as
  // search_moves keeps them, updated with what every thread found.
  void split(const OrderedMove* list, int n, int& alpha, int beta, int empties, int& best, int& best_cell);
  // This thread's share of `point`'s moves.
  void work_at(SplitPoint& point);
  // The same on a point another thread opened, then on with its own search.
  void help_at(SplitPoint& point);
  // The principal variation search over the ordered `list` (root and inner nodes
  // alike): the first move with the window (alpha, beta), the others with a null
  // window and a re-search when they beat it; stores the result in the table and,
  // at the root, sets best_move_ to the move that proved best.
  int search_moves(std::uint64_t player, std::uint64_t opponent, const OrderedMove* list, int n, int alpha,
                   int beta, int empties, bool at_root);
  // Sorts the moves of a node with `empties` empty cells by a
  // shallow search on the evaluation, mixed with their fastest-first keys; the
  // table's move stays first.
  void sort_by_evaluation(OrderedMove* list, int n, int empties, int table_move);
  int shallow(std::uint64_t player, std::uint64_t opponent, int alpha, int beta, int empties);
  // The same on the list of the `empties` empty cells in trying order; bit q of
  // `parity` is set when quadrant q holds an odd number of them.
  int shallow(std::uint64_t player, std::uint64_t opponent, int alpha, int beta, const std::uint8_t* cells,
              int empties, unsigned parity);
  // The last N (2..4) empties, `cells` in kCellPriority's order: unrolled for each N,
  // reordered by parity at 3 and 4.
  template <int N>
  int last_n(std::uint64_t player, std::uint64_t opponent, int alpha, int beta, const std::uint8_t* cells);
  int last(std::uint64_t player, std::uint64_t opponent, int cell);
  bool interrupted();
  void report(int lower, int upper) const {
    if (progress_ != nullptr) progress_(progress_context_, lower, upper);
  }

  std::unique_ptr<EndgameTable> own_table_;  // null in a helper
  EndgameTable* table_;
  int threads_ = 1;
  std::vector<std::unique_ptr<EndgameSolver>> helpers_;
  core::SolverTeam* team_ = nullptr;  // during a solve on threads
  core::SplitTeam<OrderedMove>* split_team_ = nullptr;  // the same
  SplitPoint* split_point_ = nullptr;  // the point this thread works on, if any
  std::uint64_t published_ = 0;  // nodes already added to the team's count
  std::uint64_t nodes_ = 0;
  std::uint64_t next_check_ = 0;
  bool stopped_ = false;  // the search unwinds: halted_, or a cut-off at a split point above
  bool halted_ = false;   // stopped or interrupted: the whole solve ends
  int best_move_ = kNoMove;
  const core::StopSignal* stop_ = nullptr;
  std::optional<std::uint64_t> node_limit_;
  std::optional<core::SteadyClock::time_point> deadline_;
  Progress progress_ = nullptr;
  void* progress_context_ = nullptr;
  const PatternWeights* weights_ = nullptr;
  core::WorkerPool pool_;  // the helpers' threads, kept from solve to solve (last: they end first)
};

}  // namespace narabe::games::reversi
