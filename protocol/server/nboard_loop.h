#pragma once
// The NBoard loop: Chris Welty's NBoard protocol (the Othello GUI's), the second
// front door of the engine, chosen when the first line is `nboard <version>`
// (server.cpp). It plays Reversi through the same Session and search as the native
// loop, at Level max to the depth of `set depth` (docs/protocol.md, "NBoard").
//
// Lines it does not know are ignored without a reply, as NBoard requires; a line it
// knows but cannot use (a bad GGF, an illegal move) gets one `status error ...`
// line, which NBoard shows in its status bar, and changes nothing.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/score.h"
#include "engine/core/transposition_table.h"
#include "protocol/server/output_channel.h"
#include "protocol/server/reversi_eval_file.h"
#include "protocol/server/search_worker.h"
#include "protocol/server/session.h"

namespace narabe::server {

// A score (hundredths of a disc, the side to move's view) as NBoard's eval in
// discs: "1.25", "-0.50". A proven win or loss, whose margin the search does not
// keep, is shown as 64 or -64 discs.
std::string format_nboard_eval(core::Score score);

class NBoardLoop {
 public:
  static constexpr int kDefaultDepth = 12;
  static constexpr int kMaxDepth = 60;

  explicit NBoardLoop(OutputChannel& out);
  ~NBoardLoop();

  // Handles one input line; false after `quit`.
  bool handle_line(std::string_view line);
  // A line longer than the reader accepts: ignored.
  void handle_overlong_line(std::size_t length);
  // End of input: like `quit`.
  void finish();
  // Waits for the running search to end by itself.
  void wait_idle() { worker_.wait(); }

  // For tests.
  const Session& session() const { return *session_; }
  int depth() const { return depth_; }
  int contempt() const { return contempt_; }
  bool searching() const { return worker_.busy(); }

 private:
  using Tokens = std::vector<std::string_view>;

  void error(std::string_view message);
  void cmd_set(const Tokens& tokens, std::string_view line);
  void cmd_set_game(std::string_view ggf);
  void cmd_move(std::string_view text);
  void cmd_go();
  void cmd_hint(const Tokens& tokens);
  void cmd_ping(const Tokens& tokens);

  // A search of the current position to depth_ with `multipv` lines; `finish`
  // writes the replies once it is done (on the search thread).
  void start_search(int multipv, bool hint);

  OutputChannel& out_;
  EvaluationChoice evaluation_;  // the trained weights, or the simple evaluation
  core::TranspositionTable table_;
  std::unique_ptr<Session> session_;
  int depth_ = kDefaultDepth;
  int contempt_ = 0;  // accepted and kept; the search has no contempt
  SearchWorker worker_;  // last: joined before the session and table go away
};

}  // namespace narabe::server
