// Spawning an engine and the line-based pipe I/O with it (POSIX).

#include "protocol/client/engine_process.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <thread>
#include <utility>

#include "protocol/client/engine_messages.h"

namespace narabe::client {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr std::size_t kReadChunk = 64 * 1024;
constexpr milliseconds kDestructorGrace{200};
// Time-outs beyond this mean "no time-out"; it also keeps now() + timeout
// from overflowing.
constexpr auto kForever = std::chrono::hours(24 * 365);

std::string errno_text(int error) {
  return std::generic_category().message(error);
}

Clock::time_point deadline_after(milliseconds timeout) {
  const auto now = Clock::now();
  if (timeout <= milliseconds::zero()) return now;
  if (timeout >= kForever) return Clock::time_point::max();
  return now + timeout;
}

milliseconds remaining_until(Clock::time_point deadline) {
  if (deadline == Clock::time_point::max()) return milliseconds::max();
  const auto left = std::chrono::ceil<milliseconds>(deadline - Clock::now());
  return std::max(left, milliseconds::zero());
}

int poll_timeout_ms(Clock::time_point deadline) {
  const milliseconds left = remaining_until(deadline);
  if (left == milliseconds::max()) return -1;
  return static_cast<int>(std::min<milliseconds::rep>(left.count(), INT_MAX));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// A close-on-exec pipe whose ends are above 2, so that a parent running with
// stdin/stdout/stderr closed cannot get them mixed up with the child's 0-2.
bool make_pipe(int (&fds)[2]) {
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  for (int& fd : fds) {
    if (fd > 2) continue;
    const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
    const int saved_errno = errno;
    ::close(fd);
    fd = moved;
    if (moved < 0) {
      close_fd(fds[0]);
      close_fd(fds[1]);
      errno = saved_errno;
      return false;
    }
  }
  return true;
}

// Blocks SIGPIPE for this thread during a write, and swallows the SIGPIPE the
// write raised, so that a dead engine costs us a false, not our life, without
// changing the process-wide disposition under the host program's feet.
class SigpipeGuard {
 public:
  SigpipeGuard() {
    sigemptyset(&pipe_set_);
    sigaddset(&pipe_set_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set_, &old_mask_);
    sigset_t pending;
    sigemptyset(&pending);
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
  }
  ~SigpipeGuard() {
    if (raised_ && !was_pending_) {
      const timespec no_wait{};
      while (sigtimedwait(&pipe_set_, nullptr, &no_wait) < 0 && errno == EINTR) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
  }
  SigpipeGuard(const SigpipeGuard&) = delete;
  SigpipeGuard& operator=(const SigpipeGuard&) = delete;

  void note_raised() { raised_ = true; }

 private:
  sigset_t pipe_set_;
  sigset_t old_mask_;
  bool was_pending_ = false;
  bool raised_ = false;
};

// Finds the file to exec, in the parent, so that the child between fork and
// exec only makes async-signal-safe calls (execvp may allocate).
std::optional<std::string> resolve_program(const std::string& program, std::string* why) {
  if (program.empty()) {
    *why = "empty program name";
    return std::nullopt;
  }
  std::error_code ec;
  if (program.find('/') != std::string::npos) {
    // Absolute, so that a working_directory for the child does not change
    // which file runs.
    auto path = std::filesystem::absolute(program, ec);
    return ec ? program : path.string();
  }
  const char* env_path = std::getenv("PATH");
  const std::string search = env_path != nullptr ? env_path : "/usr/local/bin:/usr/bin:/bin";
  int first_error = ENOENT;
  std::size_t start = 0;
  while (start <= search.size()) {
    std::size_t end = search.find(':', start);
    if (end == std::string::npos) end = search.size();
    const std::string dir = end > start ? search.substr(start, end - start) : ".";
    start = end + 1;
    const std::string candidate = dir + "/" + program;
    struct stat info {};
    if (::stat(candidate.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) continue;
    if (::access(candidate.c_str(), X_OK) != 0) {
      first_error = EACCES;
      continue;
    }
    auto path = std::filesystem::absolute(candidate, ec);
    return ec ? candidate : path.string();
  }
  *why = first_error == ENOENT ? std::string("not found in PATH") : errno_text(first_error);
  return std::nullopt;
}

// What the child sends back through the close-on-exec pipe when it fails
// before or in exec; an exec that works closes the pipe with nothing in it.
enum class ChildStage : int { kRedirect = 1, kDevNull, kChdir, kExec };
struct ChildFailure {
  ChildStage stage;
  int error;
};

[[noreturn]] void child_fail(int report_fd, ChildStage stage) {
  const ChildFailure failure{stage, errno};
  [[maybe_unused]] const ssize_t written = ::write(report_fd, &failure, sizeof failure);
  ::_exit(127);
}

// Runs in the forked child: only async-signal-safe calls from here on.
[[noreturn]] void exec_child(const char* path, char* const* argv, int stdin_fd, int stdout_fd,
                             int report_fd, bool discard_stderr, const char* working_directory) {
  // All our fds are above 2, so dup2 always makes fresh, inheritable copies.
  if (::dup2(stdin_fd, STDIN_FILENO) < 0 || ::dup2(stdout_fd, STDOUT_FILENO) < 0) {
    child_fail(report_fd, ChildStage::kRedirect);
  }
  if (discard_stderr) {
    const int null_fd = ::open("/dev/null", O_WRONLY);
    if (null_fd < 0) child_fail(report_fd, ChildStage::kDevNull);
    if (null_fd != STDERR_FILENO) {
      if (::dup2(null_fd, STDERR_FILENO) < 0) child_fail(report_fd, ChildStage::kDevNull);
      ::close(null_fd);
    }
  }
  if (working_directory != nullptr && ::chdir(working_directory) != 0) {
    child_fail(report_fd, ChildStage::kChdir);
  }
  // An ignored SIGPIPE survives exec; the engine should get the default.
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  ::sigaction(SIGPIPE, &default_action, nullptr);
  sigset_t empty_mask;
  sigemptyset(&empty_mask);
  ::sigprocmask(SIG_SETMASK, &empty_mask, nullptr);

  ::execv(path, argv);
  child_fail(report_fd, ChildStage::kExec);
}

std::optional<int> decode_wait_status(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return -WTERMSIG(status);
  return std::nullopt;
}

void set_error(std::string* error, std::string message) {
  if (error != nullptr) *error = std::move(message);
}

}  // namespace

std::unique_ptr<EngineProcess> EngineProcess::start(const std::vector<std::string>& argv,
                                                    std::string* error) {
  return start(argv, SpawnOptions{}, error);
}

std::unique_ptr<EngineProcess> EngineProcess::start(const std::vector<std::string>& argv,
                                                    const SpawnOptions& options,
                                                    std::string* error) {
  if (argv.empty()) {
    set_error(error, "cannot start engine: no program given");
    return nullptr;
  }
  const std::string& program = argv.front();
  std::string why;
  const auto path = resolve_program(program, &why);
  if (!path) {
    set_error(error, fmt::format("cannot start '{}': {}", program, why));
    return nullptr;
  }

  // Everything the child needs is built before fork: it must not allocate.
  std::vector<char*> child_argv;
  child_argv.reserve(argv.size() + 1);
  for (const std::string& arg : argv) child_argv.push_back(const_cast<char*>(arg.c_str()));
  child_argv.push_back(nullptr);
  const char* working_directory =
      options.working_directory.empty() ? nullptr : options.working_directory.c_str();

  int to_child[2] = {-1, -1};
  int from_child[2] = {-1, -1};
  int report[2] = {-1, -1};
  auto close_all = [&] {
    for (int* fds : {to_child, from_child, report}) {
      close_fd(fds[0]);
      close_fd(fds[1]);
    }
  };
  if (!make_pipe(to_child) || !make_pipe(from_child) || !make_pipe(report)) {
    const int saved_errno = errno;
    close_all();
    set_error(error, fmt::format("cannot start '{}': pipe: {}", program, errno_text(saved_errno)));
    return nullptr;
  }

  const pid_t pid = ::fork();
  if (pid < 0) {
    const int saved_errno = errno;
    close_all();
    set_error(error, fmt::format("cannot start '{}': fork: {}", program, errno_text(saved_errno)));
    return nullptr;
  }
  if (pid == 0) {
    exec_child(path->c_str(), child_argv.data(), to_child[0], from_child[1], report[1],
               options.discard_stderr, working_directory);
  }

  close_fd(to_child[0]);
  close_fd(from_child[1]);
  close_fd(report[1]);

  ChildFailure failure{};
  std::size_t got = 0;
  while (got < sizeof failure) {
    const ssize_t n =
        ::read(report[0], reinterpret_cast<char*>(&failure) + got, sizeof failure - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  close_fd(report[0]);

  if (got > 0) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    close_all();
    std::string reason = errno_text(failure.error);
    switch (failure.stage) {
      case ChildStage::kRedirect:
        reason = "redirecting stdin/stdout: " + reason;
        break;
      case ChildStage::kDevNull:
        reason = "opening /dev/null: " + reason;
        break;
      case ChildStage::kChdir:
        reason =
            fmt::format("cannot change directory to '{}': {}", options.working_directory, reason);
        break;
      case ChildStage::kExec:
        break;
    }
    set_error(error, fmt::format("cannot start '{}': {}", program, reason));
    return nullptr;
  }

  // poll() decides when to wait; a read must never block past a time-out.
  const int flags = ::fcntl(from_child[0], F_GETFL);
  if (flags >= 0) ::fcntl(from_child[0], F_SETFL, flags | O_NONBLOCK);

  return std::unique_ptr<EngineProcess>(
      new EngineProcess(pid, to_child[1], from_child[0], options.max_line_length));
}

EngineProcess::EngineProcess(pid_t pid, int stdin_fd, int stdout_fd, std::size_t max_line_length)
    : pid_(pid),
      max_line_length_(max_line_length),
      stdin_fd_(stdin_fd),
      stdout_fd_(stdout_fd),
      lines_(max_line_length) {}

EngineProcess::~EngineProcess() {
  close_input();
  if (!wait_exit(kDestructorGrace)) kill();
  close_fd(stdout_fd_);
}

bool EngineProcess::send_line(std::string_view line) {
  if (stdin_fd_ < 0 || line.find_first_of("\r\n") != std::string_view::npos) return false;
  std::string data;
  data.reserve(line.size() + 1);
  data.append(line);
  data.push_back('\n');

  SigpipeGuard guard;
  std::size_t written = 0;
  while (written < data.size()) {
    const ssize_t n = ::write(stdin_fd_, data.data() + written, data.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EPIPE) guard.note_raised();
      // The engine will never read again; later sends fail fast.
      close_input();
      return false;
    }
    written += static_cast<std::size_t>(n);
  }
  return true;
}

void EngineProcess::close_input() {
  close_fd(stdin_fd_);
}

void EngineProcess::fail_reading(std::string message) {
  read_error_ = std::move(message);
  // Closing our end makes a chattering engine fail its writes instead of
  // blocking forever on a pipe nobody drains.
  close_fd(stdout_fd_);
  lines_.clear();
}

void EngineProcess::fail_line_too_long() {
  fail_reading(fmt::format("engine wrote a line longer than {} bytes", max_line_length_));
}

std::optional<std::string> EngineProcess::take_buffered_line() {
  std::optional<protocol::BufferedLine> line = lines_.next_line();
  if ((line && line->too_long) || (!line && lines_.overflowing())) {
    fail_line_too_long();
    return std::nullopt;
  }
  if (!line) return std::nullopt;
  return std::move(line->text);
}

ReadResult EngineProcess::read_line_status(milliseconds timeout) {
  const auto deadline = deadline_after(timeout);
  for (;;) {
    if (auto line = take_buffered_line()) return {ReadStatus::kLine, std::move(*line)};
    if (!read_error_.empty()) return {ReadStatus::kError, {}};
    if (end_of_stream_) {
      if (std::optional<protocol::BufferedLine> last = lines_.finish()) {
        if (last->too_long) {
          fail_line_too_long();
          return {ReadStatus::kError, {}};
        }
        return {ReadStatus::kLine, std::move(last->text)};
      }
      return {ReadStatus::kClosed, {}};
    }

    pollfd poll_fd{stdout_fd_, POLLIN, 0};
    const int ready = ::poll(&poll_fd, 1, poll_timeout_ms(deadline));
    if (ready < 0) {
      if (errno != EINTR) fail_reading(fmt::format("poll: {}", errno_text(errno)));
      continue;
    }
    if (ready == 0) {
      if (Clock::now() >= deadline) return {ReadStatus::kTimeout, {}};
      continue;
    }

    std::array<char, kReadChunk> chunk;
    const ssize_t n = ::read(stdout_fd_, chunk.data(), chunk.size());
    if (n > 0) lines_.append(chunk.data(), static_cast<std::size_t>(n));
    if (n == 0) {
      end_of_stream_ = true;
      close_fd(stdout_fd_);
    } else if (n < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
      fail_reading(fmt::format("read: {}", errno_text(errno)));
    }
  }
}

std::optional<std::string> EngineProcess::read_line(milliseconds timeout) {
  ReadResult result = read_line_status(timeout);
  if (result.status != ReadStatus::kLine) return std::nullopt;
  return std::move(result.line);
}

ReadResult EngineProcess::wait_for_line_status(const LinePredicate& accept, milliseconds timeout,
                                               std::vector<std::string>* seen) {
  const auto deadline = deadline_after(timeout);
  for (;;) {
    ReadResult result = read_line_status(remaining_until(deadline));
    if (result.status != ReadStatus::kLine || accept(result.line)) return result;
    if (seen != nullptr) seen->push_back(std::move(result.line));
    // An engine that floods us must not keep us here past the deadline.
    if (Clock::now() >= deadline) return {ReadStatus::kTimeout, {}};
  }
}

ReadResult EngineProcess::wait_for_line_status(std::string_view first_token_wanted,
                                               milliseconds timeout,
                                               std::vector<std::string>* seen) {
  return wait_for_line_status(
      [first_token_wanted](std::string_view line) {
        return first_token(line) == first_token_wanted;
      },
      timeout, seen);
}

std::optional<std::string> EngineProcess::wait_for_line(const LinePredicate& accept,
                                                        milliseconds timeout,
                                                        std::vector<std::string>* seen) {
  ReadResult result = wait_for_line_status(accept, timeout, seen);
  if (result.status != ReadStatus::kLine) return std::nullopt;
  return std::move(result.line);
}

std::optional<std::string> EngineProcess::wait_for_line(std::string_view first_token_wanted,
                                                        milliseconds timeout,
                                                        std::vector<std::string>* seen) {
  ReadResult result = wait_for_line_status(first_token_wanted, timeout, seen);
  if (result.status != ReadStatus::kLine) return std::nullopt;
  return std::move(result.line);
}

bool EngineProcess::try_reap_locked() {
  if (reaped_) return true;
  int status = 0;
  pid_t result = 0;
  do {
    result = ::waitpid(pid_, &status, WNOHANG);
  } while (result < 0 && errno == EINTR);
  if (result == 0) return false;
  reaped_ = true;
  // result < 0 (ECHILD) means someone else reaped it (SIGCHLD ignored):
  // gone, with its status lost.
  if (result == pid_) exit_status_ = decode_wait_status(status);
  return true;
}

bool EngineProcess::is_alive() {
  std::lock_guard lock(state_mutex_);
  return !try_reap_locked();
}

std::optional<int> EngineProcess::exit_status() {
  std::lock_guard lock(state_mutex_);
  try_reap_locked();
  return exit_status_;
}

bool EngineProcess::wait_exit(milliseconds timeout) {
  const auto deadline = deadline_after(timeout);
  // Short sleeps first: a process told to quit is usually gone in a few ms.
  milliseconds pause{1};
  for (;;) {
    {
      std::lock_guard lock(state_mutex_);
      if (try_reap_locked()) return true;
    }
    const milliseconds left = remaining_until(deadline);
    if (left <= milliseconds::zero()) return false;
    std::this_thread::sleep_for(std::min(pause, left));
    pause = std::min(pause * 2, milliseconds{20});
  }
}

void EngineProcess::kill() {
  std::lock_guard lock(state_mutex_);
  if (try_reap_locked()) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  pid_t result = 0;
  do {
    result = ::waitpid(pid_, &status, 0);
  } while (result < 0 && errno == EINTR);
  reaped_ = true;
  if (result == pid_) exit_status_ = decode_wait_status(status);
}

}  // namespace narabe::client
