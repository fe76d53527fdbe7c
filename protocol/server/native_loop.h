#pragma once
// The native command loop: UCI's commands generalised to several games the way UGI
// does it (docs/protocol.md); a text adapter over the EngineHost (engine_host.h),
// which owns the options, tables, session and search. Reads one line at a time;
// searches, perft and bench run on the search thread while lines keep being read, so
// `isready`, `stop`, `ponderhit` and `quit` take effect at once; a command that must
// wait for the job is queued with every line after it (deferred_lines.h). A line it
// cannot use gets one `info string error ...` reply and changes nothing, except a
// rejected `position`, which leaves no position to search until a valid one comes.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/server/engine_host.h"
#include "protocol/server/output_channel.h"
#include "protocol/server/session.h"

namespace narabe::server {

class NativeLoop {
 public:
  explicit NativeLoop(OutputChannel& out);

  // Handles one input line; false after `quit`.
  bool handle_line(std::string_view line);
  // A line longer than the reader accepts.
  void handle_overlong_line(std::size_t length);
  // End of input: like `quit`.
  void finish();
  // Waits for the running job (bench, perft, a search with a limit) to end by itself,
  // and for the lines queued behind it.
  void wait_idle() { host_.wait_idle(); }
  // Runs the lines that waited for a job that has ended; the reader calls it when the
  // search thread signals the end of a job (set_on_idle), handle_line does too.
  void resume() { host_.resume(); }
  // Called on the search thread whenever a job ends.
  void set_on_idle(std::function<void()> on_idle) { host_.set_on_idle(std::move(on_idle)); }

  // For tests.
  const Session& session() const { return host_.session(); }
  const EngineHost& host() const { return host_; }
  bool searching() const { return host_.busy(); }
  // false after a rejected `position`, until a position command, newgame or
  // ucinewgame succeeds.
  bool has_position() const { return host_.has_position(); }

 private:
  using Tokens = std::vector<std::string_view>;

  // One command, now; false after `quit`.
  bool execute(std::string_view line);
  void error(std::string_view message);
  // Words after a command's complete arguments are ignored, with one info string
  // (docs/protocol.md, "Transport"); `used` counts the command and its arguments.
  void ignore_extra(const Tokens& tokens, std::size_t used);
  // Whether a command with this first word waits for a running job (it changes what
  // the job uses, or starts one).
  static bool waits_for_job(std::string_view command);
  // For the commands that read the position: false (and the error) when there is none.
  bool need_position();

  void cmd_handshake(std::string_view ok_word);
  void cmd_setoption(std::string_view args);
  void cmd_newgame(const Tokens& tokens);
  void cmd_position(const Tokens& tokens);
  // The position a `position` command names, set in the session; or why not.
  core::Status set_position(const Tokens& tokens);
  void cmd_go(const Tokens& tokens);
  void cmd_ponderhit();
  void cmd_d();
  void cmd_legal();
  void cmd_result();
  void cmd_query(const Tokens& tokens);
  void cmd_perft(const Tokens& tokens);
  void cmd_eval();
  void cmd_bench();
  void cmd_forbidden();

  OutputChannel& out_;
  int errors_ = 0;  // error replies written, so a command knows it was refused
  // The limits of the `go ponder` running (nullopt: none, or ponderhit came).
  std::optional<search::SearchLimits> ponder_limits_;
  core::Side ponder_side_ = core::Side::kFirst;
  // Last: its search thread, whose job uses the members above, is joined first.
  EngineHost host_;
};

}  // namespace narabe::server
