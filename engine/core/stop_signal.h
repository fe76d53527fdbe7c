#pragma once
// A flag another thread raises to end a search at once, and can be waited on
// (an infinite search that has finished deepening waits here for `stop`).

#include <atomic>

namespace narabe::core {

class StopSignal {
 public:
  void request() {
    flag_.store(true, std::memory_order_relaxed);
    flag_.notify_all();
  }
  void reset() { flag_.store(false, std::memory_order_relaxed); }
  bool requested() const { return flag_.load(std::memory_order_relaxed); }
  void wait() const { flag_.wait(false); }

 private:
  std::atomic<bool> flag_{false};
};

}  // namespace narabe::core
