#include "protocol/server/gomocup_loop.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <random>

#include <fmt/format.h>

#include "engine/core/outcome.h"
#include "engine/search/time_manager.h"
#include "narabe/version.h"
#include "protocol/server/engine_options.h"
#include "protocol/server/info_format.h"
#include "protocol/server/session_factory.h"
#include "protocol/server/tokens.h"

namespace narabe::server {

namespace {

constexpr std::string_view kGame = "gomoku";

// The time plan (docs/protocol.md, "Gomocup"). Without any INFO limit a move gets
// kDefaultTurnMs. Of timeout_turn the engine keeps back kTurnMarginMs plus 1/20 for
// the pipe, the process and the manager's own clock, and of time_left
// kMatchReserveMs; what the command already took before the search began (counted
// from the moment its line was read) comes off both. The match clock is then
// planned like a `go` clock (search::plan_time) and the turn time caps it. A budget
// under kFastestSearchMs is not searched for: a 1-ply search answers at once.
constexpr std::int64_t kDefaultTurnMs = 5000;
constexpr std::int64_t kTurnMarginMs = 30;
constexpr std::int64_t kMatchReserveMs = 50;
constexpr std::int64_t kFastestSearchMs = 20;
// time_left's "the match time is unlimited", as the protocol defines it.
constexpr std::int64_t kUnlimitedTimeLeft = 2147483647;
// max_memory: the Hash budget (the table and the threat solver's together) gets half
// of what is left after this much for the rest of the process, which leaves room for
// the moment a new table and the old one both exist; never more than the native
// loop's default.
constexpr std::int64_t kMemoryReserveMb = 32;

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string_view gomocup_rule(std::int64_t bits, std::int64_t& ignored) {
  ignored = bits < 0 ? bits : (bits & ~std::int64_t{7});
  if (bits < 0) return "freestyle";
  if ((bits & 4) != 0 || (bits & 2) != 0) return "renju";
  if ((bits & 1) != 0) return "standard";
  return "freestyle";
}

search::SearchLimits plan_gomocup_search(const GomocupLimits& limits, core::Side side_to_move,
                                         std::int64_t spent_ms) {
  search::SearchLimits plan;
  spent_ms = std::max<std::int64_t>(spent_ms, 0);
  const int me = core::index_of(side_to_move);
  bool fast = false;  // timeout_turn 0: "as fast as possible"
  if (limits.timeout_turn) {
    if (*limits.timeout_turn <= 0)
      fast = true;
    else
      plan.movetime = *limits.timeout_turn - kTurnMarginMs - *limits.timeout_turn / 20 - spent_ms;
  }
  std::optional<std::int64_t> match = limits.time_left;
  if (!match && limits.timeout_match > 0) match = limits.timeout_match - limits.match_spent;
  if (match && *match != kUnlimitedTimeLeft) plan.time[me] = *match - kMatchReserveMs - spent_ms;
  if (limits.max_node) plan.nodes = *limits.max_node;
  if (limits.max_depth) plan.depth = *limits.max_depth;
  if (!fast && !plan.movetime && !plan.time[me] && !plan.depth && !plan.nodes)
    plan.movetime = kDefaultTurnMs - kTurnMarginMs - kDefaultTurnMs / 20 - spent_ms;
  // No time worth a search (timeout_turn 0, or the margins and the time already
  // spent used it up): one ply, which ranks every move the search would try and
  // takes a few milliseconds; never the first point in board order.
  const search::Deadlines deadlines = search::plan_time(plan, side_to_move);
  if (fast || (deadlines.hard_ms && *deadlines.hard_ms < kFastestSearchMs)) {
    plan.movetime.reset();
    plan.time[me].reset();
    plan.depth = 1;
  }
  return plan;
}

GomocupLoop::GomocupLoop(OutputChannel& out)
    : out_(out), host_(kGame, [this](std::string_view text) { message(text); }) {
  // Every command but INFO, ABOUT and YXSTOP uses or changes the board: it waits for
  // a running search, so the search's move, the reply to the command that started
  // it, comes first.
  host_.set_dispatch(
      [](std::string_view line) {
        const Tokens words = split_tokens(line);
        return words.empty() || !runs_during_search(upper(words[0]));
      },
      [this](const DeferredLines::Line& line) { execute(line.text, line.read); });
}

bool GomocupLoop::ended() const {
  std::lock_guard lock(mutex_);
  return ended_;
}

GomocupLimits GomocupLoop::limits() const {
  std::lock_guard lock(mutex_);
  return limits_;
}

void GomocupLoop::reply(std::string line) {
  std::lock_guard lock(mutex_);
  if (!ended_) out_.write_line(std::move(line));
}

void GomocupLoop::error(std::string_view message) { reply("ERROR " + printable(message, 300)); }

void GomocupLoop::message(std::string_view text) { reply("MESSAGE " + printable(text, 300)); }

bool GomocupLoop::runs_during_search(std::string_view command) {
  return command == "INFO" || command == "ABOUT" || command == "YXSTOP";
}

bool GomocupLoop::handle_line(std::string_view line) {
  resume();
  const auto read = DeferredLines::Clock::now();
  const Tokens words = split_tokens(line);
  const std::string cmd = words.empty() ? std::string() : upper(words[0]);
  // Heard whatever runs or waits; END also inside a BOARD (the manager gave up on it).
  if (cmd == "END") {
    board_input_.reset();
    finish();
    return false;
  }
  if (cmd == "YXSTOP") {
    cmd_yxstop();
    // A search queued before it is stopped too, once it has started.
    host_.queue_behind(line, read);
    return true;
  }
  if (host_.queue_if_waiting(line, read)) return true;
  return execute(line, read);
}

bool GomocupLoop::execute(std::string_view line, DeferredLines::Clock::time_point read) {
  // The lines of a BOARD belong to the command of its first line.
  if (!board_input_) command_read_ = read;
  if (board_input_) {
    board_line(line);
    return !ended();
  }
  const Tokens tokens = split_tokens(line);
  if (tokens.empty()) return true;  // managers ignore empty lines; so does the brain
  const std::string cmd = upper(tokens[0]);
  const std::string_view args = after_tokens(line, 1);
  if (cmd == "INFO") {
    cmd_info(tokens);
    return true;
  }
  for (const std::string& text : pending_messages_) message(text);
  pending_messages_.clear();
  // Answered at once, also while the engine thinks (runs_during_search).
  if (cmd == "ABOUT") {
    cmd_about();
    return true;
  }
  if (cmd == "YXSTOP") {
    cmd_yxstop();
    return true;
  }

  // The commands below use or change the board: they run once no search runs
  // (handle_line queues them), so a search's move, the reply to the command that
  // started it, comes first.
  if (cmd == "START") {
    cmd_start(args);
  } else if (cmd == "RECTSTART") {
    cmd_rectstart(args);
  } else if (cmd == "RESTART") {
    cmd_restart();
  } else if (cmd == "BEGIN") {
    cmd_begin();
  } else if (cmd == "TURN") {
    cmd_turn(args);
  } else if (cmd == "PLAY") {
    cmd_play(args);
  } else if (cmd == "TAKEBACK") {
    cmd_takeback(args);
  } else if (cmd == "BOARD" || cmd == "YXBOARD") {
    board_input_ = BoardInput{};
    board_input_->think = cmd == "BOARD";
  } else if (cmd == "YXSHOWFORBID") {
    cmd_yxshowforbid();
  } else {
    reply("UNKNOWN command '" + sanitize_for_echo(tokens[0]) + "'");
  }
  return true;
}

void GomocupLoop::handle_overlong_line(std::size_t length) {
  const std::string text = fmt::format("line too long ({} bytes); ignored", length);
  if (board_input_) {
    ++board_input_->line_count;
    if (board_input_->error.empty()) board_input_->error = fmt::format("line {}: {}", board_input_->line_count, text);
    return;
  }
  error(text);
}

void GomocupLoop::finish() {
  {
    std::lock_guard lock(mutex_);
    ended_ = true;  // END: nothing more is written, not even the move being searched
  }
  host_.abandon();  // nor is anything that waited for it run
}

void GomocupLoop::settle() {
  host_.worker().wait();
  if (pending_hash_mb_) {
    OptionChange change{OptionId::kHash, host_.options()};
    change.updated.hash_mb = static_cast<int>(*pending_hash_mb_);
    if (!host_.apply(change))
      message(fmt::format("max_memory: no memory for a table of {} MiB; the old table stays", *pending_hash_mb_));
    pending_hash_mb_.reset();
  }
  if (pending_rule_) {
    const std::string old_rule = rule_;
    rule_ = *pending_rule_;
    pending_rule_.reset();
    if (size_ != 0 && rule_ != old_rule) {
      // The game goes on under the new rule when its moves are legal there.
      std::vector<std::string> moves = moves_;
      const int size = size_;
      const std::string no_board = host_.position_error();  // a rejected board stays rejected
      if (!new_game(size)) return;
      if (!no_board.empty()) return host_.keep_no_position(no_board);
      if (const core::Status status = set_moves(moves); !status)
        message(fmt::format("rule {}: the game so far is not legal under it ({}); the board is empty", rule_,
                            status.error()));
    }
  }
}

bool GomocupLoop::need_board() {
  settle();
  if (size_ != 0) return true;
  error("no board yet: START <size> comes first");
  return false;
}

bool GomocupLoop::need_position() {
  if (!need_board()) return false;
  if (host_.has_position()) return true;
  error(fmt::format("no board: {}; send BOARD, START or RESTART", host_.position_error()));
  return false;
}

void GomocupLoop::refuse_board(std::string_view name, std::string_view reason) {
  // The manager's board is not the one the brain holds: playing on the old one would
  // answer for another game. Nothing is played until a valid board comes.
  host_.reject_position(name, reason);
  error(fmt::format("{} rejected; no board until a valid one: {}", name, reason));
}

bool GomocupLoop::new_game(int size) {
  // START or RESTART before every game of a tournament: the same size and rule
  // reuse the tables, only cleared (EngineHost::new_game).
  const core::VariantArgs variant{{"size", std::to_string(size)}, {"rule", rule_}};
  if (const core::Status status = host_.new_game(kGame, variant); !status) {
    error(status.error());
    return false;
  }
  size_ = size;
  moves_.clear();
  return true;
}

core::Status GomocupLoop::set_moves(std::vector<std::string> moves) {
  const core::Status status = host_.session().set_position(std::nullopt, moves);
  if (status) moves_ = std::move(moves);
  return status;
}

bool GomocupLoop::play_move(std::string_view command, GomocupPoint point) {
  std::vector<std::string> moves = moves_;
  moves.push_back(gomocup_point_to_cell(point, size_));
  const core::Status status = set_moves(std::move(moves));
  if (status) return true;
  // The session names the move's place in its list; here there is only the one move.
  std::string_view reason = status.error();
  if (const std::size_t cut = reason.find("): "); reason.starts_with("illegal move") && cut != std::string_view::npos)
    reason.remove_prefix(cut + 3);
  error(fmt::format("{} {} rejected, board kept: {}", command, protocol::gomocup_point_text(point), reason));
  return false;
}

std::optional<GomocupPoint> GomocupLoop::board_point(std::string_view command, std::string_view text) {
  const auto point = parse_gomocup_point(text);
  if (!point) {
    error(fmt::format("{} needs X,Y (two whole numbers), not '{}'", command, sanitize_for_echo(text)));
    return std::nullopt;
  }
  if (point->x < 0 || point->y < 0 || point->x >= size_ || point->y >= size_) {
    error(fmt::format("{} {}: not on the {}x{} board (0..{})", command, sanitize_for_echo(text), size_, size_,
                      size_ - 1));
    return std::nullopt;
  }
  return point;
}

void GomocupLoop::cmd_start(std::string_view args) {
  settle();
  std::int64_t size = 0;
  // Words after the size are ignored (docs/protocol.md, "Transport").
  const std::vector<std::string_view> words = split_tokens(args);
  if (words.empty() || !protocol::parse_gomocup_number(words[0], size)) return error("START needs a board size, like START 15");
  if (size < kMinSize || size > kMaxSize)
    return error(fmt::format("unsupported size {}: narabe plays boards from {} to {}", size, kMinSize, kMaxSize));
  if (!new_game(static_cast<int>(size))) return;
  new_match_clock();
  reply("OK");
}

void GomocupLoop::cmd_rectstart(std::string_view args) {
  const auto numbers = protocol::gomocup_numbers(args, 2);
  if (!numbers) return error("RECTSTART needs width,height, like RECTSTART 20,15");
  if ((*numbers)[0] != (*numbers)[1])
    return error("rectangular boards are not supported: narabe plays square boards (START <size>)");
  cmd_start(std::to_string((*numbers)[0]));
}

void GomocupLoop::cmd_restart() {
  if (!need_board()) return;
  if (!new_game(size_)) return;
  new_match_clock();
  reply("OK");
}

void GomocupLoop::new_match_clock() {
  std::lock_guard lock(mutex_);
  limits_.match_spent = 0;
}

void GomocupLoop::cmd_begin() {
  if (!need_position()) return;
  if (!moves_.empty())
    return error(fmt::format("BEGIN needs an empty board; the board has {} stones", moves_.size()));
  start_search();
}

void GomocupLoop::cmd_turn(std::string_view args) {
  if (!need_position()) return;
  const auto point = board_point("TURN", args);
  if (!point) return;
  if (!play_move("TURN", *point)) return;
  start_search();
}

void GomocupLoop::cmd_play(std::string_view args) {
  if (!need_position()) return;
  const auto point = board_point("PLAY", args);
  if (!point) return;
  if (play_move("PLAY", *point)) reply(protocol::gomocup_point_text(*point));
}

void GomocupLoop::cmd_takeback(std::string_view args) {
  if (!need_position()) return;
  const auto point = board_point("TAKEBACK", args);
  if (!point) return;
  if (moves_.empty()) return error("TAKEBACK: the board is empty");
  const std::string cell = gomocup_point_to_cell(*point, size_);
  if (cell != moves_.back()) {
    const auto last = cell_to_gomocup_point(moves_.back(), size_);
    return error(fmt::format("TAKEBACK {}: only the last move ({}) can be taken back", protocol::gomocup_point_text(*point),
                             last ? protocol::gomocup_point_text(*last) : moves_.back()));
  }
  std::vector<std::string> moves = moves_;
  moves.pop_back();
  if (const core::Status status = set_moves(std::move(moves)); !status) return error(status.error());
  reply("OK");
}

void GomocupLoop::cmd_info(const Tokens& tokens) {
  if (tokens.size() < 2) return;  // nothing to learn
  const std::string key = upper(tokens[1]);
  std::int64_t value = 0;
  const bool numeric = tokens.size() == 3 && protocol::parse_gomocup_number(tokens[2], value);
  const auto needs_number = [&] {
    pending_messages_.push_back(fmt::format("INFO {} needs a whole number, not '{}'; ignored", tokens[1],
                                            sanitize_for_echo(tokens.size() > 2 ? tokens[2] : "")));
  };
  std::lock_guard lock(mutex_);
  if (key == "TIMEOUT_TURN") {
    if (!numeric) return needs_number();
    limits_.timeout_turn = std::max<std::int64_t>(value, 0);
  } else if (key == "TIMEOUT_MATCH") {
    if (!numeric) return needs_number();
    limits_.timeout_match = std::max<std::int64_t>(value, 0);
  } else if (key == "TIME_LEFT") {
    if (!numeric) return needs_number();
    limits_.time_left = value;  // may be negative: the brain is out of time
  } else if (key == "MAX_NODE") {
    if (!numeric) return needs_number();
    if (value > 0)
      limits_.max_node = static_cast<std::uint64_t>(value);
    else
      limits_.max_node.reset();
  } else if (key == "MAX_DEPTH") {
    if (!numeric) return needs_number();
    if (value > 0)
      limits_.max_depth = static_cast<int>(std::min<std::int64_t>(value, 255));
    else
      limits_.max_depth.reset();
  } else if (key == "MAX_MEMORY") {
    if (!numeric) return needs_number();
    const std::int64_t mb = value <= 0 ? EngineOptions{}.hash_mb : (value >> 20);
    pending_hash_mb_ =
        static_cast<std::size_t>(std::clamp<std::int64_t>((mb - kMemoryReserveMb) / 2, 1, EngineOptions{}.hash_mb));
  } else if (key == "RULE") {
    if (!numeric) return needs_number();
    std::int64_t ignored = 0;
    pending_rule_ = std::string(gomocup_rule(value, ignored));
    if (ignored != 0)
      pending_messages_.push_back(
          fmt::format("INFO rule {}: bits {} are not supported; playing {}", value, ignored, *pending_rule_));
  } else if (key == "THREAD_NUM") {
    if (!numeric) return needs_number();
    thread_num_ = static_cast<int>(std::clamp<std::int64_t>(value, 1, 256));
  }
  // game_type, folder, evaluate and keys narabe does not know are ignored, as the
  // protocol asks.
}

void GomocupLoop::cmd_about() {
  reply(fmt::format(R"(name="narabe", version="{}", author="the narabe developers")", kVersion));
}

void GomocupLoop::cmd_yxstop() {
  // The search ends now and writes its move; with no search there is nothing to stop.
  host_.stop();
}

void GomocupLoop::cmd_yxshowforbid() {
  if (!need_position()) return;
  std::string text = "FORBID ";
  for (const std::string& cell : host_.session().position().forbidden_points())
    if (const auto point = cell_to_gomocup_point(cell, size_)) text += fmt::format("{:02}{:02}", point->x, point->y);
  reply(text + ".");
}

void GomocupLoop::board_line(std::string_view line) {
  BoardInput& input = *board_input_;
  const std::string_view text = trim(line);
  if (text.empty()) return;
  const std::string word = upper(split_tokens(text).front());
  if (word == "DONE") return board_done();
  if (word == "END") {  // the manager gave up on the board: leave at once
    board_input_.reset();
    finish();
    return;
  }
  ++input.line_count;
  if (!input.error.empty()) return;
  const auto bad = [&](std::string_view why) {
    input.error = fmt::format("line {} '{}': {}", input.line_count, sanitize_for_echo(text), why);
  };
  const auto numbers = protocol::gomocup_numbers(text, 3);
  if (!numbers) return bad("not X,Y,field");
  const std::int64_t x = (*numbers)[0], y = (*numbers)[1], field = (*numbers)[2];
  if (size_ == 0) return bad("no board yet (START <size> comes first)");
  if (x < 0 || y < 0 || x >= size_ || y >= size_) return bad(fmt::format("not on the {}x{} board", size_, size_));
  if (field < 1 || field > 3) return bad("field must be 1 (own), 2 (opponent) or 3");
  const GomocupPoint point{static_cast<int>(x), static_cast<int>(y)};
  for (const BoardStone& stone : input.stones)
    if (stone.point == point) return bad("the point is given twice");
  input.stones.push_back({point, static_cast<int>(field)});
}

void GomocupLoop::board_done() {
  BoardInput input = std::move(*board_input_);
  board_input_.reset();
  const std::string_view name = input.think ? "BOARD" : "YXBOARD";
  if (!need_board()) return;
  if (!input.error.empty()) return refuse_board(name, input.error);

  // Field 3 (a stone of a continuous game's winning line) belongs to neither player:
  // narabe plays no continuous game and leaves such points empty.
  std::vector<BoardStone> stones;
  for (const BoardStone& stone : input.stones)
    if (stone.field != 3) stones.push_back(stone);
  const std::size_t skipped = input.stones.size() - stones.size();
  if (skipped != 0) message(fmt::format("{}: {} stones with field 3 left out (no continuous game)", name, skipped));

  const auto own = static_cast<std::size_t>(std::count_if(stones.begin(), stones.end(), [](const BoardStone& s) {
    return s.field == 1;
  }));
  const std::size_t opponent = stones.size() - own;
  // The brain is to move: with as many stones as the opponent it is black, with one
  // fewer white.
  int black_field = 0;
  if (own == opponent)
    black_field = 1;
  else if (opponent == own + 1)
    black_field = 2;
  else
    return refuse_board(name, fmt::format("{} own and {} opponent stones do not leave the brain to move", own, opponent));

  // In play order when the list alternates black, white, black...; renju needs that
  // order (a black stone is legal only where it was not forbidden when played). Other
  // rules take the stones in any order: black's and white's in turn.
  bool alternates = true;
  for (std::size_t i = 0; i < stones.size(); ++i)
    alternates = alternates && (stones[i].field == black_field) == (i % 2 == 0);
  std::vector<std::string> moves;
  if (alternates) {
    for (const BoardStone& stone : stones) moves.push_back(gomocup_point_to_cell(stone.point, size_));
  } else {
    if (rule_ == "renju")
      return refuse_board(name, "under renju the stones must come in the order they were played (black, white, "
                                "black, ...)");
    std::vector<std::string> by_colour[2];
    for (const BoardStone& stone : stones)
      by_colour[stone.field == black_field ? 0 : 1].push_back(gomocup_point_to_cell(stone.point, size_));
    for (std::size_t i = 0; i < by_colour[0].size(); ++i) {
      moves.push_back(by_colour[0][i]);
      if (i < by_colour[1].size()) moves.push_back(by_colour[1][i]);
    }
  }
  if (const core::Status status = host_.set_position(std::nullopt, moves, name); !status)
    return refuse_board(name, status.error());
  moves_ = std::move(moves);
  if (input.think) start_search();
}

void GomocupLoop::start_search() {
  if (core::is_over(host_.session().position().outcome())) return error("the game is over: no move to play");
  // The manager's clock has run since the command's line was read: what the loop
  // spent since (a rule change's new tables, replaying the game) comes off the budget.
  const auto read = command_read_;
  const std::int64_t spent =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - read).count();
  SearchRequest request;
  request.level = core::Level::kMax;
  request.limits = plan_gomocup_search(limits(), host_.session().position().side_to_move(), spent);
  // The manager's thread_num, held to the machine's threads as Threads is.
  request.threads = std::min(thread_num_, hardware_threads());
  SearchJob job = host_.session().make_search_job(request, nullptr);
  host_.start(
      [this, job = std::move(job), read](const core::StopSignal& stop) {
        const TextResult result = job(stop);
        host_.worker().answering();
        const auto point = cell_to_gomocup_point(result.best_move, size_);
        std::lock_guard lock(mutex_);
        // The manager counts the match time only while the brain thinks; it sends
        // time_left before each move, but a manager that does not still gets the
        // time spent taken off.
        const std::int64_t took =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - read).count();
        if (limits_.time_left && *limits_.time_left != kUnlimitedTimeLeft)
          limits_.time_left = *limits_.time_left - took;
        limits_.match_spent += took;
        if (ended_) return;
        if (!point) {
          out_.write_line("ERROR no move to play: the game is over");
          return;
        }
        std::vector<std::string> moves = moves_;
        moves.push_back(result.best_move);
        if (host_.session().set_position(std::nullopt, moves)) moves_ = std::move(moves);
        out_.write_line(fmt::format("MESSAGE depth {} score {} nodes {} time {} ms", result.search.depth,
                                    format_score(result.search.score), result.search.nodes,
                                    result.search.time_ms));
        out_.write_line(protocol::gomocup_point_text(*point));
      },
      false);
}

}  // namespace narabe::server
