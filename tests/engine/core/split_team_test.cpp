// Young brothers wait (engine/core/split_team.h) on a synthetic game tree: a
// fail-hard null-window and full-window alpha-beta that shares its moves with idle
// threads, as the exact solvers do, must give the serial search's value on every
// window with any number of threads, and a cut-off above a point must void it.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/core/split_team.h"
#include "engine/core/worker_pool.h"

namespace narabe::core {
namespace {

constexpr int kBranching = 5;
constexpr int kDepth = 8;
constexpr int kSplitDepth = 3;  // nodes this far or further from the leaves may split

// A leaf's value from its path: a hash, so the tree has no structure to lean on.
int leaf_value(std::uint64_t path) {
  std::uint64_t x = path * 0x9E3779B97F4A7C15ULL;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 32;
  return static_cast<int>(x % 201) - 100;
}

struct Child {
  std::uint64_t path;
};

class TreeSearcher {
 public:
  SplitTeam<Child>* team = nullptr;
  SplitPoint<Child>* point_ = nullptr;
  bool aborted = false;
  std::uint64_t nodes = 0;

  // Fail-soft alpha-beta from the side to move's view.
  int search(std::uint64_t path, int depth, int alpha, int beta) {
    ++nodes;
    if (point_ != nullptr && point_->cut_here_or_above()) {
      aborted = true;
      return 0;
    }
    if (depth == 0) return leaf_value(path);
    int best = -1000;
    for (int i = 0; i < kBranching; ++i) {
      if (i > 0 && team != nullptr && depth >= kSplitDepth && team->has_idle()) {
        Child children[kBranching];
        for (int j = i; j < kBranching; ++j) children[j - i] = Child{path * kBranching + static_cast<std::uint64_t>(j) + 1};
        SplitPoint<Child> point{.parent = point_, .moves = children, .count = kBranching - i, .depth = depth,
                                .beta = beta, .alpha = alpha, .best = best};
        const bool holds = team->share(
            point, [this](SplitPoint<Child>& p) { work_at(p); },
            [this](SplitPoint<Child>& p) {
              work_at(p);
              aborted = false;
            });
        aborted = !holds;
        if (aborted) return 0;
        return point.best;
      }
      const int v = -search(path * kBranching + static_cast<std::uint64_t>(i) + 1, depth - 1, -beta, -alpha);
      if (aborted) return 0;
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }

  void work_at(SplitPoint<Child>& point) {
    SplitPoint<Child>* const saved = point_;
    point_ = &point;
    int taken;
    while (!aborted && (taken = team->take(point)) >= 0) {
      const int a = team->alpha_of(point);
      if (a >= point.beta) break;
      const int v = -search(point.moves[taken].path, point.depth - 1, -point.beta, -a);
      if (aborted) break;
      team->report(point, v, taken);
    }
    point_ = saved;
  }
};

// The root's value within (alpha, beta) on `threads` threads; the searched nodes
// of every thread in `nodes`.
int search_on_threads(int threads, int alpha, int beta, std::uint64_t* nodes = nullptr) {
  std::vector<TreeSearcher> searchers(static_cast<std::size_t>(threads));
  SplitTeam<Child> team;
  int value = 0;
  WorkerPool pool;
  pool.run(searchers.size(), [&](std::size_t i) {
    TreeSearcher& s = searchers[i];
    s.team = threads > 1 ? &team : nullptr;
    if (i == 0) {
      value = s.search(0, kDepth, alpha, beta);
      team.finish();
    } else {
      team.serve([&s](SplitPoint<Child>& point) {
        s.work_at(point);
        s.aborted = false;
      });
    }
  });
  if (nodes != nullptr) {
    *nodes = 0;
    for (const TreeSearcher& s : searchers) *nodes += s.nodes;
  }
  return value;
}

// The tree's exact value, by plain negamax over every leaf.
int minimax(std::uint64_t path, int depth) {
  if (depth == 0) return leaf_value(path);
  int best = -1000;
  for (int i = 0; i < kBranching; ++i)
    best = std::max(best, -minimax(path * kBranching + static_cast<std::uint64_t>(i) + 1, depth - 1));
  return best;
}

TEST(SplitTeam, SharedMovesGiveTheSerialValueOnEveryWindow) {
  const int exact = minimax(0, kDepth);
  EXPECT_EQ(search_on_threads(1, -1000, 1000), exact);
  for (int threads : {2, 3, 4}) {
    EXPECT_EQ(search_on_threads(threads, -1000, 1000), exact) << threads << " threads";
    // Null windows, as the solvers' probes: the value's side of each bound.
    for (int bound : {exact - 7, exact - 1, exact, exact + 1, exact + 9}) {
      const int v = search_on_threads(threads, bound, bound + 1);
      if (exact > bound) EXPECT_GT(v, bound) << threads << " threads, bound " << bound;
      else EXPECT_LE(v, bound) << threads << " threads, bound " << bound;
    }
  }
}

TEST(SplitTeam, CutOffsStillPruneWithThreads) {
  std::uint64_t all = 1;
  for (int d = 0; d < kDepth; ++d) all = all * kBranching + 1;
  std::uint64_t nodes = 0;
  search_on_threads(2, -1000, 1000, &nodes);
  EXPECT_LT(nodes, all / 4);  // alpha-beta on 5^8 leaves visits far fewer
}

TEST(SplitTeam, APointCutOffAboveDoesNotHold) {
  SplitTeam<Child> team;
  Child moves[2] = {{1}, {2}};
  SplitPoint<Child> above;
  above.count = 2;
  above.beta = 10;
  team.offer(above);
  SplitPoint<Child> below;
  below.parent = &above;
  below.moves = moves;
  below.count = 2;
  below.beta = 10;
  team.offer(below);
  EXPECT_EQ(team.take(below), 0);
  team.report(below, 3, 0);
  team.report(above, 12, 1);  // at beta: above is cut off, so below hands out nothing more
  EXPECT_EQ(team.take(below), -1);
  team.report(below, 5, 1);  // below has every value back, and still does not hold
  EXPECT_FALSE(team.retract(below, [](SplitPoint<Child>&) {}));
  EXPECT_TRUE(team.retract(above, [](SplitPoint<Child>&) {}));
}

TEST(SplitTeam, APointHoldsOnlyWhenEveryMoveCameBack) {
  SplitTeam<Child> team;
  Child moves[3] = {{1}, {2}, {3}};
  SplitPoint<Child> point;
  point.moves = moves;
  point.count = 3;
  point.beta = 10;
  team.offer(point);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(team.take(point), i);
  team.report(point, 1, 0);
  team.report(point, 4, 1);  // the third never came back (its thread was stopped)
  EXPECT_FALSE(team.retract(point, [](SplitPoint<Child>&) {}));
  EXPECT_EQ(point.best, 4);
  EXPECT_EQ(point.best_move, 1);
}

}  // namespace
}  // namespace narabe::core
