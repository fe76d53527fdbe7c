#include "protocol/common/line_buffer.h"

namespace narabe::protocol {

void LineBuffer::append(const char* bytes, std::size_t count) {
  // Drop what was returned once it is the larger part: a long session keeps a
  // small buffer without moving bytes on every line.
  if (start_ > 0 && start_ * 2 >= buffer_.size()) {
    buffer_.erase(0, start_);
    scan_ -= start_;
    start_ = 0;
  }
  buffer_.append(bytes, count);
}

BufferedLine LineBuffer::take(std::size_t length) {
  BufferedLine line;
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

std::optional<BufferedLine> LineBuffer::next_line() {
  const std::size_t newline = buffer_.find('\n', scan_);
  if (newline == std::string::npos) {
    scan_ = buffer_.size();
    if (buffer_.size() - start_ > max_line_) {
      overflowing_ = true;
      skipped_ += buffer_.size() - start_;
      buffer_.clear();
      start_ = scan_ = 0;
    }
    return std::nullopt;
  }
  BufferedLine line = take(newline - start_);
  start_ = scan_ = newline + 1;
  if (start_ == buffer_.size()) clear();
  return line;
}

std::optional<BufferedLine> LineBuffer::finish() {
  if (start_ == buffer_.size() && !overflowing_) return std::nullopt;
  BufferedLine line = take(buffer_.size() - start_);
  clear();
  return line;
}

void LineBuffer::clear() {
  buffer_.clear();
  start_ = scan_ = 0;
  overflowing_ = false;
  skipped_ = 0;
}

}  // namespace narabe::protocol
