#pragma once
// Reads protocol lines from a file descriptor without trusting the sender: a line
// longer than the limit is consumed and reported as too long instead of filling
// memory, and a trailing '\r' (Windows GUIs) is dropped. With a wake-up descriptor
// (wakeup.h) it also returns, without a line, when that descriptor is signalled.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "protocol/common/line_buffer.h"

namespace narabe::server {

// A line as LineBuffer splits it (text, too_long, length as sent), or a wake-up.
struct InputLine : protocol::BufferedLine {
  bool wake = false;  // no line: the wake-up descriptor was signalled
};

class LineReader {
 public:
  // 64 KiB is far above any real command (a full 22x22 Gomoku game is under 3 KB).
  static constexpr std::size_t kDefaultMaxLine = 64 * 1024;

  explicit LineReader(int fd, std::size_t max_line = kDefaultMaxLine);
  // The next line, or nothing at the end of the input (a last line without '\n' counts).
  std::optional<InputLine> next();
  // `next` also returns (an InputLine with `wake` set) when `fd` becomes readable;
  // `consume` clears it. A line being read stays buffered.
  void set_wake(int fd, std::function<void()> consume);

 private:
  enum class Fill { kData, kEnd, kWake };
  Fill fill();

  int fd_;
  protocol::LineBuffer lines_;
  bool eof_ = false;
  int wake_fd_ = -1;
  std::function<void()> consume_wake_;
};

}  // namespace narabe::server
