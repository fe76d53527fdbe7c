#include "tools/match/tournament.h"

#include <unistd.h>

#include <thread>

#include <fmt/format.h>

#include "tools/match/match_game.h"
#include "tools/match/report.h"

namespace narabe::match {

struct Tournament::Worker {
  std::vector<std::unique_ptr<Player>> players;  // by engine index; started on first use
  std::unique_ptr<games::AnyPosition> referee;
};

Tournament::Tournament(RunSettings settings, const games::AnyPosition& rules, Schedule schedule, OpeningPlan openings,
                       RunHeader header, Tally previous_results, std::optional<ResultsWriter> writer)
    : settings_(std::move(settings)),
      rules_(rules.clone()),
      schedule_(std::move(schedule)),
      openings_(std::move(openings)),
      header_(std::move(header)),
      writer_(std::move(writer)),
      tally_(std::move(previous_results)) {
  if (!settings_.make_player) settings_.make_player = make_player;
  for (const std::int64_t id : schedule_.shard_games())
    if (!tally_.contains(id)) pending_.push_back(id);
}

std::optional<std::int64_t> Tournament::take_next_game() {
  std::lock_guard lock(mutex_);
  if (ended_ || stop_requested_ || next_pending_ >= pending_.size()) return std::nullopt;
  return pending_[next_pending_++];
}

void Tournament::stop_run(RunEnd end, std::string message) {
  // Caller holds mutex_. The first reason to stop is the one reported.
  if (!ended_) {
    ended_ = true;
    outcome_.end = end;
    outcome_.message = std::move(message);
  }
  stop_requested_ = true;
}

std::string Tournament::report_text() const {
  return format_results(tally_, header_.engines, header_.games_per_pair, settings_.sprt);
}

void Tournament::record_game(GameRecord game) {
  std::lock_guard lock(mutex_);
  if (writer_) {
    if (auto s = writer_->append(game); !s) {
      stop_run(RunEnd::kError, s.error());
      return;
    }
  }
  tally_.add(game);
  ++outcome_.games_played;
  ++since_report_;

  std::optional<SprtDecision> decision;
  if (settings_.sprt) {
    std::optional<PairCounts> pairs;
    if (header_.games_per_pair == 2) pairs = tally_.pairs_between(0, 1);
    const double value = llr(*settings_.sprt, tally_.games_between(0, 1), pairs);
    decision = sprt_decision(value, sprt_bounds(*settings_.sprt));
    outcome_.sprt = decision;
  }
  if (settings_.progress_line) {
    const double minutes =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count() / 60.0;
    const long long done = static_cast<long long>(tally_.size());
    const auto stats = header_.engines.size() == 2 ? score_stats(tally_.games_between(0, 1)) : ScoreStats{};
    std::fprintf(stderr, "\r%s\x1b[K",
                 format_progress(done, static_cast<long long>(pending_.size()) + done - outcome_.games_played,
                                 minutes > 0 ? static_cast<double>(outcome_.games_played) / minutes : 0.0,
                                 elo_estimate(stats))
                     .c_str());
    std::fflush(stderr);
  }
  if (settings_.rating_interval > 0 && since_report_ >= settings_.rating_interval) {
    since_report_ = 0;
    if (settings_.progress_line) std::fputs("\r\x1b[K", stderr);
    std::fprintf(out_, "--- %zu games ---\n%s", tally_.size(), report_text().c_str());
    std::fflush(out_);
  }
  if (decision && *decision != SprtDecision::kContinue) {
    stop_run(RunEnd::kComplete, *decision == SprtDecision::kAcceptH1 ? "SPRT: H1 accepted" : "SPRT: H0 accepted");
  }
}

void Tournament::work(Worker& worker) {
  worker.players.resize(settings_.engines.size());
  worker.referee = rules_->clone();
  while (const auto id = take_next_game()) {
    const ScheduledGame scheduled = schedule_.game(*id);
    const int engines[2] = {scheduled.first, scheduled.second};
    GameRecord record;
    std::optional<PlayedGame> played;
    // (Re)start the two engines as needed; one that cannot be started loses.
    for (int side = 0; side < 2 && !played; ++side) {
      auto& player = worker.players[static_cast<std::size_t>(engines[side])];
      if (player && player->usable()) continue;
      if (player) player->quit();
      player = settings_.make_player(settings_.engines[static_cast<std::size_t>(engines[side])], settings_.timeouts);
      if (auto failure = player->start()) {
        PlayedGame lost;
        lost.failed_side = side;
        lost.record.outcome = core::win_for(side == 0 ? core::Side::kSecond : core::Side::kFirst);
        lost.record.termination = failure->kind;
        lost.record.reason = fmt::format("{} could not be started: {}", settings_.engines[static_cast<std::size_t>(engines[side])].name,
                                         failure->detail);
        played = std::move(lost);
      }
    }
    if (!played) {
      GameSetup setup;
      for (int side = 0; side < 2; ++side) {
        const auto& spec = settings_.engines[static_cast<std::size_t>(engines[side])];
        setup.players[side] = worker.players[static_cast<std::size_t>(engines[side])].get();
        setup.limits[side] = &spec.limits;
        setup.names[side] = spec.name;
      }
      setup.opening = &openings_.openings[static_cast<std::size_t>(scheduled.pair)];
      setup.max_plies = settings_.max_plies;
      setup.abandon = &stop_requested_;
      played = play_game(setup, *worker.referee);
      if (!played) break;  // abandoned: the run is stopping
    }
    record = std::move(played->record);
    record.id = scheduled.id;
    record.pair = scheduled.pair;
    record.round = static_cast<int>(scheduled.round);
    for (int side = 0; side < 2; ++side) {
      record.engines[side] = engines[side];
      record.names[side] = settings_.engines[static_cast<std::size_t>(engines[side])].name;
    }
    record.opening_index = openings_.source_index[static_cast<std::size_t>(scheduled.pair)];
    record.opening = openings_.openings[static_cast<std::size_t>(scheduled.pair)];
    if (record.final_fen.empty()) {
      (void)worker.referee->reset(record.opening.fen);
      for (const auto& m : record.opening.moves) (void)worker.referee->play(m);
      record.final_fen = worker.referee->fen();
    }
    const std::optional<int> failed_side = played->failed_side;
    const Termination termination = record.termination;
    const std::string reason = record.reason;
    record_game(std::move(record));
    if (failed_side) {
      auto& player = worker.players[static_cast<std::size_t>(engines[*failed_side])];
      if (!player->usable() && !settings_.recover) {
        std::lock_guard lock(mutex_);
        stop_run(RunEnd::kEngineFailed,
                 fmt::format("{} ({}); the run stopped, every finished game is saved. Continue it with --resume; "
                             "add --recover to restart failed engines and go on",
                             reason, termination_name(termination)));
      }
    }
  }
  for (auto& player : worker.players)
    if (player) player->quit();
}

RunOutcome Tournament::run(std::FILE* out) {
  out_ = out;
  started_ = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mutex_);
    if (pending_.empty()) {
      ended_ = true;
      outcome_.message = "every game of this run is already played";
    }
  }
  const int workers = std::max(1, std::min<int>(settings_.concurrency, static_cast<int>(pending_.size())));
  std::vector<Worker> states(static_cast<std::size_t>(workers));
  std::vector<std::thread> threads;
  for (auto& state : states) threads.emplace_back([this, &state] { work(state); });
  for (auto& thread : threads) thread.join();

  std::lock_guard lock(mutex_);
  if (settings_.progress_line) std::fputs("\r\x1b[K", stderr);
  if (!ended_ && stop_requested_) {
    outcome_.end = RunEnd::kInterrupted;
    outcome_.message = "interrupted; every finished game is saved: continue with --resume";
  }
  std::fprintf(out_, "--- final: %zu games ---\n%s", tally_.size(), report_text().c_str());
  std::fflush(out_);
  return outcome_;
}

}  // namespace narabe::match
