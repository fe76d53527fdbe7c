#include "protocol/server/line_reader.h"

#include <cerrno>
#include <unistd.h>

namespace narabe::server {

LineReader::LineReader(int fd, std::size_t max_line) : fd_(fd), max_line_(max_line) {}

bool LineReader::fill() {
  if (eof_) return false;
  if (start_ > 0) {
    buffer_.erase(0, start_);
    start_ = 0;
  }
  char chunk[16384];
  for (;;) {
    const ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;
      return false;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
    return true;
  }
}

std::optional<InputLine> LineReader::next() {
  InputLine line;
  bool overflowing = false;
  // Completes `line` with the `length` bytes at start_ (or only counts them when the
  // line is already too long).
  auto finish = [&](std::size_t length) {
    line.length += length;
    if (overflowing || line.length > max_line_) {
      line.too_long = true;
      return;
    }
    line.text.assign(buffer_, start_, length);
    if (!line.text.empty() && line.text.back() == '\r') line.text.pop_back();
  };
  for (;;) {
    const std::size_t newline = buffer_.find('\n', start_);
    if (newline != std::string::npos) {
      finish(newline - start_);
      start_ = newline + 1;
      return line;
    }
    if (buffer_.size() - start_ > max_line_) {
      // Throw away what we have of an overlong line and keep reading to its end.
      overflowing = true;
      line.length += buffer_.size() - start_;
      buffer_.clear();
      start_ = 0;
    }
    if (!fill()) {
      if (buffer_.size() == start_ && !overflowing) return std::nullopt;
      finish(buffer_.size() - start_);
      buffer_.clear();
      start_ = 0;
      return line;
    }
  }
}

}  // namespace narabe::server
