#include "protocol/server/search_worker.h"

#include <system_error>

namespace narabe::server {

SearchWorker::~SearchWorker() { stop(); }

void SearchWorker::join() {
  thread_.wait();
  if (timer_.joinable()) timer_.join();  // the job has ended: the timer returns at once
}

void SearchWorker::start(Job job, bool infinite) {
  join();  // the previous job has ended; reap its thread
  stop_.reset();
  answering_.store(false);
  infinite_ = infinite;
  busy_.store(true);
  auto run = [this, job = std::move(job)](std::size_t) {
    job(stop_);
    {
      std::lock_guard lock(mutex_);
      busy_.store(false);
    }
    done_.notify_all();
    if (on_idle_) on_idle_();
  };
  // Share 1 of a run of 2 goes to the kept thread; the caller returns to its input.
  if (thread_.start(2, run) == 0) {
    busy_.store(false);  // as std::thread would, the caller hears that no thread was had
    throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again),
                            "no thread for the search");
  }
}

void SearchWorker::stop() {
  stop_.request();
  join();
}

void SearchWorker::stop_after(std::chrono::milliseconds delay) {
  if (timer_.joinable()) return;  // this job has its deadline already
  timer_ = std::thread([this, delay] {
    std::unique_lock lock(mutex_);
    if (!done_.wait_for(lock, delay, [this] { return !busy_.load(); })) stop_.request();
  });
}

bool SearchWorker::wait_for(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return done_.wait_for(lock, timeout, [this] { return !busy_.load(); });
}

}  // namespace narabe::server
