#pragma once
// Where the engine's replies go. Every line (from the command loop or from a search)
// passes through one channel, so lines never interleave, and the real output is
// written by its own thread: a slow reader on the other end of the pipe never
// stalls the search or the reading of stdin.

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <utility>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace narabe::server {

class OutputChannel {
 public:
  virtual ~OutputChannel() = default;
  virtual void write_line(std::string line) = 0;
  // Returns once every line written so far has left the channel.
  virtual void flush() {}
};

// Writes lines to a file descriptor (stdout), each line flushed as it is written.
class FdOutput final : public OutputChannel {
 public:
  explicit FdOutput(int fd);
  ~FdOutput() override;
  void write_line(std::string line) override;
  void flush() override;

 private:
  void writer_loop();

  int fd_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable drained_;
  std::deque<std::string> queue_;
  bool writing_ = false;
  bool closing_ = false;
  bool broken_ = false;  // the reader went away: drop further output
  std::thread writer_;
};

// Keeps the lines in memory, for tests.
class CapturedOutput final : public OutputChannel {
 public:
  void write_line(std::string line) override;
  std::vector<std::string> lines() const;
  std::vector<std::string> take();

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> lines_;
};

}  // namespace narabe::server
