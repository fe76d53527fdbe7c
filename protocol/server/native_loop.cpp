#include "protocol/server/native_loop.h"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <random>
#include <thread>

#include <fmt/format.h>

#include "engine/games/registry.h"
#include "engine/games/reversi/probcut.h"
#include "engine/search/time_manager.h"
#include "narabe/version.h"
#include "protocol/server/info_format.h"
#include "protocol/server/tokens.h"
#include "protocol/server/session_factory.h"

namespace narabe::server {

namespace {

constexpr std::string_view kEngineAuthor = "the narabe developers";

// How long `quit` lets a search with a limit finish by itself before stopping it, so
// that a script piping "go depth N" and "quit" still gets the search's answer.
constexpr std::chrono::milliseconds kQuitGrace{250};

template <class Int>
bool parse_int(std::string_view text, Int& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

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

NativeLoop::NativeLoop(OutputChannel& out) : out_(out), table_(allocate_table(options_)) {
  evaluation_.apply();
  games::reversi::set_probcut_enabled(options_.probcut);
  session_ = std::move(*create_session(games::kDefaultGame, {}, table_));
  reseed();  // the table and the session start empty
}

NativeLoop::~NativeLoop() { worker_.stop(); }

void NativeLoop::error(std::string_view message) {
  // Messages may quote what the sender wrote: keep the reply one printable line.
  out_.write_line(fmt::format("info string error {}", printable(message, 300)));
}

bool NativeLoop::waits_for_job(std::string_view command) {
  static constexpr std::string_view kWaiting[] = {"setoption", "newgame", "ucinewgame", "uginewgame",
                                                  "go",        "perft",   "bench"};
  return std::find(std::begin(kWaiting), std::end(kWaiting), command) != std::end(kWaiting);
}

bool NativeLoop::need_position() {
  if (position_error_.empty()) return true;
  error(fmt::format("no position: {}; send a valid position", position_error_));
  return false;
}

void NativeLoop::reset_game_memory() {
  table_.clear();
  session_->clear_memory();
  reseed();
}

void NativeLoop::reseed() {
  // A set Seed restarts the same random sequence at every game, so a game played
  // with the same moves repeats exactly whatever came before; Seed 0 draws a fresh
  // seed for every game.
  session_->reseed(options_.seed != 0 ? options_.seed : std::random_device{}());
}

bool NativeLoop::handle_line(std::string_view line) {
  resume();
  const Tokens tokens = split_tokens(line);
  if (tokens.empty()) return true;
  const std::string_view cmd = tokens[0];
  // Heard whatever runs or waits.
  if (cmd == "quit") {
    finish();
    return false;
  }
  if (cmd == "isready") {
    out_.write_line("readyok");
    return true;
  }
  if (cmd == "stop") {
    cmd_stop();
    // A search queued before the stop is stopped too, once it has started.
    if (!deferred_.empty()) deferred_.push(line, DeferredLines::Clock::now());
    resume();
    return true;
  }
  if (!deferred_.empty() || (worker_.busy() && waits_for_job(cmd))) {
    deferred_.push(line, DeferredLines::Clock::now());
    return true;
  }
  return execute(line);
}

void NativeLoop::resume() {
  worker_.wait_if_answering();
  deferred_.run_ready(
      [this](std::string_view line) {
        const Tokens tokens = split_tokens(line);
        return !worker_.busy() || tokens.empty() || !waits_for_job(tokens[0]);
      },
      [this](const DeferredLines::Line& line) { execute(line.text); });
}

void NativeLoop::wait_idle() {
  wait_until_settled(worker_, deferred_, [this] { resume(); });
}

bool NativeLoop::execute(std::string_view line) {
  const Tokens tokens = split_tokens(line);
  if (tokens.empty()) return true;
  const std::string_view cmd = tokens[0];
  const std::string_view rest = line.substr(std::min(line.size(), line.find(cmd) + cmd.size()));

  if (cmd == "uci") cmd_handshake("uciok");
  else if (cmd == "ugi") cmd_handshake("ugiok");
  else if (cmd == "setoption") cmd_setoption(rest);
  else if (cmd == "newgame") cmd_newgame(tokens);
  else if (cmd == "ucinewgame" || cmd == "uginewgame") cmd_ucinewgame();
  else if (cmd == "position") cmd_position(tokens);
  else if (cmd == "go") cmd_go(tokens);
  else if (cmd == "stop") cmd_stop();
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
  else if (cmd == "debug" || cmd == "ponderhit" || cmd == "register") {
    // UCI commands with nothing to do here: accepted silently.
  } else {
    error(fmt::format("unknown command {}", sanitize_for_echo(cmd)));
  }
  return true;
}

void NativeLoop::handle_overlong_line(std::size_t length) {
  error(fmt::format("line too long ({} bytes); ignored", length));
}

void NativeLoop::finish() {
  if (worker_.busy() && !worker_.running_infinite()) worker_.wait_for(kQuitGrace);
  // What still waited runs now, every job it starts stopped at once, so that each
  // `go` still gets its bestmove.
  run_all_stopped(worker_, deferred_, [this](const DeferredLines::Line& line) { execute(line.text); });
}

void NativeLoop::cmd_handshake(std::string_view ok_word) {
  out_.write_line(fmt::format("id name narabe {}", kVersion));
  out_.write_line(fmt::format("id author {}", kEngineAuthor));
  for (const std::string& line : game_lines()) out_.write_line(line);
  // The weights are read at start; the handshake is the first chance to say that
  // they could not be (the engine plays on with the simple evaluation).
  if (!evaluation_.startup_error().empty() && !evaluation_.patterns_loaded())
    error(fmt::format("reversi evaluation weights: {}; using the simple evaluation", evaluation_.startup_error()));
  for (const std::string& line : option_lines()) out_.write_line(line);
  out_.write_line(std::string(ok_word));
}

void NativeLoop::cmd_setoption(std::string_view args) {
  auto change = parse_setoption(args, options_);
  if (!change) return error(change.error());
  switch (change->id) {
    case OptionId::kHash:
          try {
        table_.resize(static_cast<std::size_t>(change->updated.hash_mb));
      } catch (const std::bad_alloc&) {
        return error(fmt::format("cannot allocate {} MB for Hash; keeping {} MB", change->updated.hash_mb,
                                 options_.hash_mb));
      }
      break;
    case OptionId::kSeed:
          options_ = change->updated;
      reseed();
      return;
    case OptionId::kEvaluation:
          evaluation_.use_patterns(change->updated.pattern_eval);
      evaluation_.apply();
      break;
    case OptionId::kGomokuEval:
          gomoku_eval_.set_mode(change->updated.gomoku_eval);
      session_->set_extras(position_extras());
      report_gomoku_eval();
      break;
    case OptionId::kProbCut:
          games::reversi::set_probcut_enabled(change->updated.probcut);
      break;
    case OptionId::kEvalFile: {
          const core::Status loaded = evaluation_.load(change->updated.eval_file);
      if (!loaded)
        return error(fmt::format("reversi evaluation weights: {}; keeping the previous ones", loaded.error()));
      evaluation_.apply();
      break;
    }
    case OptionId::kClearHash:
      // Everything earlier searches learned goes; the position and options stay.
      table_.clear();
      session_->clear_memory();
      return;
    case OptionId::kThreads: {
      // The search runs on one thread for now; the value is kept, clamped to what the
      // machine has, for when it does not.
      const ThreadsSetting setting = clamp_threads(change->updated.threads, std::thread::hardware_concurrency());
      change->updated.threads = setting.threads;
      out_.write_line("info string " + setting.note);
      break;
    }
    default:
      break;
  }
  options_ = change->updated;
}

void NativeLoop::cmd_newgame(const Tokens& tokens) {
  if (tokens.size() < 2) return error("newgame needs a game name");
  if (tokens.size() % 2 != 0)
    return error(fmt::format("newgame {}: variant keys and values must come in pairs",
                             sanitize_for_echo(tokens[1])));
  core::VariantArgs variant;
  for (std::size_t i = 2; i + 1 < tokens.size(); i += 2)
    variant.emplace_back(std::string(tokens[i]), std::string(tokens[i + 1]));
  if (plays(*session_, tokens[1], variant)) {
    // The same game and variant: its tables are reused, only cleared.
    (void)session_->set_position(std::nullopt, {});
    position_error_.clear();
    reset_game_memory();
    return;
  }
  auto session = create_session(tokens[1], variant, table_, [this] { session_.reset(); }, position_extras());
  report_gomoku_eval();
  if (!session) return error(session.error());
  session_ = std::move(*session);
  position_error_.clear();
  // A new session's own tables start empty; the shared one may hold the last game's.
  table_.clear();
  reseed();
}

PositionExtras NativeLoop::position_extras() {
  return PositionExtras{[this](games::gomoku::Rule rule) { return gomoku_eval_.weights_for(rule); }};
}

void NativeLoop::report_gomoku_eval() {
  for (const std::string& text : gomoku_eval_.take_messages()) out_.write_line("info string " + printable(text, 300));
}

void NativeLoop::cmd_ucinewgame() {
  // A fresh game of the same game and variant, from its start position.
  auto fresh = session_->set_position(std::nullopt, {});
  (void)fresh;
  position_error_.clear();
  reset_game_memory();
}

void NativeLoop::cmd_position(const Tokens& tokens) {
  const core::Status status = set_position(tokens);
  if (status) {
    position_error_.clear();
    return;
  }
  // The GUI's game is not the one the engine holds: searching the old position would
  // answer a move for another board. Nothing is searched until a valid one comes.
  position_error_ = fmt::format("the last position was rejected ({})", printable(status.error(), 200));
  error(fmt::format("position rejected; no position until a valid one: {}", status.error()));
}

core::Status NativeLoop::set_position(const Tokens& tokens) {
  std::optional<std::string> fen;
  std::size_t i = 1;
  if (i < tokens.size() && tokens[i] == "startpos") {
    ++i;
  } else if (i < tokens.size() && tokens[i] == "fen") {
    if (i + 2 >= tokens.size()) return core::make_error("fen needs '<board> <side>'");
    fen = std::string(tokens[i + 1]) + " " + std::string(tokens[i + 2]);
    i += 3;
  } else {
    return core::make_error("position needs 'startpos' or 'fen <board> <side>'");
  }
  std::vector<std::string> moves;
  if (i < tokens.size()) {
    if (tokens[i] != "moves")
      return core::make_error(fmt::format("expected 'moves', found '{}'", sanitize_for_echo(tokens[i])));
    for (++i; i < tokens.size(); ++i) moves.emplace_back(tokens[i]);
  }
  return fen ? session_->set_position(std::string_view(*fen), moves) : session_->set_position(std::nullopt, moves);
}

void NativeLoop::cmd_go(const Tokens& tokens) {
  SearchRequest request;
  request.level = options_.level;
  request.multipv = options_.multipv;
  request.own_book = options_.own_book;
  search::SearchLimits& limits = request.limits;
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const std::string_view key = tokens[i];
    if (key == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (key == "ponder" || key == "searchmoves" || key == "mate")
      return error(fmt::format("go: '{}' is not supported", key));
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
  if (!position_error_.empty()) {
    // A well-formed go still gets one bestmove, as every GUI waits for it; (none)
    // plays nothing.
    need_position();
    out_.write_line("bestmove (none)");
    return;
  }
  // `go` alone, only an increment, or only the opponent's clock: a default budget
  // (search::with_default_budget), so that the search ends by itself.
  limits = search::with_default_budget(limits, session_->side_to_move());

  if (options_.level != core::Level::kMax)
    out_.write_line(fmt::format("info string level {}", core::level_name(options_.level)));
  SearchJob job = session_->make_search_job(request, [this](const TextLine& line) {
    out_.write_line(format_info(line));
  });
  worker_.start(
      [this, job = std::move(job)](const core::StopSignal& stop) {
        const TextResult result = job(stop);
        worker_.answering();
        out_.write_line(format_bestmove(result));
      },
      limits.infinite);
}

void NativeLoop::cmd_stop() {
  if (worker_.busy()) worker_.stop();
}

void NativeLoop::cmd_d() {
  if (!need_position()) return;
  const std::string variant = session_->variant_description();
  out_.write_line(fmt::format("game {}{}{}", session_->game_name(), variant.empty() ? "" : " ", variant));
  std::string diagram = session_->diagram();
  std::size_t start = 0;
  for (std::size_t nl; (nl = diagram.find('\n', start)) != std::string::npos; start = nl + 1)
    out_.write_line(diagram.substr(start, nl - start));
  out_.write_line("fen " + session_->fen());
  out_.write_line(fmt::format("side {}", core::fen_letter(session_->side_to_move())));
  out_.write_line(fmt::format("hash {:016x}", session_->hash()));
  cmd_result();
}

void NativeLoop::cmd_legal() {
  if (!need_position()) return;
  const auto moves = session_->legal_moves();
  out_.write_line(moves.empty() ? "legal" : fmt::format("legal {}", fmt::join(moves, " ")));
}

void NativeLoop::cmd_result() {
  const core::Outcome outcome = session_->outcome();
  std::string line = fmt::format("result {}", outcome_word(outcome));
  const auto cells = session_->winning_line();
  if (!cells.empty()) line += fmt::format(" line {}", fmt::join(cells, " "));
  out_.write_line(line);
}

void NativeLoop::cmd_query(const Tokens& tokens) {
  if (tokens.size() != 2) return error("query needs one of: gameover p1turn result");
  if (!need_position()) return;
  const core::Outcome outcome = session_->outcome();
  if (tokens[1] == "gameover") {
    out_.write_line(core::is_over(outcome) ? "response true" : "response false");
  } else if (tokens[1] == "p1turn") {
    out_.write_line(session_->side_to_move() == core::Side::kFirst ? "response true" : "response false");
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
  if (tokens.size() != 2 || !parse_int(tokens[1], depth) || depth < 1 || depth > 64)
    return error("perft needs a depth from 1 to 64");
  if (!need_position()) return;
  PerftJob job = session_->make_perft_job(depth);
  worker_.start(
      [this, job = std::move(job)](const core::StopSignal& stop) {
        const PerftResult result = job(stop);
        worker_.answering();
        for (const auto& [move, count] : result.per_move) out_.write_line(fmt::format("{}: {}", move, count));
        if (stop.requested()) out_.write_line("info string perft stopped; counts are partial");
        out_.write_line(fmt::format("nodes {}", result.total));
      },
      false);
}

void NativeLoop::cmd_eval() {
  if (!need_position()) return;
  for (const core::EvalTerm& term : session_->evaluation())
    out_.write_line(fmt::format("eval {} {}", term.value, term.name));
}

void NativeLoop::cmd_bench() {
  worker_.start(
      [this](const core::StopSignal& stop) {
        const BenchTotals totals = run_all_benches(stop, [this](const BenchLine& line) {
          const std::string game = line.variant.empty() ? std::string(line.game)
                                                        : fmt::format("{} {}", line.game, line.variant);
          out_.write_line(fmt::format("info string bench {} depth {} nodes {} time {} fen {}", game, line.depth,
                                      line.nodes, line.time_us / 1000, line.fen));
        });
        worker_.answering();
        const auto nps = totals.nodes * 1000000 / static_cast<std::uint64_t>(std::max<std::int64_t>(totals.time_us, 1));
        out_.write_line(fmt::format("bench {} nodes {} nps", totals.nodes, nps));
      },
      false);
}

void NativeLoop::cmd_forbidden() {
  if (!need_position()) return;
  const auto cells = session_->forbidden_points();
  out_.write_line(cells.empty() ? "forbidden" : fmt::format("forbidden {}", fmt::join(cells, " ")));
}

}  // namespace narabe::server
