#pragma once
// The one search, generic over every game (core::Game): iterative deepening over a
// negamax alpha-beta with principal variation search, a transposition table, move
// ordering by hash move, killers and history, distance-adjusted win/loss scores and
// MultiPV. Limits: depth, nodes, movetime, clock, infinite, and an external stop.
//
// Games may add to the move ordering with an optional hook, found by `requires`:
//   int move_order_bonus(Move) const   -- larger is searched earlier
// The inner loop is the same for every game; hooks are resolved at compile time.

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/clock.h"
#include "engine/core/game_concept.h"
#include "engine/core/stop_signal.h"
#include "engine/core/transposition_table.h"
#include "engine/search/limits.h"
#include "engine/search/search_report.h"
#include "engine/search/time_manager.h"

namespace narabe::search {

struct SearchOptions {
  int multipv = 1;
};

template <core::Game G>
class Search {
 public:
  explicit Search(core::TranspositionTable& table) : table_(table) {}

  // Searches `root` until a limit is reached or `stop` is raised. Under `infinite`
  // it returns only after `stop`, even when the game tree is exhausted earlier.
  SearchResult run(const G& root, const SearchLimits& limits, const SearchOptions& options,
                   const SearchCallbacks& callbacks, const core::StopSignal& stop);

  // Forgets killers and history (a new game).
  void clear_history() {
    killers_ = {};
    history_ = {};
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
  Score negamax(int depth, int ply, Score alpha, Score beta, bool pv_node);
  bool should_stop();
  void update_pv(int ply, Move move);
  void score_moves(const typename G::MoveList& moves, Move table_move, int ply,
                   std::array<int, G::kMaxMoves>& scores) const;
  int history_index(Move m) const {
    return core::index_of(position_.side_to_move()) * kHistorySize + m.value() % kHistorySize;
  }
  void report(std::size_t lines, int depth);

  core::TranspositionTable& table_;
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
  std::array<int, 2 * kHistorySize> history_{};
};

template <core::Game G>
SearchResult Search<G>::run(const G& root, const SearchLimits& limits, const SearchOptions& options,
                            const SearchCallbacks& callbacks, const core::StopSignal& stop) {
  clock_.restart();
  position_ = root;
  stop_ = &stop;
  callbacks_ = &callbacks;
  limits_ = limits;
  deadlines_ = plan_time(limits, root.side_to_move());
  nodes_ = 0;
  seldepth_ = 0;
  aborted_ = false;
  table_.new_search();
  killers_ = {};

  SearchResult result;
  typename G::MoveList moves;
  position_.generate_moves(moves);
  root_moves_.clear();
  for (Move m : moves) root_moves_.push_back(RootMove{m, -core::kInfinity, -core::kInfinity, {m}});

  if (!root_moves_.empty()) {
    // Before any iteration completes, the hash move (or the first move) is the answer,
    // so even a search stopped at once returns something legal.
    if (auto hit = table_.probe(position_.hash()); hit && !hit->move.is_null()) {
      auto it = std::find_if(root_moves_.begin(), root_moves_.end(),
                             [&](const RootMove& r) { return r.move == hit->move; });
      if (it != root_moves_.end()) std::rotate(root_moves_.begin(), it, it + 1);
    }
    result.best_move = root_moves_.front().move;

    const int remaining = std::max(1, position_.max_remaining_plies());
    const int max_depth = std::min({limits.depth.value_or(core::kMaxPly - 1), core::kMaxPly - 1, remaining});
    const std::size_t lines =
        std::min<std::size_t>(static_cast<std::size_t>(std::max(options.multipv, 1)), root_moves_.size());

    for (int depth = 1; depth <= std::max(max_depth, 1); ++depth) {
      for (RootMove& r : root_moves_) {
        r.previous_score = r.score;
        r.score = -core::kInfinity;
      }
      for (std::size_t pv_index = 0; pv_index < lines && !aborted_; ++pv_index) {
        search_root(depth, pv_index, -core::kInfinity, core::kInfinity);
        if (aborted_) break;
        // The best of the remaining moves moves up to this rank; the others keep their order.
        std::stable_sort(root_moves_.begin() + static_cast<std::ptrdiff_t>(pv_index), root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
      }
      if (aborted_) {
        // An unfinished iteration does not count: the last complete one answers.
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
      if (deadlines_.soft_ms && clock_.elapsed_ms() >= *deadlines_.soft_ms) break;
      if (should_stop()) break;
    }
  }

  // `go infinite` must not answer before `stop`, whatever the search found.
  if (limits.infinite) stop.wait();

  result.nodes = nodes_;
  result.time_ms = clock_.elapsed_ms();
  return result;
}

template <core::Game G>
typename Search<G>::Score Search<G>::search_root(int depth, std::size_t pv_index, Score alpha,
                                                 Score beta) {
  Score best = -core::kInfinity;
  pv_length_[0] = 0;
  for (std::size_t i = pv_index; i < root_moves_.size(); ++i) {
    RootMove& root_move = root_moves_[i];
    position_.make_move(root_move.move);
    ++nodes_;
    Score score;
    if (i == pv_index) {
      score = -negamax(depth - 1, 1, -beta, -alpha, true);
    } else {
      score = -negamax(depth - 1, 1, -alpha - 1, -alpha, false);
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
  if (stop_->requested()) return aborted_ = true;
  if (limits_.nodes && nodes_ >= *limits_.nodes) return aborted_ = true;
  if (deadlines_.hard_ms && clock_.elapsed_ms() >= *deadlines_.hard_ms) return aborted_ = true;
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
    if constexpr (requires(const G& g, Move mv) { { g.move_order_bonus(mv) } -> std::convertible_to<int>; })
      if (s < (1 << 28)) s += position_.move_order_bonus(m);
    scores[i] = s;
  }
}

template <core::Game G>
typename Search<G>::Score Search<G>::negamax(int depth, int ply, Score alpha, Score beta,
                                             bool pv_node) {
  pv_length_[ply] = ply;
  if ((nodes_ & (kCheckInterval - 1)) == 0 && should_stop()) return 0;
  if (limits_.nodes && nodes_ >= *limits_.nodes) {
    aborted_ = true;
    return 0;
  }
  seldepth_ = std::max(seldepth_, ply);

  const core::Outcome outcome = position_.outcome();
  if (core::is_over(outcome)) {
    if (outcome == core::Outcome::kDraw) return core::kDrawScore;
    return outcome == core::win_for(position_.side_to_move()) ? core::win_in(ply) : core::loss_in(ply);
  }
  if (ply >= core::kMaxPly - 1) return position_.evaluate();

  // No line from here can beat a win already found nearer the root.
  alpha = std::max(alpha, core::loss_in(ply));
  beta = std::min(beta, core::win_in(ply + 1));
  if (alpha >= beta) return alpha;

  if (depth <= 0) return position_.evaluate();

  const std::uint64_t key = position_.hash();
  Move table_move;
  if (auto hit = table_.probe(key)) {
    table_move = hit->move;
    const Score s = core::score_from_table(hit->score, ply);
    if (!pv_node && hit->depth >= depth &&
        (hit->bound == core::Bound::kExact || (hit->bound == core::Bound::kLower && s >= beta) ||
         (hit->bound == core::Bound::kUpper && s <= alpha)))
      return s;
  }

  typename G::MoveList moves;
  position_.generate_moves(moves);
  std::array<int, G::kMaxMoves> order;
  score_moves(moves, table_move, ply, order);

  const Score original_alpha = alpha;
  Score best = -core::kInfinity;
  Move best_move;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    // Selection sort: cut-offs usually come early, so sorting everything is wasted.
    std::size_t pick = i;
    for (std::size_t j = i + 1; j < moves.size(); ++j)
      if (order[j] > order[pick]) pick = j;
    std::swap(moves[i], moves[pick]);
    std::swap(order[i], order[pick]);
    const Move m = moves[i];

    position_.make_move(m);
    ++nodes_;
    Score score;
    if (i == 0) {
      score = -negamax(depth - 1, ply + 1, -beta, -alpha, pv_node);
    } else {
      score = -negamax(depth - 1, ply + 1, -alpha - 1, -alpha, false);
      if (score > alpha && score < beta && !aborted_)
        score = -negamax(depth - 1, ply + 1, -beta, -alpha, true);
    }
    position_.unmake_move(m);
    if (aborted_) return 0;

    if (score > best) {
      best = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        if (pv_node) update_pv(ply, m);
        if (alpha >= beta) {
          if (m != table_move && killers_[ply][0] != m) {
            killers_[ply][1] = killers_[ply][0];
            killers_[ply][0] = m;
          }
          int& h = history_[history_index(m)];
          h = std::min(h + depth * depth, 1 << 20);
          break;
        }
      }
    }
  }

  const core::Bound bound = best >= beta              ? core::Bound::kLower
                            : best > original_alpha ? core::Bound::kExact
                                                    : core::Bound::kUpper;
  table_.store(key, best_move, core::score_to_table(best, ply), depth, bound);
  return best;
}

template <core::Game G>
void Search<G>::report(std::size_t lines, int depth) {
  if (!callbacks_->on_line) return;
  const std::int64_t ms = clock_.elapsed_ms();
  for (std::size_t i = 0; i < lines; ++i) {
    LineReport line;
    line.depth = depth;
    line.seldepth = std::max(seldepth_, depth);
    line.multipv = static_cast<int>(i + 1);
    line.score = root_moves_[i].score;
    line.nodes = nodes_;
    line.time_ms = ms;
    line.hashfull = table_.hashfull();
    line.pv = root_moves_[i].pv;
    callbacks_->on_line(line);
  }
}

}  // namespace narabe::search
