#include "tools/reversi_train/book_builder.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "engine/core/stop_signal.h"
#include "engine/core/transposition_table.h"
#include "engine/games/reversi/endgame_solver.h"
#include "engine/search/search.h"

namespace narabe::tools::reversi_train {

namespace {

using games::Reversi;
using games::reversi::OpeningBook;
using Key = std::pair<std::uint64_t, std::uint64_t>;  // a position's least image

struct Edge {
  std::uint8_t cell = 0;  // the move, in the parent's least image
  Key child{};
  bool same_mover = false;         // the opponent had to pass: the child's mover is the parent's
  std::optional<int> final_value;  // the move ends the game: the mover's margin, hundredths
};

struct Node {
  Reversi position;  // as first reached
  int symmetry = 0;  // position -> least image
  std::optional<SearchedPosition> searched;
  bool expanded = false;
  std::vector<Edge> edges;
  std::optional<int> deficit;  // how far below best the line to it is (near-best nodes only)
  int value = 0;               // the book's value (after negamax)
  std::uint8_t best_cell = 0;
  int depth = 0;
};

Key key_of(const Reversi& position, int* symmetry) {
  const OpeningBook::Image image = OpeningBook::least_image(position.player(), position.opponent());
  *symmetry = image.symmetry;
  return {image.own, image.other};
}

class Builder {
 public:
  Builder(const BookSettings& settings, const std::vector<SearchedPosition>& known,
          const std::function<void(const SearchedPosition&)>& on_searched)
      : settings_(settings), on_searched_(on_searched) {
    for (const SearchedPosition& p : known) known_.emplace(Key{p.own, p.other}, p);
  }

  BookBuild run();

 private:
  // Adds the children of `key`'s node; returns those new to the tree.
  std::vector<Key> expand(const Key& key);
  // Gives every listed node its search (known ones from `known_`), on settings.threads.
  void search(const std::vector<Key>& keys);
  // The value of a move for the parent's mover, from the children's searches (or
  // their book values once `negamaxed`).
  int edge_value(const Edge& edge, bool negamaxed) const;
  void negamax();

  const BookSettings& settings_;
  const std::function<void(const SearchedPosition&)>& on_searched_;
  std::map<Key, SearchedPosition> known_;
  std::map<Key, Node> nodes_;
  std::size_t searched_now_ = 0;
};

std::vector<Key> Builder::expand(const Key& key) {
  std::vector<Key> added;
  Node& node = nodes_.at(key);
  node.expanded = true;
  for (std::uint64_t cells = node.position.legal_cells(); cells != 0; cells &= cells - 1) {
    const int cell = std::countr_zero(cells);
    Edge edge;
    edge.cell = static_cast<std::uint8_t>(OpeningBook::cell_in_image(cell, node.symmetry));
    Reversi child = node.position;
    child.make_move(core::Move(static_cast<std::uint16_t>(cell)));
    if (child.legal_cells() == 0) {
      if (Reversi::legal_cells(child.opponent(), child.player()) == 0) {
        // The game is over: the mover's final margin.
        edge.final_value =
            100 * games::reversi::EndgameSolver::final_margin(child.opponent(), child.player());
        node.edges.push_back(edge);
        continue;
      }
      child.make_move(Reversi::kPass);
      edge.same_mover = true;
    }
    int symmetry = 0;
    edge.child = key_of(child, &symmetry);
    node.edges.push_back(edge);
    if (nodes_.find(edge.child) == nodes_.end()) {
      Node& added_node = nodes_[edge.child];
      added_node.position = child;
      added_node.symmetry = symmetry;
      added.push_back(edge.child);
    }
  }
  return added;
}

void Builder::search(const std::vector<Key>& keys) {
  std::vector<Node*> pending;
  for (const Key& key : keys) {
    Node& node = nodes_.at(key);
    if (node.searched) continue;
    if (const auto known = known_.find(key); known != known_.end())
      node.searched = known->second;
    else
      pending.push_back(&node);
  }
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  const auto work = [&] {
    core::TranspositionTable table(32);
    search::Search<Reversi> searcher(table);
    const core::StopSignal stop;
    search::SearchLimits limits;
    limits.depth = settings_.depth;
    search::SearchOptions options;
    options.exact = false;  // no solver this far from the end, and no book
    options.own_book = false;
    for (std::size_t i = next++; i < pending.size(); i = next++) {
      Node& node = *pending[i];
      // Cleared tables: a position's search is the same whichever thread runs it
      // and after whichever position, so a run repeats.
      table.clear();
      searcher.clear_memory();
      Reversi root = node.position;
      root.set_eval_settings(settings_.eval);
      const search::SearchResult result = searcher.run(root, limits, options, {}, stop);
      SearchedPosition searched;
      const OpeningBook::Image image = OpeningBook::least_image(root.player(), root.opponent());
      searched.own = image.own;
      searched.other = image.other;
      searched.score = static_cast<std::int16_t>(std::clamp<int>(result.score, -6400, 6400));
      searched.cell = static_cast<std::uint8_t>(
          OpeningBook::cell_in_image(result.best_move.value(), image.symmetry));
      const std::lock_guard lock(mutex);
      node.searched = searched;
      ++searched_now_;
      on_searched_(searched);
    }
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < std::max(1, settings_.threads); ++t) workers.emplace_back(work);
  work();
  for (std::thread& w : workers) w.join();
}

int Builder::edge_value(const Edge& edge, bool negamaxed) const {
  if (edge.final_value) return *edge.final_value;
  const Node& child = nodes_.at(edge.child);
  const int value = negamaxed ? child.value : child.searched->score;
  return edge.same_mover ? value : -value;
}

void Builder::negamax() {
  // Children have one disc more than their parent: the deepest first.
  std::vector<Node*> order;
  for (auto& [key, node] : nodes_) order.push_back(&node);
  std::stable_sort(order.begin(), order.end(), [](const Node* a, const Node* b) {
    return std::popcount(a->position.player() | a->position.opponent()) >
           std::popcount(b->position.player() | b->position.opponent());
  });
  for (Node* node : order) {
    if (!node->expanded) {
      node->value = node->searched->score;
      node->best_cell = node->searched->cell;
      node->depth = settings_.depth;
      continue;
    }
    node->value = std::numeric_limits<int>::min();
    for (const Edge& edge : node->edges) {
      const int value = edge_value(edge, true);
      if (value > node->value) {
        node->value = value;
        node->best_cell = edge.cell;
        node->depth = edge.final_value ? 1 : 1 + nodes_.at(edge.child).depth;
      }
    }
  }
}

BookBuild Builder::run() {
  BookBuild build;
  Reversi start;
  int symmetry = 0;
  const Key root = key_of(start, &symmetry);
  nodes_[root].position = start;
  nodes_[root].symmetry = symmetry;
  std::vector<Key> layer{root};
  search(layer);
  std::size_t positions = 1;
  for (int ply = 0; ply < settings_.line_plies && !layer.empty(); ++ply) {
    // The nodes of this ply to expand: all of them near the start, later those on
    // near-best lines, the closest to best first while the budget lasts.
    std::vector<std::pair<int, Key>> chosen;
    for (const Key& key : layer) {
      const Node& node = nodes_.at(key);
      if (ply < settings_.full_plies)
        chosen.emplace_back(0, key);
      else if (node.deficit)
        chosen.emplace_back(*node.deficit, key);
    }
    std::sort(chosen.begin(), chosen.end());
    std::vector<Key> next;
    std::size_t expanded = 0;
    for (const auto& [deficit, key] : chosen) {
      if (ply >= settings_.full_plies && positions >= settings_.max_positions) break;
      const std::vector<Key> added = expand(key);
      positions += added.size();
      next.insert(next.end(), added.begin(), added.end());
      ++expanded;
    }
    build.expanded_per_ply.push_back(expanded);
    search(next);
    // Which children stand on near-best lines, and how far below best.
    for (const auto& [parent_deficit, key] : chosen) {
      const Node& node = nodes_.at(key);
      if (!node.expanded) break;
      int best = std::numeric_limits<int>::min();
      for (const Edge& edge : node.edges) best = std::max(best, edge_value(edge, false));
      for (const Edge& edge : node.edges) {
        if (edge.final_value) continue;
        const int deficit =
            (ply + 1 < settings_.full_plies ? 0 : parent_deficit) + best - edge_value(edge, false);
        Node& child = nodes_.at(edge.child);
        if (deficit <= settings_.window && (!child.deficit || deficit < *child.deficit))
          child.deficit = deficit;
      }
    }
    layer = std::move(next);
  }
  negamax();
  std::vector<OpeningBook::Entry> entries;
  for (const auto& [key, node] : nodes_)
    entries.push_back({key.first, key.second,
                       static_cast<std::int16_t>(std::clamp(node.value, -6400, 6400)),
                       node.best_cell, static_cast<std::uint8_t>(std::min(node.depth, 255))});
  build.book = OpeningBook(std::move(entries));
  build.searched_now = searched_now_;
  return build;
}

}  // namespace

BookBuild build_book(const BookSettings& settings, const std::vector<SearchedPosition>& known,
                     const std::function<void(const SearchedPosition&)>& on_searched) {
  return Builder(settings, known, on_searched).run();
}

}  // namespace narabe::tools::reversi_train
