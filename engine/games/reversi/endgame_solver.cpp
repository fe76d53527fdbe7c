#include "engine/games/reversi/endgame_solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <new>
#include <string_view>

#include "engine/core/solver_team.h"
#include "engine/core/split_team.h"
#include "engine/games/reversi/bit_count.h"
#include "engine/games/reversi/bitboard_moves.h"
#include "engine/games/reversi/last_flip_count.h"
#include "engine/games/reversi/pattern_weights.h"
#include "engine/games/reversi/reversi.h"

namespace narabe::games::reversi {

struct OrderedMove {
  std::uint64_t player;    // the mover's discs after the move
  std::uint64_t opponent;  // the other side's discs after the move
  int cell;
  int key;  // smaller is searched earlier
};

namespace {


constexpr std::uint64_t kCorners = 0x8100'0000'0000'0081ULL;

// The up to eight cells around each cell. A move flips only if one of them holds an
// opponent's disc, which rules most empty cells out before the costlier flips().
constexpr std::array<std::uint64_t, 64> neighbour_masks() {
  std::array<std::uint64_t, 64> masks{};
  for (int cell = 0; cell < 64; ++cell)
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int r = cell / 8 + dr, c = cell % 8 + dc;
        if ((dr != 0 || dc != 0) && r >= 0 && r < 8 && c >= 0 && c < 8)
          masks[static_cast<std::size_t>(cell)] |= std::uint64_t{1} << (r * 8 + c);
      }
  return masks;
}
constexpr std::array<std::uint64_t, 64> kNeighbours = neighbour_masks();
// Which 4x4 quadrant (a1-d4, e1-h4, a5-d8, e5-h8) a cell is in, as one bit of four:
// XOR-ing them over the empty cells tells which quadrants hold an odd number.
constexpr std::array<unsigned, 64> quadrant_bits() {
  std::array<unsigned, 64> bits{};
  for (int cell = 0; cell < 64; ++cell)
    bits[static_cast<std::size_t>(cell)] = 1u << ((cell / 32) * 2 + (cell % 8) / 4);
  return bits;
}
constexpr std::array<unsigned, 64> kQuadrantBit = quadrant_bits();

// The order the last empties are tried in (within the parity passes): corners,
// then the other edge and inner cells, then the C-squares (on an edge next to a
// corner), the X-squares (diagonally next to a corner) last: they tend to give a
// corner away, so they rarely cut.
constexpr std::array<std::uint8_t, 64> cell_priority() {
  constexpr std::uint64_t kXSquares = 0x0042'0000'0000'4200ULL;
  constexpr std::uint64_t kCSquares = 0x4281'0000'0000'8142ULL;
  const std::array<std::uint64_t, 4> classes = {kCorners, ~(kCorners | kXSquares | kCSquares), kCSquares,
                                                kXSquares};
  std::array<std::uint8_t, 64> order{};
  std::size_t n = 0;
  for (std::uint64_t c : classes)
    for (int cell = 0; cell < 64; ++cell)
      if ((c >> cell) & 1) order[n++] = static_cast<std::uint8_t>(cell);
  return order;
}
constexpr std::array<std::uint8_t, 64> kCellPriority = cell_priority();

// Cells in lines (rows, columns, both diagonals) with no empty cell: no move can
// flip along such a line any more.
struct FullLines {
  std::uint64_t row, column, diag9, diag7;
};

// The cells whose step `step` (file, rank) taken `n` times leaves the board.
constexpr std::uint64_t off_board_after(int file_step, int rank_step, int n) {
  std::uint64_t mask = 0;
  for (int cell = 0; cell < 64; ++cell) {
    const int file = cell % 8 + file_step * n, rank = cell / 8 + rank_step * n;
    if (file < 0 || file > 7 || rank < 0 || rank > 7) mask |= std::uint64_t{1} << cell;
  }
  return mask;
}

// The cells from which every cell along the ray (file_step, rank_step) up to the
// board's edge is in `filled`: each doubling step looks twice as far, and a look
// past the edge counts as filled.
template <int FileStep, int RankStep>
inline std::uint64_t filled_to_edge(std::uint64_t filled) {
  constexpr int shift = FileStep + 8 * RankStep;
  constexpr std::uint64_t off1 = off_board_after(FileStep, RankStep, 1);
  constexpr std::uint64_t off2 = off_board_after(FileStep, RankStep, 2);
  constexpr std::uint64_t off4 = off_board_after(FileStep, RankStep, 4);
  std::uint64_t a = filled;
  a &= (shift > 0 ? a >> shift : a << -shift) | off1;
  a &= (shift > 0 ? a >> (2 * shift) : a << (-2 * shift)) | off2;
  a &= (shift > 0 ? a >> (4 * shift) : a << (-4 * shift)) | off4;
  return a;
}

inline FullLines full_lines(std::uint64_t filled) {
  return {filled_to_edge<1, 0>(filled) & filled_to_edge<-1, 0>(filled),
          filled_to_edge<0, 1>(filled) & filled_to_edge<0, -1>(filled),
          filled_to_edge<1, 1>(filled) & filled_to_edge<-1, -1>(filled),
          filled_to_edge<-1, 1>(filled) & filled_to_edge<1, -1>(filled)};
}

constexpr std::uint64_t kBorder = 0xff81'8181'8181'81ffULL;
constexpr std::uint64_t kFileA = 0x0101'0101'0101'0101ULL;
constexpr std::uint64_t kFileH = 0x8080'8080'8080'8080ULL;
constexpr std::uint64_t kRanks18 = 0xff00'0000'0000'00ffULL;

// Discs of `discs` that can never be flipped (a subset of the truly stable ones): in
// each of the four line directions the disc's line is full, or it touches the
// board's edge, or a neighbour along it is a stable disc of the same colour.
inline std::uint64_t stable_discs(std::uint64_t discs, std::uint64_t filled) {
  const FullLines f = full_lines(filled);
  const std::uint64_t row_ok = f.row | kFileA | kFileH;
  const std::uint64_t col_ok = f.column | kRanks18;
  const std::uint64_t d9_ok = f.diag9 | kBorder;
  const std::uint64_t d7_ok = f.diag7 | kBorder;
  std::uint64_t stable = 0;
  for (;;) {
    const std::uint64_t row = row_ok | ((stable << 1) & ~kFileA) | ((stable >> 1) & ~kFileH);
    const std::uint64_t col = col_ok | (stable << 8) | (stable >> 8);
    const std::uint64_t d9 = d9_ok | ((stable << 9) & ~kFileA) | ((stable >> 9) & ~kFileH);
    const std::uint64_t d7 = d7_ok | ((stable << 7) & ~kFileH) | ((stable >> 7) & ~kFileA);
    const std::uint64_t next = discs & row & col & d9 & d7;
    if (next == stable) return stable;
    stable = next;
  }
}

constexpr std::uint64_t kCheckEvery = 4096;  // nodes between looks at the clock
// The stability cut-off is tried from this alpha on, by empties (from 3 empties):
// a cut needs (64 - alpha) / 2 stable discs of the opponent, rare while many cells
// are empty. FFO #40-#44: alpha >= 16 from 7 empties 126.0 M nodes; 2e - 2 (2e
// from 10 empties) from 4 empties 122.8 M; 2e - 6 (2e - 4) 119.8 M, also at 4 and
// 3 empties 108.9 M and 106.6 M at about the same CPU.
constexpr std::array<int, 65> kStabilityAlpha = [] {
  std::array<int, 65> a{};
  for (int e = 0; e <= 64; ++e) a[static_cast<std::size_t>(e)] = e < 3 ? 99 : std::min(e <= 9 ? 2 * e - 6 : 2 * e - 4, 64);
  return a;
}();
constexpr int kNoCut = 99;

// Stability cut-off: the opponent's stable discs stay his, so the margin is at most
// 64 - 2 * stable. That cap when it is <= alpha, else kNoCut with beta lowered to
// the cap; computed only when alpha is high enough for a cut to be likely.
inline int stability_cut(std::uint64_t player, std::uint64_t opponent, int alpha, int& beta, int empties) {
  if (alpha < kStabilityAlpha[static_cast<std::size_t>(empties)]) return kNoCut;
  const int most = 64 - 2 * bit_count(stable_discs(opponent, player | opponent));
  if (most <= alpha) return most;
  beta = std::min(beta, most);
  return kNoCut;
}
// The moves of nodes with kSortEmpties or more empty cells are sorted by an alpha-beta
// search on the evaluation: kSortDepth plies, one more per kSortStep further empty
// cells, at most kSortMaxDepth. Each hundredth of a disc of its value counts
// kPatternSortWeight / 100 (kSimpleSortWeight with the simple evaluation) against the fastest-first key (16 per reply left). FFO #40-#44
// with the trained evaluation: from 18 empties at 2-4 plies, weight 8 -> 189 M nodes,
// 16 -> 168 M, 32 -> 172 M; weight 16 from 16 empties, 2-4 plies one more per 2
// empties -> 126 M (from 14 empties or one more per 3 empties was fewer nodes, or
// about as many, for more CPU: the evaluation searches cost more than they save;
// again with the windowed sort and the stability cut-offs: from 14 empties at 1 ply,
// 2 at 16, 4 from 20, FFO #40-#49 1.07 G nodes instead of 1.17 G for 12 % more CPU;
// with the evaluation made cheaper (PEXT, children from their changes; issue 18,
// part 3) the same 1.07 G nodes for 6 % less CPU, so the sort now starts at 14).
// The simple evaluation (100 per move of mobility) wants half the weight: 8 -> 200
// M, 16 -> 234 M at depth 1-2 from 14 empties.
constexpr int kSortDepth = 1;
constexpr int kSortStep = 2;
constexpr int kSortMaxDepth = 4;
constexpr int kPatternSortWeight = 16;
constexpr int kSimpleSortWeight = 8;
// Each move's search gets a window from kSortWindow below the best so far (FFO
// #40-#44: 800 -> 0.3 % more nodes, a fifth less CPU than a full window).
constexpr int kSortWindow = 800;
constexpr int kReplyWeight = 16;
constexpr int kPotentialWeight = 8;
constexpr int kCornerBonus = 8;
// Enhanced transposition cut-offs from this many empties. From 9 they saved 3.5 %
// of the nodes of 12 (FFO #40-#44), but with the windows of one margin they cost
// more CPU than they save: FFO #40-#49, interleaved, from 9 / 11 66.9 / 62.6 s
// (750 / 764 M nodes), 10 / 12 63.0 / 58.7 s (760 / 774 M), 12 / 14 64.5 / 60.7 s
// (774 / 791 M); 12 keeps the nodes well under the 0.8 G aimed at.
constexpr int kEtcEmpties = 12;
// With threads, nodes with this many empties or more may share their moves with
// idle threads (split); nearer the leaves it costs more than it saves.
constexpr int kSplitEmpties = 12;


// The moves in `moves`, fastest first: the fewest replies left to the opponent
// (corners among them counted twice), the table's move before all.
inline int order_moves(std::uint64_t player, std::uint64_t opponent, std::uint64_t moves, int table_move,
                       std::array<OrderedMove, 32>& list) {
  int n = 0;
  for (; moves != 0; moves &= moves - 1) {
    const int cell = std::countr_zero(moves);
    const std::uint64_t f = flips(cell, player, opponent);
    OrderedMove m;
    m.player = player | f | (std::uint64_t{1} << cell);
    m.opponent = opponent ^ f;
    m.cell = cell;
    const std::uint64_t replies = legal(m.opponent, m.player);
    // The opponent's potential mobility: empty cells next to the mover's discs.
    const std::uint64_t p = m.player;
    const std::uint64_t around = ((p << 1 | p << 9 | p >> 7) & ~0x0101'0101'0101'0101ULL) |
                                 ((p >> 1 | p >> 9 | p << 7) & ~0x8080'8080'8080'8080ULL) | p << 8 | p >> 8;
    const int potential = bit_count(around & ~(m.player | m.opponent));
    m.key = cell == table_move ? -1000
                               : kReplyWeight * (bit_count(replies) + bit_count(replies & kCorners)) + kPotentialWeight * potential -
                                     ((std::uint64_t{1} << cell) & kCorners ? kCornerBonus : 0);
    // Insertion sort: at most ~30 moves.
    int i = n++;
    while (i > 0 && list[static_cast<std::size_t>(i - 1)].key > m.key) {
      list[static_cast<std::size_t>(i)] = list[static_cast<std::size_t>(i - 1)];
      --i;
    }
    list[static_cast<std::size_t>(i)] = m;
  }
  return n;
}

// Reversi::evaluate() of the position: the trained evaluation reads the two bitboards
// directly; the simple one (the fallback when no weights are loaded) wants a Reversi
// position, made here only for it. A board without its centre cells has none and is
// worth 0 (discs never leave the centre, so only a malformed root can lack them).
int evaluate(const PatternWeights* weights, std::uint64_t player, std::uint64_t opponent) {
  if (weights != nullptr) return weights->evaluate(player, opponent);
  std::array<char, 66> line;  // an OBF line: the board, a space, the side to move
  for (std::size_t cell = 0; cell < 64; ++cell)
    line[cell] = (player >> cell) & 1 ? 'X' : (opponent >> cell) & 1 ? 'O' : '-';
  line[64] = ' ';
  line[65] = 'X';
  const auto game = Reversi::from_obf(std::string_view(line.data(), line.size()));
  return game ? game->simple_evaluate() : 0;
}

// The value of the position, from its side to move's view, by an alpha-beta search
// of `depth` plies on Reversi's evaluation (hundredths of a disc); a finished game
// counts its margin far above any evaluation.
int evaluation_search(const PatternWeights* weights, std::uint64_t player, std::uint64_t opponent, int depth,
                      int alpha, int beta) {
  if (depth == 0) return evaluate(weights, player, opponent);
  std::uint64_t moves = legal(player, opponent);
  if (moves == 0) {
    if (legal(opponent, player) == 0) return 100000 * EndgameSolver::final_margin(player, opponent);
    return -evaluation_search(weights, opponent, player, depth, -beta, -alpha);
  }
  int best = -10'000'000;
  if (depth == 1 && weights != nullptr && kFastPext) {
    // The children are the leaves: evaluated from what each move changes.
    const PatternWeights::Children children(*weights, player, opponent);
    for (; moves != 0; moves &= moves - 1) {
      const int cell = std::countr_zero(moves);
      const std::uint64_t changed = flips(cell, player, opponent) | (std::uint64_t{1} << cell);
      const int v = -children.evaluate(changed, player | changed, opponent & ~changed);
      if (v > best) {
        best = v;
        if (best >= beta) break;
      }
    }
    return best;
  }
  for (; moves != 0; moves &= moves - 1) {
    const int cell = std::countr_zero(moves);
    const std::uint64_t f = flips(cell, player, opponent);
    const int v = -evaluation_search(weights, opponent ^ f, player | f | (std::uint64_t{1} << cell), depth - 1, -beta,
                                     -std::max(alpha, best));
    if (v > best) {
      best = v;
      if (best >= beta) break;
    }
  }
  return best;
}

}  // namespace

EndgameSolver::EndgameSolver(std::size_t table_megabytes)
    : own_table_(std::make_unique<EndgameTable>(table_megabytes)), table_(own_table_.get()) {}

EndgameSolver::EndgameSolver(EndgameTable& table) : table_(&table) {}

EndgameSolver::~EndgameSolver() = default;

bool EndgameSolver::solve_between_threads(std::uint64_t player, std::uint64_t opponent, int& lower, int& upper,
                                          bool exact) {
  if (threads_ <= 1) {
    pool_.keep(0);  // the threads of a higher setting end
    return solve_between(player, opponent, lower, upper, exact);
  }
  const auto n = static_cast<std::size_t>(threads_);
  while (helpers_.size() + 1 < n) helpers_.push_back(std::unique_ptr<EndgameSolver>(new EndgameSolver(*table_)));
  core::SolverTeam team(nodes_);
  core::SplitTeam<OrderedMove> split_team;
  std::vector<EndgameSolver*> solvers{this};
  for (std::size_t i = 0; i + 1 < n; ++i) {
    EndgameSolver& helper = *helpers_[i];
    helper.nodes_ = 0;
    helper.next_check_ = kCheckEvery;
    helper.stopped_ = helper.halted_ = false;
    helper.stop_ = stop_;
    helper.node_limit_ = node_limit_;
    helper.deadline_ = deadline_;
    helper.weights_ = weights_;
    solvers.push_back(&helper);
  }
  bool solved = false;
  table_->set_shared(true);
  pool_.run(n, [&](std::size_t i) {
    EndgameSolver& solver = *solvers[i];
    solver.team_ = &team;
    solver.split_team_ = &split_team;
    solver.published_ = solver.nodes_;
    if (i == 0) {
      // This thread searches; the others take the moves it offers.
      solved = solver.solve_between(player, opponent, lower, upper, exact);
      split_team.finish();
    } else {
      split_team.serve([&solver](SplitPoint& point) { solver.help_at(point); });
    }
    solver.team_ = nullptr;
    solver.split_team_ = nullptr;
  });
  table_->set_shared(false);
  for (std::size_t i = 1; i < n; ++i) nodes_ += solvers[i]->nodes_;
  return solved;
}

void EndgameSolver::clear_table() { table_->clear(); }

int EndgameSolver::final_margin(std::uint64_t player, std::uint64_t opponent) {
  const int own = bit_count(player), other = bit_count(opponent);
  const int empties = 64 - own - other;
  if (own > other) return own - other + empties;
  if (own < other) return own - other - empties;
  return 0;
}

// Also publishes this thread's nodes to the team: a node budget is for all.
bool EndgameSolver::interrupted() {
  if (stopped_) return true;
  if (split_point_ != nullptr && split_point_->cut_here_or_above()) return stopped_ = true;
  if (nodes_ < next_check_) return false;
  next_check_ = nodes_ + kCheckEvery;
  std::uint64_t searched = nodes_;
  if (team_ != nullptr) searched = team_->publish(published_, nodes_);
  if ((stop_ != nullptr && stop_->requested()) || (node_limit_ && searched >= *node_limit_) ||
      (deadline_ && core::SteadyClock::now() >= *deadline_))
    halted_ = true;
  stopped_ = halted_;
  return stopped_;
}

int EndgameSolver::last(std::uint64_t player, std::uint64_t opponent, int cell) {
  ++nodes_;
  const int own = bit_count(player);  // the other side has 63 - own
  if (kFastPext) {
    if (const int n = last_flip_count_pext(player, cell); n != 0) return 2 * (own + n + 1) - 64;
    if (const int n = last_flip_count_pext(opponent, cell); n != 0) return 2 * (own - n) - 64;
  } else {
    if (const int n = bit_count(flips(cell, player, opponent)); n != 0) return 2 * (own + n + 1) - 64;
    if (const int n = bit_count(flips(cell, opponent, player)); n != 0) return 2 * (own - n) - 64;
  }
  return own > 63 - own ? 2 * own - 62 : 2 * own - 64;
}

int EndgameSolver::shallow(std::uint64_t player, std::uint64_t opponent, int alpha, int beta, const std::uint8_t* cells,
                           int empties, unsigned parity) {
  ++nodes_;
  if (const int cap = stability_cut(player, opponent, alpha, beta, empties); cap != kNoCut) return cap;
  int best = -65;
  // Two passes over the empties (kept in kCellPriority's order): first those in a
  // quadrant with an odd number of empties, then the others.
  for (unsigned odd_pass : {1u, 0u}) {
    for (int i = 0; i < empties; ++i) {
      const int cell = cells[i];
      if (((parity & kQuadrantBit[static_cast<std::size_t>(cell)]) != 0) != (odd_pass != 0)) continue;
      if ((kNeighbours[static_cast<std::size_t>(cell)] & opponent) == 0) continue;
      const std::uint64_t f = flips(cell, player, opponent);
      if (f == 0) continue;
      const std::uint64_t mover = player | f | (std::uint64_t{1} << cell);
      const std::uint64_t other = opponent ^ f;
      std::array<std::uint8_t, kShallowEmpties> rest;
      for (int j = 0, k = 0; j < empties; ++j)
        if (j != i) rest[static_cast<std::size_t>(k++)] = cells[j];
      const int v = empties == 5 ? -last_n<4>(other, mover, -beta, -std::max(alpha, best), rest.data())
                                 : -shallow(other, mover, -beta, -std::max(alpha, best), rest.data(), empties - 1,
                                            parity ^ kQuadrantBit[static_cast<std::size_t>(cell)]);
      if (v > best) {
        best = v;
        if (best >= beta) return best;
      }
    }
  }
  if (best > -65) return best;
  // No move: pass, or the game is over.
  if (legal(opponent, player) == 0) return final_margin(player, opponent);
  return -shallow(opponent, player, -beta, -alpha, cells, empties, parity);
}

template <int N>
int EndgameSolver::last_n(std::uint64_t player, std::uint64_t opponent, int alpha, int beta,
                          const std::uint8_t* given) {
  ++nodes_;
  if constexpr (N >= 3) {
    if (const int cap = stability_cut(player, opponent, alpha, beta, N); cap != kNoCut) return cap;
  }
  // At 3 and 4 empties, those in a quadrant with an odd number of empties first
  // (each list kept in kCellPriority's order).
  std::array<std::uint8_t, N> cells;
  if constexpr (N >= 3) {
    unsigned parity = 0;
    for (int i = 0; i < N; ++i) parity ^= kQuadrantBit[given[i]];
    int k = 0;
    for (int i = 0; i < N; ++i)
      if (parity & kQuadrantBit[given[i]]) cells[static_cast<std::size_t>(k++)] = given[i];
    for (int i = 0; i < N; ++i)
      if (!(parity & kQuadrantBit[given[i]])) cells[static_cast<std::size_t>(k++)] = given[i];
  } else {
    for (int i = 0; i < N; ++i) cells[static_cast<std::size_t>(i)] = given[i];
  }
  int best = -65;
  for (int i = 0; i < N; ++i) {
    const int cell = cells[static_cast<std::size_t>(i)];
    if ((kNeighbours[static_cast<std::size_t>(cell)] & opponent) == 0) continue;
    const std::uint64_t f = flips(cell, player, opponent);
    if (f == 0) continue;
    const std::uint64_t mover = player | f | (std::uint64_t{1} << cell);
    const std::uint64_t other = opponent ^ f;
    int v;
    if constexpr (N == 2) {
      v = -last(other, mover, cells[static_cast<std::size_t>(1 - i)]);
    } else {
      std::array<std::uint8_t, N - 1> rest;
      for (int j = 0, k = 0; j < N; ++j)
        if (j != i) rest[static_cast<std::size_t>(k++)] = cells[static_cast<std::size_t>(j)];
      v = -last_n<N - 1>(other, mover, -beta, -std::max(alpha, best), rest.data());
    }
    if (v > best) {
      best = v;
      if (best >= beta) return best;
    }
  }
  if (best > -65) return best;
  // No move: the opponent's turn if he has one, else the game is over.
  for (int i = 0; i < N; ++i) {
    const int cell = cells[static_cast<std::size_t>(i)];
    if ((kNeighbours[static_cast<std::size_t>(cell)] & player) != 0 && flips(cell, opponent, player) != 0)
      return -last_n<N>(opponent, player, -beta, -alpha, cells.data());
  }
  return final_margin(player, opponent);
}

int EndgameSolver::shallow(std::uint64_t player, std::uint64_t opponent, int alpha, int beta, int empties) {
  const std::uint64_t empty = ~(player | opponent);
  if (empties == 1) return last(player, opponent, std::countr_zero(empty));
  std::array<std::uint8_t, kShallowEmpties> cells;
  int n = 0;
  unsigned parity = 0;
  for (const std::uint8_t cell : kCellPriority)
    if ((empty >> cell) & 1) {
      cells[static_cast<std::size_t>(n++)] = cell;
      parity ^= kQuadrantBit[cell];
    }
  switch (n) {
    case 2: return last_n<2>(player, opponent, alpha, beta, cells.data());
    case 3: return last_n<3>(player, opponent, alpha, beta, cells.data());
    case 4: return last_n<4>(player, opponent, alpha, beta, cells.data());
    default: return shallow(player, opponent, alpha, beta, cells.data(), n, parity);
  }
}

int EndgameSolver::search(std::uint64_t player, std::uint64_t opponent, int alpha, int beta, int empties) {
  if (empties <= kShallowEmpties) return shallow(player, opponent, alpha, beta, empties);
  ++nodes_;
  if (interrupted()) return 0;
  // The table's line is on its way while the moves are generated.
  table_->prefetch(player, opponent);

  const std::uint64_t moves = legal(player, opponent);
  if (moves == 0) {
    if (legal(opponent, player) == 0) return final_margin(player, opponent);
    return -search(opponent, player, -beta, -alpha, empties);
  }

  if (const int cap = stability_cut(player, opponent, alpha, beta, empties); cap != kNoCut) return cap;

  int table_move = -1;
  if (const auto e = table_->probe(player, opponent)) {
    if (e->lower >= beta) return e->lower;
    if (e->upper <= alpha) return e->upper;
    if (e->lower == e->upper) return e->lower;
    alpha = std::max(alpha, static_cast<int>(e->lower));
    beta = std::min(beta, static_cast<int>(e->upper));
    table_move = e->move;
  }

  std::array<OrderedMove, 32> list;
  const int n = order_moves(player, opponent, moves, table_move, list);
  if (empties >= kSortEmpties) sort_by_evaluation(list.data(), n, empties, table_move);
  // Below kEtcEmpties the children's buckets are not probed here, and each child
  // probes its own after a few hundred cycles of work: ask for them all now.
  if (empties < kEtcEmpties && empties - 1 > kShallowEmpties)
    for (int i = 0; i < n; ++i) {
      const OrderedMove& m = list[static_cast<std::size_t>(i)];
      table_->prefetch(m.opponent, m.player);
    }
  // Enhanced transposition cut-off: a child the table already proves good enough.
  if (empties >= kEtcEmpties) {
    for (int i = 0; i < n; ++i) {
      const OrderedMove& m = list[static_cast<std::size_t>(i)];
      if (const auto e = table_->probe(m.opponent, m.player); e && -e->upper >= beta) {
        table_->store(player, opponent, empties, -e->upper, 64, m.cell);
        return -e->upper;
      }
    }
  }
  return search_moves(player, opponent, list.data(), n, alpha, beta, empties, false);
}

void EndgameSolver::sort_by_evaluation(OrderedMove* list, int n, int empties, int table_move) {
  const int depth = std::min(kSortMaxDepth, kSortDepth + (empties - kSortEmpties) / kSortStep);
  const int weight = weights_ != nullptr ? kPatternSortWeight : kSimpleSortWeight;
  int best = -10'000'000;
  for (int i = 0; i < n; ++i) {
    OrderedMove& m = list[i];
    if (m.cell == table_move) continue;
    // Exact values only within kSortWindow of the best so far: a move further below
    // gets an upper bound, which sorts it late all the same.
    const int v = -evaluation_search(weights_, m.opponent, m.player, depth, -10'000'000, -(best - kSortWindow));
    best = std::max(best, v);
    m.key -= v * weight / 100;
  }
  std::stable_sort(list, list + n, [](const OrderedMove& a, const OrderedMove& b) { return a.key < b.key; });
}

int EndgameSolver::search_moves(std::uint64_t player, std::uint64_t opponent, const OrderedMove* list, int n,
                                int alpha, int beta, int empties, bool at_root) {
  int best = -65, best_cell = -1;
  int a = alpha;
  for (int i = 0; i < n; ++i) {
    // Young brothers wait: once the first move is searched and did not cut off, the
    // others may go to idle threads.
    if (i > 0 && split_team_ != nullptr && empties >= kSplitEmpties && n - i >= 2 && split_team_->has_idle()) {
      const int before = a;
      split(list + i, n - i, a, beta, empties, best, best_cell);
      if (stopped_) return 0;
      if (at_root && a > before) best_move_ = best_cell;
      break;
    }
    const OrderedMove& m = list[i];
    int v;
    if (i == 0) {
      v = -search(m.opponent, m.player, -beta, -a, empties - 1);
    } else {
      v = -search(m.opponent, m.player, -a - 1, -a, empties - 1);
      if (v > a && v < beta && !stopped_) v = -search(m.opponent, m.player, -beta, -a, empties - 1);
    }
    if (stopped_) return 0;
    if (v > best) {
      best = v;
      best_cell = m.cell;
      if (v > a) {
        a = v;
        if (at_root) best_move_ = m.cell;  // proven better than alpha: the move to play
        if (a >= beta) break;
      }
    }
  }
  if (best >= beta)
    table_->store(player, opponent, empties, best, 64, best_cell);
  else if (best <= alpha)
    table_->store(player, opponent, empties, -64, best, -1);
  else
    table_->store(player, opponent, empties, best, best, best_cell);
  return best;
}

void EndgameSolver::split(const OrderedMove* list, int n, int& alpha, int beta, int empties, int& best,
                          int& best_cell) {
  SplitPoint point{.parent = split_point_, .moves = list, .count = n, .depth = empties, .beta = beta,
                   .alpha = alpha, .best = best, .best_move = best_cell};
  const bool holds = split_team_->share(
      point, [this](SplitPoint& p) { work_at(p); }, [this](SplitPoint& p) { help_at(p); });
  best = point.best;
  best_cell = point.best_move;
  alpha = point.alpha;
  // A cut-off here ended only this point's moves; one further up, or a stop, goes on.
  if (!holds) stopped_ = true;
  else if (!halted_) stopped_ = false;
}

void EndgameSolver::help_at(SplitPoint& point) {
  work_at(point);
  if (!halted_) stopped_ = false;  // a cut-off there is the opener's to handle
}

void EndgameSolver::work_at(SplitPoint& point) {
  SplitPoint* const saved = split_point_;
  split_point_ = &point;
  int taken;
  while (!stopped_ && (taken = split_team_->take(point)) >= 0) {
    const OrderedMove& m = point.moves[taken];
    const int a = split_team_->alpha_of(point);
    int v = -search(m.opponent, m.player, -a - 1, -a, point.depth - 1);
    if (v > a && v < point.beta && !stopped_) {
      // Beat the null window: the exact value from the window as it stands now.
      const int now = split_team_->alpha_of(point);
      if (now < point.beta) v = -search(m.opponent, m.player, -point.beta, -now, point.depth - 1);
    }
    if (stopped_) break;
    split_team_->report(point, v, m.cell);
  }
  split_point_ = saved;
}

int EndgameSolver::root(std::uint64_t player, std::uint64_t opponent, int alpha, int beta) {
  const int empties = 64 - bit_count(player | opponent);
  const std::uint64_t moves = legal(player, opponent);
  ++nodes_;
  int table_move = best_move_;
  if (const auto e = table_->probe(player, opponent); e && table_move < 0) table_move = e->move;
  std::array<OrderedMove, 32> list{};
  const int n = order_moves(player, opponent, moves, table_move, list);
  if (empties >= kSortEmpties) sort_by_evaluation(list.data(), n, empties, table_move);
  if (best_move_ < 0) best_move_ = list[0].cell;
  return search_moves(player, opponent, list.data(), n, alpha, beta, empties, true);
}

bool EndgameSolver::solve_between(std::uint64_t player, std::uint64_t opponent, int& lower, int& upper,
                                  bool exact) {
  if (exact) return solve_by_one_margin_windows(player, opponent, lower, upper);
  // Win, draw or loss: the one window around 0.
  return lower >= 0 || upper <= 0 || search_one_margin(player, opponent, 0, lower, upper);
}

bool EndgameSolver::solve_by_one_margin_windows(std::uint64_t player, std::uint64_t opponent, int& lower, int& upper) {
  int margin = start_margin(player, opponent);
  while (lower < upper) {
    margin = std::clamp(margin, lower, upper);
    if (!search_one_margin(player, opponent, margin, lower, upper)) return false;
    margin = upper < margin ? upper : lower;  // the next step, the way this one failed
  }
  return true;
}

bool EndgameSolver::search_one_margin(std::uint64_t player, std::uint64_t opponent, int margin, int& lower,
                                      int& upper) {
  // Margins are even, so the window (margin - 1, margin + 1) holds one value: the
  // search proves it, or a bound beyond it (fail-soft: maybe further than one step).
  const int v = root(player, opponent, margin - 1, margin + 1);
  if (stopped_) return false;
  if (v < margin) upper = std::min(upper, v - (v & 1));  // the even margin at or below
  else if (v > margin) lower = std::max(lower, v + (v & 1));  // at or above
  else lower = upper = v;
  if (lower != upper) report(lower, upper);
  return true;
}

int EndgameSolver::start_margin(std::uint64_t player, std::uint64_t opponent) const {
  if (weights_ == nullptr) return 0;  // the simple evaluation guesses too far off to help
  const int empties = 64 - bit_count(player | opponent);
  const int depth = std::clamp(empties - kEstimateEmpties, 0, kEstimateMaxDepth);
  const int estimate = evaluation_search(weights_, player, opponent, depth, -10'000'000, 10'000'000);
  return std::clamp(static_cast<int>(std::lround(estimate / 200.0)) * 2, -64, 64);  // margins are even
}

std::optional<int> EndgameSolver::solve(std::uint64_t player, std::uint64_t opponent) {
  stopped_ = halted_ = false;
  next_check_ = nodes_ + kCheckEvery;
  best_move_ = kNoMove;
  if (legal(player, opponent) == 0) {
    if (legal(opponent, player) == 0) return final_margin(player, opponent);
    // A pass: the other side's margin, negated.
    const auto v = solve(opponent, player);
    best_move_ = kPass;
    if (!v) return std::nullopt;
    return -*v;
  }
  int lower = -64, upper = 64;
  if (!solve_between_threads(player, opponent, lower, upper, true)) return std::nullopt;
  return lower;
}

std::optional<int> EndgameSolver::solve_wld(std::uint64_t player, std::uint64_t opponent) {
  stopped_ = halted_ = false;
  next_check_ = nodes_ + kCheckEvery;
  best_move_ = kNoMove;
  if (legal(player, opponent) == 0) {
    if (legal(opponent, player) == 0) {
      const int m = final_margin(player, opponent);
      return m > 0 ? 2 : m < 0 ? -2 : 0;
    }
    const auto v = solve_wld(opponent, player);
    best_move_ = kPass;
    if (!v) return std::nullopt;
    return -*v;
  }
  int lower = -64, upper = 64;
  if (!solve_between_threads(player, opponent, lower, upper, false)) return std::nullopt;
  return lower > 0 ? 2 : upper < 0 ? -2 : 0;
}

}  // namespace narabe::games::reversi
