#pragma once
// Reads protocol lines from a file descriptor without trusting the sender: a line
// longer than the limit is consumed and reported as too long instead of filling
// memory, and a trailing '\r' (Windows GUIs) is dropped.

#include <cstddef>
#include <optional>
#include <string>

namespace narabe::server {

struct InputLine {
  std::string text;        // empty when too_long
  bool too_long = false;
  std::size_t length = 0;  // the length as sent
};

class LineReader {
 public:
  // 64 KiB is far above any real command (a full 22x22 Gomoku game is under 3 KB).
  static constexpr std::size_t kDefaultMaxLine = 64 * 1024;

  explicit LineReader(int fd, std::size_t max_line = kDefaultMaxLine);
  // The next line, or nothing at the end of the input (a last line without '\n' counts).
  std::optional<InputLine> next();

 private:
  bool fill();

  int fd_;
  std::size_t max_line_;
  std::string buffer_;
  std::size_t start_ = 0;
  bool eof_ = false;
};

}  // namespace narabe::server
