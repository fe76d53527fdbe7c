#include "tools/match/player_io.h"

#include <algorithm>

#include <fmt/format.h>

#include "protocol/client/engine_messages.h"
#include "protocol/common/parse_number.h"

namespace narabe::match {

using namespace std::chrono_literals;

std::unique_ptr<client::EngineProcess> spawn_engine(const EngineSpec& spec, std::string* error) {
  client::SpawnOptions options;
  options.discard_stderr = true;
  options.working_directory = spec.working_directory;
  return client::EngineProcess::start(spec.command, options, error);
}

ProcessPlayer::ProcessPlayer(EngineSpec spec, PlayerTimeouts timeouts, std::string goodbye_line)
    : spec_(std::move(spec)), timeouts_(timeouts), goodbye_line_(std::move(goodbye_line)) {}

ProcessPlayer::~ProcessPlayer() { quit(); }

std::optional<Failure> ProcessPlayer::spawn() {
  std::string error;
  process_ = spawn_engine(spec_, &error);
  broken_ = false;
  reported_name_.clear();
  if (!process_) return Failure{Termination::kCrash, "could not start: " + error};
  return std::nullopt;
}

void ProcessPlayer::quit() {
  if (!process_) return;
  if (process_->is_alive()) {
    process_->send_line(goodbye_line_);
    if (!process_->wait_exit(1000ms)) process_->kill();
  }
  process_.reset();
}

bool ProcessPlayer::usable() { return process_ && !broken_ && process_->is_alive(); }

Failure describe_missing(client::EngineProcess& process, client::ReadStatus status, const std::string& what,
                         Termination on_timeout) {
  switch (status) {
    case client::ReadStatus::kClosed: {
      process.wait_exit(500ms);
      const auto code = process.exit_status();
      return Failure{Termination::kCrash,
                     code ? (*code < 0 ? fmt::format("killed by signal {} while we waited for {}", -*code, what)
                                       : fmt::format("exited with code {} while we waited for {}", *code, what))
                          : fmt::format("closed its output while we waited for {}", what)};
    }
    case client::ReadStatus::kError:
      process.kill();
      return Failure{Termination::kIllegalMove, fmt::format("unreadable output: {}", process.read_error())};
    case client::ReadStatus::kTimeout:
    case client::ReadStatus::kLine:
      break;
  }
  return Failure{on_timeout, fmt::format("no {} within the time-out", what)};
}

std::chrono::milliseconds move_deadline(const MoveRequest& request, const PlayerTimeouts& timeouts) {
  const Limits& limits = *request.limits;
  std::optional<std::int64_t> allowed;
  if (const auto& clock = request.clock_ms[core::index_of(request.side_to_move)]) allowed = *clock;
  if (limits.movetime_ms) allowed = allowed ? std::min(*allowed, *limits.movetime_ms) : *limits.movetime_ms;
  if (!allowed) return timeouts.watchdog;
  return std::chrono::milliseconds(std::max<std::int64_t>(*allowed, 0) + limits.margin_ms);
}

std::optional<int> board_size_of(const std::string& newgame_arguments) {
  const auto words = client::split_tokens(newgame_arguments);
  if (words.empty()) return std::nullopt;
  for (std::size_t i = 1; i + 1 < words.size(); i += 2) {
    if (words[i] != "size") continue;
    int size = 0;
    if (protocol::parse_int(words[i + 1], size)) return size;
  }
  if (words[0] == "tictactoe") return 3;
  if (words[0] == "reversi" || words[0] == "othello") return 8;
  if (words[0] == "gomoku" || words[0] == "renju") return 15;
  return std::nullopt;
}

}  // namespace narabe::match
