#pragma once
// The native command loop: UCI's commands generalised to several games the way UGI
// does it (docs/protocol.md). Reads one line at a time; searches, perft and bench
// run on the search thread while lines keep being read, so `isready` and `stop` are
// answered at once. A line it cannot use gets one `info string error ...` reply and
// changes nothing.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/transposition_table.h"
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
  // Waits for the running job (bench, perft, a search with a limit) to end by itself.
  void wait_idle() { worker_.wait(); }

  // For tests.
  const Session& session() const { return *session_; }
  bool searching() const { return worker_.busy(); }

 private:
  using Tokens = std::vector<std::string_view>;

  void error(std::string_view message);
  // Before a command that changes what a search uses: waits for a job with a limit
  // to end; during `go infinite` answers an error and returns true (refused).
  bool refuse_while_busy(std::string_view command);
  void reset_game_memory();
  void reseed();

  void cmd_handshake(std::string_view ok_word);
  void cmd_setoption(std::string_view args);
  void cmd_newgame(const Tokens& tokens);
  void cmd_ucinewgame();
  void cmd_position(const Tokens& tokens);
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
  SearchWorker worker_;  // last: joined before the session and table go away
};

}  // namespace narabe::server
