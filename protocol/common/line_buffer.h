#pragma once
// Splits the bytes read from a pipe into protocol lines without trusting the
// writer: a line longer than the limit is thrown away as it arrives (the buffer
// never holds much more than the limit and one read) and reported as too long,
// and a '\r' before the '\n' (Windows programs) is dropped. The engine's input
// (server/line_reader.h) and the engine client (client/engine_process.h) both
// read through it; each waits for its descriptor its own way.

#include <cstddef>
#include <optional>
#include <string>

namespace narabe::protocol {

struct BufferedLine {
  std::string text;        // empty when too_long
  bool too_long = false;
  std::size_t length = 0;  // the length as sent, a '\r' included
};

class LineBuffer {
 public:
  explicit LineBuffer(std::size_t max_line) : max_line_(max_line) {}

  void append(const char* bytes, std::size_t count);
  // The next whole line, if one is in. When none is and what waited is over the
  // limit, it is thrown away and overflowing() says so.
  std::optional<BufferedLine> next_line();
  // At the end of the input: what is left, as a last line without '\n', if any.
  std::optional<BufferedLine> finish();
  // Part of an overlong line was thrown away and its end has not come yet.
  bool overflowing() const { return overflowing_; }
  // Forgets every byte in, and any overlong line.
  void clear();

 private:
  BufferedLine take(std::size_t length);

  std::size_t max_line_;
  std::string buffer_;
  std::size_t start_ = 0;  // bytes before it are already returned
  std::size_t scan_ = 0;   // no '\n' in [start_, scan_)
  bool overflowing_ = false;
  std::size_t skipped_ = 0;  // what was thrown away of the overlong line
};

}  // namespace narabe::protocol
