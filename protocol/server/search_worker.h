#pragma once
// The search thread: runs one job at a time (a search, perft or bench) while the
// command loop keeps reading input, and stops it on request.

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <condition_variable>
#include <thread>

#include "engine/core/stop_signal.h"

namespace narabe::server {

class SearchWorker {
 public:
  using Job = std::function<void(const core::StopSignal&)>;

  ~SearchWorker();

  // Starts `job` on the search thread; the worker must not be busy.
  void start(Job job, bool infinite);
  bool busy() const { return busy_.load(); }
  // Whether the running job only ends through stop (go infinite).
  bool running_infinite() const { return busy() && infinite_; }
  // Raises the stop signal and waits for the job to end.
  void stop();
  // Waits for the job to end by itself.
  void wait() { join(); }
  // Waits up to `timeout` for the job to end by itself; true when it has.
  bool wait_for(std::chrono::milliseconds timeout);

 private:
  void join();

  std::thread thread_;
  core::StopSignal stop_;
  std::atomic<bool> busy_{false};
  bool infinite_ = false;
  std::mutex mutex_;
  std::condition_variable done_;
};

}  // namespace narabe::server
