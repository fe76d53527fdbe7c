#include "protocol/server/output_channel.h"

#include <cerrno>
#include <csignal>
#include <unistd.h>

namespace narabe::server {

FdOutput::FdOutput(int fd) : fd_(fd) {
  // A GUI that closes its end must not kill the engine with SIGPIPE; write() then
  // fails with EPIPE and the output is dropped.
  std::signal(SIGPIPE, SIG_IGN);
  writer_ = std::thread([this] { writer_loop(); });
}

FdOutput::~FdOutput() {
  flush();
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  wake_.notify_all();
  writer_.join();
}

void FdOutput::write_line(std::string line) {
  line += '\n';
  {
    std::lock_guard lock(mutex_);
    if (broken_) return;
    queue_.push_back(std::move(line));
  }
  wake_.notify_one();
}

void FdOutput::flush() {
  std::unique_lock lock(mutex_);
  drained_.wait(lock, [this] { return (queue_.empty() && !writing_) || broken_; });
}

void FdOutput::writer_loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return !queue_.empty() || closing_; });
    if (queue_.empty() && closing_) return;
    std::string line = std::move(queue_.front());
    queue_.pop_front();
    writing_ = true;
    lock.unlock();
    std::size_t done = 0;
    bool failed = false;
    while (done < line.size()) {
      const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        failed = true;
        break;
      }
      done += static_cast<std::size_t>(n);
    }
    lock.lock();
    writing_ = false;
    if (failed) {
      broken_ = true;
      queue_.clear();
    }
    if (queue_.empty()) drained_.notify_all();
  }
}

void CapturedOutput::write_line(std::string line) {
  std::lock_guard lock(mutex_);
  lines_.push_back(std::move(line));
}

std::vector<std::string> CapturedOutput::lines() const {
  std::lock_guard lock(mutex_);
  return lines_;
}

std::vector<std::string> CapturedOutput::take() {
  std::lock_guard lock(mutex_);
  return std::exchange(lines_, {});
}

}  // namespace narabe::server
