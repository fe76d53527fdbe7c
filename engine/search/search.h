#pragma once
// The one search, generic over every game (core::Game): iterative deepening over a
// negamax alpha-beta with principal variation search, a transposition table, move
// ordering by hash move, killers and history, distance-adjusted win/loss scores and
// MultiPV. Limits: depth, nodes, movetime, clock, infinite, and an external stop.
//
// Threads (lazy SMP): with SearchOptions::threads N > 1 the search starts N - 1
// helper searches on threads of their own, over the same root and the same shared
// transposition table. The helpers skip some depths (helper_skips_depth), so they
// run ahead of the main search and fill the table with what it will ask next; they
// report nothing. The main search reports, keeps the clock and the limits (node
// limits count every thread's nodes), and when it ends the helpers end with it.
// Its answer stands unless a helper finished a deeper iteration with a better
// score. A game's exact solver runs on the main thread alone (with the run's
// threads for its own use); beside a solver that proves wins only (Gomoku's
// threat solver) the helpers already search. Each helper has its own killers,
// history and principal-variation tables (about 140 KiB, see
// docs/architecture.md); the shared table is the only large one, so Hash is the
// total whatever the thread count. Threads 1 runs no helper and searches exactly
// as a single-threaded search does.
//
// A game that splits its nodes (SplitsSearch: Reversi, whose lazy helpers mostly
// searched what the main search searched too) runs young brothers wait instead
// (core/split_team.h): a node of kSplitDepth or more whose first move did not cut
// off offers its other moves to idle threads (a split point); each thread searches
// the moves it takes on a copy of the node, as the node's own loop would
// (search_move), and a move that reaches beta cuts the point off and every thread
// below it unwinds. The helpers then only serve split points (serve_splits).
//
// The optional hooks of a game (move order, search moves, an exact solver, ProbCut,
// selectivity, threats, quiescence) are named concepts in game_hooks.h, resolved at
// compile time: the inner loop is the same for every game. The exact solver's run
// is solver_driver.h.

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/clock.h"
#include "engine/core/game_concept.h"
#include "engine/core/selectivity.h"
#include "engine/core/split_team.h"
#include "engine/core/stop_signal.h"
#include "engine/core/transposition_table.h"
#include "engine/core/worker_pool.h"
#include "engine/search/game_hooks.h"
#include "engine/search/limits.h"
#include "engine/search/search_report.h"
#include "engine/search/solver_driver.h"
#include "engine/search/time_manager.h"

namespace narabe::search {

struct SearchOptions {
  int multipv = 1;
  // Use the game's exact solver when it has one (casual levels search instead).
  bool exact = true;
  // Let the exact solver answer from the game's opening book (the OwnBook option).
  bool own_book = true;
  // Search threads, the main one included (the Threads option). The exact solver
  // runs on the main thread only; Search::threads_ is the count it may be given.
  int threads = 1;
  // A root window that fails is reported (`score ... lowerbound` or `upperbound`)
  // once the search has run this long, as chess engines do: a long analysis then
  // shows the score moving, while short searches keep one line a depth.
  std::int64_t bound_lines_after_ms = 3000;
};

// Whether helper thread `helper` (1 for the first) skips iteration `depth`: helpers
// in pairs of growing span and phase, so that at any moment the threads are spread
// over the next few depths rather than all on the main search's.
constexpr bool helper_skips_depth(int helper, int depth) {
  constexpr int kSpan[] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3};
  constexpr int kPhase[] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5};
  const int i = (helper - 1) % 12;
  return ((depth + kPhase[i]) / kSpan[i]) % 2 != 0;
}

// The moves the search tries at a node (HasSearchMoves, game_hooks.h).
template <core::Game G>
void generate_searched_moves(const G& position, typename G::MoveList& moves) {
  if constexpr (HasSearchMoves<G>)
    position.generate_search_moves(moves);
  else
    position.generate_moves(moves);
}

template <core::Game G>
class Search {
 public:
  explicit Search(core::TranspositionTable& table) : table_(table) {}

  // Searches `root` until a limit is reached or `stop` is raised. Under `infinite`
  // it returns only after `stop`, even when the game tree is exhausted earlier.
  SearchResult run(const G& root, const SearchLimits& limits, const SearchOptions& options,
                   const SearchCallbacks& callbacks, const core::StopSignal& stop);

  // Sets up what a search of `root` needs beyond the table (a game's exact solver
  // and its own table), so that a timed search does not pay for it. False when the
  // solver's memory cannot be had: the search then runs without it.
  bool prepare(const G& root) {
    fit_budget();
    if constexpr (HasExactSolver<G>) {
      if (!exact_solver_ || !exact_solver_->fits(root)) {
        exact_solver_.reset();  // free the old table before taking memory for the new one
        try {
          exact_solver_ = make_exact_solver(root, solver_megabytes(table_.megabytes()));
        } catch (const std::bad_alloc&) {
          return false;
        }
      }
      return true;
    } else {
      (void)root;
      return false;
    }
  }

  // The Hash budget (megabytes) split between the shared table and a game's exact
  // solver: the solver gets half, in whole megabytes, and each table is at least
  // 1 MB, so only Hash 1 goes over (2 MB) for a game with a solver.
  static std::size_t solver_megabytes(std::size_t budget) {
    return HasExactSolver<G> ? std::max<std::size_t>(budget / 2, 1) : 0;
  }
  static std::size_t table_megabytes(std::size_t budget) {
    return HasExactSolver<G> ? std::max<std::size_t>(budget - budget / 2, 1) : budget;
  }

  // What the search tables hold now, in bytes: the shared table plus the solver's
  // (an upper bound: the solver rounds its table down to a power of two).
  std::size_t table_bytes() const {
    std::size_t bytes = table_.bytes();
    if constexpr (HasExactSolver<G>) {
      if (exact_solver_) bytes += solver_budget_ << 20;
    }
    return bytes;
  }

  // Forgets what earlier searches learned beyond the shared table: killers,
  // history and the exact solver's table (a new game).
  // The split points every thread opened in the last run (SplitsSearch games with
  // Threads above 1; read once run() has returned).
  std::uint64_t split_points() const {
    std::uint64_t total = split_points_;
    for (const auto& helper : helpers_) total += helper->split_points_;
    return total;
  }

  void clear_memory() {
    killers_ = {};
    history_ = {};
    for (auto& helper : helpers_) helper->clear_memory();
    if constexpr (HasExactSolver<G>) {
      if (exact_solver_) exact_solver_->clear();
    }
  }

 private:
  using Move = core::Move;
  using Score = core::Score;

  struct RootMove {
    Move move;
    Score score = -core::kInfinity;
    Score previous_score = -core::kInfinity;
    std::vector<Move> pv;
  };

  static constexpr int kHistorySize = 1024;
  static constexpr std::uint64_t kCheckInterval = 256;

  Score search_root(int depth, std::size_t pv_index, Score alpha, Score beta);
  // The first line's iteration, in an aspiration window when the game asks for one.
  void search_first_line(int depth);
  Score negamax(int depth, int ply, Score alpha, Score beta, bool pv_node);
  // What a node's moves are searched with, fixed once its first move is in hand.
  struct NodeFrame {
    int depth = 0;
    int ply = 0;
    bool pv_node = false;
    bool selective = false;
    bool improving = true;
    Score static_eval = 0;
    Move table_move;
    // The table entry behind table_move (singular extension).
    Score table_score = 0;
    int table_depth = 0;
    core::Bound table_bound = core::Bound::kNone;
  };
  // Searches move `m`, the node's i-th, in (alpha, beta) with `best` the best score
  // so far; nothing when the move is pruned. `quiet`: whether it counts as quiet.
  std::optional<Score> search_move(const NodeFrame& node, Move m, std::size_t i, Score alpha, Score beta,
                                   Score best, bool& quiet);
  // A cut-off by `m` at a node: killers and history (`quiets`: the quiet moves tried before it).
  void note_cut_off(int depth, int ply, Move m, Move table_move, const Move* quiets, std::size_t quiet_count);
  // Young brothers wait (core/split_team.h): a node's remaining moves shared with idle threads.
  struct SplitNode : core::SplitPoint<Move> {
    G position;
    NodeFrame frame;
    std::size_t first_index = 0;  // the node's index of moves[0]
    Score best_before = 0;  // the best score when the point opened (what the pruning tests)
    std::array<Score, 2> static_evals{};  // of plies ply - 1 and ply
    int iteration_depth = 0;
    std::array<Move, G::kMaxMoves> move_list{};
    std::mutex pv_mutex;  // the best line found under the point at a PV node
    Score pv_score = -core::kInfinity;
    std::array<Move, core::kMaxPly> pv{};
    int pv_length = 0;
  };
  using Team = core::SplitTeam<Move>;
  // Whether a node of `depth` with `left` moves to go opens a split point (called
  // only for SplitsSearch games).
  bool splits(int depth, std::size_t left) const {
    return team_ != nullptr && depth >= G::kSplitDepth && left >= 2 && team_->has_idle();
  }
  // Opens a split point with moves[i..] of the node; the node's best, its move and alpha come back updated.
  // False when the search must unwind (stopped, or a point above was cut off).
  bool split(const NodeFrame& node, const typename G::MoveList& moves, std::size_t i, Score& alpha, Score beta,
             Score& best, Move& best_move);
  // This thread's share of `point`'s moves (its position_ is the point's node).
  void work_on(SplitNode& point);
  // Takes `point`'s node as this thread's own, then works on it.
  void join_point(SplitNode& point);
  // A helper of a game that splits its nodes: serves the split points of `team`
  // until the run ends.
  void serve_splits(const Search& main, const G& root, const core::StopSignal& stop, Team& team);
  // Past the horizon: stand pat or the game's quiescence moves (see the hooks).
  Score quiesce(int ply, int qply, Score alpha, Score beta);
  // What every node does first: the stop checks, the selective depth, and a
  // finished game's score. A value ends the node (0 when the search stopped).
  std::optional<Score> settle_node(int ply);
  // Null-move pruning (core/selectivity.h): the node's score when the side to
  // move may pass and still fail high, else nothing.
  std::optional<Score> try_null_move(int depth, int ply, Score beta, Score own_eval, Score estimate);
  // Singular extension (core/selectivity.h) of move `m` at `node`: the plies to
  // add to its search (-1, 0 or 1), or the node's score when the other moves
  // alone reach beta (multi-cut).
  struct SingularVerdict {
    int extension = 0;
    std::optional<Score> multi_cut;
  };
  SingularVerdict singular_extension(const NodeFrame& node, Move m, Score beta);
  bool threat_pending() const {
    if constexpr (HasThreatHooks<G>) return position_.must_answer();
    return false;
  }
  bool tactical(Move m) const {
    if constexpr (HasTacticalMoves<G>) return position_.is_tactical(m);
    (void)m;
    return false;
  }
  void set_up_selectivity(const G& root);
  bool should_stop();
  void update_pv(int ply, Move move);
  void score_moves(const typename G::MoveList& moves, Move table_move, int ply,
                   std::array<int, G::kMaxMoves>& scores) const;
  // Moves the best-ordered of moves[i..] (the first of equals) to place i: a selection
  // sort, since cut-offs usually come early and sorting everything would be wasted.
  // The best score first, then its place: two branch-free scans (the first one
  // vectorised) beat one that branches on every new maximum.
  static void bring_best_to(std::size_t i, typename G::MoveList& moves, std::array<int, G::kMaxMoves>& order) {
    int best = order[i];
    for (std::size_t j = i + 1; j < moves.size(); ++j) best = std::max(best, order[j]);
    std::size_t pick = i;
    while (order[pick] != best) ++pick;
    std::swap(moves[i], moves[pick]);
    std::swap(order[i], order[pick]);
  }
  void prefetch_table_after(Move m) const {
    if constexpr (HasHashAfter<G>) table_.prefetch(position_.hash_after(m));
  }
  int history_index(Move m) const {
    return core::index_of(position_.side_to_move()) * kHistorySize + m.value() % kHistorySize;
  }
  void report(std::size_t lines, int depth);
  void report_bound(int depth, Score score, core::Bound bound);
  // A root move's line as `info` reports it, `ms` after the start.
  LineReport root_line(const RootMove& move, int depth, Score score, std::int64_t ms) const;
  // Nodes of this search and its helpers (what the helpers last published).
  std::uint64_t total_nodes() const {
    std::uint64_t total = nodes_;
    for (const auto& helper : helpers_) total += helper->published_nodes_.load(std::memory_order_relaxed);
    return total;
  }
  // What a node limit counts: every thread's nodes. A helper reads the published
  // counts of the main search and of every helper.
  std::uint64_t counted_nodes() const {
    if (main_search_ == nullptr) return total_nodes();
    std::uint64_t total = main_search_->published_nodes_.load(std::memory_order_relaxed);
    for (const auto& helper : main_search_->helpers_) total += helper->published_nodes_.load(std::memory_order_relaxed);
    return total;
  }
  // The helper searches of a run with threads > 1, each on a thread of the main
  // search's pool: started by start, ended (stopped and waited for) by end or the
  // destructor.
  class HelperThreads {
   public:
    explicit HelperThreads(core::WorkerPool& pool) : pool_(pool) {}
    HelperThreads(const HelperThreads&) = delete;
    HelperThreads& operator=(const HelperThreads&) = delete;
    ~HelperThreads() { end(); }
    void start(Search& main, const G& root, int max_depth, Team* team = nullptr) {
      team_ = team;
      std::vector<std::unique_ptr<Search>>& helpers = main.helpers_;
      for (const std::unique_ptr<Search>& helper : helpers) {
        // Nothing of an earlier run counts, also for a helper whose thread is not had.
        helper->published_nodes_.store(0, std::memory_order_relaxed);
        helper->completed_depth_ = 0;
        helper->split_points_ = 0;
      }
      started_ = pool_.start(helpers.size() + 1, [&helpers, &main, &root, max_depth, this](std::size_t i) {
        Search& helper = *helpers[i - 1];
        if (team_ != nullptr) helper.serve_splits(main, root, stop_, *team_);
        else helper.run_helper(main, root, static_cast<int>(i), max_depth, stop_);
      }) > 0;
    }
    bool started() const { return started_; }
    void end() {
      if (!started_) return;
      stop_.request();
      if (team_ != nullptr) team_->finish();
      pool_.wait();
      started_ = false;
    }

   private:
    core::WorkerPool& pool_;
    core::StopSignal stop_;
    Team* team_ = nullptr;
    bool started_ = false;
  };
  // A helper's search: iterative deepening over `root` (the depths helper_skips_depth
  // leaves it) until `max_depth`, `stop` or the main search's node limit, reporting nothing.
  void run_helper(const Search& main, const G& root, int index, int max_depth, const core::StopSignal& stop);
  // What every helper takes from the main search (its limits, clock and stop) before it begins.
  void begin_helper(const Search& main, const G& root, const core::StopSignal& stop);
  // Sets up the position and per-search state shared by run and run_helper.
  void begin_search(const G& root, const core::StopSignal& stop);
  // One iteration of the root: every line to `depth`, then the lines sorted.
  void search_iteration(int depth, std::size_t lines);
  // The answer of a helper that finished a deeper iteration with a better score
  // than `result` (the main search's), taken over; the new line is reported.
  void adopt_deeper_helper(SearchResult& result);
  static constexpr bool kSolverProvesWinsOnly = solver_proves_wins_only<G>();
  bool exact_applies(const G& root) const { return exact_solver_applies(root, deadlines_.hard_ms, limits_.nodes); }
  // False when the solver left the position to the search (kProvesWinsOnly).
  bool run_exact(const G& root, std::size_t lines, bool own_book, SearchResult& result);
  // Plays the opening book's move for `root` (HasOpeningBook) and reports it as a
  // line of its depth; false when the book has no legal move for it.
  bool answer_from_book(const G& root, SearchResult& result);
  void report_exact(const G& root, int multipv, core::Score score, core::Bound bound,
                    std::vector<Move> pv);

  core::TranspositionTable& table_;
  // The helper searches (threads - 1 of them), kept between runs for their history.
  std::vector<std::unique_ptr<Search>> helpers_;
  // Threads of the run in progress: the count an exact solver may use (run_exact).
  int threads_ = 1;
  std::int64_t bound_lines_after_ms_ = SearchOptions{}.bound_lines_after_ms;
  // nodes_ as last published (every kCheckInterval nodes), for the main search's sum.
  std::atomic<std::uint64_t> published_nodes_{0};
  const Search* main_search_ = nullptr;  // a helper's main search (for the node limit)
  const core::StopSignal* outer_stop_ = nullptr;  // a helper's: the main search's stop
  // A helper's last complete iteration and its first line (what a later, unfinished
  // iteration leaves in root_moves_ is partial).
  int completed_depth_ = 0;
  RootMove completed_line_;
  Team* team_ = nullptr;  // during a run with young brothers wait
  SplitNode* split_point_ = nullptr;  // the point this thread works on, if any
  bool halted_ = false;  // stopped for good (aborted_ also unwinds from a cut-off above)
  std::uint64_t split_points_ = 0;  // opened by this thread since the run began
  G position_;
  const core::StopSignal* stop_ = nullptr;
  const SearchCallbacks* callbacks_ = nullptr;
  SearchLimits limits_;
  Deadlines deadlines_;
  core::Stopwatch clock_;
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  bool aborted_ = false;
  std::vector<RootMove> root_moves_;

  // Triangular principal-variation table: pv_[ply] holds the line from ply on.
  std::array<std::array<Move, core::kMaxPly>, core::kMaxPly> pv_{};
  std::array<int, core::kMaxPly> pv_length_{};
  std::array<std::array<Move, 2>, core::kMaxPly> killers_{};
  // The static evaluation of each ply's node (selective games): "improving".
  std::array<Score, core::kMaxPly> static_evals_{};
  // Whether each ply's node was reached by a null move (no two passes in a row).
  std::array<bool, core::kMaxPly> reached_by_null_move_{};
  // The move each ply's node leaves out while a singular search tests the others
  // (Move{}: none), and how many singular extensions the line to each ply holds.
  std::array<Move, core::kMaxPly> excluded_moves_{};
  std::array<int, core::kMaxPly> singular_extensions_{};
  std::array<int, 2 * kHistorySize> history_{};

  // The game's selective-search settings and the late-move reductions they give,
  // by depth and move number (both capped at kReductionSpan - 1).
  static constexpr int kReductionSpan = 64;
  core::Selectivity selectivity_{};
  int iteration_depth_ = 0;  // the depth of the root iteration in progress
  std::array<std::array<std::uint8_t, kReductionSpan>, kReductionSpan> reductions_{};
  // Late-move pruning's move counts by depth.
  std::array<int, kReductionSpan> move_counts_{};

  // Keeps the shared table to this game's share of the Hash budget, and drops a
  // solver made for another budget (the loop resizes the table when Hash changes),
  // so the tables never hold more than the budget between two searches.
  void fit_budget() {
    const std::size_t budget = table_.megabytes();
    table_.keep_share(table_megabytes(budget) << 20);
    if constexpr (HasExactSolver<G>) {
      if (solver_budget_ != solver_megabytes(budget)) exact_solver_.reset();
      solver_budget_ = solver_megabytes(budget);
    }
  }

  typename ExactSolverSlot<G>::type exact_solver_{};
  std::size_t solver_budget_ = 0;  // megabytes of the solver's table
  // The helpers' threads, kept from run to run (worker_pool.h); last, so that
  // its threads end before anything they could reach.
  core::WorkerPool pool_;
};

template <core::Game G>
SearchResult Search<G>::run(const G& root, const SearchLimits& limits, const SearchOptions& options,
                            const SearchCallbacks& callbacks, const core::StopSignal& stop) {
  clock_.restart();
  callbacks_ = &callbacks;
  limits_ = limits;
  deadlines_ = plan_time(limits, root.side_to_move());
  threads_ = std::max(options.threads, 1);
  bound_lines_after_ms_ = options.bound_lines_after_ms;
  fit_budget();
  table_.new_search();
  begin_search(root, stop);

  SearchResult result;
  if (!root_moves_.empty()) {
    result.best_move = root_moves_.front().move;

    // No budget at all (`go nodes 0`, `go depth 0`, a clock or movetime already
    // spent): that move answers at once, before a node is searched or a solver runs.
    const bool no_budget = (limits.nodes && *limits.nodes == 0) || (limits.depth && *limits.depth <= 0) ||
                           (deadlines_.hard_ms && *deadlines_.hard_ms <= 0);
    if (no_budget) {
      // With no table move, the game's best-ordered move rather than the first
      // generated one (Gomoku: a point that makes or stops a threat, not a1).
      if constexpr (HasMoveOrderBonus<G>) {
        auto by_bonus = [&](const RootMove& a, const RootMove& b) {
          return position_.move_order_bonus(a.move) < position_.move_order_bonus(b.move);
        };
        if (!table_.probe(position_.hash()))
          result.best_move = std::max_element(root_moves_.begin(), root_moves_.end(), by_bonus)->move;
      }
      if (limits.infinite) stop.wait();
      result.time_ms = clock_.elapsed_ms();
      return result;
    }

    const std::size_t lines =
        std::min<std::size_t>(static_cast<std::size_t>(std::max(options.multipv, 1)), root_moves_.size());
    // The game's opening book answers a timed search at full strength at once
    // (OwnBook). A set depth or node count asks for a search, and analysis (go
    // infinite, MultiPV) for the lines' own scores, so those search.
    if (options.exact && options.own_book && lines == 1 && !limits.depth && !limits.nodes && !limits.infinite &&
        answer_from_book(root, result)) {
      result.time_ms = clock_.elapsed_ms();
      return result;
    }
    const int remaining = std::max(1, position_.max_remaining_plies());
    const int max_depth = std::min({limits.depth.value_or(core::kMaxPly - 1), core::kMaxPly - 1, remaining});
    while (helpers_.size() + 1 < static_cast<std::size_t>(threads_))
      helpers_.push_back(std::make_unique<Search>(table_));
    helpers_.resize(static_cast<std::size_t>(threads_ - 1));
    // A game that splits its nodes (SplitsSearch) gives its helpers the moves of
    // split points to search; the others run lazy SMP helpers.
    std::optional<Team> team;
    if (SplitsSearch<G> && threads_ > 1) team_ = &team.emplace();
    HelperThreads helper_threads(pool_);
    if constexpr (HasExactSolver<G>) {
      // A depth limit short of the end of the game asks for a horizon, which a
      // proof does not have: such a search stays the depth-limited one, so that
      // `go depth N` ends after N plies whatever the level.
      const bool depth_reaches_end = !limits.depth || *limits.depth >= position_.max_remaining_plies();
      if (options.exact && depth_reaches_end && exact_applies(root) && prepare(root)) {
        // The solver runs on this thread alone (helpers would each prove the same
        // position). One that proves wins only mostly hands the position back to
        // the search: the helpers start searching meanwhile, on the cores the
        // solver leaves idle. An exact solver ends the search either way, and
        // keeps the cores to itself.
        if (kSolverProvesWinsOnly && lines == 1) helper_threads.start(*this, root, std::max(max_depth, 1), team_);
        if (run_exact(root, lines, options.own_book, result)) {
          helper_threads.end();
          team_ = nullptr;
          if (limits.infinite) stop.wait();
          result.nodes = total_nodes();
          result.time_ms = clock_.elapsed_ms();
          return result;
        }
      }
    }
    if (!helper_threads.started()) helper_threads.start(*this, root, std::max(max_depth, 1), team_);

    TimeManager timing(deadlines_);
    for (int depth = 1; depth <= std::max(max_depth, 1); ++depth) {
      search_iteration(depth, lines);
      if (aborted_) {
        // An unfinished iteration does not count, except for a move that it searched
        // whole and found better than the first move's fresh score: that move
        // answers. Otherwise the last complete iteration does.
        if (lines == 1 && root_moves_.front().score != -core::kInfinity) {
          const auto better = std::max_element(root_moves_.begin(), root_moves_.end(),
                                               [](const RootMove& a, const RootMove& b) { return a.score < b.score; });
          if (better != root_moves_.begin() && better->score > root_moves_.front().score) {
            result.best_move = better->move;
            result.score = better->score;
            result.ponder_move = better->pv.size() > 1 ? better->pv[1] : Move::null();
          }
        }
        for (RootMove& r : root_moves_) r.score = r.previous_score;
        break;
      }
      result.depth = depth;
      result.best_move = root_moves_.front().move;
      result.score = root_moves_.front().score;
      result.ponder_move = root_moves_.front().pv.size() > 1 ? root_moves_.front().pv[1] : Move::null();
      report(lines, depth);

      const Score best = root_moves_.front().score;
      // A win or loss proven within this depth cannot change by searching deeper.
      if (lines == 1 && core::is_decisive(best) && core::plies_to_end(best) <= depth) break;
      if (timing.stop_after({depth, result.best_move, result.score, root_moves_.size(), clock_.elapsed_ms()})) break;
      if (should_stop()) break;
    }
    helper_threads.end();
    team_ = nullptr;
    if (lines == 1) adopt_deeper_helper(result);
  }

  // `go infinite` must not answer before `stop`, whatever the search found.
  if (limits.infinite) stop.wait();

  result.nodes = total_nodes();  // the helpers have ended: their counts are final
  result.time_ms = clock_.elapsed_ms();
  return result;
}

template <core::Game G>
void Search<G>::begin_search(const G& root, const core::StopSignal& stop) {
  position_ = root;
  stop_ = &stop;
  nodes_ = 0;
  published_nodes_.store(0, std::memory_order_relaxed);
  split_points_ = 0;
  seldepth_ = 0;
  aborted_ = false;
  halted_ = false;
  split_point_ = nullptr;
  completed_depth_ = 0;
  completed_line_ = {};
  killers_ = {};
  set_up_selectivity(root);

  typename G::MoveList moves;
  generate_searched_moves(position_, moves);
  root_moves_.clear();
  for (Move m : moves) root_moves_.push_back(RootMove{m, -core::kInfinity, -core::kInfinity, {m}});
  // Before any iteration completes, the hash move (or the first move) is the answer,
  // so even a search stopped at once returns something legal.
  if (auto hit = table_.probe(position_.hash()); hit && !hit->move.is_null()) {
    auto it = std::find_if(root_moves_.begin(), root_moves_.end(),
                           [&](const RootMove& r) { return r.move == hit->move; });
    if (it != root_moves_.end()) std::rotate(root_moves_.begin(), it, it + 1);
  }
}

template <core::Game G>
void Search<G>::search_iteration(int depth, std::size_t lines) {
  for (RootMove& r : root_moves_) {
    r.previous_score = r.score;
    r.score = -core::kInfinity;
  }
  for (std::size_t pv_index = 0; pv_index < lines && !aborted_; ++pv_index) {
    if (pv_index == 0 && lines == 1) search_first_line(depth);
    else search_root(depth, pv_index, -core::kInfinity, core::kInfinity);
    if (aborted_) break;
    // The best of the remaining moves moves up to this rank; the others keep their order.
    std::stable_sort(root_moves_.begin() + static_cast<std::ptrdiff_t>(pv_index), root_moves_.end(),
                     [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
  }
}

template <core::Game G>
void Search<G>::begin_helper(const Search& main, const G& root, const core::StopSignal& stop) {
  // Each thread ends by itself at the main search's hard deadline, its `stop` and a
  // node limit (which counts every thread's nodes), whatever the others are doing:
  // on a loaded machine the main search then finds the helpers ended rather than
  // waiting for each to be scheduled once more after it raised `stop`.
  main_search_ = &main;
  limits_ = {};
  limits_.nodes = main.limits_.nodes;
  deadlines_ = {};
  deadlines_.hard_ms = main.deadlines_.hard_ms;
  clock_ = main.clock_;
  outer_stop_ = main.stop_;
  begin_search(root, stop);
}

template <core::Game G>
void Search<G>::run_helper(const Search& main, const G& root, int index, int max_depth,
                           const core::StopSignal& stop) {
  begin_helper(main, root, stop);
  if (root_moves_.empty()) return;
  for (int depth = 1; depth <= max_depth; ++depth) {
    // The first iterations are cheap and fill the table for every thread alike.
    if (depth > 2 && helper_skips_depth(index, depth)) continue;
    search_iteration(depth, 1);
    if (aborted_) break;
    completed_depth_ = depth;
    completed_line_ = root_moves_.front();
    const Score best = root_moves_.front().score;
    if (core::is_decisive(best) && core::plies_to_end(best) <= depth) break;
  }
  published_nodes_.store(nodes_, std::memory_order_relaxed);
}

template <core::Game G>
void Search<G>::adopt_deeper_helper(SearchResult& result) {
  const Search* best = nullptr;
  const Score main_score = result.depth > 0 ? result.score : -core::kInfinity;
  for (const auto& helper : helpers_) {
    if (helper->completed_depth_ <= result.depth) continue;
    if (helper->completed_line_.score <= (best ? best->completed_line_.score : main_score)) continue;
    best = helper.get();
  }
  if (best == nullptr) return;
  const RootMove& line = best->completed_line_;
  result.best_move = line.move;
  result.score = line.score;
  result.depth = best->completed_depth_;
  result.ponder_move = line.pv.size() > 1 ? line.pv[1] : Move::null();
  if (!callbacks_->on_line) return;
  LineReport report;
  report.depth = best->completed_depth_;
  report.seldepth = std::max(best->seldepth_, report.depth);
  report.score = line.score;
  report.nodes = total_nodes();
  report.time_ms = clock_.elapsed_ms();
  report.hashfull = table_.hashfull();
  report.pv = line.pv;
  callbacks_->on_line(report);
}

template <core::Game G>
typename Search<G>::Score Search<G>::search_root(int depth, std::size_t pv_index, Score alpha,
                                                 Score beta) {
  Score best = -core::kInfinity;
  pv_length_[0] = 0;
  iteration_depth_ = depth;
  for (std::size_t i = pv_index; i < root_moves_.size(); ++i) {
    RootMove& root_move = root_moves_[i];
    position_.make_move(root_move.move);
    ++nodes_;
    Score score;
    if (i == pv_index) {
      score = -negamax(depth - 1, 1, -beta, -alpha, true);
    } else {
      int reduction = 0;
      if constexpr (HasSelectivity<G>) {
        if (depth >= selectivity_.lmr_min_depth && i >= pv_index + 2 &&
            !threat_pending())
          reduction = std::clamp(
              reductions_[static_cast<std::size_t>(std::min(depth, kReductionSpan - 1))]
                         [static_cast<std::size_t>(std::min<std::size_t>(i - pv_index, kReductionSpan - 1))] -
                  1,
              0, depth - 2);
      }
      score = -negamax(depth - 1 - reduction, 1, -alpha - 1, -alpha, false);
      if (reduction > 0 && score > alpha && !aborted_) score = -negamax(depth - 1, 1, -alpha - 1, -alpha, false);
      if (score > alpha && score < beta && !aborted_) score = -negamax(depth - 1, 1, -beta, -alpha, true);
    }
    position_.unmake_move(root_move.move);
    if (aborted_) return best;

    if (i == pv_index || score > alpha) {
      root_move.score = score;
      root_move.pv.assign(1, root_move.move);
      root_move.pv.insert(root_move.pv.end(), pv_[1].begin() + 1, pv_[1].begin() + pv_length_[1]);
    }
    if (score > best) best = score;
    if (score > alpha) alpha = score;
    if (alpha >= beta) break;
  }
  return best;
}

template <core::Game G>
bool Search<G>::should_stop() {
  if (aborted_) return true;
  published_nodes_.store(nodes_, std::memory_order_relaxed);
  if (stop_->requested() || (outer_stop_ != nullptr && outer_stop_->requested())) return aborted_ = halted_ = true;
  if (limits_.nodes && counted_nodes() >= *limits_.nodes) return aborted_ = halted_ = true;
  if (deadlines_.hard_ms && clock_.elapsed_ms() >= *deadlines_.hard_ms) return aborted_ = halted_ = true;
  return false;
}

template <core::Game G>
void Search<G>::update_pv(int ply, Move move) {
  pv_[ply][ply] = move;
  for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

template <core::Game G>
void Search<G>::score_moves(const typename G::MoveList& moves, Move table_move, int ply,
                            std::array<int, G::kMaxMoves>& scores) const {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    int s;
    if (m == table_move) s = 1 << 30;
    else if (m == killers_[ply][0]) s = 1 << 28;
    else if (m == killers_[ply][1]) s = (1 << 28) - 1;
    else s = history_[history_index(m)];
    if constexpr (HasMoveOrderBonus<G>)
      if (s < (1 << 28)) s += position_.move_order_bonus(m);
    scores[i] = s;
  }
}

template <core::Game G>
void Search<G>::set_up_selectivity(const G& root) {
  if constexpr (HasSelectivity<G>) {
    const core::Selectivity wanted = selectivity(root);
    for (int d = 0; d < kReductionSpan; ++d)
      move_counts_[static_cast<std::size_t>(d)] =
          wanted.lmp_base + static_cast<int>(std::pow(d, wanted.lmp_exponent_percent / 100.0));
    if (wanted.lmr_base_percent == selectivity_.lmr_base_percent &&
        wanted.lmr_divisor_percent == selectivity_.lmr_divisor_percent && reductions_[2][2] != 0)
      return (void)(selectivity_ = wanted);
    selectivity_ = wanted;
    for (int d = 1; d < kReductionSpan; ++d)
      for (int m = 1; m < kReductionSpan; ++m) {
        const double r = selectivity_.lmr_base_percent / 100.0 +
                         std::log(d) * std::log(m) / (selectivity_.lmr_divisor_percent / 100.0);
        reductions_[static_cast<std::size_t>(d)][static_cast<std::size_t>(m)] =
            static_cast<std::uint8_t>(std::clamp(static_cast<int>(r), 0, 255));
      }
    // Never zero at [2][2] once set up, so the check above can tell set-up tables.
    reductions_[2][2] = std::max<std::uint8_t>(reductions_[2][2], 1);
  } else {
    (void)root;
  }
}

template <core::Game G>
void Search<G>::search_first_line(int depth) {
  Score delta = 0;
  const Score previous = root_moves_.front().previous_score;
  if constexpr (HasSelectivity<G>) {
    if (depth >= selectivity_.aspiration_min_depth && previous != -core::kInfinity &&
        !core::is_decisive(previous))
      delta = selectivity_.aspiration_delta;
  }
  if (delta <= 0) {
    search_root(depth, 0, -core::kInfinity, core::kInfinity);
    return;
  }
  Score alpha = std::max(previous - delta, -core::kInfinity);
  Score beta = std::min(previous + delta, core::kInfinity);
  // Each fail high in a row searches a ply shallower: the move that failed
  // high is usually confirmed sooner than it is refuted.
  int failed_high = 0;
  while (true) {
    const Score score = search_root(std::max(1, depth - failed_high), 0, alpha, beta);
    if (aborted_) return;
    if (score > alpha && score < beta) return;
    const core::Bound failed = score <= alpha ? core::Bound::kUpper : core::Bound::kLower;
    // Outside the window: widen on the failing side and search again, the move
    // that failed high (if any) first.
    if (score <= alpha) alpha = std::max(score - delta, -core::kInfinity), failed_high = 0;
    else beta = std::min(score + delta, core::kInfinity), ++failed_high;
    delta *= 2;
    if (delta > 16 * selectivity_.aspiration_delta) alpha = -core::kInfinity, beta = core::kInfinity;
    std::stable_sort(root_moves_.begin(), root_moves_.end(),
                     [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    report_bound(depth, score, failed);
    for (RootMove& r : root_moves_) r.score = -core::kInfinity;
  }
}

template <core::Game G>
std::optional<typename Search<G>::Score> Search<G>::settle_node(int ply) {
  pv_length_[ply] = ply;
  if ((nodes_ & (kCheckInterval - 1)) == 0 && should_stop()) return Score{0};
  if (limits_.nodes && nodes_ >= *limits_.nodes) {
    aborted_ = halted_ = true;
    return Score{0};
  }
  if constexpr (SplitsSearch<G>) {
    // A move of a split point at or above this node reached beta: unwind.
    if (split_point_ != nullptr && split_point_->cut_here_or_above()) {
      aborted_ = true;
      return Score{0};
    }
  }
  seldepth_ = std::max(seldepth_, ply);

  const core::Outcome outcome = position_.outcome();
  if (!core::is_over(outcome)) return std::nullopt;
  if (outcome == core::Outcome::kDraw) return core::kDrawScore;
  return outcome == core::win_for(position_.side_to_move()) ? core::win_in(ply) : core::loss_in(ply);
}

template <core::Game G>
typename Search<G>::Score Search<G>::quiesce(int ply, int qply, Score alpha, Score beta) {
  if (const std::optional<Score> settled = settle_node(ply)) return *settled;
  if constexpr (!HasQuiescence<G> || !HasThreatHooks<G> || !HasSelectivity<G>) {
    (void)qply, (void)alpha, (void)beta;
    return position_.evaluate();
  } else {
    if (ply >= core::kMaxPly - 2) return position_.evaluate();
    if (position_.has_winning_move()) return core::win_in(ply + 1);
    alpha = std::max(alpha, core::loss_in(ply));
    beta = std::min(beta, core::win_in(ply + 1));
    if (alpha >= beta) return alpha;

    // Fours reach the same stones in many orders: the table settles the repeats.
    // What the quiescence search learns is stored only where the table knows
    // nothing of the position, so it never overwrites a deeper result.
    const std::uint64_t key = position_.hash();
    const std::optional<core::TableHit> hit = table_.probe(key);
    if (hit) {
      const Score s = core::score_from_table(hit->score, ply);
      if (hit->bound == core::Bound::kExact || (hit->bound == core::Bound::kLower && s >= beta) ||
          (hit->bound == core::Bound::kUpper && s <= alpha))
        return s;
    }
    const Score original_alpha = alpha;
    Move best_move;

    typename G::MoveList moves;
    Score best = -core::kInfinity;
    if (threat_pending()) {
      // Only the blocks hold: no standing pat, whatever the depth.
      generate_searched_moves(position_, moves);
    } else {
      best = position_.evaluate();
      if (best >= beta || qply >= selectivity_.quiescence_plies) return best;
      alpha = std::max(alpha, best);
      position_.generate_quiescence_moves(moves);
    }
    std::array<int, G::kMaxMoves> order;
    for (std::size_t i = 0; i < moves.size(); ++i) order[i] = position_.move_order_bonus(moves[i]);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      bring_best_to(i, moves, order);
      prefetch_table_after(moves[i]);
      position_.make_move(moves[i]);
      ++nodes_;
      const Score score = -quiesce(ply + 1, qply + 1, -beta, -alpha);
      position_.unmake_move(moves[i]);
      if (aborted_) return 0;
      if (score > best) {
        best = score;
        best_move = moves[i];
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) break;
        }
      }
    }
    if (!hit) {
      const core::Bound bound = best >= beta              ? core::Bound::kLower
                                : best > original_alpha ? core::Bound::kExact
                                                        : core::Bound::kUpper;
      table_.store(key, best_move, core::score_to_table(best, ply), 0, bound);
    }
    return best;
  }
}

template <core::Game G>
typename Search<G>::Score Search<G>::negamax(int depth, int ply, Score alpha, Score beta,
                                             bool pv_node) {
  if (const std::optional<Score> settled = settle_node(ply)) return *settled;
  if (ply >= core::kMaxPly - 2) return position_.evaluate();
  if constexpr (HasThreatHooks<G>) {
    if (position_.has_winning_move()) return core::win_in(ply + 1);
  }

  // No line from here can beat a win already found nearer the root.
  alpha = std::max(alpha, core::loss_in(ply));
  beta = std::min(beta, core::win_in(ply + 1));
  if (alpha >= beta) return alpha;

  if (depth <= 0) return quiesce(ply, 0, alpha, beta);

  const std::uint64_t key = position_.hash();
  // A singular test searches this node without one move: the table entry, which
  // speaks for every move, neither cuts that search off nor takes its result.
  const Move excluded = excluded_moves_[static_cast<std::size_t>(ply)];
  const bool excluding = excluded != Move{};
  Move table_move;
  Score table_score = 0;
  const std::optional<core::TableHit> hit = table_.probe(key);
  if (hit) {
    table_move = hit->move;
    table_score = core::score_from_table(hit->score, ply);
    if (!pv_node && !excluding && hit->depth >= depth &&
        (hit->bound == core::Bound::kExact || (hit->bound == core::Bound::kLower && table_score >= beta) ||
         (hit->bound == core::Bound::kUpper && table_score <= alpha)))
      return table_score;
  }

  if constexpr (HasProbCut<G>) {
    if (!pv_node && !core::is_decisive(alpha) && !core::is_decisive(beta)) {
      if (const std::optional<core::ProbCut> cut = probcut(position_, depth)) {
        // Windows far outside any evaluation: the shallow search then decides nothing.
        const Score high = beta + cut->margin;
        if (high < core::kWinBound) {
          const Score v = negamax(cut->shallow_depth, ply, high - 1, high, false);
          if (aborted_) return 0;
          if (v >= high) return beta;
        }
        const Score low = alpha - cut->margin;
        if (low > -core::kWinBound) {
          const Score v = negamax(cut->shallow_depth, ply, low, low + 1, false);
          if (aborted_) return 0;
          if (v <= low) return alpha;
        }
      }
    }
  }

  // Selective search (core/selectivity.h): only outside the PV, with nothing to
  // answer and no decided bound in the window.
  bool selective = false;
  bool improving = true;
  Score static_eval = 0;
  if constexpr (HasSelectivity<G>) {
    selective = !pv_node && !threat_pending() && !core::is_decisive(alpha) && !core::is_decisive(beta);
    // A node that must answer a four keeps the evaluation from before the four.
    Score& own_eval = static_evals_[static_cast<std::size_t>(ply)];
    own_eval = threat_pending() ? -static_evals_[static_cast<std::size_t>(ply - 1)] : position_.evaluate();
    improving = ply < 2 || own_eval > static_evals_[static_cast<std::size_t>(ply - 2)];
    if (selective) {
      static_eval = own_eval;
      // The table's bound, where it says more than the static evaluation, is the
      // better estimate of this node for the pruning below.
      if (hit && hit->bound != core::Bound::kNone && !core::is_decisive(table_score) &&
          (hit->bound == core::Bound::kExact ||
           (hit->bound == core::Bound::kLower ? table_score > static_eval : table_score < static_eval)))
        static_eval = table_score;
      const Score fail_high_margin =
          selectivity_.futility_margin * (improving ? depth - selectivity_.fail_high_improving_plies : depth);
      if (depth <= selectivity_.fail_high_depth && static_eval - fail_high_margin >= beta)
        return static_eval - fail_high_margin;
      if (depth <= selectivity_.razor_depth && static_eval + selectivity_.razor_margin * depth < alpha) {
        const Score v = quiesce(ply, 0, alpha, alpha + 1);
        if (aborted_) return 0;
        if (v <= alpha) return v;
      }
      if (!excluding)
        if (const std::optional<Score> cut = try_null_move(depth, ply, beta, own_eval, static_eval)) return *cut;
    }
  }

  typename G::MoveList moves;
  generate_searched_moves(position_, moves);
  std::array<int, G::kMaxMoves> order;
  score_moves(moves, table_move, ply, order);

  const Score original_alpha = alpha;
  Score best = -core::kInfinity;
  Move best_move;
  typename G::MoveList quiets_tried;
  NodeFrame frame{depth, ply, pv_node, selective, improving, static_eval, table_move};
  if (hit) {
    frame.table_score = table_score;
    frame.table_depth = hit->depth;
    frame.table_bound = hit->bound;
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    bring_best_to(i, moves, order);
    if constexpr (SplitsSearch<G>) {
      // The first move searched alone did not cut off: the others may go to idle threads.
      if (i > 0 && splits(depth, moves.size() - i)) {
        for (std::size_t j = i + 1; j < moves.size(); ++j) bring_best_to(j, moves, order);
        if (!split(frame, moves, i, alpha, beta, best, best_move)) return 0;
        break;
      }
    }
    const Move m = moves[i];
    if (excluding && m == excluded) continue;
    bool quiet = false;
    const std::optional<Score> searched = search_move(frame, m, i, alpha, beta, best, quiet);
    if (!searched) continue;
    if (aborted_) return 0;
    const Score score = *searched;

    if (score > best) {
      best = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        if (pv_node) update_pv(ply, m);
        if (alpha >= beta) {
          note_cut_off(depth, ply, m, table_move, quiets_tried.begin(), quiets_tried.size());
          break;
        }
      }
    }
    if (quiet) quiets_tried.push_back(m);
  }
  // Every move pruned: the node fails low on what the static evaluation promised.
  if (best == -core::kInfinity) return alpha;

  const core::Bound bound = best >= beta              ? core::Bound::kLower
                            : best > original_alpha ? core::Bound::kExact
                                                    : core::Bound::kUpper;
  if (!excluding) table_.store(key, best_move, core::score_to_table(best, ply), depth, bound);
  return best;
}

template <core::Game G>
std::optional<typename Search<G>::Score> Search<G>::search_move(const NodeFrame& node, Move m, std::size_t i,
                                                               Score alpha, Score beta, [[maybe_unused]] Score best,
                                                               bool& quiet) {
  const int depth = node.depth;
  const int ply = node.ply;
  const bool pv_node = node.pv_node;
  [[maybe_unused]] const bool selective = node.selective;
  [[maybe_unused]] const bool improving = node.improving;
  [[maybe_unused]] const Score static_eval = node.static_eval;
  [[maybe_unused]] const Move table_move = node.table_move;
  int reduction = 0;
  if constexpr (HasSelectivity<G>) {
    const bool is_tactical = tactical(m);
    quiet = m != table_move && m != killers_[ply][0] && m != killers_[ply][1] && !is_tactical &&
            !threat_pending();
    // Late-move pruning outside the PV: every move but the tactical ones, once
    // a move that does not lose is in hand.
    if (i > 0 && !pv_node && !is_tactical && best > -core::kWinBound && !threat_pending() &&
        !core::is_decisive(alpha) && !core::is_decisive(beta)) {
      int limit = move_counts_[static_cast<std::size_t>(std::min(depth, kReductionSpan - 1))];
      if (!improving) limit /= 2;
      if (static_cast<int>(i) + 1 >= limit) return std::nullopt;
    }
    // Futility: a quiet move that cannot lift the static evaluation to alpha.
    if (selective && quiet && i > 0 && best > -core::kWinBound && depth <= selectivity_.futility_depth &&
        static_eval + selectivity_.futility_margin * depth <= alpha)
      return std::nullopt;
    const bool reducible = m != table_move && !threat_pending();
    if (reducible && depth >= selectivity_.lmr_min_depth &&
        static_cast<int>(i) >= selectivity_.lmr_first_moves) {
      reduction = reductions_[static_cast<std::size_t>(std::min(depth, kReductionSpan - 1))]
                             [static_cast<std::size_t>(std::min<std::size_t>(i, kReductionSpan - 1))];
      if (pv_node) --reduction;
      if (!quiet) --reduction;
      if (!pv_node && !improving && reduction > 1) ++reduction;
      if (history_[history_index(m)] < 0) ++reduction;
      // A move the game's own order finds nothing in (Gomoku: no shape, no value).
      if constexpr (HasMoveOrderBonus<G>)
        if (position_.move_order_bonus(m) == 0) ++reduction;
      reduction = std::clamp(reduction, 0, depth - 2);
    }
  }

  int extension = 0;
  if constexpr (HasSelectivity<G>) {
    const SingularVerdict singular = singular_extension(node, m, beta);
    if (aborted_) return Score{0};
    if (singular.multi_cut) return *singular.multi_cut;
    extension = singular.extension;
    singular_extensions_[static_cast<std::size_t>(ply + 1)] =
        singular_extensions_[static_cast<std::size_t>(ply)] + (extension > 0 ? 1 : 0);
  }

  prefetch_table_after(m);
  position_.make_move(m);
  ++nodes_;
  // A move the opponent must answer (Gomoku: a four) costs no depth, while the
  // line stays within twice the iteration's depth: forced lines are seen whole.
  int new_depth = depth - 1;
  if constexpr (HasSelectivity<G>) {
    // A late four keeps its reduction: only the forcing line it starts is free.
    if (ply < 2 * iteration_depth_ && threat_pending())
      ++new_depth;
    else
      new_depth += extension;
  }
  Score score;
  if (i == 0) {
    score = -negamax(new_depth, ply + 1, -beta, -alpha, pv_node);
  } else {
    score = -negamax(new_depth - reduction, ply + 1, -alpha - 1, -alpha, false);
    if (reduction > 0 && score > alpha && !aborted_)
      score = -negamax(new_depth, ply + 1, -alpha - 1, -alpha, false);
    if (score > alpha && score < beta && !aborted_)
      score = -negamax(new_depth, ply + 1, -beta, -alpha, true);
  }
  position_.unmake_move(m);
  return score;
}

template <core::Game G>
void Search<G>::note_cut_off(int depth, int ply, Move m, Move table_move, const Move* quiets,
                             std::size_t quiet_count) {
  if (m != table_move && killers_[ply][0] != m) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
  int& h = history_[history_index(m)];
  h = std::min(h + depth * depth, 1 << 20);
  if constexpr (HasSelectivity<G>) {
    // The quiet moves tried before the cut-off were worse: they get reduced more.
    for (std::size_t q = 0; q < quiet_count; ++q) {
      int& miss = history_[history_index(quiets[q])];
      miss = std::max(miss - depth * depth, -(1 << 20));
    }
  } else {
    (void)quiets, (void)quiet_count;
  }
}

template <core::Game G>
bool Search<G>::split(const NodeFrame& node, const typename G::MoveList& moves, std::size_t i, Score& alpha,
                      Score beta, Score& best, Move& best_move) {
  const int ply = node.ply;
  ++split_points_;
  SplitNode point;
  point.parent = split_point_;
  point.count = static_cast<int>(moves.size() - i);
  for (std::size_t j = i; j < moves.size(); ++j) point.move_list[j - i] = moves[j];
  point.moves = point.move_list.data();
  point.depth = node.depth;
  point.beta = beta;
  point.alpha = alpha;
  point.best = best;
  point.best_move = -1;
  point.position = position_;
  point.frame = node;
  point.first_index = i;
  point.best_before = best;
  point.static_evals = {ply >= 1 ? static_evals_[static_cast<std::size_t>(ply - 1)] : 0,
                        static_evals_[static_cast<std::size_t>(ply)]};
  point.iteration_depth = iteration_depth_;
  const bool holds = team_->share(
      point, [this](core::SplitPoint<Move>& p) { work_on(static_cast<SplitNode&>(p)); },
      [this](core::SplitPoint<Move>& p) {
        // Helping below its own point: this thread's node is put back after.
        const G saved = position_;
        join_point(static_cast<SplitNode&>(p));
        position_ = saved;
        aborted_ = halted_;
      });
  if (!holds || halted_) {
    aborted_ = true;
    return false;
  }
  aborted_ = false;  // a cut-off of this point ended this thread's share of it
  if (point.best_move >= 0 && point.best > best) {
    best = point.best;
    best_move = point.moves[point.best_move];
    if (best > alpha) {
      alpha = best;
      if (node.pv_node && point.pv_length > ply) {
        for (int k = ply; k < point.pv_length; ++k) pv_[ply][k] = point.pv[k];
        pv_length_[ply] = point.pv_length;
      }
      if (alpha >= beta) note_cut_off(node.depth, ply, best_move, node.table_move, nullptr, 0);
    }
  }
  return true;
}

template <core::Game G>
void Search<G>::work_on(SplitNode& point) {
  SplitNode* const saved = split_point_;
  split_point_ = &point;
  const int ply = point.frame.ply;
  int taken;
  while (!aborted_ && (taken = team_->take(point)) >= 0) {
    const Score a = team_->alpha_of(point);
    const Move m = point.moves[taken];
    bool quiet = false;
    const std::optional<Score> searched =
        search_move(point.frame, m, point.first_index + static_cast<std::size_t>(taken), a, point.beta,
                    point.best_before, quiet);
    if (aborted_) break;
    const Score value = searched.value_or(-core::kInfinity);
    if (point.frame.pv_node && searched && value > a && value < point.beta) {
      std::lock_guard lock(point.pv_mutex);
      if (value > point.pv_score) {
        point.pv_score = value;
        point.pv[ply] = m;
        for (int k = ply + 1; k < pv_length_[ply + 1]; ++k) point.pv[k] = pv_[ply + 1][k];
        point.pv_length = std::max(pv_length_[ply + 1], ply + 1);
      }
    }
    team_->report(point, value, taken);
  }
  split_point_ = saved;
}

template <core::Game G>
void Search<G>::join_point(SplitNode& point) {
  position_ = point.position;
  const int ply = point.frame.ply;
  if (ply >= 1) static_evals_[static_cast<std::size_t>(ply - 1)] = point.static_evals[0];
  static_evals_[static_cast<std::size_t>(ply)] = point.static_evals[1];
  iteration_depth_ = point.iteration_depth;
  work_on(point);
}

template <core::Game G>
void Search<G>::serve_splits(const Search& main, const G& root, const core::StopSignal& stop, Team& team) {
  begin_helper(main, root, stop);
  team_ = &team;
  team.serve([this](core::SplitPoint<Move>& p) {
    join_point(static_cast<SplitNode&>(p));
    aborted_ = halted_;
  });
  team_ = nullptr;
  published_nodes_.store(nodes_, std::memory_order_relaxed);
}

template <core::Game G>
typename Search<G>::SingularVerdict Search<G>::singular_extension(const NodeFrame& node, Move m, Score beta) {
  const int depth = node.depth;
  const auto ply = static_cast<std::size_t>(node.ply);
  if (selectivity_.singular_depth == 0 || depth < selectivity_.singular_depth ||
      m != node.table_move || excluded_moves_[ply] != Move{} || threat_pending() ||
      (node.table_bound != core::Bound::kLower && node.table_bound != core::Bound::kExact) ||
      node.table_depth < depth - 2 || core::is_decisive(node.table_score))
    return {};
  const Score singular_beta = node.table_score - selectivity_.singular_margin * depth;
  excluded_moves_[ply] = m;
  const Score v = negamax((depth - 1) / 2, node.ply, singular_beta - 1, singular_beta, false);
  excluded_moves_[ply] = Move{};
  if (v < singular_beta) return {singular_extensions_[ply] * 8 < iteration_depth_ ? 1 : 0, std::nullopt};
  if (singular_beta >= beta) return {0, singular_beta};
  return {node.table_score >= beta ? -1 : 0, std::nullopt};
}

template <core::Game G>
std::optional<typename Search<G>::Score> Search<G>::try_null_move(int depth, int ply, Score beta, Score own_eval,
                                                                 Score estimate) {
  if constexpr (HasNullMove<G>) {
    const core::Selectivity& s = selectivity_;
    if (s.null_move_depth == 0 || depth < s.null_move_depth || reached_by_null_move_[static_cast<std::size_t>(ply)] ||
        estimate < beta || own_eval < beta + s.null_move_margin)
      return std::nullopt;
    const int reduction = s.null_move_reduction + depth / s.null_move_depth_divisor;
    position_.make_null_move();
    reached_by_null_move_[static_cast<std::size_t>(ply + 1)] = true;
    const Score v = -negamax(depth - 1 - reduction, ply + 1, -beta, -beta + 1, false);
    reached_by_null_move_[static_cast<std::size_t>(ply + 1)] = false;
    position_.unmake_null_move();
    if (aborted_) return Score{0};
    // A win seen after a pass is not proven: the pass is no move.
    if (v >= beta) return core::is_decisive(v) ? beta : v;
  } else {
    (void)depth, (void)ply, (void)beta, (void)own_eval, (void)estimate;
  }
  return std::nullopt;
}

template <core::Game G>
bool Search<G>::run_exact(const G& root, std::size_t lines, bool own_book, SearchResult& result) {
  if constexpr (HasExactSolver<G>) {
    // Only the main search comes here; run() prepared the solver.
    std::vector<Move> moves;
    for (const RootMove& r : root_moves_) moves.push_back(r.move);
    const ExactRun<G> exact_run{root, moves, lines, own_book, threads_, stop_, limits_.nodes, deadlines_, clock_};
    return run_exact_solver(*exact_solver_, exact_run, result, nodes_,
                            [&](int multipv, Score score, core::Bound bound, std::vector<Move> pv) {
                              report_exact(root, multipv, score, bound, std::move(pv));
                            });
  } else {
    (void)root, (void)lines, (void)own_book, (void)result;
    return true;
  }
}

template <core::Game G>
bool Search<G>::answer_from_book(const G& root, SearchResult& result) {
  if constexpr (HasOpeningBook<G>) {
    const std::optional<core::BookMove> answer = book_move(root);
    if (!answer || std::none_of(root_moves_.begin(), root_moves_.end(),
                                [&](const RootMove& r) { return r.move == answer->move; }))
      return false;
    result.best_move = answer->move;
    result.score = answer->score;
    result.depth = answer->depth;
    if (callbacks_->on_line) {
      LineReport line;
      line.depth = answer->depth;
      line.seldepth = answer->depth;
      line.score = answer->score;
      line.pv = {answer->move};
      callbacks_->on_line(line);
    }
    return true;
  } else {
    (void)root, (void)result;
    return false;
  }
}

template <core::Game G>
void Search<G>::report_exact(const G& root, int multipv, Score score, core::Bound bound, std::vector<Move> pv) {
  if (!callbacks_->on_line) return;
  LineReport line;
  line.depth = root.max_remaining_plies();
  line.seldepth = line.depth;
  line.multipv = multipv;
  line.score = score;
  line.bound = bound;
  line.nodes = nodes_;
  line.time_ms = clock_.elapsed_ms();
  line.hashfull = 0;
  line.pv = std::move(pv);
  callbacks_->on_line(line);
}

template <core::Game G>
void Search<G>::report_bound(int depth, Score score, core::Bound bound) {
  // Only the main search reports (a helper has no callbacks of its own).
  if (main_search_ != nullptr || !callbacks_->on_line) return;
  const std::int64_t ms = clock_.elapsed_ms();
  if (ms < bound_lines_after_ms_) return;
  // The move that failed high (first once sorted) or, failing low, the first move
  // with what its failed search saw.
  LineReport line = root_line(root_moves_.front(), depth, score, ms);
  line.bound = bound;
  callbacks_->on_line(line);
}

template <core::Game G>
LineReport Search<G>::root_line(const RootMove& move, int depth, Score score, std::int64_t ms) const {
  LineReport line;
  line.depth = depth;
  line.seldepth = std::max(seldepth_, depth);
  line.score = score;
  line.nodes = total_nodes();
  line.time_ms = ms;
  line.hashfull = table_.hashfull();
  line.pv = move.pv;
  return line;
}

template <core::Game G>
void Search<G>::report(std::size_t lines, int depth) {
  if (!callbacks_->on_line) return;
  const std::int64_t ms = clock_.elapsed_ms();
  for (std::size_t i = 0; i < lines; ++i) {
    LineReport line = root_line(root_moves_[i], depth, root_moves_[i].score, ms);
    line.multipv = static_cast<int>(i + 1);
    callbacks_->on_line(line);
  }
}

}  // namespace narabe::search
