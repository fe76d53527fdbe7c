#pragma once
// The native command loop: UCI's commands generalised to several games the way UGI
// does it (docs/protocol.md). Reads one line at a time; searches, perft and bench
// run on the search thread while lines keep being read, so `isready`, `stop` and
// `quit` take effect at once; a command that must wait for the job is queued with
// every line after it (deferred_lines.h). A line it cannot use gets one
// `info string error ...` reply and changes nothing, except a rejected `position`,
// which leaves no position to search until a valid one comes.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/transposition_table.h"
#include "protocol/server/deferred_lines.h"
#include "protocol/server/engine_options.h"
#include "protocol/server/gomoku_eval_file.h"
#include "protocol/server/output_channel.h"
#include "protocol/server/reversi_eval_file.h"
#include "protocol/server/search_worker.h"
#include "protocol/server/session.h"

namespace narabe::server {

class NativeLoop {
 public:
  explicit NativeLoop(OutputChannel& out);
  ~NativeLoop();

  // Handles one input line; false after `quit`.
  bool handle_line(std::string_view line);
  // A line longer than the reader accepts.
  void handle_overlong_line(std::size_t length);
  // End of input: like `quit`.
  void finish();
  // Waits for the running job (bench, perft, a search with a limit) to end by itself,
  // and for the lines queued behind it.
  void wait_idle();
  // Runs the lines that waited for a job that has ended; the reader calls it when the
  // search thread signals the end of a job (set_on_idle), handle_line does too.
  void resume();
  // Called on the search thread whenever a job ends.
  void set_on_idle(std::function<void()> on_idle) { worker_.set_on_idle(std::move(on_idle)); }

  // For tests.
  const Session& session() const { return *session_; }
  bool searching() const { return worker_.busy(); }
  // false after a rejected `position`, until a position command, newgame or
  // ucinewgame succeeds.
  bool has_position() const { return position_error_.empty(); }

 private:
  using Tokens = std::vector<std::string_view>;

  // One command, now; false after `quit`.
  bool execute(std::string_view line);
  void error(std::string_view message);
  // Whether a command with this first word waits for a running job (it changes what
  // the job uses, or starts one).
  static bool waits_for_job(std::string_view command);
  // For the commands that read the position: false (and the error) when there is none.
  bool need_position();
  void reset_game_memory();
  void reseed();

  void cmd_handshake(std::string_view ok_word);
  void cmd_setoption(std::string_view args);
  void cmd_newgame(const Tokens& tokens);
  void cmd_ucinewgame();
  void cmd_position(const Tokens& tokens);
  // The position a `position` command names, set in the session; or why not.
  core::Status set_position(const Tokens& tokens);
  void cmd_go(const Tokens& tokens);
  void cmd_stop();
  void cmd_d();
  void cmd_legal();
  void cmd_result();
  void cmd_query(const Tokens& tokens);
  void cmd_perft(const Tokens& tokens);
  void cmd_eval();
  void cmd_bench();
  void cmd_forbidden();
  // What sessions give their positions; prints what went wrong loading weights.
  PositionExtras position_extras();
  void report_gomoku_eval();

  OutputChannel& out_;
  EngineOptions options_;
  EvaluationChoice evaluation_;
  GomokuEvaluation gomoku_eval_;  // Gomoku's trained weights, per rule
  core::TranspositionTable table_;
  std::unique_ptr<Session> session_;
  std::string position_error_;  // why there is no position to search; empty: there is
  DeferredLines deferred_;
  SearchWorker worker_;  // last: joined before the session and table go away
};

}  // namespace narabe::server
