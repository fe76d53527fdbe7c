#pragma once
// The solver's search for one board size W x H (see solver.h for the layout and
// the score convention). What makes it fast, on top of plain alpha-beta:
//   * null-window searches converge on the exact score (a binary search on it);
//   * losing moves are never searched: a move that lets the opponent win at once
//     is pruned, a single threat of the opponent is answered at once, a double
//     threat is a loss without search;
//   * moves are ordered by the useful threats (winning cells) they create, those the
//     opponent must block now or soon weighing more, centre first;
//   * a transposition table keeps lower and upper bounds, keyed by the position or
//     its mirror image, whichever is smaller (mirrored positions share entries),
//     four a bucket, the one with the least search behind it replaced; positions
//     near the end go to a small table of the thread's own (near_end_), which the
//     core's cache holds;
//   * the "claimeven" bound (Allis): when every column has an even number of empty
//     cells, the opponent can answer every move in the same column and so gets the
//     upper cell of every pair; if the side to move cannot make four even with all
//     the lower cells, it cannot win (score <= 0), and if the opponent then makes
//     four with the upper cells, it loses (score < 0). Columns with an odd number
//     of empty cells are allowed too: their lowest cells count for the side that
//     would not get them; and with an odd number of such columns the side to move
//     takes one and becomes the one answering (a lower bound of 0 or 1);
//   * threat zugzwang (Allis' odd threat): a side with a threat the other side
//     will have to play under, when the rest of the board fills up, wins unless
//     the other side can make four first (a bound of +-1, see threat_win);
//   * aftereven (Allis), on top of the claimeven bounds: a four the follower gets
//     with its claimeven cells is complete before any four of the other side that
//     needs a cell above each of its empty cells, so when every four the other
//     side can get is of that kind the follower wins (see aftereven).

#include <algorithm>
#include <bit>
#include <vector>

#include "engine/core/bits.h"
#include "engine/core/large_pages.h"
#include "engine/core/prefetch.h"
#include "engine/core/shared_table_words.h"
#include "engine/core/solver_team.h"
#include "engine/core/worker_pool.h"
#include "engine/core/split_team.h"

#include "engine/games/connect4/solver.h"

namespace narabe::games::connect4 {

template <int W, int H>
class FixedSolver final : public SolverCore {
  static constexpr int kField = H + 1;
  static constexpr int kCells = W * H;
  static constexpr Bitboard kColumnBits = (Bitboard{1} << H) - 1;

  static constexpr Bitboard bottom_mask() {
    Bitboard b = 0;
    for (int c = 0; c < W; ++c) b |= Bitboard{1} << (c * kField);
    return b;
  }
  static constexpr Bitboard kBottom = bottom_mask();
  static constexpr Bitboard kBoard = kBottom * kColumnBits;
  // Rows with the parity of H: the lower cell of each pair when every column has
  // an even number of empty cells.
  static constexpr Bitboard claimeven_lower() {
    Bitboard rows = 0;
    for (int row = H % 2; row < H; row += 2) rows |= Bitboard{1} << row;
    return kBottom * rows;
  }
  static constexpr Bitboard kClaimevenLower = claimeven_lower();
  static constexpr Bitboard rows_of_parity(int parity) {
    Bitboard rows = 0;
    for (int row = parity; row < H; row += 2) rows |= Bitboard{1} << row;
    return kBottom * rows;
  }
  static constexpr Bitboard kEvenRows = rows_of_parity(0);
  static constexpr Bitboard kOddRows = rows_of_parity(1);
  static constexpr Bitboard column(int c) { return kColumnBits << (c * kField); }
  static constexpr int centre_column(int i) { return W / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2; }
  // The columns in search order, centre first.
  struct ColumnOrder {
    Bitboard columns[W];
  };
  static constexpr ColumnOrder column_order() {
    ColumnOrder order{};
    for (int i = 0; i < W; ++i) order.columns[i] = column(centre_column(i));
    return order;
  }
  static constexpr ColumnOrder kColumnOrder = column_order();

  static constexpr int kUnknownLower = -127;
  static constexpr int kUnknownUpper = 127;
  static constexpr std::uint64_t kCheckInterval = 4096;
  // converge() probes the sign first once the range of scores is this narrow
  // (measured: nodes on the test sets and the empty board, 16 to 100 tried).
  static constexpr int kSignProbeRange = 20;
  // No enhanced transposition cut-off in the last plies: searching them is cheaper.
  static constexpr int kLastPliesWithoutProbes = 4;
  // Move ordering weights (order_moves), found by measuring nodes on the test sets.
  static constexpr int kOrderNow = 1;
  static constexpr int kOrderSoon = 2;
  static constexpr int kOrderAny = 3;

  // With threads, nodes with this many empty cells or more may share their moves
  // with idle threads (split); nearer the leaves it costs more than it saves.
  static constexpr int kSplitEmpties = 12;

  // Positions with this many empty cells or fewer are kept in a table of each
  // thread's own (near_end_) instead of the shared one. They are most of the probes
  // and stores, and their subtrees are small: apart, they no longer push the
  // costly entries out of the shared table nor are pushed out by them, a small
  // table is mostly in the core's cache, and with threads none of their cache
  // lines goes from core to core and no lock is taken for them. The near-end
  // tables of all threads together take an eighth of the memory given (so the
  // solver's memory stays what it is given, whatever the thread count), each a
  // power of two buckets and 4 MiB at most. Measured (docs/connect4.md, "The
  // near-end table").
  static constexpr int kNearEndEmpties = 16;
  static constexpr std::size_t kNearEndShare = 8;
  static constexpr std::size_t kNearEndBuckets = std::size_t{1} << 16;  // 4 MiB

  // A move of a split point: the position after it, as negamax takes it.
  struct Child {
    Bitboard current, mask, mirror_current, mirror_mask;
    int column;
  };
  using SplitPoint = core::SplitPoint<Child>;

  static constexpr int kWays = 4;  // entries a bucket: one cache line
  struct Entry {
    Bitboard key = 0;
    std::int8_t lower = 0;
    std::int8_t upper = 0;
    std::uint8_t worth = 0;  // how much work the entry saves: the larger is kept
    std::uint8_t used = 0;
    std::int8_t best = -1;  // the column that last refuted a window here, as keyed
  };
  // The entries as words the threads share (core/shared_table_words.h): the keys,
  // each entry's other fields packed in 32 bits, the bucket's version.
  struct alignas(64) Bucket {
    Bitboard keys[kWays];
    std::uint32_t fields[kWays];
    std::uint32_t version;
  };
  static_assert(sizeof(Bucket) == 64);
  static std::uint32_t pack(const Entry& e) {
    return static_cast<std::uint8_t>(e.lower) | std::uint32_t{static_cast<std::uint8_t>(e.upper)} << 8 |
           std::uint32_t(e.worth | e.used << 7) << 16 | std::uint32_t{static_cast<std::uint8_t>(e.best)} << 24;
  }
  static Entry unpack(Bitboard key, std::uint32_t fields) {
    return Entry{key, static_cast<std::int8_t>(fields & 0xff), static_cast<std::int8_t>((fields >> 8) & 0xff),
                 static_cast<std::uint8_t>((fields >> 16) & 0x7f), static_cast<std::uint8_t>((fields >> 23) & 1),
                 static_cast<std::int8_t>(fields >> 24)};
  }

 public:
  explicit FixedSolver(std::size_t table_megabytes) {
    const std::size_t bytes = std::max<std::size_t>(table_megabytes, 1) << 20;
    near_end_budget_ = bytes / kNearEndShare / sizeof(Bucket);
    own_table_ = core::LargePageArray<Bucket>(bytes / sizeof(Bucket) - near_end_budget_);
    table_ = own_table_.data();
    table_buckets_ = own_table_.size();
    fit_near_end(*this, 1);
  }

  void clear_table() override {
    std::fill(own_table_.begin(), own_table_.end(), Bucket{});
    std::fill(near_end_.begin(), near_end_.end(), Bucket{});
    for (auto& helper : helpers_) std::fill(helper->near_end_.begin(), helper->near_end_.end(), Bucket{});
  }
  int best_column() const override { return best_column_; }
  std::size_t table_bytes() const override {
    std::size_t buckets = own_table_.size() + near_end_.size();
    for (const auto& helper : helpers_) buckets += helper->near_end_.size();
    return buckets * sizeof(Bucket);
  }

  std::optional<int> solve(Bitboard current, Bitboard mask, int moves, bool weak) override {
    return with_threads([=](FixedSolver& s) { return s.solve_alone(current, mask, moves, weak); });
  }
  std::optional<int> solve_move(Bitboard current, Bitboard mask, int moves, int col, bool weak) override {
    return with_threads([=](FixedSolver& s) { return s.solve_move_alone(current, mask, moves, col, weak); });
  }

 private:
  FixedSolver() = default;  // a helper thread's, on its main solver's table

  // Gives `solver` (this one or a helper) its near-end table for a solve on
  // `thread_count` threads: an equal part of this solver's near-end budget. Made anew
  // (empty) when its size changes.
  void fit_near_end(FixedSolver& solver, std::size_t thread_count) const {
    const std::size_t share = std::clamp<std::size_t>(near_end_budget_ / thread_count, 1, kNearEndBuckets);
    const std::size_t buckets = std::bit_floor(share);
    if (solver.near_end_.size() != buckets) solver.near_end_ = core::LargePageArray<Bucket>(buckets);
  }

  // Runs `search` on this solver alone with threads <= 1, else on `threads` solvers
  // over this one's table: this thread searches and the others take the moves it
  // shares at split points (young brothers wait, core/split_team.h), so the
  // answer is exact with any thread count. Nodes are summed into this solver's count.
  template <class Search>
  std::optional<int> with_threads(Search search) {
    const auto n = static_cast<std::size_t>(std::max(threads, 1));
    // Helpers beyond the thread count go, with their near-end tables and threads.
    if (helpers_.size() >= n) helpers_.resize(n - 1);
    pool_.keep(n - 1);
    fit_near_end(*this, n);
    if (n == 1) return search(*this);
    while (helpers_.size() + 1 < n) helpers_.push_back(std::unique_ptr<FixedSolver>(new FixedSolver()));
    core::SolverTeam team(nodes);
    std::vector<FixedSolver*> solvers{this};
    for (std::size_t i = 0; i + 1 < n; ++i) {
      FixedSolver& helper = *helpers_[i];
      helper.table_ = table_;
      helper.table_buckets_ = table_buckets_;
      fit_near_end(helper, n);
      helper.nodes = 0;
      helper.stop = stop;
      helper.node_limit = node_limit;
      helper.deadline = deadline;
      solvers.push_back(&helper);
    }
    core::SplitTeam<Child> split_team;
    std::optional<int> result;
    pool_.run(n, [&](std::size_t i) {
      FixedSolver& solver = *solvers[i];
      solver.team_ = &team;
      solver.split_team_ = &split_team;
      solver.shared_ = true;
      solver.aborted_ = solver.halted_ = false;
      solver.published_ = solver.nodes;
      if (i == 0) {
        // This thread searches; the others take the moves it offers.
        result = search(solver);
        split_team.finish();
      } else {
        split_team.serve([&solver](SplitPoint& point) { solver.help_at(point); });
      }
    });
    for (std::size_t i = 1; i < n; ++i) nodes += solvers[i]->nodes;
    for (FixedSolver* solver : solvers) {
      solver->team_ = nullptr;
      solver->split_team_ = nullptr;
      solver->shared_ = false;
    }
    return result;
  }

  std::optional<int> solve_alone(Bitboard current, Bitboard mask, int moves, bool weak) {
    aborted_ = halted_ = false;
    const Bitboard candidates = possible(mask);
    best_column_ = -1;
    if (const Bitboard wins = candidates & winning_cells(current, mask)) {
      best_column_ = column_of(wins & -wins);
      return weak ? 1 : win_score(moves);
    }
    // Before any proof the best guess is the first move in search order that does
    // not lose at once (any move, when all of them do).
    const Bitboard opponent_wins = winning_cells(current ^ mask, mask);
    const Bitboard safe = non_losing(mask, opponent_wins);
    Bitboard ordered[W];
    if (order_moves(current, mask, safe ? safe : candidates, opponent_wins, ordered) > 0)
      best_column_ = column_of(ordered[0]);
    if (moves >= kCells - 1) return 0;  // the last cell, and it does not win
    const int low = -(kCells - moves) / 2;
    const int high = (kCells + 1 - moves) / 2;
    return finish(converge(current, mask, moves, low, high, true, weak), weak);
  }

  std::optional<int> solve_move_alone(Bitboard current, Bitboard mask, int moves, int col, bool weak) {
    aborted_ = halted_ = false;
    const Bitboard move = possible(mask) & column(col);
    if (winning_cells(current, mask) & move) return weak ? 1 : win_score(moves);
    const Bitboard child_current = current ^ mask;  // the opponent's discs
    const Bitboard child_mask = mask | move;
    if (moves + 1 >= kCells) return 0;  // that filled the board
    if (possible(child_mask) & winning_cells(child_current, child_mask))
      return weak ? -1 : -win_score(moves + 1);  // the opponent wins at once
    const int low = -(kCells - moves - 1) / 2;
    const int high = (kCells - moves) / 2;
    auto child = finish(converge(child_current, child_mask, moves + 1, low, high, false, weak), weak);
    if (!child) return std::nullopt;
    return -*child;
  }

  static Bitboard possible(Bitboard mask) { return (mask + kBottom) & kBoard; }
  // A weak solve only tells the sign; the searches in it may prove more.
  static std::optional<int> finish(std::optional<int> score, bool weak) {
    if (!score || !weak) return score;
    return (*score > 0) - (*score < 0);
  }
  // The moves that do not lose at once: the answer to a single threat of the
  // opponent (none against two), and never the cell right under its winning cell.
  static Bitboard non_losing(Bitboard mask, Bitboard opponent_wins) {
    Bitboard candidates = possible(mask);
    if (const Bitboard forced = candidates & opponent_wins) {
      if (forced & (forced - 1)) return 0;
      candidates = forced;
    }
    return candidates & ~(opponent_wins >> 1);
  }
  static int column_of(Bitboard move) { return std::countr_zero(move) / kField; }
  static int win_score(int moves_before_win) { return (kCells + 1 - moves_before_win) / 2; }

  // Always inlined: gcc kept it a call, which cost 5% of the instructions of a node.
  [[gnu::always_inline]] static Bitboard winning_cells(Bitboard discs, Bitboard mask) {
    Bitboard r = (discs << 1) & (discs << 2) & (discs << 3);  // three below an empty cell
    r |= line_cells<kField>(discs);                           // horizontal
    r |= line_cells<H>(discs);                                // one diagonal
    r |= line_cells<H + 2>(discs);                            // the other
    return r & (kBoard ^ mask);
  }
  // Cells that complete four along the direction of shift S: three of a window's
  // four cells are the player's, found with shifts both ways.
  template <int S>
  static Bitboard line_cells(Bitboard d) {
    Bitboard p = (d << S) & (d << 2 * S);
    Bitboard r = p & (d << 3 * S);
    r |= p & (d >> S);
    p = (d >> S) & (d >> 2 * S);
    r |= p & (d << S);
    r |= p & (d >> 3 * S);
    return r;
  }
  static bool has_four(Bitboard d) {
    return has_four_along<1>(d) || has_four_along<kField>(d) || has_four_along<H>(d) ||
           has_four_along<H + 2>(d);
  }
  template <int S>
  static bool has_four_along(Bitboard d) {
    const Bitboard pairs = d & (d >> S);
    return (pairs & (pairs >> 2 * S)) != 0;
  }
  static Bitboard mirror(Bitboard key) {
    constexpr Bitboard kFieldMask = (Bitboard{1} << kField) - 1;
    Bitboard result = 0;
    for (int c = 0; c < W; ++c) result |= ((key >> (c * kField)) & kFieldMask) << ((W - 1 - c) * kField);
    return result;
  }
  // The mirror image of one disc, from a table: the division by the column's
  // height was 4% of a node's instructions.
  struct MirrorCells {
    Bitboard of_bit[64];
  };
  static constexpr MirrorCells mirror_cells() {
    MirrorCells table{};
    for (int bit = 0; bit < W * kField; ++bit)
      table.of_bit[bit] = Bitboard{1} << (bit + (W - 1 - 2 * (bit / kField)) * kField);
    return table;
  }
  static constexpr MirrorCells kMirrorCells = mirror_cells();
  static Bitboard mirror_cell(Bitboard cell) { return kMirrorCells.of_bit[std::countr_zero(cell)]; }

  // The table's key of the position after `move` (the opponent's discs, all discs
  // and their mirror images before it): the smaller of it and its mirror image.
  static Bitboard child_key(Bitboard opponent, Bitboard mask, Bitboard mirror_opponent, Bitboard mirror_mask,
                            Bitboard move) {
    return std::min(opponent + (mask | move), mirror_opponent + (mirror_mask | mirror_cell(move)));
  }

  // The table that keeps positions after `moves` discs: its bucket of a key, and
  // whether other threads use it too (then reads and writes take its sequence locks).
  struct Table {
    Bucket* buckets;
    std::size_t count;
    bool shared;
    Bucket& bucket(Bitboard key) const { return buckets[core::mul_high(key * 0x9E3779B97F4A7C15ULL, count)]; }
  };
  Table table_for(int moves) {
    if (kCells - moves <= kNearEndEmpties) return {near_end_.data(), near_end_.size(), false};
    return {table_, table_buckets_, shared_};
  }
  // The entry of `key`, if `table` holds it (and, shared, no write is under way).
  static std::optional<Entry> probe(const Table& table, Bitboard key) {
    const Bucket& bucket = table.bucket(key);
    std::optional<std::uint32_t> version;
    if (table.shared && !(version = core::SequenceLock::begin_read(bucket.version))) return std::nullopt;
    for (int i = 0; i < kWays; ++i) {
      if (core::load_shared(bucket.keys[i]) != key) continue;
      const Entry e = unpack(key, core::load_shared(bucket.fields[i]));
      if (!e.used) continue;
      if (table.shared && !core::SequenceLock::end_read(bucket.version, *version)) return std::nullopt;
      return e;
    }
    return std::nullopt;
  }
  static void store(const Table& table, Bitboard key, int work, int lower, int upper, int best = -1) {
    Bucket& bucket = table.bucket(key);
    std::optional<std::uint32_t> version;
    if (table.shared && !(version = core::SequenceLock::try_begin_write(bucket.version))) return;
    Entry slots[kWays];
    for (int i = 0; i < kWays; ++i) slots[i] = unpack(core::load_shared(bucket.keys[i]), core::load_shared(bucket.fields[i]));
    int victim = 0;
    Entry entry{key, static_cast<std::int8_t>(lower), static_cast<std::int8_t>(upper), static_cast<std::uint8_t>(work),
                1, static_cast<std::int8_t>(best)};
    for (int i = 0; i < kWays; ++i) {
      const Entry& slot = slots[i];
      if (slot.used && slot.key == key) {
        entry.lower = static_cast<std::int8_t>(std::max<int>(slot.lower, lower));
        entry.upper = static_cast<std::int8_t>(std::min<int>(slot.upper, upper));
        if (best < 0) entry.best = slot.best;
        entry.worth = static_cast<std::uint8_t>(std::max<int>(slot.worth, work));
        victim = i;
        break;
      }
      // A newcomer always gets in, in the place of the entry with the least search
      // behind it: the bucket keeps the most work saved (one cache line, so probing
      // all its ways costs one memory access).
      if (!slot.used || (slots[victim].used && slot.worth < slots[victim].worth)) victim = i;
    }
    core::store_shared(bucket.keys[victim], key);
    core::store_shared(bucket.fields[victim], pack(entry));
    if (table.shared) core::SequenceLock::end_write(bucket.version, *version);
  }

  // The follower's strategy, a generalised claimeven: the leader is to move, and
  // the follower answers every move into a column with an even number of empty
  // cells on top of it, and every move into a column with an odd number into
  // another such column (there always is one while the leader is to move with an
  // even number of such columns). The follower then gets every empty cell of the
  // upper parity (the upper cell of each pair) except the lowest cells of the odd
  // columns, which may go to the leader; the leader gets at most the rest.
  // Returns 0 when the leader can then never make four (the leader cannot win), -1
  // when moreover the follower's cells make four (the leader loses), 1 when
  // nothing is proven. Precondition: `leader` is to move and the number of columns
  // with an odd number of empty cells is even.
  static int follower_bound(Bitboard leader, Bitboard follower, Bitboard mask, bool loss_cuts) {
    const Bitboard empty = kBoard & ~mask;
    const Bitboard odd_bottoms = possible(mask) & ~kClaimevenLower;
    const Bitboard leader_cells = leader | (empty & kClaimevenLower) | odd_bottoms;
    const Bitboard follower_cells = follower | (empty & ~kClaimevenLower & ~odd_bottoms);
    if (!has_four(leader_cells)) return has_four(follower_cells) ? -1 : 0;
    return loss_cuts && aftereven(leader_cells, follower_cells, empty) ? -1 : 1;
  }
  // The empty cells above `cells` in their columns.
  static Bitboard cells_above(Bitboard cells) {
    Bitboard above = (cells << 1) & kBoard;
    for (int i = 2; i < H; ++i) above |= (above << 1) & kBoard;
    return above;
  }
  // Allis' aftereven, on top of a follower strategy that gives the follower
  // `follower_cells` and the leader at most `leader_cells`: when a four of the
  // follower's cells has empty cells e_1..e_k, the follower completes it when the
  // last of them is filled, so a four of the leader that needs a cell above e_i in
  // every one of those columns comes too late. True when every four the leader can
  // get comes too late for one of the follower's fours: the follower wins.
  static bool aftereven(Bitboard leader_cells, Bitboard follower_cells, Bitboard empty) {
    if (!aftereven_may_win(leader_cells, follower_cells, empty)) return false;
    Afterevens groups;
    collect_afterevens<kField>(four_starts<kField>(follower_cells), empty, groups);
    collect_afterevens<H>(four_starts<H>(follower_cells), empty, groups);
    collect_afterevens<H + 2>(four_starts<H + 2>(follower_cells), empty, groups);
    return comes_too_late<1>(leader_cells, groups) && comes_too_late<kField>(leader_cells, groups) &&
           comes_too_late<H>(leader_cells, groups) && comes_too_late<H + 2>(leader_cells, groups);
  }
  // A quick test that rejects most positions: false when the follower has no four
  // (not vertical: one would need two empty cells of one parity in a row, or be an
  // immediate threat) or the leader has one that avoids every cell above their
  // empty cells, which none of them refutes. It stays false for fewer leader cells
  // and more follower cells, so one test can serve several cases.
  static bool aftereven_may_win(Bitboard leader_cells, Bitboard follower_cells, Bitboard empty) {
    const Bitboard x = follower_cells;
    const Bitboard starts_h = four_starts<kField>(x);
    const Bitboard starts_d = four_starts<H>(x);
    const Bitboard starts_u = four_starts<H + 2>(x);
    if (!(starts_h | starts_d | starts_u)) return false;
    const Bitboard gaps = (spread<kField>(starts_h) | spread<H>(starts_d) | spread<H + 2>(starts_u)) & empty;
    return !has_four(leader_cells & ~cells_above(gaps));
  }
  // The first cells of the fours along direction S that lie in `cells`.
  template <int S>
  static Bitboard four_starts(Bitboard cells) {
    return cells & (cells >> S) & (cells >> 2 * S) & (cells >> 3 * S);
  }
  // The four cells of every four starting at `starts` along direction S.
  template <int S>
  static Bitboard spread(Bitboard starts) {
    return starts | (starts << S) | (starts << 2 * S) | (starts << 3 * S);
  }
  struct Afterevens {
    static constexpr int kMax = 16;  // more are left out: fewer refutations, still a proof
    int count = 0;
    Bitboard above[kMax][4];  // for each four, the cells above each of its empty cells
    int gap_count[kMax];
  };
  template <int S>
  static void collect_afterevens(Bitboard starts, Bitboard empty, Afterevens& groups) {
    for (; starts && groups.count < Afterevens::kMax; starts &= starts - 1) {
      Bitboard gaps = spread<S>(starts & (~starts + 1)) & empty;
      int n = 0;
      for (; gaps; gaps &= gaps - 1) groups.above[groups.count][n++] = cells_above(gaps & (~gaps + 1));
      groups.gap_count[groups.count++] = n;
    }
  }
  // Whether every four of the leader along direction S comes too late for one of
  // the follower's fours.
  template <int S>
  static bool comes_too_late(Bitboard leader_cells, const Afterevens& groups) {
    for (Bitboard starts = four_starts<S>(leader_cells); starts; starts &= starts - 1) {
      const Bitboard four = spread<S>(starts & (~starts + 1));
      bool late = false;
      for (int g = 0; g < groups.count && !late; ++g) {
        late = true;
        for (int i = 0; i < groups.gap_count[g] && late; ++i) late = (four & groups.above[g][i]) != 0;
      }
      if (!late) return false;
    }
    return true;
  }
  // The same with an odd number of such columns: the side to move plays into one
  // of them first and then follows, so the leader gets the lowest cells of the
  // other odd columns at most. Returns 0 when some first move leaves the leader
  // unable to make four (the side to move cannot lose), 1 when one of those
  // moreover gives the side to move four (it wins), -1 when nothing is proven.
  static int first_follower_bound(Bitboard follower, Bitboard leader, Bitboard mask) {
    const Bitboard empty = kBoard & ~mask;
    const Bitboard odd_bottoms = possible(mask) & ~kClaimevenLower;
    const Bitboard leader_cells = leader | (empty & kClaimevenLower);
    const Bitboard follower_cells = follower | (empty & ~kClaimevenLower & ~odd_bottoms);
    // One quick aftereven test for every first move (the leader has fewer cells
    // and the follower more after any of them).
    const bool aftereven_may = aftereven_may_win(leader_cells, follower_cells | odd_bottoms, empty);
    int bound = -1;
    for (Bitboard rest = odd_bottoms; rest; rest &= rest - 1) {
      const Bitboard first = rest & (~rest + 1);
      if (has_four(leader_cells | (odd_bottoms & ~first))) {
        if (aftereven_may && aftereven(leader_cells | (odd_bottoms & ~first), follower_cells | first, empty & ~first))
          return 1;
        continue;
      }
      if (has_four(follower_cells | first)) return 1;
      bound = 0;
    }
    return bound;
  }

  // Zugzwang through a threat (Allis' odd threat for the first player, on 7x6):
  // `owner` has a winning cell t that is not playable yet. Leave aside the cell s
  // under t and everything above it; if the rest has an even number of empty cells
  // with the other side to move (odd, with the owner to move, who first plays into
  // a column with an odd number of them), the owner can follow as in
  // follower_bound there. When the rest is full the other side has to play s and
  // the owner wins at t, unless the other side made four before with the cells it
  // can get: the leader's cells of the rest, the lowest cells of its odd columns
  // (but the one the owner takes first), and s. True when those cannot make four:
  // the owner wins.
  // `owner_wins` are the owner's winning cells (the caller often has them).
  static bool threat_win(Bitboard owner_wins, Bitboard other, Bitboard mask, int moves, bool owner_to_move) {
    // The row parity of t that gives the rest the parity the owner needs.
    const int parity = (static_cast<int>(owner_to_move) + 1 + H - (kCells - moves)) & 1;
    const Bitboard free = possible(mask);
    Bitboard threats = owner_wins & ~free & (parity == 0 ? kEvenRows : kOddRows);
    if (!threats) return false;
    const Bitboard empty = kBoard & ~mask;
    const Bitboard under_rows = parity == 0 ? kOddRows : kEvenRows;  // the parity of s
    while (threats) {
      const Bitboard t = threats & (~threats + 1);
      const Bitboard col = column(column_of(t));
      threats &= ~col;  // the lowest such threat of each column
      const Bitboard s = t >> 1;
      // Column c below s is a column of the rest whose top is s - 1 row: the leader
      // gets the rows of s's parity, and its lowest cell if it has the other one.
      const Bitboard below = col & empty & (s - 1);
      const Bitboard odd_bottoms = (free & ~kClaimevenLower & ~col) | (free & below & ~under_rows);
      const Bitboard cells = other | (empty & kClaimevenLower & ~col) | (below & under_rows) | s;
      if (!owner_to_move) {
        if (!has_four(cells | odd_bottoms)) return true;
        continue;
      }
      for (Bitboard rest = odd_bottoms; rest; rest &= rest - 1)
        if (!has_four(cells | (odd_bottoms & ~(rest & (~rest + 1))))) return true;
    }
    return false;
  }

  // A move makes few winning cells: counting them one by one is cheaper than the
  // library's portable popcount when the build has no popcount instruction.
  static int sparse_popcount(Bitboard b) {
#if defined(__POPCNT__)
    return std::popcount(b);
#else
    int n = 0;
    for (; b; b &= b - 1) ++n;
    return n;
#endif
  }

  // Move ordering: a guess of how good each move is for the side that plays it,
  // from the winning cells it has after the move. A winning cell right above an
  // opponent's one is useless (the opponent's comes first); one the opponent
  // must block at once forces the reply, one a row higher will soon; the others
  // count less; the centre breaks ties (insertion keeps centre-first order).
  static int order_moves(Bitboard current, Bitboard mask, Bitboard candidates, Bitboard opponent_wins,
                         Bitboard* moves) {
    if (!(candidates & (candidates - 1))) {  // one move (or none): nothing to order
      if (candidates) moves[0] = candidates;
      return candidates != 0;
    }
    int scores[W];
    int count = 0;
    for (int i = 0; i < W; ++i) {
      const Bitboard move = candidates & kColumnOrder.columns[i];
      if (!move) continue;
      const Bitboard after = mask | move;
      const Bitboard threats = winning_cells(current | move, after) & ~(opponent_wins << 1);
      int score = 0;
      if (threats) {  // most moves make none: skip the rest then
        const Bitboard next = possible(after);
        score = kOrderNow * sparse_popcount(threats & next) + kOrderSoon * sparse_popcount(threats & (next << 1)) +
                kOrderAny * sparse_popcount(threats);
      }
      int pos = count++;
      for (; pos > 0 && scores[pos - 1] < score; --pos) {
        scores[pos] = scores[pos - 1];
        moves[pos] = moves[pos - 1];
      }
      scores[pos] = score;
      moves[pos] = move;
    }
    return count;
  }

  // What an entry is worth keeping for: the size of the search behind it (its
  // logarithm), which keeps more of the expensive entries than the disc count did.
  int worth(std::uint64_t start_nodes) const { return static_cast<int>(std::bit_width(nodes - start_nodes)); }

  // Also publishes this thread's nodes to the team: a node budget is for all.
  bool interrupted() {
    std::uint64_t searched = nodes;
    if (team_ != nullptr) searched = team_->publish(published_, nodes);
    if ((stop != nullptr && stop->requested()) || (node_limit && searched >= *node_limit) ||
        (deadline && core::SteadyClock::now() >= *deadline))
      halted_ = true;
    if (halted_) aborted_ = true;
    return aborted_;
  }

  // Precondition at every node: the side to move cannot win with its next disc
  // (the parent never leaves a winning cell it could play).
  // The search carries the mirror images of current and mask along (mirror_current,
  // mirror_mask): the table's key needs them at every node, and a move changes
  // them by one disc.
  int negamax(Bitboard current, Bitboard mask, Bitboard mirror_current, Bitboard mirror_mask, int moves,
              int alpha, int beta) {
    const std::uint64_t start_nodes = nodes++;
    if ((nodes & (kCheckInterval - 1)) == 0 && interrupted()) return 0;
    // On a split point's move: stop at once when a move of the point, or of one
    // above it, has cut it off.
    if (split_point_ != nullptr && kCells - moves >= kSplitEmpties - 2 && split_point_->cut_here_or_above()) {
      aborted_ = true;
      return 0;
    }
    // The key is the smaller of current + mask and its mirror image (columns then
    // count from the right in what the table keeps). Mirroring moves no bit across
    // a column's sentinel, so it commutes with that sum. Its bucket is fetched
    // from memory while the static bounds below are computed.
    const Bitboard plain_key = current + mask;
    const Bitboard mirror_key = mirror_current + mirror_mask;
    const bool mirrored = mirror_key < plain_key;
    const Bitboard key = mirrored ? mirror_key : plain_key;
    const Table table = table_for(moves);
    core::prefetch_for_write(&table.bucket(key));
    const Bitboard opponent = current ^ mask;
    const Bitboard opponent_wins = winning_cells(opponent, mask);
    const Bitboard candidates = non_losing(mask, opponent_wins);
    if (!candidates) return -(kCells - moves) / 2;  // every move loses at once
    if (moves >= kCells - 2) return 0;
    // The children's table buckets, for the enhanced transposition cut-off below,
    // are requested from memory now, so that their fetches overlap each other and
    // the static bounds: waiting for them was most of a node's time.
    const bool cut_off_probes = moves < kCells - kLastPliesWithoutProbes;
    const Bitboard mirror_opponent = mirror_current ^ mirror_mask;
    Bitboard child_keys[W];
    const Table child_table = table_for(moves + 1);
    if (cut_off_probes) {
      int children = 0;
      for (Bitboard rest = candidates; rest; rest &= rest - 1) {
        const Bitboard move = rest & (~rest + 1);
        child_keys[children] = child_key(opponent, mask, mirror_opponent, mirror_mask, move);
        __builtin_prefetch(&child_table.bucket(child_keys[children++]));
      }
    }

    // The opponent cannot win at its next move, and we cannot win at this one.
    const int lowest = -(kCells - 2 - moves) / 2;
    if (alpha < lowest) {
      alpha = lowest;
      if (alpha >= beta) return alpha;
    }
    int highest = (kCells - 1 - moves) / 2;
    // Claimeven, generalised to columns with an odd number of empty cells
    // (follower_bound): a bound of 0 or +-1, which cuts any window reaching 0. With
    // an even number of such columns the opponent can be the follower, with an odd
    // number we can, after a first move into one of them.
    if ((kCells - moves) % 2 == 0) {
      if (beta > -1) {
        if (const int bound = follower_bound(current, opponent, mask, alpha >= -1); bound <= 0)
          highest = std::max(lowest, bound);
      }
    } else if (alpha < 1) {
      if (const int bound = first_follower_bound(current, opponent, mask); bound >= 0 && bound > alpha) {
        alpha = bound;
        if (alpha >= beta) return alpha;
      }
    }
    // A threat below which the opponent of its owner will have to play (threat_win).
    if (alpha < 1 && threat_win(winning_cells(current, mask), opponent, mask, moves, true)) {
      alpha = 1;
      if (alpha >= beta) return alpha;
    }
    if (highest > -1 && beta > -1 && threat_win(opponent_wins, current, mask, moves, false))
      highest = std::max(lowest, -1);
    if (beta > highest) {
      beta = highest;
      if (alpha >= beta) return beta;
    }

    int table_column = -1;
    if (const auto e = probe(table, key)) {
      if (e->best >= 0) table_column = mirrored ? W - 1 - e->best : e->best;
      if (e->lower > alpha) {
        alpha = e->lower;
        if (alpha >= beta) return alpha;
      }
      if (e->upper < beta) {
        beta = e->upper;
        if (alpha >= beta) return beta;
      }
    }

    // Enhanced transposition cut-off: a child already known to refute the opponent
    // ends the search here without searching anything, and one known to fail (it
    // cannot raise alpha) is not searched at all (not in the last few plies, where
    // searching is cheaper than the extra probes).
    Bitboard to_search = candidates;
    if (cut_off_probes) {
      int children = 0;
      for (Bitboard rest = candidates; rest; rest &= rest - 1) {
        const Bitboard move = rest & (~rest + 1);
        if (const auto child = probe(child_table, child_keys[children++])) {
          if (-child->upper >= beta) {
            const int refutation = column_of(move);
            store(table, key, worth(start_nodes), -child->upper, kUnknownUpper, mirrored ? W - 1 - refutation : refutation);
            return -child->upper;
          }
          if (-child->lower <= alpha) to_search ^= move;
        }
      }
    }
    // The move that refuted an earlier window here goes first, and the others are
    // ordered only when it does not refute this one (in the null-window searches it
    // mostly does).
    const Bitboard table_move = table_column >= 0 ? to_search & column(table_column) : 0;
    Bitboard ordered[W];
    int count = 1;
    if (table_move) ordered[0] = table_move;
    else count = order_moves(current, mask, to_search, opponent_wins, ordered);
    for (int i = 0; i < count; ++i) {
      const Bitboard move = ordered[i];
      // Young brothers wait: once the first move is searched and did not cut off,
      // the others may go to idle threads.
      if (i > 0 && splits(moves, count - i)) {
        const int refutation = split(opponent, mask, mirror_opponent, mirror_mask, moves, ordered + i, count - i, alpha, beta);
        if (aborted_) return 0;
        if (refutation >= 0) {
          store(table, key, worth(start_nodes), alpha, kUnknownUpper, mirrored ? W - 1 - refutation : refutation);
          return alpha;
        }
        break;
      }
      const int score =
          -negamax(opponent, mask | move, mirror_opponent, mirror_mask | mirror_cell(move), moves + 1, -beta, -alpha);
      if (aborted_) return 0;
      if (score >= beta) {
        const int refutation = column_of(move);
        store(table, key, worth(start_nodes), score, kUnknownUpper, mirrored ? W - 1 - refutation : refutation);
        return score;
      }
      if (score > alpha) alpha = score;
      if (i == 0 && table_move) count += order_moves(current, mask, to_search & ~table_move, opponent_wins, ordered + 1);
    }
    store(table, key, worth(start_nodes), kUnknownLower, alpha);
    return alpha;
  }

  // The root: like negamax without table cut-offs, remembering the move that proves
  // the bound it returns.
  int search_root(Bitboard current, Bitboard mask, int moves, int alpha, int beta) {
    ++nodes;
    const Bitboard opponent = current ^ mask;
    const Bitboard opponent_wins = winning_cells(opponent, mask);
    const Bitboard candidates = non_losing(mask, opponent_wins);
    if (!candidates) return -(kCells - moves) / 2;
    if (moves >= kCells - 2) return 0;
    Bitboard ordered[W];
    const int count = order_moves(current, mask, candidates, opponent_wins, ordered);
    int best = -(kCells - moves) / 2;
    const Bitboard mirror_opponent = mirror(opponent);
    const Bitboard mirror_mask = mirror(mask);
    for (int i = 0; i < count; ++i) {
      const Bitboard move = ordered[i];
      if (i > 0 && splits(moves, count - i)) {  // as in negamax
        const int before = alpha;
        const int column = split(opponent, mask, mirror_opponent, mirror_mask, moves, ordered + i, count - i, alpha, beta);
        if (aborted_) return 0;
        best = std::max(best, alpha);
        if (alpha > before) best_column_ = column;
        break;
      }
      const int score =
          -negamax(opponent, mask | move, mirror_opponent, mirror_mask | mirror_cell(move), moves + 1, -beta, -alpha);
      if (aborted_) return 0;
      best = std::max(best, score);
      if (score > alpha) {
        best_column_ = column_of(move);
        alpha = score;
        if (alpha >= beta) return score;
      }
    }
    return best;
  }

  // Whether a node after `moves` discs with `left` moves still to search opens a
  // split point: far enough from the leaves, with a thread idle to take them.
  bool splits(int moves, int left) const {
    return split_team_ != nullptr && kCells - moves >= kSplitEmpties && left >= 2 && split_team_->has_idle();
  }
  // Young brothers wait (core/split_team.h): the moves `list` of the node (the
  // opponent's discs, all discs and their mirror images, `moves` discs) searched
  // by this thread and the idle ones with the window (alpha, beta); raises alpha to
  // what they found. Returns the column of the best move when it raised alpha
  // (at or above beta: a cut-off), else -1.
  int split(Bitboard opponent, Bitboard mask, Bitboard mirror_opponent, Bitboard mirror_mask, int moves,
            const Bitboard* list, int count, int& alpha, int beta) {
    Child children[W];
    for (int i = 0; i < count; ++i)
      children[i] = Child{opponent, mask | list[i], mirror_opponent, mirror_mask | mirror_cell(list[i]), column_of(list[i])};
    SplitPoint point{.parent = split_point_, .moves = children, .count = count, .depth = moves, .beta = beta,
                     .alpha = alpha, .best = alpha};
    const bool holds = split_team_->share(
        point, [this](SplitPoint& p) { work_at(p); }, [this](SplitPoint& p) { help_at(p); });
    // A cut-off here ended only this point's moves; one further up, or a stop, goes on.
    if (!holds) aborted_ = true;
    else if (!halted_) aborted_ = false;
    const int before = alpha;
    alpha = point.alpha;
    return alpha > before ? point.best_move : -1;
  }
  // The same on a point another thread opened, then on with its own search.
  void help_at(SplitPoint& point) {
    work_at(point);
    if (!halted_) aborted_ = false;  // a cut-off there is the opener's to handle
  }
  // This thread's share of `point`'s moves.
  void work_at(SplitPoint& point) {
    SplitPoint* const saved = split_point_;
    split_point_ = &point;
    int taken;
    while (!aborted_ && (taken = split_team_->take(point)) >= 0) {
      const Child& c = point.moves[taken];
      const int a = split_team_->alpha_of(point);
      if (a >= point.beta) break;
      const int score = -negamax(c.current, c.mask, c.mirror_current, c.mirror_mask, point.depth + 1, -point.beta, -a);
      if (aborted_) break;
      split_team_->report(point, score, c.column);
    }
    split_point_ = saved;
  }

  // The exact score in [low, high], or with sign_only a score of the right sign.
  // A weak solve probes like an exact one and stops once the sign is known:
  // probing the sign directly ([0, 1]) makes every quick win a proof of "at least
  // 1", where the distance bounds prune nothing, and was four times slower.
  std::optional<int> converge(Bitboard current, Bitboard mask, int moves, int low, int high, bool at_root,
                              bool sign_only) {
    while (low < high && !(sign_only && (low > 0 || high < 0 || (low == 0 && high == 0)))) {
      // While the range is wide, probe halfway toward its far ends first: those
      // searches are short (they only look for quick wins) and fill the table. Once
      // it spans less than kSignProbeRange around 0, probe the sign: that proof is
      // the long one that every later probe near 0 needs, and doing it first halves
      // the work on the empty board. Then halve the gap.
      int mid = low + (high - low) / 2;
      if (low < 0 && high > 0 && high - low <= kSignProbeRange) mid = 0;
      else if (mid <= 0 && low / 2 < mid) mid = low / 2;
      else if (mid >= 0 && high / 2 > mid) mid = high / 2;
      const int r = at_root ? search_root(current, mask, moves, mid, mid + 1)
                            : negamax(current, mask, mirror(current), mirror(mask), moves, mid, mid + 1);
      if (aborted_) return std::nullopt;
      if (r <= mid) high = r;
      else low = r;
      if (progress && at_root) progress(progress_context, low, high);
    }
    return low;
  }

  core::LargePageArray<Bucket> own_table_;  // empty in a helper, which uses its main solver's
  core::LargePageArray<Bucket> near_end_;  // this thread's own (kNearEndEmpties)
  Bucket* table_ = nullptr;
  std::size_t table_buckets_ = 0;
  std::size_t near_end_budget_ = 0;  // buckets for the near-end tables of all threads together
  bool shared_ = false;  // whether other threads use the table too
  core::SolverTeam* team_ = nullptr;  // during a solve with threads
  std::uint64_t published_ = 0;  // nodes already added to team_->nodes
  std::vector<std::unique_ptr<FixedSolver>> helpers_;
  bool aborted_ = false;  // the search unwinds: halted_, or a cut-off at a split point above
  bool halted_ = false;   // stopped or interrupted: the whole solve ends
  core::SplitTeam<Child>* split_team_ = nullptr;  // during a solve with threads
  SplitPoint* split_point_ = nullptr;  // the point this thread works on, if any
  int best_column_ = -1;
  core::WorkerPool pool_;  // the helpers' threads, kept from solve to solve (last: they end first)
};

}  // namespace narabe::games::connect4
