#pragma once
// Young brothers wait (YBWC), the parallel search of the strongest endgame solvers:
// a thread at a node far enough from the leaves searches the first move alone, and
// when that does not cut off, offers the node's other moves to idle threads (a split
// point) and takes its share of them. A move that reaches beta cuts the point off:
// every thread on it, and on every point opened below it, stops and comes back.
// Each move is still searched with a window that proves its bound, so the result is
// exact; the threads only divide the work between them.
//
// SplitTeam holds what the threads share: the point on offer, who is idle, and one
// mutex over every point's bookkeeping (a point is taken only far from the leaves,
// so the lock is rare beside the nodes searched in between). An idle thread spins a
// while before it sleeps, so a point offered soon after is taken at once.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace narabe::core {

template <class Move>
struct SplitPoint {
  // Set before the point is offered, and the cut-off flag, which every thread below
  // reads at each node: a cache line of their own, apart from the bookkeeping that
  // each move's hand-out and report write (sharing it cost 12 % a node).
  alignas(64) SplitPoint* parent = nullptr;  // the point the opening thread was working on
  std::atomic<bool> cut{false};
  const Move* moves = nullptr;  // the moves to hand out (the opener's; it outlives the point)
  int count = 0;
  int depth = 0;  // the node's, as the game's search counts it (empties left, discs played)
  int beta = 0;
  // Under the team's mutex:
  alignas(64) int next = 0;  // the next move to hand out
  int alpha = 0;
  int best = 0;
  int best_move = -1;
  int workers = 0;  // threads on one of its moves, the opener included
  int reported = 0;  // moves whose value came back

  // Whether this point or one it was opened below is cut off.
  bool cut_here_or_above() const {
    for (const SplitPoint* p = this; p != nullptr; p = p->parent)
      if (p->cut.load(std::memory_order_relaxed)) return true;
    return false;
  }
  bool below(const SplitPoint* other) const {
    for (const SplitPoint* p = this; p != nullptr; p = p->parent)
      if (p == other) return true;
    return false;
  }
};

template <class Move>
class SplitTeam {
 public:
  using Point = SplitPoint<Move>;

  // Whether a thread waits for work (then opening a point pays).
  bool has_idle() const { return idle_.load(std::memory_order_relaxed) > 0; }

  // The opener offers `point` (its fields but the bookkeeping set) and counts as its
  // first worker. Another point on offer with moves left keeps its place.
  void offer(Point& point) {
    std::lock_guard lock(mutex_);
    point.workers = 1;
    if (offered_ == nullptr || !open(*offered_)) offered_ = &point;
    changed();
  }
  // The index of the next move of `point` for the calling thread, or -1 when none
  // is left or the point is cut off.
  int take(Point& point) {
    std::lock_guard lock(mutex_);
    return open(point) ? point.next++ : -1;
  }
  int alpha_of(const Point& point) {
    std::lock_guard lock(mutex_);
    return point.alpha;
  }
  // A move's value (fail-soft, as the game's search gives it).
  void report(Point& point, int value, int move) {
    std::lock_guard lock(mutex_);
    ++point.reported;
    if (value > point.best) {
      point.best = value;
      point.best_move = move;
    }
    if (value > point.alpha) {
      point.alpha = value;
      if (value >= point.beta) point.cut.store(true, std::memory_order_relaxed);
    }
  }
  // The opener's part, start to end: offers `point`, takes its share of the moves
  // with work(point), then waits for the threads still on one, meanwhile running
  // help(p) on the points they open below it (help: work, and forget whatever
  // ended that point, which is its own opener's to handle). Returns retract()'s
  // answer.
  template <class Work, class Help>
  bool share(Point& point, Work work, Help help) {
    offer(point);
    work(point);
    return retract(point, help);
  }
  // The opener, its moves handed out: takes the point off offer and waits for the
  // threads still on it, meanwhile running help(p) on points opened below it.
  // Returns whether the point's result holds: it is cut off or every move's value
  // came back, and no point above it is cut off. When not (a cut-off above, or a
  // thread stopped), the opener unwinds too, as from any stopped search.
  template <class Help>
  bool retract(Point& point, Help help) {
    std::unique_lock lock(mutex_);
    if (offered_ == &point) offered_ = nullptr;
    --point.workers;
    while (point.workers > 0) {
      if (offered_ != nullptr && offered_->below(&point) && open(*offered_)) {
        work_on(*offered_, lock, help);
        continue;
      }
      // Idle too: the threads still on this point's moves may open points below it.
      await_change(lock);
    }
    const bool complete = point.cut.load(std::memory_order_relaxed) || point.reported == point.count;
    return complete && (point.parent == nullptr || !point.parent->cut_here_or_above());
  }
  // A helper thread's life: work(p) on each point offered, until finish().
  template <class Work>
  void serve(Work work) {
    std::unique_lock lock(mutex_);
    while (!finished_) {
      if (offered_ != nullptr && open(*offered_)) {
        work_on(*offered_, lock, work);
        continue;
      }
      await_change(lock);
    }
  }
  // The search is over: the helpers leave serve().
  void finish() {
    std::lock_guard lock(mutex_);
    finished_ = true;
    changed();
  }

 private:
  static bool open(const Point& point) {
    return point.next < point.count && !point.cut_here_or_above();
  }
  template <class Work>
  void work_on(Point& point, std::unique_lock<std::mutex>& lock, Work& work) {
    ++point.workers;
    lock.unlock();
    work(point);
    lock.lock();
    --point.workers;
    changed();
  }
  // Under the mutex: the points on offer or their workers changed.
  void changed() {
    changes_.store(changes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    wake_.notify_all();
  }
  // Under `lock`, as an idle thread: returns once the team may have changed. It
  // spins a while before it sleeps: a wake-up through the kernel takes tens of
  // microseconds, as long as many a split point's moves, while the next point
  // usually comes sooner. No change is missed: they are all made under the mutex,
  // which the condition variable's wait releases only once this thread waits.
  void await_change(std::unique_lock<std::mutex>& lock) {
    const std::uint64_t seen = changes_.load(std::memory_order_relaxed);
    idle_.fetch_add(1, std::memory_order_relaxed);
    lock.unlock();
    for (int i = 0; i < kSpins && changes_.load(std::memory_order_relaxed) == seen; ++i) pause();
    lock.lock();
    if (changes_.load(std::memory_order_relaxed) == seen) wake_.wait(lock);
    idle_.fetch_sub(1, std::memory_order_relaxed);
  }
  static void pause() {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
  }

  // How long an idle thread spins before it sleeps: 4096 pauses, some tens to a
  // few hundred microseconds as the processor's pause goes. With it, Connect Four's
  // solver on two threads took 2-7 % less wall time (docs/connect4.md, "Threads").
  static constexpr int kSpins = 4096;

  std::mutex mutex_;
  std::condition_variable wake_;
  Point* offered_ = nullptr;
  bool finished_ = false;
  alignas(64) std::atomic<int> idle_{0};  // read at every node that could split: apart from the mutex
  alignas(64) std::atomic<std::uint64_t> changes_{0};  // written under the mutex, read by spinning idle threads
};

}  // namespace narabe::core
