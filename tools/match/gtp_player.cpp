#include "tools/match/gtp_player.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "tools/match/player_io.h"

namespace narabe::match {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

const char* colour_of(int ply_index_from_start) { return ply_index_from_start % 2 == 0 ? "black" : "white"; }

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return std::string(text);
}

}  // namespace

GtpPlayer::GtpPlayer(EngineSpec spec, PlayerTimeouts timeouts)
    : ProcessPlayer(std::move(spec), timeouts, "quit") {}

std::optional<GtpPlayer::Response> GtpPlayer::command(const std::string& line, std::chrono::milliseconds timeout,
                                                      Termination on_timeout, std::optional<Failure>& failure) {
  if (!process_->send_line(line)) {
    failure = describe_missing(*process_, client::ReadStatus::kClosed, "GTP response", Termination::kCrash);
    return std::nullopt;
  }
  const auto deadline = Clock::now() + timeout;
  std::optional<Response> response;
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    const auto read = process_->read_line_status(std::max(left, 0ms));
    if (read.status != client::ReadStatus::kLine) {
      failure = describe_missing(*process_, read.status, fmt::format("response to '{}'", line), on_timeout);
      return std::nullopt;
    }
    if (!response) {
      // GTP: "=[id] text" or "?[id] text"; anything before it is noise.
      if (read.line.empty() || (read.line[0] != '=' && read.line[0] != '?')) continue;
      std::size_t start = 1;
      while (start < read.line.size() && std::isdigit(static_cast<unsigned char>(read.line[start]))) ++start;
      response = Response{read.line[0] == '=', trim(std::string_view(read.line).substr(start))};
    } else if (trim(read.line).empty()) {
      return response;  // the blank line that ends every response
    } else {
      response->text += '\n' + trim(read.line);
    }
  }
}

std::optional<Failure> GtpPlayer::must(const std::string& line) {
  std::optional<Failure> failure;
  const auto response = command(line, timeouts_.handshake, Termination::kStall, failure);
  if (failure) {
    broken_ = failure->kind == Termination::kStall;
    return failure;
  }
  if (!response->success)
    return Failure{Termination::kStall, fmt::format("refused '{}': {}", line, response->text.substr(0, 80))};
  return std::nullopt;
}

std::optional<Failure> GtpPlayer::start() {
  on_board_.clear();
  if (auto failure = spawn()) return failure;
  std::optional<Failure> failure;
  const auto name = command("name", timeouts_.handshake, Termination::kStall, failure);
  if (failure) {
    broken_ = true;
    return failure;
  }
  if (name->success) reported_name_ = name->text;
  return std::nullopt;
}

std::optional<Failure> GtpPlayer::new_game(const std::string& newgame_arguments) {
  const auto size = board_size_of(newgame_arguments);
  if (!size) return Failure{Termination::kStall, fmt::format("GTP cannot play '{}'", newgame_arguments)};
  if (auto failure = must(fmt::format("boardsize {}", *size))) return failure;
  on_board_.clear();
  time_settings_sent_ = false;
  return must("clear_board");
}

MoveReply GtpPlayer::request_move(const MoveRequest& request) {
  MoveReply reply;
  if (!request.start_fen.empty()) {
    reply.failure = Failure{Termination::kIllegalMove, "GTP cannot set up a position from a fen"};
    return reply;
  }
  // Only the moves the engine has not seen are sent, unless its board went
  // another way (then it is set up again from the start).
  const bool extends = on_board_.size() <= request.moves.size() &&
                       std::equal(on_board_.begin(), on_board_.end(), request.moves.begin());
  if (!extends) {
    if (auto failure = must("clear_board")) {
      reply.failure = failure;
      return reply;
    }
    on_board_.clear();
  }
  for (std::size_t i = on_board_.size(); i < request.moves.size(); ++i) {
    auto failure = must(fmt::format("play {} {}", colour_of(static_cast<int>(i)), request.moves[i]));
    // Some engines (gtp-rhino) pass by themselves and refuse `play <colour> pass`
    // as a syntax error; only a refusal of a real move is the engine's failure.
    if (failure && !(request.moves[i] == "pass" && process_->is_alive() && failure->kind == Termination::kStall &&
                     failure->detail.starts_with("refused"))) {
      reply.failure = failure;
      return reply;
    }
    on_board_.push_back(request.moves[i]);
  }
  const char* colour = colour_of(static_cast<int>(request.moves.size()));
  if (!time_settings_sent_) {
    // GTP knows a main time and byo-yomi: a clock is main time alone (the
    // increment reaches the engine through time_left), a movetime is one stone
    // per byo-yomi period of that length.
    const Limits& limits = *request.limits;
    std::string settings;
    if (limits.base_ms) {
      settings = fmt::format("time_settings {} 0 0", (*limits.base_ms + 999) / 1000);
    } else if (limits.movetime_ms) {
      settings = fmt::format("time_settings 0 {} 1", std::max<std::int64_t>(*limits.movetime_ms / 1000, 1));
    }
    if (!settings.empty()) {
      std::optional<Failure> failure;
      command(settings, timeouts_.handshake, Termination::kStall, failure);  // refusal is harmless
      if (failure) {
        reply.failure = failure;
        return reply;
      }
    }
    time_settings_sent_ = true;
  }
  if (const auto& clock = request.clock_ms[core::index_of(request.side_to_move)]) {
    // Seconds, as GTP counts them; 0 stones: the main time, no byo-yomi.
    std::optional<Failure> ignored;
    command(fmt::format("time_left {} {} 0", colour, std::max<std::int64_t>(*clock, 0) / 1000),
            timeouts_.handshake, Termination::kStall, ignored);
    if (ignored) {
      reply.failure = ignored;
      return reply;
    }
  }
  const auto started = Clock::now();
  std::optional<Failure> failure;
  const bool timed = request.limits->timed();
  const auto response = command(fmt::format("genmove {}", colour), move_deadline(request, timeouts_),
                                timed ? Termination::kTimeForfeit : Termination::kWatchdog, failure);
  reply.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
  if (failure) {
    // A GTP engine cannot be told to stop thinking: one that runs late is restarted.
    if (failure->kind == Termination::kTimeForfeit || failure->kind == Termination::kWatchdog) {
      process_->kill();
      broken_ = true;
    }
    reply.failure = failure;
    return reply;
  }
  if (!response->success) {
    reply.failure = Failure{Termination::kIllegalMove, fmt::format("genmove failed: {}", response->text.substr(0, 80))};
    return reply;
  }
  const std::string move = lower(response->text);
  if (move == "resign") {
    reply.failure = Failure{Termination::kResign, "resigned"};
    return reply;
  }
  reply.move = move;
  on_board_ = request.moves;
  on_board_.push_back(move);
  return reply;
}


}  // namespace narabe::match
