#include "engine/core/worker_pool.h"

#include <system_error>
#include <utility>

namespace narabe::core {

WorkerPool::~WorkerPool() { keep(0); }

void WorkerPool::keep(std::size_t threads) {
  std::unique_lock lock(mutex_);
  work_done_.wait(lock, [this] { return working_ == 0; });  // a run not waited for ends first
  if (threads >= threads_.size()) return;
  kept_ = threads;
  lock.unlock();
  work_ready_.notify_all();
  // Only this thread (the pool's user) adds or removes threads, so threads_ stays.
  for (std::size_t i = threads; i < threads_.size(); ++i) threads_[i].join();
  lock.lock();
  threads_.resize(threads);
}

std::size_t WorkerPool::start(std::size_t n, std::function<void(std::size_t)> work) {
  const std::size_t wanted = n > 1 ? n - 1 : 0;
  keep(wanted);
  std::unique_lock lock(mutex_);
  kept_ = wanted;
  while (threads_.size() < wanted) {
    try {
      // A new thread has seen every run so far: it waits for the next one.
      threads_.emplace_back(&WorkerPool::serve, this, threads_.size() + 1, run_);
    } catch (const std::system_error&) {
      break;  // no more threads to be had: the run has those it got
    }
  }
  const std::size_t shares = threads_.size();  // one a thread
  if (shares == 0) return 0;
  work_ = std::move(work);
  working_ = shares;
  ++run_;
  lock.unlock();
  work_ready_.notify_all();
  return shares;
}

void WorkerPool::wait() {
  std::unique_lock lock(mutex_);
  work_done_.wait(lock, [this] { return working_ == 0; });
}

std::size_t WorkerPool::size() const {
  std::lock_guard lock(mutex_);
  return threads_.size();
}

void WorkerPool::serve(std::size_t index, std::uint64_t seen) {
  std::unique_lock lock(mutex_);
  for (;;) {
    work_ready_.wait(lock, [&] { return index > kept_ || run_ != seen; });
    if (index > kept_) return;
    seen = run_;
    lock.unlock();
    work_(index);  // work_ is not replaced before every share has returned
    lock.lock();
    if (--working_ == 0) work_done_.notify_all();
  }
}

}  // namespace narabe::core
