// Tests of protocol/server/line_reader.h: LineReader reading from a pipe.

#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

#include "protocol/server/line_reader.h"

namespace narabe::server {
namespace {

// A pipe whose write end can be fed from this thread (up to the pipe's buffer) or
// from a writer thread (any amount), and closed to signal the end of input.
class Pipe {
 public:
  Pipe() {
    int fds[2];
    if (::pipe(fds) != 0) ADD_FAILURE() << "pipe() failed";
    read_fd_ = fds[0];
    write_fd_ = fds[1];
  }
  ~Pipe() {
    if (writer_.joinable()) writer_.join();
    close_write();
    if (read_fd_ >= 0) ::close(read_fd_);
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;

  int read_fd() const { return read_fd_; }

  // Writes everything and closes the write end: for inputs that fit in the pipe.
  void write_and_close(std::string_view data) {
    write_all(write_fd_, data);
    close_write();
  }

  // Writes from another thread, for inputs bigger than the pipe's buffer.
  void write_and_close_in_background(std::string data) {
    writer_ = std::thread([this, data = std::move(data)] {
      write_all(write_fd_, data);
      close_write();
    });
  }

 private:
  static void write_all(int fd, std::string_view data) {
    while (!data.empty()) {
      const ssize_t n = ::write(fd, data.data(), data.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;
      data.remove_prefix(static_cast<std::size_t>(n));
    }
  }
  void close_write() {
    if (write_fd_ >= 0) ::close(write_fd_);
    write_fd_ = -1;
  }

  int read_fd_ = -1;
  int write_fd_ = -1;
  std::thread writer_;
};

// Every line until the end of input (with a guard against a reader that never ends).
std::vector<InputLine> read_all(LineReader& reader) {
  std::vector<InputLine> lines;
  for (int guard = 0; guard < 100000; ++guard) {
    std::optional<InputLine> line = reader.next();
    if (!line) return lines;
    lines.push_back(std::move(*line));
  }
  ADD_FAILURE() << "the reader did not reach the end of input";
  return lines;
}

std::vector<std::string> texts(const std::vector<InputLine>& lines) {
  std::vector<std::string> out;
  for (const InputLine& line : lines) out.push_back(line.text);
  return out;
}

TEST(LineReader, ReadsPlainLines) {
  Pipe pipe;
  pipe.write_and_close("uci\nisready\ngo depth 3\n");
  LineReader reader(pipe.read_fd());
  const auto lines = read_all(reader);
  EXPECT_EQ(texts(lines), (std::vector<std::string>{"uci", "isready", "go depth 3"}));
  for (const InputLine& line : lines) {
    EXPECT_FALSE(line.too_long);
    EXPECT_EQ(line.length, line.text.size());
  }
}

TEST(LineReader, StripsCarriageReturnBeforeNewline) {
  Pipe pipe;
  pipe.write_and_close("uci\r\nisready\r\n\r\n");
  LineReader reader(pipe.read_fd());
  EXPECT_EQ(texts(read_all(reader)), (std::vector<std::string>{"uci", "isready", ""}));
}

TEST(LineReader, KeepsCarriageReturnInsideALine) {
  Pipe pipe;
  pipe.write_and_close("a\rb\n");
  LineReader reader(pipe.read_fd());
  EXPECT_EQ(texts(read_all(reader)), (std::vector<std::string>{"a\rb"}));
}

TEST(LineReader, ReturnsTheLastLineWithoutNewline) {
  Pipe pipe;
  pipe.write_and_close("uci\nquit");
  LineReader reader(pipe.read_fd());
  EXPECT_EQ(texts(read_all(reader)), (std::vector<std::string>{"uci", "quit"}));
}

TEST(LineReader, LastLineWithoutNewlineLosesItsCarriageReturn) {
  Pipe pipe;
  pipe.write_and_close("quit\r");
  LineReader reader(pipe.read_fd());
  EXPECT_EQ(texts(read_all(reader)), (std::vector<std::string>{"quit"}));
}

TEST(LineReader, ReturnsEmptyLines) {
  Pipe pipe;
  pipe.write_and_close("\n\nd\n\n");
  LineReader reader(pipe.read_fd());
  const auto lines = read_all(reader);
  EXPECT_EQ(texts(lines), (std::vector<std::string>{"", "", "d", ""}));
  for (const InputLine& line : lines) EXPECT_FALSE(line.too_long);
}

TEST(LineReader, EndOfInputGivesNothingAndKeepsDoingSo) {
  Pipe pipe;
  pipe.write_and_close("");
  LineReader reader(pipe.read_fd());
  EXPECT_FALSE(reader.next());
  EXPECT_FALSE(reader.next());
}

TEST(LineReader, EndOfInputAfterLinesGivesNothing) {
  Pipe pipe;
  pipe.write_and_close("one\n");
  LineReader reader(pipe.read_fd());
  ASSERT_TRUE(reader.next());
  EXPECT_FALSE(reader.next());
  EXPECT_FALSE(reader.next());
}

TEST(LineReader, KeepsNulBytes) {
  Pipe pipe;
  const std::string with_nul("a\0b\0", 4);
  pipe.write_and_close(with_nul + "\n" + std::string("\0", 1) + "\n");
  LineReader reader(pipe.read_fd());
  const auto lines = read_all(reader);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, with_nul);
  EXPECT_EQ(lines[0].length, 4u);
  EXPECT_EQ(lines[1].text, std::string("\0", 1));
}

TEST(LineReader, LineExactlyAtTheLimitIsAccepted) {
  constexpr std::size_t kLimit = 100;
  Pipe pipe;
  pipe.write_and_close(std::string(kLimit, 'a') + "\nnext\n");
  LineReader reader(pipe.read_fd(), kLimit);
  const auto lines = read_all(reader);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_FALSE(lines[0].too_long);
  EXPECT_EQ(lines[0].text, std::string(kLimit, 'a'));
  EXPECT_EQ(lines[0].length, kLimit);
  EXPECT_EQ(lines[1].text, "next");
}

TEST(LineReader, LineOneByteOverTheLimitIsTooLong) {
  constexpr std::size_t kLimit = 100;
  Pipe pipe;
  pipe.write_and_close(std::string(kLimit + 1, 'a') + "\nnext\n");
  LineReader reader(pipe.read_fd(), kLimit);
  const auto lines = read_all(reader);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[0].too_long);
  EXPECT_TRUE(lines[0].text.empty());
  EXPECT_EQ(lines[0].length, kLimit + 1);
  EXPECT_FALSE(lines[1].too_long);
  EXPECT_EQ(lines[1].text, "next");
}

TEST(LineReader, LastLineOverTheLimitWithoutNewlineIsTooLong) {
  constexpr std::size_t kLimit = 10;
  Pipe pipe;
  pipe.write_and_close("ok\n" + std::string(kLimit + 5, 'z'));
  LineReader reader(pipe.read_fd(), kLimit);
  const auto lines = read_all(reader);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].text, "ok");
  EXPECT_TRUE(lines[1].too_long);
  EXPECT_EQ(lines[1].length, kLimit + 5);
}

TEST(LineReader, DefaultLimitBoundaryAcrossManyReads) {
  // The default limit is bigger than one read() and than the pipe buffer on some
  // systems, so the line arrives in pieces.
  constexpr std::size_t kLimit = LineReader::kDefaultMaxLine;
  Pipe pipe;
  pipe.write_and_close_in_background(std::string(kLimit, 'p') + "\n" + std::string(kLimit + 1, 'q') + "\nafter\n");
  LineReader reader(pipe.read_fd());
  const auto lines = read_all(reader);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_FALSE(lines[0].too_long);
  EXPECT_EQ(lines[0].text.size(), kLimit);
  EXPECT_TRUE(lines[1].too_long);
  EXPECT_EQ(lines[1].length, kLimit + 1);
  EXPECT_EQ(lines[2].text, "after");
}

TEST(LineReader, MegabyteLineIsTooLongAndTheNextLineIsReadNormally) {
  constexpr std::size_t kHuge = 1 << 20;
  Pipe pipe;
  pipe.write_and_close_in_background("isready\n" + std::string(kHuge, 'x') + "\r\ngo depth 1\n");
  LineReader reader(pipe.read_fd());
  const auto lines = read_all(reader);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].text, "isready");
  EXPECT_TRUE(lines[1].too_long);
  EXPECT_TRUE(lines[1].text.empty());
  EXPECT_EQ(lines[1].length, kHuge + 1);  // as sent, with its '\r'
  EXPECT_FALSE(lines[2].too_long);
  EXPECT_EQ(lines[2].text, "go depth 1");
}

TEST(LineReader, ManyLinesAcrossReadBoundariesArriveInOrder) {
  std::string input;
  std::vector<std::string> expected;
  for (int i = 0; i < 20000; ++i) {
    expected.push_back("position startpos moves " + std::to_string(i));
    input += expected.back() + (i % 3 == 0 ? "\r\n" : "\n");
  }
  Pipe pipe;
  pipe.write_and_close_in_background(std::move(input));
  LineReader reader(pipe.read_fd());
  EXPECT_EQ(texts(read_all(reader)), expected);
}

TEST(LineReader, LinesWrittenInSeparatePiecesAreJoined) {
  int fds[2] = {-1, -1};
  ASSERT_EQ(::pipe(fds), 0);
  // The writer sends one line in three writes with pauses, as a slow GUI would.
  std::thread writer([fd = fds[1]] {
    for (std::string_view piece : {"go ", "depth", " 5\nstop\n"}) {
      EXPECT_EQ(::write(fd, piece.data(), piece.size()), static_cast<ssize_t>(piece.size()));
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ::close(fd);
  });
  LineReader reader(fds[0]);
  const auto lines = read_all(reader);
  writer.join();
  ::close(fds[0]);
  EXPECT_EQ(texts(lines), (std::vector<std::string>{"go depth 5", "stop"}));
}

}  // namespace
}  // namespace narabe::server
