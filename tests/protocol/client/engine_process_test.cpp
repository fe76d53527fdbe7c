// Unit tests of EngineProcess, with standard programs (cat, sh scripts) standing
// in for engines. Things expected to arrive get generous time-outs (a loaded
// machine may be slow); only things expected NOT to arrive get short ones.

#include "protocol/client/engine_process.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace narabe::client {
namespace {

using namespace std::chrono_literals;

constexpr std::chrono::milliseconds kArrives = 5s;
constexpr std::chrono::milliseconds kAbsent = 100ms;

std::vector<std::string> sh(const std::string& script) {
  return {"/bin/sh", "-c", script};
}

std::unique_ptr<EngineProcess> start_ok(const std::vector<std::string>& argv,
                                        const SpawnOptions& options = {}) {
  std::string error;
  auto process = EngineProcess::start(argv, options, &error);
  EXPECT_NE(process, nullptr) << error;
  EXPECT_TRUE(error.empty()) << error;
  return process;
}

int count_open_fds() {
  int count = 0;
  if (DIR* dir = opendir("/proc/self/fd")) {
    while (readdir(dir) != nullptr) ++count;
    closedir(dir);
  }
  return count;
}

bool sigpipe_pending() {
  sigset_t pending;
  sigemptyset(&pending);
  sigpending(&pending);
  return sigismember(&pending, SIGPIPE) == 1;
}

TEST(EngineProcess, EchoesThroughCat) {
  auto cat = start_ok({"/bin/cat"});
  ASSERT_NE(cat, nullptr);
  EXPECT_GT(cat->pid(), 0);
  EXPECT_TRUE(cat->is_alive());
  EXPECT_FALSE(cat->exit_status().has_value());
  ASSERT_TRUE(cat->send_line("uci"));
  ASSERT_TRUE(cat->send_line("isready"));
  EXPECT_EQ(cat->read_line(kArrives), "uci");
  const ReadResult result = cat->read_line_status(kArrives);
  EXPECT_EQ(result.status, ReadStatus::kLine);
  EXPECT_EQ(result.line, "isready");
  ASSERT_TRUE(cat->send_line(""));
  EXPECT_EQ(cat->read_line(kArrives), "");
}

TEST(EngineProcess, FindsProgramsInPath) {
  auto cat = start_ok({"cat"});
  ASSERT_NE(cat, nullptr);
  ASSERT_TRUE(cat->send_line("hello"));
  EXPECT_EQ(cat->read_line(kArrives), "hello");
}

TEST(EngineProcess, PassesArgumentsUnchanged) {
  auto echo = start_ok({"/bin/sh", "-c", "printf '%s|' \"$@\"; echo", "sh", "a b", "", "c"});
  ASSERT_NE(echo, nullptr);
  EXPECT_EQ(echo->read_line(kArrives), "a b||c|");
}

TEST(EngineProcess, SilentEngineTimesOut) {
  auto cat = start_ok({"/bin/cat"});
  ASSERT_NE(cat, nullptr);
  const auto begin = std::chrono::steady_clock::now();
  const ReadResult result = cat->read_line_status(kAbsent);
  EXPECT_EQ(result.status, ReadStatus::kTimeout);
  EXPECT_GE(std::chrono::steady_clock::now() - begin, kAbsent);
  EXPECT_FALSE(cat->read_line(0ms).has_value());
  EXPECT_TRUE(cat->is_alive());
}

TEST(EngineProcess, StripsCarriageReturnsAndSplitsChunks) {
  auto script = start_ok(sh("printf 'one\\r\\ntwo\\n\\r\\nthree\\n'"));
  ASSERT_NE(script, nullptr);
  EXPECT_EQ(script->read_line(kArrives), "one");
  EXPECT_EQ(script->read_line(kArrives), "two");
  EXPECT_EQ(script->read_line(kArrives), "");
  EXPECT_EQ(script->read_line(kArrives), "three");
  EXPECT_EQ(script->read_line_status(kArrives).status, ReadStatus::kClosed);
  // Closed stays closed.
  EXPECT_EQ(script->read_line_status(0ms).status, ReadStatus::kClosed);
}

TEST(EngineProcess, ReadsLinesThatArriveSlowly) {
  auto script = start_ok(sh("echo first; sleep 0.1; echo second; sleep 0.1; echo third"));
  ASSERT_NE(script, nullptr);
  EXPECT_EQ(script->read_line(kArrives), "first");
  EXPECT_EQ(script->read_line(kArrives), "second");
  EXPECT_EQ(script->read_line(kArrives), "third");
  EXPECT_EQ(script->read_line_status(kArrives).status, ReadStatus::kClosed);
}

TEST(EngineProcess, PartialLineStaysBuffered) {
  // The script finishes its line only when told to, so the time-out below
  // surely sees half a line.
  auto script = start_ok(sh("printf 'best'; read go; echo 'move 4'; read x"));
  ASSERT_NE(script, nullptr);
  EXPECT_EQ(script->read_line_status(kAbsent).status, ReadStatus::kTimeout);
  ASSERT_TRUE(script->send_line("go"));
  EXPECT_EQ(script->read_line(kArrives), "bestmove 4");
}

TEST(EngineProcess, UnterminatedLastLineIsReturnedAtEnd) {
  auto script = start_ok(sh("printf 'last words\\r'"));
  ASSERT_NE(script, nullptr);
  EXPECT_EQ(script->read_line(kArrives), "last words");
  EXPECT_EQ(script->read_line_status(kArrives).status, ReadStatus::kClosed);
}

TEST(EngineProcess, ManyLinesInOrder) {
  auto seq = start_ok({"seq", "1", "20000"});
  ASSERT_NE(seq, nullptr);
  for (int i = 1; i <= 20000; ++i) {
    const auto line = seq->read_line(kArrives);
    ASSERT_TRUE(line.has_value()) << i;
    ASSERT_EQ(*line, std::to_string(i));
  }
  EXPECT_EQ(seq->read_line_status(kArrives).status, ReadStatus::kClosed);
  EXPECT_TRUE(seq->wait_exit(kArrives));
  EXPECT_EQ(seq->exit_status(), 0);
}

TEST(EngineProcess, TooLongLineIsAnError) {
  SpawnOptions options;
  options.max_line_length = 100;
  auto script = start_ok(sh("echo short; printf '%0300d\\n' 0; echo after"), options);
  ASSERT_NE(script, nullptr);
  EXPECT_EQ(script->read_line(kArrives), "short");
  const ReadResult result = script->read_line_status(kArrives);
  EXPECT_EQ(result.status, ReadStatus::kError);
  EXPECT_NE(script->read_error().find("100"), std::string::npos) << script->read_error();
  EXPECT_EQ(script->read_line_status(0ms).status, ReadStatus::kError);
}

TEST(EngineProcess, TooLongPartialLineIsAnError) {
  SpawnOptions options;
  options.max_line_length = 1000;
  // Never ends its line: without the limit we would buffer forever.
  auto script = start_ok(sh("while :; do printf '0123456789'; done"), options);
  ASSERT_NE(script, nullptr);
  EXPECT_EQ(script->read_line_status(kArrives).status, ReadStatus::kError);
}

TEST(EngineProcess, ExitCodeIsReported) {
  auto script = start_ok(sh("exit 3"));
  ASSERT_NE(script, nullptr);
  EXPECT_EQ(script->read_line_status(kArrives).status, ReadStatus::kClosed);
  ASSERT_TRUE(script->wait_exit(kArrives));
  EXPECT_FALSE(script->is_alive());
  EXPECT_EQ(script->exit_status(), 3);
}

TEST(EngineProcess, DeathBySignalIsNegative) {
  auto script = start_ok(sh("kill -TERM $$"));
  ASSERT_NE(script, nullptr);
  ASSERT_TRUE(script->wait_exit(kArrives));
  EXPECT_EQ(script->exit_status(), -SIGTERM);
}

TEST(EngineProcess, WaitExitTimesOutWhileRunning) {
  auto cat = start_ok({"/bin/cat"});
  ASSERT_NE(cat, nullptr);
  EXPECT_FALSE(cat->wait_exit(kAbsent));
  EXPECT_TRUE(cat->is_alive());
  cat->close_input();  // end of input: cat exits by itself
  EXPECT_TRUE(cat->wait_exit(kArrives));
  EXPECT_EQ(cat->exit_status(), 0);
  EXPECT_FALSE(cat->send_line("late"));
}

TEST(EngineProcess, KillEndsAndReaps) {
  auto cat = start_ok({"/bin/cat"});
  ASSERT_NE(cat, nullptr);
  const pid_t pid = cat->pid();
  cat->kill();
  EXPECT_FALSE(cat->is_alive());
  EXPECT_EQ(cat->exit_status(), -SIGKILL);
  errno = 0;
  EXPECT_EQ(waitpid(pid, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
  cat->kill();  // a second kill must not touch a recycled pid
  EXPECT_EQ(cat->exit_status(), -SIGKILL);
}

TEST(EngineProcess, SendToDeadEngineFailsWithoutSigpipe) {
  auto script = start_ok(sh("exit 0"));
  ASSERT_NE(script, nullptr);
  ASSERT_TRUE(script->wait_exit(kArrives));
  // With SIGPIPE at its default, a raised one would end this test binary.
  EXPECT_FALSE(script->send_line("isready"));
  EXPECT_FALSE(script->send_line("quit"));
  EXPECT_FALSE(sigpipe_pending());
}

TEST(EngineProcess, SendOfLargeDataToEngineThatStopsReading) {
  // It reads one line and exits, so most of the 1 MiB finds no reader.
  auto script = start_ok(sh("read x"));
  ASSERT_NE(script, nullptr);
  const std::string big(1 << 20, 'x');
  EXPECT_TRUE(script->send_line("first"));
  ASSERT_TRUE(script->wait_exit(kArrives));
  EXPECT_FALSE(script->send_line(big));
  EXPECT_FALSE(sigpipe_pending());
}

TEST(EngineProcess, RejectsEmbeddedNewlines) {
  auto cat = start_ok({"/bin/cat"});
  ASSERT_NE(cat, nullptr);
  EXPECT_FALSE(cat->send_line("position startpos\nquit"));
  EXPECT_FALSE(cat->send_line("go\r"));
  ASSERT_TRUE(cat->send_line("isready"));
  EXPECT_EQ(cat->read_line(kArrives), "isready");
}

TEST(EngineProcess, MissingProgramIsAClearError) {
  std::string error;
  EXPECT_EQ(EngineProcess::start({"/nonexistent/narabe-engine"}, &error), nullptr);
  EXPECT_NE(error.find("/nonexistent/narabe-engine"), std::string::npos) << error;
  EXPECT_NE(error.find("No such file"), std::string::npos) << error;

  error.clear();
  EXPECT_EQ(EngineProcess::start({"narabe-no-such-program-anywhere"}, &error), nullptr);
  EXPECT_NE(error.find("narabe-no-such-program-anywhere"), std::string::npos) << error;
  EXPECT_NE(error.find("not found"), std::string::npos) << error;

  // No error pointer: still no crash.
  EXPECT_EQ(EngineProcess::start({"/nonexistent/narabe-engine"}), nullptr);
}

TEST(EngineProcess, NonExecutableFileIsAClearError) {
  std::string error;
  EXPECT_EQ(EngineProcess::start({"/etc/passwd"}, &error), nullptr);
  EXPECT_NE(error.find("Permission denied"), std::string::npos) << error;
}

TEST(EngineProcess, EmptyArgvIsAnError) {
  std::string error;
  EXPECT_EQ(EngineProcess::start({}, &error), nullptr);
  EXPECT_FALSE(error.empty());
  error.clear();
  EXPECT_EQ(EngineProcess::start({""}, &error), nullptr);
  EXPECT_FALSE(error.empty());
}

TEST(EngineProcess, WorkingDirectory) {
  SpawnOptions options;
  options.working_directory = "/";
  auto script = start_ok(sh("pwd"), options);
  ASSERT_NE(script, nullptr);
  EXPECT_EQ(script->read_line(kArrives), "/");

  options.working_directory = "/nonexistent/dir";
  std::string error;
  EXPECT_EQ(EngineProcess::start(sh("pwd"), options, &error), nullptr);
  EXPECT_NE(error.find("/nonexistent/dir"), std::string::npos) << error;
}

TEST(EngineProcess, StderrIsInheritedOrDiscarded) {
  const auto run = [](bool discard) {
    SpawnOptions options;
    options.discard_stderr = discard;
    testing::internal::CaptureStderr();
    {
      auto script = start_ok(sh("echo narabe-diagnostic >&2; echo done"), options);
      if (script != nullptr) {
        EXPECT_EQ(script->read_line(kArrives), "done");
        EXPECT_TRUE(script->wait_exit(kArrives));
      }
    }
    return testing::internal::GetCapturedStderr();
  };
  EXPECT_NE(run(false).find("narabe-diagnostic"), std::string::npos);
  EXPECT_EQ(run(true).find("narabe-diagnostic"), std::string::npos);
}

TEST(EngineProcess, WaitForLineCollectsWhatCameBefore) {
  auto script =
      start_ok(sh("echo 'id name fake'; echo 'uciokay'; echo '  option name Hash type spin'; "
                  "echo 'uciok'; echo 'after'"));
  ASSERT_NE(script, nullptr);
  std::vector<std::string> seen;
  EXPECT_EQ(script->wait_for_line("uciok", kArrives, &seen), "uciok");
  EXPECT_EQ(seen,
            (std::vector<std::string>{"id name fake", "uciokay", "  option name Hash type spin"}));
  EXPECT_EQ(script->read_line(kArrives), "after");
}

TEST(EngineProcess, WaitForLineWithPredicate) {
  auto script = start_ok(sh("echo 'info depth 1'; echo 'info depth 2'; echo 'bestmove 4'"));
  ASSERT_NE(script, nullptr);
  const auto line = script->wait_for_line(
      [](std::string_view text) { return text.find("depth 2") != std::string_view::npos; },
      kArrives);
  EXPECT_EQ(line, "info depth 2");
  EXPECT_EQ(script->wait_for_line("bestmove", kArrives), "bestmove 4");
}

TEST(EngineProcess, WaitForLineTimesOut) {
  auto script = start_ok(sh("echo 'info depth 1'; exec cat"));
  ASSERT_NE(script, nullptr);
  std::vector<std::string> seen;
  const auto begin = std::chrono::steady_clock::now();
  const ReadResult result = script->wait_for_line_status("bestmove", kAbsent, &seen);
  EXPECT_EQ(result.status, ReadStatus::kTimeout);
  EXPECT_GE(std::chrono::steady_clock::now() - begin, kAbsent);
  EXPECT_LE(seen.size(), 1u);  // the info line may come late on a busy machine
}

TEST(EngineProcess, WaitForLineSeesTheEngineGo) {
  auto script = start_ok(sh("echo 'info string bye'; exit 1"));
  ASSERT_NE(script, nullptr);
  std::vector<std::string> seen;
  const ReadResult result = script->wait_for_line_status("bestmove", kArrives, &seen);
  EXPECT_EQ(result.status, ReadStatus::kClosed);
  EXPECT_EQ(seen, std::vector<std::string>{"info string bye"});
  EXPECT_FALSE(script->wait_for_line("bestmove", kArrives).has_value());
}

TEST(EngineProcess, ReaderAndWriterOnDifferentThreads) {
  auto cat = start_ok({"/bin/cat"});
  ASSERT_NE(cat, nullptr);
  constexpr int kLines = 2000;
  std::thread writer([&] {
    for (int i = 0; i < kLines; ++i) {
      if (!cat->send_line("line " + std::to_string(i))) return;
    }
  });
  for (int i = 0; i < kLines; ++i) {
    const auto line = cat->read_line(kArrives);
    if (!line.has_value()) {
      ADD_FAILURE() << "line " << i << " did not arrive";
      cat->kill();  // unblocks the writer, which then sees a dead engine
      break;
    }
    EXPECT_EQ(*line, "line " + std::to_string(i));
    if (i % 100 == 0) {
      EXPECT_TRUE(cat->is_alive());
    }
  }
  writer.join();
}

TEST(EngineProcess, DestructorEndsAnEngineThatIgnoresEndOfInput) {
  // `exec` so that no grandchild outlives the kill.
  auto stubborn = start_ok(sh("trap '' TERM; exec sleep 30"));
  ASSERT_NE(stubborn, nullptr);
  const pid_t pid = stubborn->pid();
  const auto begin = std::chrono::steady_clock::now();
  stubborn.reset();
  EXPECT_LT(std::chrono::steady_clock::now() - begin, 2s);
  errno = 0;
  EXPECT_EQ(waitpid(pid, nullptr, WNOHANG), -1);  // reaped: no zombie
  EXPECT_EQ(errno, ECHILD);
}

TEST(EngineProcess, DestructorLetsACooperativeEngineExit) {
  auto cat = start_ok({"/bin/cat"});
  ASSERT_NE(cat, nullptr);
  const pid_t pid = cat->pid();
  cat.reset();
  errno = 0;
  EXPECT_EQ(waitpid(pid, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
}

TEST(EngineProcess, EnginesDoNotInheritEachOthersPipes) {
  // If the second cat held the first one's stdin open, the first would never
  // see end of input.
  auto first = start_ok({"/bin/cat"});
  auto second = start_ok({"/bin/cat"});
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  first->close_input();
  EXPECT_TRUE(first->wait_exit(kArrives));
  EXPECT_TRUE(second->is_alive());
}

TEST(EngineProcess, NoFileDescriptorLeaks) {
  const int before = count_open_fds();
  for (int i = 0; i < 5; ++i) {
    auto cat = start_ok({"/bin/cat"});
    ASSERT_NE(cat, nullptr);
    ASSERT_TRUE(cat->send_line("x"));
    EXPECT_EQ(cat->read_line(kArrives), "x");
  }
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(EngineProcess::start({"/nonexistent/narabe-engine"}), nullptr);
  }
  EXPECT_EQ(count_open_fds(), before);
}

}  // namespace
}  // namespace narabe::client
