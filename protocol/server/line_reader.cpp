#include "protocol/server/line_reader.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

namespace narabe::server {

LineReader::LineReader(int fd, std::size_t max_line) : fd_(fd), max_line_(max_line) {}

void LineReader::set_wake(int fd, std::function<void()> consume) {
  wake_fd_ = fd;
  consume_wake_ = std::move(consume);
}

LineReader::Fill LineReader::fill() {
  if (eof_) return Fill::kEnd;
  if (start_ > 0) {
    buffer_.erase(0, start_);
    start_ = 0;
  }
  if (wake_fd_ >= 0) {
    pollfd fds[2] = {{fd_, POLLIN, 0}, {wake_fd_, POLLIN, 0}};
    for (;;) {
      const int ready = ::poll(fds, 2, -1);
      if (ready < 0 && errno == EINTR) continue;
      if (ready < 0) break;  // read() below reports what is wrong with the input
      if ((fds[1].revents & POLLIN) != 0) {
        if (consume_wake_) consume_wake_();
        return Fill::kWake;
      }
      if (fds[0].revents != 0) break;  // data, end of input or an error: read() tells
    }
  }
  char chunk[16384];
  for (;;) {
    const ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;
      return Fill::kEnd;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
    return Fill::kData;
  }
}

InputLine LineReader::take(std::size_t length) {
  InputLine line;
  line.length = skipped_ + length;
  if (overflowing_ || line.length > max_line_) {
    line.too_long = true;
  } else {
    line.text.assign(buffer_, start_, length);
    if (!line.text.empty() && line.text.back() == '\r') line.text.pop_back();
  }
  overflowing_ = false;
  skipped_ = 0;
  return line;
}

std::optional<InputLine> LineReader::next() {
  for (;;) {
    const std::size_t newline = buffer_.find('\n', start_);
    if (newline != std::string::npos) {
      InputLine line = take(newline - start_);
      start_ = newline + 1;
      return line;
    }
    if (buffer_.size() - start_ > max_line_) {
      // Throw away what we have of an overlong line and keep reading to its end.
      overflowing_ = true;
      skipped_ += buffer_.size() - start_;
      buffer_.clear();
      start_ = 0;
    }
    switch (fill()) {
      case Fill::kData: continue;
      case Fill::kWake: {
        InputLine woken;
        woken.wake = true;
        return woken;
      }
      case Fill::kEnd: break;
    }
    if (buffer_.size() == start_ && !overflowing_) return std::nullopt;
    InputLine line = take(buffer_.size() - start_);
    buffer_.clear();
    start_ = 0;
    return line;
  }
}

}  // namespace narabe::server
