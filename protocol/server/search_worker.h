#pragma once
// The search thread: runs one job at a time (a search, perft or bench) while the
// command loop keeps reading input, and stops it on request. The thread is kept
// from job to job (core::WorkerPool), so each search starts on the core its thread
// last had, and its helpers keep theirs.

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <condition_variable>
#include <thread>

#include "engine/core/stop_signal.h"
#include "engine/core/worker_pool.h"

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
  // Raises the stop signal `delay` from now unless the job has ended by then (a
  // pondering search after ponderhit: its clock starts now).
  void stop_after(std::chrono::milliseconds delay);
  // Waits for the job to end by itself.
  void wait() { join(); }
  // Waits up to `timeout` for the job to end by itself; true when it has.
  bool wait_for(std::chrono::milliseconds timeout);
  // Called by a job once it knows its answer, just before writing it: from then on
  // it ends without waiting for anything.
  void answering() { answering_.store(true); }
  // When the job is only writing its answer, waits for it to end (a moment), so a
  // client that has read the answer finds the engine idle for its next command.
  void wait_if_answering() {
    if (busy() && answering_.load()) join();
  }
  // Called on the search thread each time a job has ended (busy() is false by then),
  // so that a reader waiting for input hears that lines queued behind the job may run.
  // Set before the first start().
  void set_on_idle(std::function<void()> on_idle) { on_idle_ = std::move(on_idle); }

 private:
  void join();

  std::thread timer_;  // stop_after's
  core::StopSignal stop_;
  std::atomic<bool> busy_{false};
  std::atomic<bool> answering_{false};
  bool infinite_ = false;
  std::mutex mutex_;
  std::condition_variable done_;
  std::function<void()> on_idle_;
  core::WorkerPool thread_;  // last: ends before what its job reaches
};

}  // namespace narabe::server
