#include "tools/match/native_player.h"

#include <algorithm>

#include <fmt/format.h>

#include "protocol/client/engine_messages.h"
#include "tools/match/player_io.h"

namespace narabe::match {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

NativePlayer::NativePlayer(EngineSpec spec, PlayerTimeouts timeouts)
    : ProcessPlayer(std::move(spec), timeouts, "quit") {}

std::optional<Failure> NativePlayer::start() {
  games_.clear();
  if (auto failure = spawn()) return failure;
  if (!process_->send_line("uci")) return describe_missing(*process_, client::ReadStatus::kClosed, "uciok", Termination::kStall);
  std::vector<std::string> seen;
  const auto reply = process_->wait_for_line_status("uciok", timeouts_.handshake, &seen);
  for (const std::string& line : seen) {
    const auto tokens = client::split_tokens(line);
    if (tokens.size() >= 3 && tokens[0] == "id" && tokens[1] == "name") {
      reported_name_ = line.substr(static_cast<std::size_t>(tokens[2].data() - line.data()));
    } else if (tokens.size() >= 2 && tokens[0] == "game") {
      games_.emplace_back(tokens[1]);
    }
  }
  if (reply.status != client::ReadStatus::kLine) {
    auto failure = describe_missing(*process_, reply.status, "uciok", Termination::kStall);
    broken_ = true;
    return failure;
  }
  for (const auto& [name, value] : spec_.options)
    process_->send_line(fmt::format("setoption name {} value {}", name, value));
  process_->send_line("isready");
  const auto ready = process_->wait_for_line_status("readyok", timeouts_.handshake);
  if (ready.status != client::ReadStatus::kLine) {
    broken_ = true;
    return describe_missing(*process_, ready.status, "readyok", Termination::kStall);
  }
  return std::nullopt;
}

std::optional<Failure> NativePlayer::new_game(const std::string& newgame_arguments) {
  if (!process_->send_line("newgame " + newgame_arguments) || !process_->send_line("isready"))
    return describe_missing(*process_, client::ReadStatus::kClosed, "readyok", Termination::kStall);
  const auto ready = process_->wait_for_line_status("readyok", timeouts_.handshake);
  if (ready.status != client::ReadStatus::kLine) {
    broken_ = true;  // a stalled engine is restarted before its next game
    return describe_missing(*process_, ready.status, "readyok after newgame", Termination::kStall);
  }
  return std::nullopt;
}

std::string position_command(const MoveRequest& request) {
  std::string line = request.start_fen.empty() ? "position startpos" : "position fen " + request.start_fen;
  if (!request.moves.empty()) line += " moves " + fmt::format("{}", fmt::join(request.moves, " "));
  return line;
}

std::string go_command(const MoveRequest& request) {
  const Limits& limits = *request.limits;
  std::string line = "go";
  // Each side's clock when it has one (time odds: only one side may); the
  // protocol reads a clock of the other side alone as no limit.
  static constexpr const char* kTime[2] = {"wtime", "btime"};
  static constexpr const char* kIncrement[2] = {"winc", "binc"};
  for (int side = 0; side < 2; ++side) {
    if (!request.clock_ms[side]) continue;
    line += fmt::format(" {} {}", kTime[side], std::max<std::int64_t>(*request.clock_ms[side], 0));
    if (request.increment_ms[side] > 0) line += fmt::format(" {} {}", kIncrement[side], request.increment_ms[side]);
  }
  if (limits.movetime_ms) line += fmt::format(" movetime {}", *limits.movetime_ms);
  if (limits.depth) line += fmt::format(" depth {}", *limits.depth);
  if (limits.nodes) line += fmt::format(" nodes {}", *limits.nodes);
  return line;
}

MoveReply NativePlayer::request_move(const MoveRequest& request) {
  MoveReply reply;
  if (!process_->send_line(position_command(request)) || !process_->send_line(go_command(request))) {
    reply.failure = describe_missing(*process_, client::ReadStatus::kClosed, "bestmove", Termination::kCrash);
    return reply;
  }
  const auto started = Clock::now();
  const auto deadline = started + move_deadline(request, timeouts_);
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    const auto read = process_->read_line_status(std::max(left, 0ms));
    reply.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
    if (read.status != client::ReadStatus::kLine) {
      const bool timed = request.limits->timed();
      reply.failure = describe_missing(*process_, read.status, "bestmove",
                                       timed ? Termination::kTimeForfeit : Termination::kWatchdog);
      if (read.status == client::ReadStatus::kTimeout) {
        reply.failure->detail = timed ? fmt::format("no bestmove after {} ms", reply.elapsed_ms)
                                      : fmt::format("no bestmove after {} ms under a depth/node limit (watchdog)",
                                                    reply.elapsed_ms);
        recover_after_timeout();
      }
      return reply;
    }
    const std::string_view first = client::first_token(read.line);
    if (first == "info") {
      if (const auto info = client::parse_info(read.line)) {
        if (info->score_cp || info->score_mate) {
          reply.score_cp = info->score_cp;
          reply.score_mate = info->score_mate;
        }
        if (info->depth) reply.depth = info->depth;
        if (info->nodes) reply.nodes = info->nodes;
      }
    } else if (first == "bestmove") {
      const auto best = client::parse_bestmove(read.line);
      if (!best) {
        reply.failure = Failure{Termination::kIllegalMove, fmt::format("unparsable bestmove line '{}'",
                                                                       read.line.substr(0, 80))};
        return reply;
      }
      reply.move = best->move;
      return reply;
    }
  }
}

void NativePlayer::recover_after_timeout() {
  if (!process_->send_line("stop") ||
      process_->wait_for_line_status("bestmove", 1000ms).status != client::ReadStatus::kLine) {
    process_->kill();
    broken_ = true;
  }
}


}  // namespace narabe::match
