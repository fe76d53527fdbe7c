#include "tools/match/gomocup_player.h"

#include <algorithm>

#include <fmt/format.h>

#include "protocol/client/engine_messages.h"
#include "protocol/common/gomocup_notation.h"
#include "tools/match/player_io.h"

namespace narabe::match {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

std::optional<std::string> cell_to_gomocup(std::string_view cell, int size) {
  const auto point = protocol::cell_to_gomocup_point(cell, size);
  if (!point) return std::nullopt;
  return protocol::gomocup_point_text(*point);
}

std::optional<std::string> gomocup_to_cell(std::string_view text, int size) {
  const auto point = protocol::parse_gomocup_point(text);
  if (!point || point->x < 0 || point->y < 0 || point->x >= size || point->y >= size || point->x >= 26)
    return std::nullopt;
  return protocol::gomocup_point_to_cell(*point, size);
}

GomocupPlayer::GomocupPlayer(EngineSpec spec, PlayerTimeouts timeouts)
    : ProcessPlayer(std::move(spec), timeouts, "END") {}

client::ReadResult GomocupPlayer::read_answer(Clock::time_point deadline) {
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    auto read = process_->read_line_status(std::max(left, 0ms));
    if (read.status != client::ReadStatus::kLine) return read;
    const auto first = client::first_token(read.line);
    if (first == "MESSAGE" || first == "DEBUG" || first.empty()) continue;
    return read;
  }
}

std::optional<Failure> GomocupPlayer::start() {
  if (auto failure = spawn()) return failure;
  // Brains need not answer ABOUT; the START of the first game is the handshake.
  return std::nullopt;
}

std::optional<Failure> GomocupPlayer::new_game(const std::string& newgame_arguments) {
  const auto size = board_size_of(newgame_arguments);
  if (!size) return Failure{Termination::kStall, fmt::format("Gomocup cannot play '{}'", newgame_arguments)};
  size_ = *size;
  if (!process_->send_line(fmt::format("START {}", size_)))
    return describe_missing(*process_, client::ReadStatus::kClosed, "OK after START", Termination::kStall);
  const auto read = read_answer(Clock::now() + timeouts_.handshake);
  if (read.status != client::ReadStatus::kLine) {
    broken_ = read.status == client::ReadStatus::kTimeout;
    return describe_missing(*process_, read.status, "OK after START", Termination::kStall);
  }
  if (client::first_token(read.line) != "OK")
    return Failure{Termination::kStall, fmt::format("answered START with '{}'", read.line.substr(0, 80))};
  // The rule as Gomocup's bits: 0 freestyle, 1 exactly five, 4 renju. A rule
  // Gomocup has no bit for cannot be played through it.
  int rule = 0;
  if (newgame_arguments.find("renju") != std::string::npos)
    rule = 4;
  else if (newgame_arguments.find("standard") != std::string::npos)
    rule = 1;
  else if (newgame_arguments.find("overline-forbidden") != std::string::npos)
    return Failure{Termination::kStall, "Gomocup has no rule for overline-forbidden"};
  process_->send_line(fmt::format("INFO rule {}", rule));
  return std::nullopt;
}

MoveReply GomocupPlayer::request_move(const MoveRequest& request) {
  MoveReply reply;
  if (!request.start_fen.empty()) {
    reply.failure = Failure{Termination::kIllegalMove, "Gomocup cannot set up a position from a fen"};
    return reply;
  }
  const Limits& limits = *request.limits;
  if (limits.movetime_ms) process_->send_line(fmt::format("INFO timeout_turn {}", *limits.movetime_ms));
  if (const auto& clock = request.clock_ms[core::index_of(request.side_to_move)]) {
    process_->send_line(fmt::format("INFO timeout_match {}", limits.base_ms.value_or(0)));
    process_->send_line(fmt::format("INFO time_left {}", std::max<std::int64_t>(*clock, 0)));
  }
  // The whole board every move: no state to keep in step, and a brain restarted
  // after a crash needs nothing else.
  process_->send_line("BOARD");
  const int mover = static_cast<int>(request.moves.size() % 2);
  for (std::size_t i = 0; i < request.moves.size(); ++i) {
    const auto xy = cell_to_gomocup(request.moves[i], size_);
    if (!xy) {
      reply.failure = Failure{Termination::kIllegalMove,
                              fmt::format("move '{}' has no Gomocup coordinates", request.moves[i])};
      return reply;
    }
    process_->send_line(fmt::format("{},{}", *xy, static_cast<int>(i % 2) == mover ? 1 : 2));
  }
  const auto started = Clock::now();
  if (!process_->send_line("DONE")) {
    reply.failure = describe_missing(*process_, client::ReadStatus::kClosed, "move", Termination::kCrash);
    return reply;
  }
  const auto read = read_answer(started + move_deadline(request, timeouts_));
  reply.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
  if (read.status != client::ReadStatus::kLine) {
    const bool timed = limits.timed();
    reply.failure =
        describe_missing(*process_, read.status, "move", timed ? Termination::kTimeForfeit : Termination::kWatchdog);
    if (read.status == client::ReadStatus::kTimeout) {
      process_->kill();  // Gomocup has no stop for a brain that thinks on
      broken_ = true;
    }
    return reply;
  }
  const auto cell = gomocup_to_cell(read.line, size_);
  if (!cell) {
    reply.failure = Failure{Termination::kIllegalMove, fmt::format("unreadable answer '{}'", read.line.substr(0, 80))};
    return reply;
  }
  reply.move = *cell;
  return reply;
}


}  // namespace narabe::match
