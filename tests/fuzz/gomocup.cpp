// Fuzz target: the Gomocup loop (protocol/server/gomocup_loop.h) fed the input line
// by line: START/RECTSTART/RESTART/BEGIN/TURN/PLAY/TAKEBACK, BOARD and YXBOARD with
// their stone lines and DONE, INFO with every key, ABOUT, YXSTOP, YXSHOWFORBID, END
// and garbage. After every line:
//   - the session's position keeps its invariants;
//   - a move the brain answers (the line after its `MESSAGE depth ...`) is on the
//     board and is the game's last move, so the game took it as legal (on an empty
//     point, not forbidden to a renju Black);
//   - every ERROR and UNKNOWN carries a reason, each of them and every MESSAGE is
//     one printable line, and an ERROR for bad input left the
//     game (size, rule, moves) as it was. Settings from INFO (rule, max_memory) are
//     applied by the next command that uses the board, which may then change the
//     board before it refuses: such lines are not compared.
// The loop is kept from one input to the next while it lasts (loop_fuzz_support.h).
// Memory and time stay bounded: max_memory is held to a few MiB, and a search still
// running a few milliseconds after its line is stopped with YXSTOP.

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/server/gomocup_loop.h"
#include "protocol/server/tokens.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/loop_fuzz_support.h"

namespace narabe::fuzz {
namespace {

// 40 MiB of max_memory leave a 4 MiB table (gomocup_loop.cpp keeps 32 MiB back and halves the rest).
constexpr std::int64_t kMaxMemory = std::int64_t{40} << 20;

// The line as the harness passes it on.
std::string bounded(std::string_view line, const std::vector<std::string_view>& tokens) {
  if (tokens.size() == 3 && upper_ascii(tokens[0]) == "INFO" && upper_ascii(tokens[1]) == "MAX_MEMORY") {
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(tokens[2].data(), tokens[2].data() + tokens[2].size(), value);
    if (ec == std::errc() && end == tokens[2].data() + tokens[2].size() && (value <= 0 || value > kMaxMemory))
      return "INFO max_memory " + std::to_string(kMaxMemory);
  }
  return std::string(line);
}

struct Game {
  std::string variant;
  std::vector<std::string> moves;
  std::string fen;
  explicit Game(const server::GomocupLoop& loop) : moves(loop.moves()) {
    if (const server::Session* s = loop.session()) {
      variant = s->position().variant_description();
      fen = s->position().fen();
    }
  }
  bool operator==(const Game&) const = default;
};

// The board's size: its fen has one row per line of the board.
int board_size(const server::Session& session) {
  const std::string fen = session.position().fen();
  return static_cast<int>(std::count(fen.begin(), fen.begin() + static_cast<std::ptrdiff_t>(fen.find(' ')), '/')) + 1;
}

void check_replies(const server::GomocupLoop& loop, const std::vector<std::string>& replies) {
  for (const std::string& reply : replies)
    if ((reply.starts_with("ERROR") || reply.starts_with("UNKNOWN")) && reply.find(' ') == std::string::npos)
      fail("an ERROR or UNKNOWN without a reason");
  for (const std::string& reply : replies)
    if ((reply.starts_with("ERROR") || reply.starts_with("UNKNOWN") || reply.starts_with("MESSAGE")) &&
        !is_clean_reply(reply, 300))
      fail("an ERROR, UNKNOWN or MESSAGE is not one printable line", reply);
  int answers = 0;
  for (std::size_t i = 0; i < replies.size(); ++i) {
    if (!replies[i].starts_with("MESSAGE depth ")) continue;
    if (++answers > 1) fail("two moves for one line");
    if (i + 1 >= replies.size()) fail("a search's MESSAGE without its move");
    const auto point = server::parse_gomocup_point(replies[i + 1]);
    if (!point || loop.session() == nullptr) fail("the brain's move is not X,Y", replies[i + 1]);
    if (loop.moves().empty() || server::cell_to_gomocup_point(loop.moves().back(), board_size(*loop.session())) != point)
      fail("the brain's move is not the game's last move", replies[i + 1]);
  }
}

}  // namespace
}  // namespace narabe::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace narabe;
  // After END the loop writes nothing more: then the next input gets a new one,
  // which has no board yet.
  static server::CapturedOutput out;
  static std::unique_ptr<server::GomocupLoop> made;
  // A new table is made at the next command after max_memory: only after an input that set it.
  static bool memory_changed = true;
  if (!made || made->ended()) {
    made = std::make_unique<server::GomocupLoop>(out);
    memory_changed = true;
  }
  server::GomocupLoop& loop = *made;
  // INFO's defaults (a timeout_turn of 5 s plans as no timeout_turn does), the
  // smallest table (START clears it all) and an empty 15x15 board when there is one.
  for (const char* line : {"INFO timeout_turn 5000", "INFO timeout_match 0", "INFO time_left 2147483647",
                           "INFO max_node 0", "INFO max_depth 0", "INFO rule 0", "INFO thread_num 1"})
    loop.handle_line(line);
  if (memory_changed) loop.handle_line("INFO max_memory 1");
  memory_changed = false;
  if (loop.session() != nullptr) loop.handle_line("START 15");
  out.take();
  bool in_board = false;  // between BOARD and DONE, as the loop sees it
  bool pending = false;   // an INFO rule or max_memory not applied yet
  for (std::string_view raw : fuzz::lines_of(fuzz::as_text(data, size))) {
    const std::vector<std::string_view> tokens = server::split_tokens(raw);
    const std::string line = fuzz::bounded(raw, tokens);
    const std::string word = tokens.empty() ? std::string() : fuzz::upper_ascii(tokens[0]);
    const fuzz::Game before(loop);
    const bool was_pending = pending;
    if (in_board) {
      if (word == "DONE" || word == "END") {
        in_board = false;
        pending = false;
      }
    } else if (word == "BOARD" || word == "YXBOARD") {
      in_board = true;
    } else if (word == "INFO" && tokens.size() >= 2) {
      const std::string key = fuzz::upper_ascii(tokens[1]);
      pending = pending || key == "RULE" || key == "MAX_MEMORY";
      memory_changed = memory_changed || key == "MAX_MEMORY";
    } else if (word == "START" || word == "RECTSTART" || word == "RESTART" || word == "BEGIN" || word == "TURN" ||
               word == "PLAY" || word == "TAKEBACK" || word == "YXSHOWFORBID") {
      pending = pending && word == "RECTSTART";  // a bad RECTSTART refuses before it applies them
    }

    const bool goes_on = loop.handle_line(line);
    fuzz::end_job(loop, "YXSTOP");
    const std::vector<std::string> replies = out.take();
    if (loop.session() != nullptr) fuzz::require(loop.session()->position().check_invariants(), "position invariants");
    fuzz::check_replies(loop, replies);
    for (const std::string& reply : replies)
      if (reply.starts_with("ERROR") && reply.find("game is over") == std::string::npos && !was_pending &&
          !(fuzz::Game(loop) == before))
        fuzz::fail("an ERROR changed the game", line);
    if (!goes_on || loop.ended()) return 0;
  }
  // An input may end inside BOARD: close the board, so the next input's reset lines
  // are commands again (its search is stopped, and its replies are not checked).
  if (in_board) {
    loop.handle_line("DONE");
    fuzz::end_job(loop, "YXSTOP");
  }
  out.take();
  return 0;
}
