#include "protocol/server/server.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <utility>

#include "protocol/server/gomocup_loop.h"
#include "protocol/server/native_loop.h"
#include "protocol/server/nboard_loop.h"
#include "protocol/server/tokens.h"
#include "protocol/server/wakeup.h"

namespace narabe::server {

namespace {

bool is_blank(std::string_view text) { return text.find_first_not_of(" \t") == std::string_view::npos; }

// Whether the line's first word is `nboard` (NBoard's first command, `nboard 2`).
bool is_nboard_greeting(std::string_view text) {
  const std::size_t start = text.find_first_not_of(" \t");
  if (start == std::string_view::npos) return false;
  text.remove_prefix(start);
  return text.substr(0, 6) == "nboard" && (text.size() == 6 || text[6] == ' ' || text[6] == '\t');
}

// Whether the line's first word is a Gomocup command, in capitals as managers send
// them (the native protocol's words are lowercase, so none is taken from it).
bool is_gomocup_command(std::string_view text) {
  static constexpr std::string_view kCommands[] = {"START", "RECTSTART", "RESTART", "INFO",  "ABOUT",
                                                   "BEGIN", "TURN",      "BOARD",   "YXBOARD", "TAKEBACK",
                                                   "PLAY",  "END",       "YXSHOWFORBID", "YXSTOP"};
  const std::vector<std::string_view> words = split_tokens(text);
  return !words.empty() && std::find(std::begin(kCommands), std::end(kCommands), words.front()) != std::end(kCommands);
}

#ifndef NDEBUG
const Session* session_of(const Session& session) { return &session; }
const Session* session_of(const Session* session) { return session; }
#endif

// Debug builds check the loaded position's invariants after every command
// (engine/core/position_invariants.h) and stop at the first command that broke
// one, naming it; release builds skip the check, which costs a move generation
// and a fen round trip per command. Not while a search runs: the Gomocup loop's
// search plays its move into the session when it ends, and reading the position
// then would race with that write (busy() turns false only after it).
template <class Loop>
void check_invariants_in_debug([[maybe_unused]] const Loop& loop, [[maybe_unused]] std::string_view command) {
#ifndef NDEBUG
  if (loop.searching()) return;
  const Session* session = session_of(loop.session());
  if (session == nullptr) return;
  if (const core::Status status = session->position().check_invariants(); !status) {
    std::fprintf(stderr, "narabe: invariant broken after '%.*s': %s\n", static_cast<int>(std::min<std::size_t>(command.size(), 200)),
                 command.data(), status.error().c_str());
    std::abort();
  }
#endif
}

template <class Loop>
int feed(Loop& loop, std::optional<InputLine> first, LineReader& input, OutputChannel& output) {
  for (std::optional<InputLine> line = std::move(first); line; line = input.next()) {
    if (line->wake) {
      loop.resume();
      continue;
    }
    if (line->too_long) {
      loop.handle_overlong_line(line->length);
      continue;
    }
    if (!loop.handle_line(line->text)) {
      output.flush();
      return 0;
    }
    check_invariants_in_debug(loop, line->text);
  }
  loop.finish();
  output.flush();
  return 0;
}

// Feeds `loop` the lines it has not seen yet, `first` first, until quit or the end
// of the input. The reader also wakes when a job ends, so that the lines queued
// behind it run without waiting for the next line. `wakeup` outlives the loop.
template <class Loop>
int run(Loop& loop, std::optional<InputLine> first, LineReader& input, OutputChannel& output, const Wakeup& wakeup) {
  input.set_wake(wakeup.fd(), [&wakeup] { wakeup.consume(); });
  loop.set_on_idle([&wakeup] { wakeup.signal(); });
  const int status = feed(loop, std::move(first), input, output);
  input.set_wake(-1, {});
  return status;
}

}  // namespace

int serve(LineReader& input, OutputChannel& output) {
  // The first line that says anything chooses the protocol (blank lines mean
  // nothing to any loop): `nboard <version>` is NBoard's, a Gomocup command in
  // capitals (START, INFO, ABOUT, ...) Gomocup's, anything else native.
  std::optional<InputLine> first = input.next();
  while (first && !first->too_long && is_blank(first->text)) first = input.next();
  const Wakeup wakeup;  // before the loop: its search thread signals it
  if (first && !first->too_long && is_nboard_greeting(first->text)) {
    NBoardLoop loop(output);
    return run(loop, std::move(first), input, output, wakeup);
  }
  if (first && !first->too_long && is_gomocup_command(first->text)) {
    GomocupLoop loop(output);
    return run(loop, std::move(first), input, output, wakeup);
  }
  NativeLoop loop(output);
  return run(loop, std::move(first), input, output, wakeup);
}

int run_bench_command(OutputChannel& output) {
  NativeLoop loop(output);
  loop.handle_line("bench");
  loop.wait_idle();
  output.flush();
  return 0;
}

}  // namespace narabe::server
