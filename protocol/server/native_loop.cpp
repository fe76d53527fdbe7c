#include "protocol/server/native_loop.h"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "engine/games/registry.h"
#include "engine/search/time_manager.h"
#include "narabe/version.h"
#include "protocol/common/parse_number.h"
#include "protocol/server/info_format.h"
#include "protocol/server/tokens.h"
#include "protocol/server/session_factory.h"

namespace narabe::server {

namespace {

constexpr std::string_view kEngineAuthor = "the narabe developers";

// How long `quit` lets a search with a limit finish by itself before stopping it, so
// that a script piping "go depth N" and "quit" still gets the search's answer.
constexpr std::chrono::milliseconds kQuitGrace{250};

using protocol::parse_int;

std::string_view outcome_word(core::Outcome o) {
  switch (o) {
    case core::Outcome::kFirstWins: return "x";
    case core::Outcome::kSecondWins: return "o";
    case core::Outcome::kDraw: return "draw";
    case core::Outcome::kNone: break;
  }
  return "none";
}

}  // namespace

NativeLoop::NativeLoop(OutputChannel& out)
    : out_(out), host_(games::kDefaultGame, [this](std::string_view text) {
        out_.write_line("info string " + printable(text, 300));
      }) {
  host_.set_dispatch(
      [](std::string_view line) {
        const Tokens tokens = split_tokens(line);
        return !tokens.empty() && waits_for_job(tokens[0]);
      },
      [this](const DeferredLines::Line& line) { execute(line.text); });
}

void NativeLoop::error(std::string_view message) {
  ++errors_;
  // Messages may quote what the sender wrote: keep the reply one printable line.
  out_.write_line(fmt::format("info string error {}", printable(message, 300)));
}

void NativeLoop::ignore_extra(const Tokens& tokens, std::size_t used) {
  if (tokens.size() <= used) return;
  std::vector<std::string> extra;
  for (std::size_t i = used; i < tokens.size() && extra.size() < 8; ++i) extra.push_back(sanitize_for_echo(tokens[i]));
  out_.write_line(fmt::format("info string ignored extra words after {}: {}{}", sanitize_for_echo(tokens[0]),
                              fmt::join(extra, " "), tokens.size() - used > extra.size() ? " ..." : ""));
}

bool NativeLoop::waits_for_job(std::string_view command) {
  static constexpr std::string_view kWaiting[] = {"setoption", "newgame", "ucinewgame", "uginewgame",
                                                  "go",        "perft",   "bench"};
  return std::find(std::begin(kWaiting), std::end(kWaiting), command) != std::end(kWaiting);
}

bool NativeLoop::need_position() {
  if (host_.has_position()) return true;
  error(fmt::format("no position: {}; send a valid position", host_.position_error()));
  return false;
}

bool NativeLoop::handle_line(std::string_view line) {
  resume();
  const Tokens tokens = split_tokens(line);
  if (tokens.empty()) return true;
  const std::string_view cmd = tokens[0];
  // Heard whatever runs or waits.
  if (cmd == "quit") {
    ignore_extra(tokens, 1);
    finish();
    return false;
  }
  if (cmd == "isready") {
    out_.write_line("readyok");
    ignore_extra(tokens, 1);
    return true;
  }
  if (cmd == "stop") {
    const bool queued = host_.has_queued();  // then it runs again behind them, and says it then
    ponder_limits_.reset();
    host_.stop();
    if (!queued) ignore_extra(tokens, 1);
    // A search queued before the stop is stopped too, once it has started.
    host_.queue_behind(line, DeferredLines::Clock::now());
    resume();
    return true;
  }
  if (cmd == "ponderhit" && !host_.has_queued()) {
    cmd_ponderhit();
    ignore_extra(tokens, 1);
    return true;
  }
  if (host_.queue_if_waiting(line, DeferredLines::Clock::now())) return true;
  return execute(line);
}

bool NativeLoop::execute(std::string_view line) {
  const Tokens tokens = split_tokens(line);
  if (tokens.empty()) return true;
  const std::string_view cmd = tokens[0];
  const std::string_view rest = after_tokens(line, 1);
  const int errors_before = errors_;

  if (cmd == "uci") cmd_handshake("uciok");
  else if (cmd == "ugi") cmd_handshake("ugiok");
  else if (cmd == "setoption") cmd_setoption(rest);
  else if (cmd == "newgame") cmd_newgame(tokens);
  else if (cmd == "ucinewgame" || cmd == "uginewgame") host_.restart_game();
  else if (cmd == "position") cmd_position(tokens);
  else if (cmd == "go") cmd_go(tokens);
  else if (cmd == "stop") host_.stop();
  else if (cmd == "ponderhit") cmd_ponderhit();
  else if (cmd == "d") cmd_d();
  else if (cmd == "legal") cmd_legal();
  else if (cmd == "result") {
    if (need_position()) cmd_result();
  }
  else if (cmd == "query") cmd_query(tokens);
  else if (cmd == "perft") cmd_perft(tokens);
  else if (cmd == "eval") cmd_eval();
  else if (cmd == "bench") cmd_bench();
  else if (cmd == "forbidden") cmd_forbidden();
  else if (cmd == "debug" || cmd == "register") {
    // UCI commands with nothing to do here: accepted silently, their words too.
  } else {
    error(fmt::format("unknown command {}", sanitize_for_echo(cmd)));
  }
  // The words after those a command reads are ignored, and said so once it has run;
  // a refused command has its error as its only reply.
  static constexpr std::string_view kBare[] = {"uci",  "ugi", "ucinewgame", "uginewgame", "stop", "ponderhit",
                                               "d",    "legal", "result",   "eval",       "bench", "forbidden"};
  const bool bare = std::find(std::begin(kBare), std::end(kBare), cmd) != std::end(kBare);
  if (errors_ == errors_before && (bare || cmd == "query" || cmd == "perft")) ignore_extra(tokens, bare ? 1 : 2);
  return true;
}

void NativeLoop::handle_overlong_line(std::size_t length) {
  error(fmt::format("line too long ({} bytes); ignored", length));
}

void NativeLoop::finish() {
  // What still waited runs now, every job it starts stopped at once, so that each
  // `go` still gets its bestmove.
  host_.finish(kQuitGrace);
}

void NativeLoop::cmd_handshake(std::string_view ok_word) {
  out_.write_line(fmt::format("id name narabe {}", kVersion));
  out_.write_line(fmt::format("id author {}", kEngineAuthor));
  for (const std::string& line : game_lines()) out_.write_line(line);
  // The weights are read at start; the handshake is the first chance to say that
  // they could not be (the engine plays on with the simple evaluation).
  if (const std::string notes = host_.startup_notes(); !notes.empty()) error(notes);
  for (const std::string& line : option_lines()) out_.write_line(line);
  out_.write_line(std::string(ok_word));
}

void NativeLoop::cmd_setoption(std::string_view args) {
  if (const core::Status status = host_.set_option(args); !status) error(status.error());
}

void NativeLoop::cmd_newgame(const Tokens& tokens) {
  if (tokens.size() < 2) return error("newgame needs a game name");
  if (tokens.size() % 2 != 0)
    return error(fmt::format("newgame {}: variant keys and values must come in pairs",
                             sanitize_for_echo(tokens[1])));
  core::VariantArgs variant;
  for (std::size_t i = 2; i + 1 < tokens.size(); i += 2)
    variant.emplace_back(std::string(tokens[i]), std::string(tokens[i + 1]));
  if (const core::Status status = host_.new_game(tokens[1], variant); !status) error(status.error());
}

void NativeLoop::cmd_position(const Tokens& tokens) {
  const core::Status status = set_position(tokens);
  // The GUI's game is not the one the engine holds: searching the old position would
  // answer a move for another board. Nothing is searched until a valid one comes.
  if (!status) error(fmt::format("position rejected; no position until a valid one: {}", status.error()));
}

core::Status NativeLoop::set_position(const Tokens& tokens) {
  std::optional<std::string> fen;
  std::size_t i = 1;
  const auto refuse = [this](std::string message) {
    host_.reject_position("position", message);
    return core::make_error(std::move(message));
  };
  if (i < tokens.size() && tokens[i] == "startpos") {
    ++i;
  } else if (i < tokens.size() && tokens[i] == "fen") {
    if (i + 2 >= tokens.size()) return refuse("fen needs '<board> <side>'");
    fen = std::string(tokens[i + 1]) + " " + std::string(tokens[i + 2]);
    i += 3;
  } else {
    return refuse("position needs 'startpos' or 'fen <board> <side>'");
  }
  std::vector<std::string> moves;
  if (i < tokens.size()) {
    if (tokens[i] != "moves") return refuse(fmt::format("expected 'moves', found '{}'", sanitize_for_echo(tokens[i])));
    for (++i; i < tokens.size(); ++i) moves.emplace_back(tokens[i]);
  }
  return fen ? host_.set_position(std::string_view(*fen), moves) : host_.set_position(std::nullopt, moves);
}

void NativeLoop::cmd_go(const Tokens& tokens) {
  const EngineOptions& options = host_.options();
  SearchRequest request;
  request.level = options.level;
  request.multipv = options.multipv;
  request.own_book = options.own_book;
  request.threads = options.threads;
  search::SearchLimits& limits = request.limits;
  limits.move_overhead = options.move_overhead_ms;
  bool ponder = false;
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const std::string_view key = tokens[i];
    if (key == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (key == "ponder") {
      ponder = true;
      continue;
    }
    if (key == "searchmoves" || key == "mate") return error(fmt::format("go: '{}' is not supported", key));
    if (i + 1 >= tokens.size()) return error(fmt::format("go: '{}' needs a value", sanitize_for_echo(key)));
    const std::string_view text = tokens[++i];
    std::int64_t value = 0;
    if (!parse_int(text, value))
      return error(fmt::format("go: '{}' needs a whole number, not '{}'", key, sanitize_for_echo(text)));
    if (key == "depth") {
      // depth 0 and nodes 0 ask for no search: the first move answers at once.
      if (value < 0) return error("go: depth must not be negative");
      limits.depth = static_cast<int>(std::min<std::int64_t>(value, core::kMaxPly - 1));
    } else if (key == "nodes") {
      if (value < 0) return error("go: nodes must not be negative");
      limits.nodes = static_cast<std::uint64_t>(value);
    } else if (key == "movetime") {
      limits.movetime = std::max<std::int64_t>(value, 0);
    } else if (key == "wtime" || key == "p1time") {
      limits.time[0] = value;
    } else if (key == "btime" || key == "p2time") {
      limits.time[1] = value;
    } else if (key == "winc" || key == "p1inc") {
      limits.increment[0] = std::max<std::int64_t>(value, 0);
    } else if (key == "binc" || key == "p2inc") {
      limits.increment[1] = std::max<std::int64_t>(value, 0);
    } else if (key == "movestogo") {
      if (value < 1) return error("go: movestogo must be at least 1");
      limits.movestogo = static_cast<int>(std::min<std::int64_t>(value, 1000));
    } else {
      return error(fmt::format("go: unknown limit '{}'", sanitize_for_echo(key)));
    }
  }
  if (!host_.has_position()) {
    // A well-formed go still gets one bestmove, as every GUI waits for it; (none)
    // plays nothing.
    need_position();
    out_.write_line("bestmove (none)");
    return;
  }
  const Session& session = host_.session();
  // `go` alone, only an increment, or only the opponent's clock: a default budget
  // (search::with_default_budget), so that the search ends by itself.
  limits = search::with_default_budget(limits, session.position().side_to_move());
  ponder_limits_.reset();
  if (ponder && !limits.infinite) {
    // Pondering searches the GUI's expected position until ponderhit (then the clock
    // runs, cmd_ponderhit) or stop: no clock limits it yet.
    ponder_limits_ = limits;
    ponder_side_ = session.position().side_to_move();
    limits.movetime.reset();
    limits.time[0].reset();
    limits.time[1].reset();
    limits.infinite = true;
  }

  if (options.level != core::Level::kMax)
    out_.write_line(fmt::format("info string level {}", core::level_name(options.level)));
  const bool show_wdl = options.show_wdl;
  SearchJob job = host_.session().make_search_job(request, [this, show_wdl](const TextLine& line) {
    out_.write_line(format_info(line, show_wdl));
  });
  host_.start(
      [this, job = std::move(job)](const core::StopSignal& stop) {
        const TextResult result = job(stop);
        host_.worker().answering();
        out_.write_line(format_bestmove(result));
      },
      limits.infinite);
}

void NativeLoop::cmd_ponderhit() {
  // The expected move was played: the search goes on as the `go` asked, its clock
  // starting now. With no clock (depth or nodes only) it answers now, with what it
  // found while pondering.
  if (!ponder_limits_ || !host_.busy()) return;
  const search::Deadlines deadlines = search::plan_time(*ponder_limits_, ponder_side_);
  const std::int64_t ms = deadlines.soft_ms ? *deadlines.soft_ms : 0;
  ponder_limits_.reset();
  host_.worker().stop_after(std::chrono::milliseconds(ms));
}

void NativeLoop::cmd_d() {
  if (!need_position()) return;
  const std::string variant = host_.session().position().variant_description();
  out_.write_line(fmt::format("game {}{}{}", host_.session().position().game_name(), variant.empty() ? "" : " ", variant));
  std::string diagram = host_.session().position().diagram();
  std::size_t start = 0;
  for (std::size_t nl; (nl = diagram.find('\n', start)) != std::string::npos; start = nl + 1)
    out_.write_line(diagram.substr(start, nl - start));
  out_.write_line("fen " + host_.session().position().fen());
  out_.write_line(fmt::format("side {}", core::fen_letter(host_.session().position().side_to_move())));
  out_.write_line(fmt::format("hash {:016x}", host_.session().position().hash()));
  cmd_result();
}

void NativeLoop::cmd_legal() {
  if (!need_position()) return;
  const auto moves = host_.session().position().legal_moves();
  out_.write_line(moves.empty() ? "legal" : fmt::format("legal {}", fmt::join(moves, " ")));
}

void NativeLoop::cmd_result() {
  const core::Outcome outcome = host_.session().position().outcome();
  std::string line = fmt::format("result {}", outcome_word(outcome));
  const auto cells = host_.session().position().winning_line();
  if (!cells.empty()) line += fmt::format(" line {}", fmt::join(cells, " "));
  out_.write_line(line);
}

void NativeLoop::cmd_query(const Tokens& tokens) {
  if (tokens.size() < 2) return error("query needs one of: gameover p1turn result");
  if (!need_position()) return;
  const core::Outcome outcome = host_.session().position().outcome();
  if (tokens[1] == "gameover") {
    out_.write_line(core::is_over(outcome) ? "response true" : "response false");
  } else if (tokens[1] == "p1turn") {
    out_.write_line(host_.session().position().side_to_move() == core::Side::kFirst ? "response true" : "response false");
  } else if (tokens[1] == "result") {
    switch (outcome) {
      case core::Outcome::kFirstWins: out_.write_line("response p1win"); break;
      case core::Outcome::kSecondWins: out_.write_line("response p2win"); break;
      case core::Outcome::kDraw: out_.write_line("response draw"); break;
      case core::Outcome::kNone: out_.write_line("response none"); break;
    }
  } else {
    error(fmt::format("query: unknown question '{}'", sanitize_for_echo(tokens[1])));
  }
}

void NativeLoop::cmd_perft(const Tokens& tokens) {
  int depth = 0;
  if (tokens.size() < 2 || !parse_int(tokens[1], depth) || depth < 1 || depth > 64)
    return error("perft needs a depth from 1 to 64");
  if (!need_position()) return;
  PerftJob job = host_.session().make_perft_job(depth);
  host_.start(
      [this, job = std::move(job)](const core::StopSignal& stop) {
        const PerftResult result = job(stop);
        host_.worker().answering();
        for (const auto& [move, count] : result.per_move) out_.write_line(fmt::format("{}: {}", move, count));
        if (stop.requested()) out_.write_line("info string perft stopped; counts are partial");
        out_.write_line(fmt::format("nodes {}", result.total));
      },
      false);
}

void NativeLoop::cmd_eval() {
  if (!need_position()) return;
  for (const core::EvalTerm& term : host_.session().position().evaluation())
    out_.write_line(fmt::format("eval {} {}", term.value, term.name));
}

void NativeLoop::cmd_bench() {
  host_.start(
      [this, settings = host_.game_settings()](const core::StopSignal& stop) {
        const BenchTotals totals = run_all_benches(stop, settings, [this](const BenchLine& line) {
          const std::string game = line.variant.empty() ? std::string(line.game)
                                                        : fmt::format("{} {}", line.game, line.variant);
          out_.write_line(fmt::format("info string bench {} depth {} nodes {} time {} fen {}", game, line.depth,
                                      line.nodes, line.time_us / 1000, line.fen));
        });
        host_.worker().answering();
        if (stop.requested()) out_.write_line("info string bench stopped; the total is partial");
        const auto nps = totals.nodes * 1000000 / static_cast<std::uint64_t>(std::max<std::int64_t>(totals.time_us, 1));
        out_.write_line(fmt::format("bench {} nodes {} nps", totals.nodes, nps));
      },
      false);
}

void NativeLoop::cmd_forbidden() {
  if (!need_position()) return;
  const auto cells = host_.session().position().forbidden_points();
  out_.write_line(cells.empty() ? "forbidden" : fmt::format("forbidden {}", fmt::join(cells, " ")));
}

}  // namespace narabe::server
