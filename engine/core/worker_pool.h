#pragma once
// Threads that live from one parallel run to the next: a search or a solve hands
// them their share of the work and waits for it, rather than creating threads at
// every run. Why: the scheduler starts a new thread on its parent's core and leaves
// it there for milliseconds, so the two threads of a short search shared one core
// for much of it (docs/reversi.md, "Threads"). A thread that slept between runs
// wakes on the core it last had, beside the caller from the run's first node.
//
// The pool owns only threads, so it is no mutable global: each search or solver
// that runs on threads has its own, and idle threads sleep on a condition variable.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace narabe::core {

class WorkerPool {
 public:
  WorkerPool() = default;
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  // Ends the threads, once a run not waited for has.
  ~WorkerPool();

  // Runs work(i) for i in 1..n-1 on the pool's threads while the caller goes on,
  // creating those it lacks; where the system gives no more threads, the run has
  // those it got. Returns how many threads took a share (0 for n <= 1). The work
  // must outlive wait() (a start before it waits for the run in progress).
  // Threads beyond n - 1, left from a run with more, end first (keep).
  std::size_t start(std::size_t n, std::function<void(std::size_t)> work);
  // Ends the threads beyond the first `threads` (a lower Threads setting), once
  // the run in progress has ended.
  void keep(std::size_t threads);
  // Returns once every share of the last start has returned.
  void wait();
  // work(i) for i in 0..n-1: work(0) on the calling thread, the others on the
  // pool's; returns once every one has.
  template <class Work>
  void run(std::size_t n, Work work) {
    start(n, std::function<void(std::size_t)>(work));
    work(std::size_t{0});
    wait();
  }
  // Threads the pool holds (for tests and the documentation's memory account).
  std::size_t size() const;

 private:
  void serve(std::size_t index, std::uint64_t seen);

  mutable std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable work_done_;
  std::function<void(std::size_t)> work_;
  std::uint64_t run_ = 0;    // counts the starts: a thread takes each run once
  std::size_t working_ = 0;  // shares not yet returned
  std::size_t kept_ = 0;  // threads 1..kept_ live on; the others end
  std::vector<std::thread> threads_;  // threads_[i - 1] takes share i
};

}  // namespace narabe::core
