// Fuzz target: the NBoard loop (protocol/server/nboard_loop.h) fed the input line by
// line: nboard, set game (GGF), set depth, set contempt, move (and NBoard 1.1's bare
// moves), go, hint, ping, learn, analyze and garbage. After every line:
//   - the position keeps its invariants;
//   - `pong` lines answer the `ping`s in order, each the last reply of its ping (a
//     search it stopped has written its replies before it);
//   - a `=== <move>/...` is a legal move of the position `go` searched;
//   - a refused line (`status error: <reason>`, one printable line) changed neither the position, the
//     depth nor the contempt.
// A search still running a few milliseconds after its line is stopped with a ping of
// the harness's own, whose pong is checked like the others.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/server/ggf.h"
#include "protocol/server/info_format.h"
#include "protocol/server/nboard_loop.h"
#include "protocol/server/tokens.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/loop_fuzz_support.h"

namespace narabe::fuzz {
namespace {

struct State {
  std::string fen;
  int depth;
  int contempt;
  explicit State(const server::NBoardLoop& loop)
      : fen(loop.session().position().fen()), depth(loop.depth()), contempt(loop.contempt()) {}
  bool operator==(const State&) const = default;
};

// The pong a ping line asks for.
std::string pong_for(const std::vector<std::string_view>& tokens) {
  return tokens.size() < 2 ? std::string("pong") : "pong " + server::sanitize_for_echo(tokens[1]);
}

class Harness {
 public:
  explicit Harness(server::NBoardLoop& loop, server::CapturedOutput& out) : loop_(loop), out_(out) {}

  // False once the loop quits.
  bool feed(std::string_view line) {
    const std::vector<std::string_view> tokens = server::split_tokens(line);
    const bool is_ping = !tokens.empty() && tokens[0] == "ping";
    if (is_ping) pongs_.push_back(pong_for(tokens));
    const State before(loop_);
    const bool searches = !tokens.empty() && (tokens[0] == "go" || tokens[0] == "hint");
    if (searches) legal_ = nboard_moves(loop_.session().position().legal_moves());

    const bool goes_on = loop_.handle_line(line);
    std::vector<std::string> replies = out_.take();
    if (is_ping && !replies.empty() && !replies.back().starts_with("pong")) fail("a ping's pong is not its last reply");
    if (!job_ends_soon(loop_)) {
      loop_.handle_line(stop_line());
      for (std::string& reply : out_.take()) replies.push_back(std::move(reply));
    }
    check(replies, before);
    require(loop_.session().position().check_invariants(), "position invariants");
    return goes_on;
  }

 private:
  static std::vector<std::string> nboard_moves(const std::vector<std::string>& moves) {
    std::vector<std::string> names;
    for (const std::string& move : moves) names.push_back(server::reversi_move_to_nboard(move));
    return names;
  }

  // The harness's own ping, numbered apart from any an input sends.
  std::string stop_line() {
    std::string line = "ping harness" + std::to_string(++stops_);
    pongs_.push_back(pong_for(server::split_tokens(line)));
    return line;
  }

  void check(const std::vector<std::string>& replies, const State& before) {
    bool refused = false;
    for (const std::string& reply : replies) {
      if (reply.starts_with("pong")) {
        if (pongs_.empty() || reply != pongs_.front()) fail("a pong out of order", reply);
        pongs_.pop_front();
      } else if (reply.starts_with("status error")) {
        if (reply.size() <= std::string_view("status error: ").size()) fail("an error without a reason");
        if (!is_clean_reply(reply, 200)) fail("an error is not one printable line", reply);
        refused = true;
      } else if (reply.starts_with("=== ")) {
        const std::string move = reply.substr(4, reply.find('/') - 4);
        if (!contains(legal_, move)) fail("=== is not a legal move", reply);
      }
    }
    if (refused && !(State(loop_) == before)) fail("a refused line changed the position or the settings");
    if (!pongs_.empty()) fail("a ping without its pong", pongs_.front());
  }

  server::NBoardLoop& loop_;
  server::CapturedOutput& out_;
  std::deque<std::string> pongs_;
  std::vector<std::string> legal_;
  int stops_ = 0;
};

}  // namespace
}  // namespace narabe::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace narabe;
  auto& [out, loop] = fuzz::LoopWithOutput<server::NBoardLoop>::instance();
  // The defaults and the start position (learn: any search of the last input has ended).
  for (const char* line : {"learn", "set depth 12", "set contempt 0",
                           "set game (;GM[Othello]PC[fuzz]BO[8 ---------------------------O*------*O--------------------------- *];)"})
    loop.handle_line(line);
  if (fuzz::count_starting(out.take(), "status error") != 0) fuzz::fail("the harness's reset was refused");
  fuzz::Harness harness(loop, out);
  for (std::string_view line : fuzz::lines_of(fuzz::as_text(data, size)))
    if (!harness.feed(line)) break;
  loop.finish();
  return 0;
}
