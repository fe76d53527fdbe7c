#pragma once
// The NBoard loop: Chris Welty's NBoard protocol (the Othello GUI's), the second
// front door of the engine, chosen when the first line is `nboard <version>`
// (server.cpp). A text adapter over the same EngineHost as the native loop: it plays
// Reversi at Level max to the depth of `set depth` (docs/protocol.md, "NBoard").
//
// Lines it does not know are ignored without a reply, as NBoard requires; a line it
// knows but cannot use (a bad GGF, an illegal move) gets one `status error ...`
// line, which NBoard shows in its status bar, and changes nothing, except a rejected
// `set game`, which leaves no position until a valid one.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/score.h"
#include "protocol/server/engine_host.h"
#include "protocol/server/output_channel.h"
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

  // Handles one input line; false after `quit`.
  bool handle_line(std::string_view line);
  // A line longer than the reader accepts: ignored.
  void handle_overlong_line(std::size_t length);
  // End of input: like `quit`.
  void finish();
  // Waits for the running search to end by itself, and for the lines queued behind it.
  void wait_idle() { host_.wait_idle(); }
  // Runs the lines that waited for a search that has ended (see NativeLoop::resume).
  void resume() { host_.resume(); }
  // Called on the search thread whenever a search ends.
  void set_on_idle(std::function<void()> on_idle) { host_.set_on_idle(std::move(on_idle)); }

  // For tests.
  const Session& session() const { return host_.session(); }
  int depth() const { return depth_; }
  int contempt() const { return contempt_; }
  bool searching() const { return host_.busy(); }
  // false after a rejected `set game`, until a valid one.
  bool has_position() const { return host_.has_position(); }

 private:
  using Tokens = std::vector<std::string_view>;

  // One command, now.
  void execute(std::string_view line);
  // For the commands that use the position: false (and the error) when there is none.
  bool need_position();
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
  int depth_ = kDefaultDepth;
  int contempt_ = 0;  // accepted and kept; the search has no contempt
  // Last: its search thread, whose job uses the members above, is joined first.
  EngineHost host_;
};

}  // namespace narabe::server
