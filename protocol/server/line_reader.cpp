#include "protocol/server/line_reader.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

namespace narabe::server {

LineReader::LineReader(int fd, std::size_t max_line) : fd_(fd), lines_(max_line) {}

void LineReader::set_wake(int fd, std::function<void()> consume) {
  wake_fd_ = fd;
  consume_wake_ = std::move(consume);
}

LineReader::Fill LineReader::fill() {
  if (eof_) return Fill::kEnd;
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
    lines_.append(chunk, static_cast<std::size_t>(n));
    return Fill::kData;
  }
}

std::optional<InputLine> LineReader::next() {
  for (;;) {
    if (std::optional<protocol::BufferedLine> line = lines_.next_line()) return InputLine{std::move(*line)};
    switch (fill()) {
      case Fill::kData: continue;
      case Fill::kWake: {
        InputLine woken;
        woken.wake = true;
        return woken;
      }
      case Fill::kEnd: break;
    }
    std::optional<protocol::BufferedLine> last = lines_.finish();
    if (!last) return std::nullopt;
    return InputLine{std::move(*last)};
  }
}

}  // namespace narabe::server
