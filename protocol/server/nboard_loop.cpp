#include "protocol/server/nboard_loop.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <random>

#include <fmt/format.h>

#include "protocol/common/parse_number.h"
#include "protocol/server/engine_options.h"
#include "protocol/server/ggf.h"
#include "protocol/server/info_format.h"
#include "protocol/server/tokens.h"
#include "protocol/server/session_factory.h"

namespace narabe::server {

namespace {

constexpr std::string_view kGame = "reversi";
constexpr std::string_view kEngineName = "narabe";
// As in the native loop: `quit` lets a search finish for this long before stopping it.
constexpr std::chrono::milliseconds kQuitGrace{250};

using protocol::parse_int;

// A line as NBoard's pv: the moves without whitespace, "F5-D6-C3".
std::string nboard_pv(const std::vector<std::string>& pv) {
  std::string text;
  for (const std::string& move : pv) {
    if (!text.empty()) text += '-';
    text += reversi_move_to_nboard(move);
  }
  return text;
}

std::string seconds(std::int64_t ms) { return fmt::format("{:.2f}", static_cast<double>(ms) / 1000.0); }

}  // namespace

std::string format_nboard_eval(core::Score score) {
  if (core::is_win(score)) return "64.00";
  if (core::is_loss(score)) return "-64.00";
  return fmt::format("{:.2f}", static_cast<double>(score) / 100.0);
}

NBoardLoop::NBoardLoop(OutputChannel& out)
    : out_(out), host_(kGame, [this](std::string_view text) { out_.write_line("status " + printable(text, 200)); }) {
  // Every command but ping (handle_line) uses or changes the position: each waits
  // for a running search, and they keep their order.
  host_.set_dispatch([](std::string_view) { return true; },
                     [this](const DeferredLines::Line& line) { execute(line.text); });
}

void NBoardLoop::error(std::string_view message) {
  out_.write_line(fmt::format("status error: {}", printable(message, 200)));
}

bool NBoardLoop::handle_line(std::string_view line) {
  resume();
  const Tokens tokens = split_tokens(line);
  if (tokens.empty()) return true;
  const std::string_view cmd = tokens[0];
  // Heard whatever runs or waits.
  if (cmd == "quit") {
    finish();
    return false;
  }
  if (cmd == "ping") {
    cmd_ping(tokens);
    return true;
  }
  if (!host_.queue_if_waiting(line, DeferredLines::Clock::now())) execute(line);
  return true;
}

void NBoardLoop::execute(std::string_view line) {
  const Tokens tokens = split_tokens(line);
  if (tokens.empty()) return;
  const std::string_view cmd = tokens[0];
  if (cmd == "nboard") {
    // The version is not checked: version 2 is the current one, and the commands
    // kept their meaning.
    out_.write_line(fmt::format("set myname {}", kEngineName));
    // NBoard shows status lines; the weights are read at start, so this is the first
    // chance to say that they could not be.
    if (const std::string notes = host_.startup_notes(); !notes.empty())
      out_.write_line("status " + printable(notes, 200));
  } else if (cmd == "set") {
    cmd_set(tokens, line);
  } else if (cmd == "move") {
    if (tokens.size() < 2)
      error("move needs a move, like 'move F5'");
    else
      cmd_move(tokens[1]);
  } else if (cmd == "go") {
    cmd_go();
  } else if (cmd == "hint") {
    cmd_hint(tokens);
  } else if (cmd == "learn") {
    out_.write_line("learned");  // there is no book to learn into
  } else if (cmd.size() == 2 && tokens.size() == 1 && nboard_move_to_reversi(cmd)) {
    // NBoard 1.1 sent a bare "F5" for "move F5".
    cmd_move(cmd);
  }
  // Anything else (analyze included) is ignored, as the protocol asks.
}

bool NBoardLoop::need_position() {
  if (host_.has_position()) return true;
  error(fmt::format("no position: {}; send set game", host_.position_error()));
  return false;
}

void NBoardLoop::handle_overlong_line(std::size_t) {}

void NBoardLoop::finish() {
  // What still waited runs now, every search it starts stopped at once.
  host_.finish(kQuitGrace);
}

void NBoardLoop::cmd_set(const Tokens& tokens, std::string_view line) {
  if (tokens.size() < 2) return;
  const std::string_view what = tokens[1];
  if (what == "game") return cmd_set_game(after_tokens(line, 2));
  if (what == "threads") {
    // narabe's own setting (NBoard sends none): the Threads option, said back in a status.
    int value = 0;
    if (tokens.size() < 3 || !parse_int(tokens[2], value)) return error("set threads needs a whole number");
    if (const core::Status status = host_.set_option(fmt::format("name Threads value {}", value)); !status)
      return error(status.error());
    return;
  }
  if (what == "depth" || what == "contempt") {
    int value = 0;
    if (tokens.size() < 3 || !parse_int(tokens[2], value))
      return error(fmt::format("set {} needs a whole number", what));
    if (what == "contempt") {
      contempt_ = value;
      return;
    }
    if (value < 1) return error("set depth needs a depth of at least 1");
    depth_ = std::min(value, kMaxDepth);
  }
  // Other settings (set myname is the engine's to send) are ignored.
}

void NBoardLoop::cmd_set_game(std::string_view ggf) {
  // A rejected game leaves no position: the GUI's game is not the one held, and a
  // move for the old one would be a move in another game.
  auto game = parse_ggf(ggf);
  if (!game) {
    host_.reject_position("set game", game.error());
    return error(fmt::format("bad GGF; no position until a valid game: {}", game.error()));
  }
  const core::Status status = host_.set_position(std::string_view(game->fen), game->moves, "set game");
  if (!status) return error(fmt::format("game rejected; no position until a valid game: {}", status.error()));
}

void NBoardLoop::cmd_move(std::string_view text) {
  if (!need_position()) return;
  auto move = nboard_move_to_reversi(text);
  if (!move) return error(fmt::format("move rejected: {}", move.error()));
  const std::string fen = host_.session().position().fen();
  const std::vector<std::string> moves{*move};
  const core::Status status = host_.session().set_position(std::string_view(fen), moves);
  if (!status) error(fmt::format("move rejected, position kept: {}", status.error()));
}

void NBoardLoop::cmd_go() {
  if (!need_position()) return;
  if (core::is_over(host_.session().position().outcome())) return error("the game is over; no move to play");
  out_.write_line("status thinking");
  start_search(1, false);
}

void NBoardLoop::cmd_hint(const Tokens& tokens) {
  int count = 1;
  if (tokens.size() >= 2 && (!parse_int(tokens[1], count) || count < 1))
    return error("hint needs a number of moves of at least 1");
  if (!need_position()) return;
  count = std::min(count, 64);
  out_.write_line("status thinking");
  if (core::is_over(host_.session().position().outcome())) {
    out_.write_line("status");
    return;
  }
  start_search(count, true);
}

void NBoardLoop::cmd_ping(const Tokens& tokens) {
  // NBoard changes the position after the pong: a search must end before it, and
  // its replies come first, so NBoard knows they are about the old position. So do
  // the lines sent before the ping, each search they start stopped at once.
  host_.finish(std::chrono::milliseconds(0));
  if (tokens.size() < 2) return out_.write_line("pong");
  out_.write_line(fmt::format("pong {}", sanitize_for_echo(tokens[1])));
}

void NBoardLoop::start_search(int multipv, bool hint) {
  SearchRequest request;
  request.level = core::Level::kMax;
  request.multipv = multipv;
  request.own_book = true;
  request.threads = host_.options().threads;
  request.limits.depth = depth_;

  // The latest line of every rank. `hint` reports each move's value once, from the
  // last iteration that reached it.
  struct Lines {
    std::mutex mutex;
    std::map<int, TextLine> by_rank;
  };
  auto lines = std::make_shared<Lines>();
  SearchJob job = host_.session().make_search_job(request, [lines](const TextLine& line) {
    std::lock_guard lock(lines->mutex);
    lines->by_rank[line.report.multipv] = line;
  });
  host_.start(
      [this, job = std::move(job), lines, hint](const core::StopSignal& stop) {
        const TextResult result = job(stop);
        host_.worker().answering();
        if (hint) {
          std::lock_guard lock(lines->mutex);
          for (const auto& [rank, line] : lines->by_rank) {
            if (line.pv.empty()) continue;
            out_.write_line(fmt::format("search {} {} 0 {}", nboard_pv(line.pv), format_nboard_eval(line.report.score),
                                        line.report.depth));
          }
        }
        out_.write_line(fmt::format("nodestats {} {}", result.search.nodes, seconds(result.search.time_ms)));
        if (!hint && result.best_move != "(none)")
          out_.write_line(fmt::format("=== {}/{}/{}", reversi_move_to_nboard(result.best_move),
                                      format_nboard_eval(result.search.score), seconds(result.search.time_ms)));
        out_.write_line("status");
      },
      false);
}

}  // namespace narabe::server
