#include "tools/gui/app/engine_link.h"

#include <fmt/format.h>

#include <signal.h>

#include <chrono>

#include "protocol/client/engine_messages.h"

namespace narabe::gui {
namespace {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

constexpr milliseconds kHandshakeTimeout{10000};
// How often the reader looks up from the pipe to notice a cancel or a quit.
constexpr milliseconds kPollSlice{50};

}  // namespace

ProcessEngineLink::ProcessEngineLink(std::vector<std::string> argv, int answer_margin_ms)
    : argv_(std::move(argv)), answer_margin_ms_(answer_margin_ms) {}

ProcessEngineLink::~ProcessEngineLink() { shut_down(); }

void ProcessEngineLink::shut_down() {
  {
    std::lock_guard lock(mutex_);
    quitting_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  process_.reset();  // closes stdin (quit), then kills if it lingers
}

std::string ProcessEngineLink::start() {
  shut_down();
  {
    std::lock_guard lock(mutex_);
    requests_.clear();
    events_.clear();
    quitting_ = false;
  }
  current_newgame_.clear();
  current_level_.clear();
  client::SpawnOptions options;
  options.discard_stderr = true;
  std::string error;
  process_ = client::EngineProcess::start(argv_, options, &error);
  if (!process_) return error.empty() ? "cannot start the engine " + argv_.front() : error;
  thread_ = std::thread([this] { run(); });
  return {};
}

void ProcessEngineLink::request_move(const MoveRequest& request) {
  {
    std::lock_guard lock(mutex_);
    requests_.push_back(request);
  }
  wake_.notify_all();
}

void ProcessEngineLink::cancel() {
  std::lock_guard lock(mutex_);
  int highest = cancelled_up_to_;
  for (const auto& r : requests_) highest = std::max(highest, r.position_id);
  requests_.clear();
  // The search in flight has the highest id asked so far; stale from now on.
  cancelled_up_to_ = std::max(highest, last_requested_id_);
}

std::vector<EngineEvent> ProcessEngineLink::poll() {
  std::lock_guard lock(mutex_);
  std::vector<EngineEvent> out;
  out.swap(events_);
  return out;
}

void ProcessEngineLink::kill_engine() {
  // Only the pid is read here, never the process object the reader thread
  // owns; the child is not reaped before the reader sees it gone.
  if (process_) ::kill(process_->pid(), SIGKILL);
}

void ProcessEngineLink::report(EngineEvent event) {
  std::lock_guard lock(mutex_);
  events_.push_back(std::move(event));
}

void ProcessEngineLink::fail(std::string message) {
  EngineEvent event;
  event.kind = EngineEvent::Kind::kFailure;
  event.message = std::move(message);
  report(std::move(event));
}

std::optional<std::string> ProcessEngineLink::how_it_ended() {
  if (!process_->wait_exit(milliseconds(200))) return std::nullopt;
  const int status = process_->exit_status().value_or(0);
  return status < 0 ? fmt::format("the engine was killed (signal {})", -status)
                    : fmt::format("the engine exited (status {})", status);
}

bool ProcessEngineLink::handshake() {
  if (!process_->send_line("uci")) return false;
  if (process_->wait_for_line_status("uciok", kHandshakeTimeout).status != client::ReadStatus::kLine) return false;
  if (!process_->send_line("isready")) return false;
  return process_->wait_for_line_status("readyok", kHandshakeTimeout).status == client::ReadStatus::kLine;
}

void ProcessEngineLink::run() {
  if (!handshake()) {
    // A process that died during the handshake says how; a live one that
    // did not answer is probably not a narabe protocol engine.
    if (const auto how = how_it_ended()) fail(*how + " before it answered uci/isready");
    else fail(fmt::format("the engine {} did not answer uci/isready: is it a narabe protocol engine?", argv_.front()));
    return;
  }
  while (true) {
    MoveRequest request;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return quitting_ || !requests_.empty(); });
      if (quitting_) return;
      request = std::move(requests_.front());
      requests_.pop_front();
      last_requested_id_ = std::max(last_requested_id_, request.position_id);
    }
    if (!serve(request)) return;
  }
}

bool ProcessEngineLink::serve(const MoveRequest& request) {
  auto send = [&](const std::string& line) { return process_->send_line(line); };
  bool sent = true;
  if (request.newgame != current_newgame_) {
    sent = sent && send("newgame " + request.newgame);
    current_newgame_ = request.newgame;
  }
  if (request.level != current_level_) {
    sent = sent && send("setoption name Level value " + request.level);
    current_level_ = request.level;
  }
  std::string position = request.start_fen.empty() ? "position startpos" : "position fen " + request.start_fen;
  if (!request.moves.empty()) position += fmt::format(" moves {}", fmt::join(request.moves, " "));
  sent = sent && send(position) && send(fmt::format("go movetime {}", request.movetime_ms));
  if (!sent) {
    fail(how_it_ended().value_or("the engine stopped reading its input"));
    return false;
  }

  const auto deadline = Clock::now() + milliseconds(request.movetime_ms + answer_margin_ms_);
  bool stop_sent = false;
  while (true) {
    bool stale = false;
    {
      std::lock_guard lock(mutex_);
      if (quitting_) return false;
      stale = request.position_id <= cancelled_up_to_;
    }
    if (stale && !stop_sent) {
      (void)send("stop");
      stop_sent = true;
    }
    if (Clock::now() > deadline) {
      process_->kill();
      fail(fmt::format("the engine did not answer within {:.1f} s", (request.movetime_ms + answer_margin_ms_) / 1000.0));
      return false;
    }
    const client::ReadResult read = process_->read_line_status(kPollSlice);
    if (read.status == client::ReadStatus::kTimeout) continue;
    if (read.status != client::ReadStatus::kLine) {
      fail(how_it_ended().value_or("the engine stopped"));
      return false;
    }
    if (auto best = client::parse_bestmove(read.line)) {
      if (stale) return true;  // the stopped search's answer: dropped
      EngineEvent event;
      event.kind = EngineEvent::Kind::kBestMove;
      event.position_id = request.position_id;
      event.move = best->move;
      report(std::move(event));
      return true;
    }
    if (stale) continue;
    if (auto info = client::parse_info(read.line); info && (info->score_cp || info->score_mate)) {
      EngineEvent event;
      event.position_id = request.position_id;
      event.depth = info->depth;
      event.score_cp = info->score_cp;
      event.score_mate = info->score_mate;
      report(std::move(event));
    }
  }
}

}  // namespace narabe::gui
