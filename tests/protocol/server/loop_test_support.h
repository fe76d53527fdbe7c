#pragma once
// What the in-process tests of the command loops (NBoard, Gomocup) share: sending a
// line to a loop and taking its replies, waiting for the search a line started, and
// serve() on a pipe for the front door's choice. The guard is a failure guard only;
// nothing here measures time.

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "protocol/server/line_reader.h"
#include "protocol/server/output_channel.h"
#include "protocol/server/server.h"

namespace narabe::server::testing_support {

using Lines = std::vector<std::string>;

inline constexpr std::chrono::seconds kSearchGuard{20};

// `line` to `loop`, which must go on (not quit); the replies written so far.
template <class Loop>
Lines send_line(Loop& loop, CapturedOutput& out, std::string_view line) {
  EXPECT_TRUE(loop.handle_line(line)) << line;
  return out.take();
}

// `line` to `loop`, then waits for the search it started to end; after the guard
// time the search is stopped with `stop_line` and the test fails.
template <class Loop>
Lines run_line(Loop& loop, CapturedOutput& out, std::string_view line, std::string_view stop_line) {
  EXPECT_TRUE(loop.handle_line(line)) << line;
  const auto deadline = std::chrono::steady_clock::now() + kSearchGuard;
  while (loop.searching()) {
    if (std::chrono::steady_clock::now() > deadline) {
      ADD_FAILURE() << "the search did not end within the guard time";
      loop.handle_line(stop_line);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return out.take();
}

// serve() on a pipe holding `input`, the replies captured.
inline Lines serve_text(const std::string& input) {
  int fds[2];
  if (pipe(fds) != 0) {
    ADD_FAILURE() << "pipe failed";
    return {};
  }
  // The whole input fits the pipe's buffer, so write it before reading.
  EXPECT_EQ(write(fds[1], input.data(), input.size()), static_cast<ssize_t>(input.size()));
  close(fds[1]);
  LineReader reader(fds[0]);
  CapturedOutput out;
  serve(reader, out);
  close(fds[0]);
  return out.take();
}

}  // namespace narabe::server::testing_support
