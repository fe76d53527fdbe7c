#include "protocol/server/search_worker.h"

namespace narabe::server {

SearchWorker::~SearchWorker() { stop(); }

void SearchWorker::join() {
  if (thread_.joinable()) thread_.join();
}

void SearchWorker::start(Job job, bool infinite) {
  join();  // the previous job has ended; reap its thread
  stop_.reset();
  answering_.store(false);
  infinite_ = infinite;
  busy_.store(true);
  thread_ = std::thread([this, job = std::move(job)] {
    job(stop_);
    {
      std::lock_guard lock(mutex_);
      busy_.store(false);
    }
    done_.notify_all();
    if (on_idle_) on_idle_();
  });
}

void SearchWorker::stop() {
  stop_.request();
  join();
}

bool SearchWorker::wait_for(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return done_.wait_for(lock, timeout, [this] { return !busy_.load(); });
}

}  // namespace narabe::server
