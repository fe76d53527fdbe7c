#pragma once
// An engine running as a child process, spoken to in lines over pipes: what
// the GUI, the tournament tool and the integration tests use to drive any
// engine that speaks the protocol. POSIX only.
//
// Threads: send_line, the read functions (read_line*, wait_for_line*) and the
// process-state functions (is_alive, exit_status, wait_exit, kill, pid) form
// three groups; calls from different groups may run at the same time on
// different threads (e.g. a reader thread beside the UI thread). Calls within
// one group, and close_input, need the caller's own synchronisation.

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/common/line_buffer.h"

namespace narabe::client {

struct SpawnOptions {
  // Sends the child's stderr to /dev/null instead of sharing ours.
  bool discard_stderr = false;
  // The child's working directory; empty keeps ours. A relative program path
  // is still resolved against our own working directory.
  std::string working_directory;
  // A longer line (without its '\n'; a '\r' before it counts) puts the reader in the error state,
  // so a runaway engine cannot make us buffer without bound.
  std::size_t max_line_length = std::size_t{16} << 20;
};

enum class ReadStatus {
  kLine,     // `line` holds the next line
  kTimeout,  // nothing complete arrived in time; a partial line stays buffered
  kClosed,   // the engine closed its stdout (usually: it exited)
  kError,    // a read failed or a line was too long; see read_error()
};

struct ReadResult {
  ReadStatus status = ReadStatus::kTimeout;
  std::string line;
};

class EngineProcess {
 public:
  using LinePredicate = std::function<bool(std::string_view)>;

  // Starts argv[0] with the arguments argv[1..]. A program name without '/'
  // is looked up in PATH. On failure returns nullptr and, when `error` is
  // given, a message naming the program and the reason (not found, not
  // executable, bad working directory...): failures of exec are reported by
  // the child before it exits, so they never look like an engine that died.
  static std::unique_ptr<EngineProcess> start(const std::vector<std::string>& argv,
                                              const SpawnOptions& options,
                                              std::string* error = nullptr);
  static std::unique_ptr<EngineProcess> start(const std::vector<std::string>& argv,
                                              std::string* error = nullptr);

  // Closes the engine's stdin, gives it 200 ms to exit by itself, then kills
  // it; always reaps it.
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Writes `line` and '\n' (blocking until the pipe takes it). False when the
  // engine no longer reads its stdin, or when `line` holds '\n' or '\r',
  // which would smuggle in a second command. Never raises SIGPIPE.
  bool send_line(std::string_view line);
  // Closes the engine's stdin: end of input, which the protocol reads as quit.
  void close_input();

  // The next line without its "\n" or "\r\n". A last line that the engine
  // ended without '\n' is returned when the stream closes.
  ReadResult read_line_status(std::chrono::milliseconds timeout);
  // The same, with nullopt for time-out, end of stream and error alike.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);

  // Reads lines until one satisfies `accept` (or, for the token form, until
  // one whose first token is exactly `first_token`: "bestmove", "readyok")
  // within `timeout` in total. The lines read before it are appended to
  // `seen` when given; the matching line itself is only returned.
  ReadResult wait_for_line_status(const LinePredicate& accept, std::chrono::milliseconds timeout,
                                  std::vector<std::string>* seen = nullptr);
  ReadResult wait_for_line_status(std::string_view first_token, std::chrono::milliseconds timeout,
                                  std::vector<std::string>* seen = nullptr);
  std::optional<std::string> wait_for_line(const LinePredicate& accept,
                                           std::chrono::milliseconds timeout,
                                           std::vector<std::string>* seen = nullptr);
  std::optional<std::string> wait_for_line(std::string_view first_token,
                                           std::chrono::milliseconds timeout,
                                           std::vector<std::string>* seen = nullptr);

  // Why the reader is in the error state; empty otherwise.
  const std::string& read_error() const { return read_error_; }

  pid_t pid() const { return pid_; }
  bool is_alive();
  // The exit code, or -N for a death by signal N; nullopt while it runs.
  std::optional<int> exit_status();
  // True once the process has exited (and been reaped) within `timeout`.
  bool wait_exit(std::chrono::milliseconds timeout);
  // SIGKILL, then reap. Harmless when it has already exited.
  void kill();

 private:
  EngineProcess(pid_t pid, int stdin_fd, int stdout_fd, std::size_t max_line_length);

  // Reaps the child if it has exited; true when it is gone. Caller holds
  // state_mutex_.
  bool try_reap_locked();
  // The next complete line in the buffer, if any; may set the error state.
  std::optional<std::string> take_buffered_line();
  void fail_reading(std::string message);
  void fail_line_too_long();

  const pid_t pid_;
  const std::size_t max_line_length_;

  int stdin_fd_;  // -1 once closed

  int stdout_fd_;  // -1 once closed or failed
  protocol::LineBuffer lines_;
  bool end_of_stream_ = false;
  std::string read_error_;

  std::mutex state_mutex_;
  bool reaped_ = false;
  std::optional<int> exit_status_;  // nullopt also when someone else reaped it
};

}  // namespace narabe::client
