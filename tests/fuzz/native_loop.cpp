// Fuzz target: the native command loop (protocol/server/native_loop.h, a text
// adapter over the engine host) fed the input line by line, every command and option
// of docs/protocol.md included (UCI_Variant, go ponder and ponderhit, extra words). After every line:
//   - the loop still answers `isready` with `readyok`;
//   - the loaded position keeps its invariants (engine/core/position_invariants.h);
//   - a `bestmove` is `(none)` exactly when the game searched was over, and
//     otherwise a legal move of that position; a `go` without an error gets exactly
//     one `bestmove`; after a rejected `position` a well-formed `go` gets its
//     error and `bestmove (none)` only;
//   - a refused command (`info string error <reason>`, the reason never empty)
//     changed neither the game, its variant nor the position, and is the line's
//     only reply, one printable line.
// Memory and time stay bounded: Hash is held to a few MiB, EvalFile and BookFile (file
// names) are left out, and a job still running a few milliseconds after its line is stopped.

#include <cstddef>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/server/native_loop.h"
#include "protocol/server/tokens.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/loop_fuzz_support.h"

namespace narabe::fuzz {
namespace {

constexpr long kMaxHashMb = 4;

bool iequals_ascii(std::string_view a, std::string_view b) { return upper_ascii(a) == upper_ascii(b); }

// The line as the harness passes it on: nullopt to leave it out.
std::optional<std::string> bounded(std::string_view line, const std::vector<std::string_view>& tokens) {
  if (tokens.size() >= 3 && tokens[0] == "setoption") {
    for (std::size_t i = 2; i < tokens.size(); ++i)
      if (iequals_ascii(tokens[i], "EvalFile") || iequals_ascii(tokens[i], "BookFile"))
        return std::nullopt;  // would read any file named
    if (iequals_ascii(tokens[2], "Hash") && tokens.size() == 5) {
      long mb = 0;
      const auto [end, ec] = std::from_chars(tokens[4].data(), tokens[4].data() + tokens[4].size(), mb);
      if (ec == std::errc() && end == tokens[4].data() + tokens[4].size() && mb > kMaxHashMb)
        return "setoption name Hash value " + std::to_string(kMaxHashMb);
    }
  }
  return std::string(line);
}

struct Snapshot {
  std::string game;
  std::string variant;
  std::string fen;
  explicit Snapshot(const server::Session& s)
      : game(s.position().game_name()), variant(s.position().variant_description()), fen(s.position().fen()) {}
  bool operator==(const Snapshot&) const = default;
};

void check_replies(const std::vector<std::string>& replies, bool is_handshake, bool is_go, bool game_over,
                   const std::vector<std::string>& legal, bool had_position) {
  constexpr std::string_view kError = "info string error";
  const int errors = count_starting(replies, kError);
  if (is_go && !had_position && errors == 1 && replies.size() == 2) {
    // After a rejected position a well-formed go searches nothing: the error and a
    // bestmove that plays nothing (a malformed one is refused like any bad line).
    if (!replies[0].starts_with("info string error no position") || replies[1] != "bestmove (none)")
      fail("a go without a position did not answer its error and bestmove (none)");
    return;
  }
  for (const std::string& reply : replies) {
    if (!reply.starts_with(kError)) continue;
    if (reply.size() <= kError.size() + 1) fail("an error without a reason");
    if (!is_clean_reply(reply, 300)) fail("an error is not one printable line", reply);
  }
  // A bad line gets exactly one reply, the error (the handshake's note about the
  // Reversi weights is the one error among other replies).
  if (errors != 0 && !is_handshake && replies.size() != 1) fail("a refused line got more than its error");
  const int bestmoves = count_starting(replies, "bestmove ");
  if (!is_go && bestmoves != 0) fail("a bestmove without a go");
  if (is_go && errors == 0 && bestmoves != 1) fail("a go did not get exactly one bestmove");
  for (const std::string& reply : replies) {
    if (!reply.starts_with("bestmove ")) continue;
    const std::vector<std::string_view> words = server::split_tokens(reply);
    if (words.size() < 2) fail("an empty bestmove");
    if (game_over != (words[1] == "(none)")) fail("bestmove (none) iff the game is over", reply);
    if (!game_over && !contains(legal, words[1])) fail("bestmove is not a legal move", reply);
  }
}

}  // namespace
}  // namespace narabe::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace narabe;
  auto& [out, loop] = fuzz::LoopWithOutput<server::NativeLoop>::instance();
  // Every option at its default, but a small table (newgame clears it all) and a
  // fixed seed, so a finding replays; then the default game.
  // Setting Hash allocates and clears a table: only after an input that changed it.
  static bool hash_changed = true;
  if (hash_changed) loop.handle_line("setoption name Hash value 1");
  hash_changed = false;
  for (const char* line :
       {"setoption name Threads value 1", "setoption name MultiPV value 1",
        "setoption name Level value max", "setoption name OwnBook value true", "setoption name Evaluation value pattern",
        "setoption name ProbCut value true", "setoption name Seed value 1", "setoption name Ponder value false",
        "setoption name UCI_ShowWDL value false", "setoption name Move Overhead value 10",
        "setoption name GomokuEval value auto", "newgame tictactoe"})
    loop.handle_line(line);
  if (fuzz::count_starting(out.take(), "info string error") != 0) fuzz::fail("the harness's reset was refused");
  for (std::string_view raw : fuzz::lines_of(fuzz::as_text(data, size))) {
    const std::vector<std::string_view> tokens = server::split_tokens(raw);
    const auto line = fuzz::bounded(raw, tokens);
    if (!line) continue;
    hash_changed = hash_changed || (tokens.size() >= 3 && tokens[0] == "setoption" && fuzz::iequals_ascii(tokens[2], "Hash"));
    const bool is_go = !tokens.empty() && tokens[0] == "go";
    const fuzz::Snapshot before(loop.session());
    const bool game_over = core::is_over(loop.session().position().outcome());
    const std::vector<std::string> legal = is_go ? loop.session().position().legal_moves() : std::vector<std::string>{};
    const bool had_position = loop.has_position();

    const bool goes_on = loop.handle_line(*line);
    fuzz::end_job(loop, "stop");
    const std::vector<std::string> replies = out.take();
    const bool is_handshake = !tokens.empty() && (tokens[0] == "uci" || tokens[0] == "ugi");
    fuzz::check_replies(replies, is_handshake, is_go, game_over, legal, had_position);
    if (fuzz::count_starting(replies, "info string error") != 0 && !(fuzz::Snapshot(loop.session()) == before))
      fuzz::fail("a refused command changed the game or the position", *line);
    fuzz::require(loop.session().position().check_invariants(), "position invariants");
    if (!goes_on) break;
    loop.handle_line("isready");
    if (fuzz::count_starting(out.take(), "readyok") != 1) fuzz::fail("isready got no readyok");
  }
  loop.finish();
  return 0;
}
