#pragma once
// A run of narabe-match: the games of the schedule (or of one shard of it),
// played by `concurrency` workers, each with its own engine processes; every
// finished game appended to the results file at once; statistics, progress and
// the SPRT updated game by game.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/match/engine_spec.h"
#include "tools/match/openings.h"
#include "tools/match/player.h"
#include "engine/games/any_position.h"
#include "tools/match/results.h"
#include "tools/match/schedule.h"

namespace narabe::match {

struct RunSettings {
  std::vector<EngineSpec> engines;
  int concurrency = 1;
  int max_plies = 0;
  bool recover = false;
  std::optional<SprtConfig> sprt;
  int rating_interval = 10;        // a report block every N games (0: only at the end)
  bool progress_line = false;      // a live line on stderr (when it is a terminal)
  PlayerTimeouts timeouts;
  // Makes the player for an engine; tests put fakes here.
  std::function<std::unique_ptr<Player>(const EngineSpec&, const PlayerTimeouts&)> make_player;
};

enum class RunEnd {
  kComplete,      // every game played (or the SPRT decided)
  kEngineFailed,  // an engine crashed or hung and --recover was not given
  kInterrupted,   // a signal (or the caller) asked to stop
  kError,         // the results file could not be written, or an engine could not start at all
};

struct RunOutcome {
  RunEnd end = RunEnd::kComplete;
  std::string message;                 // why the run ended early
  std::optional<SprtDecision> sprt;    // when an SPRT ran
  long long games_played = 0;          // by this process
};

class Tournament {
 public:
  Tournament(RunSettings settings, const games::AnyPosition& rules, Schedule schedule, OpeningPlan openings,
             RunHeader header, Tally previous_results, std::optional<ResultsWriter> writer);

  // Plays every game not in previous_results. `out` gets the report blocks.
  RunOutcome run(std::FILE* out);
  // Stops the run from another thread (or a signal's watcher): no new game
  // starts and the games in progress are abandoned (not recorded).
  void request_stop() { stop_requested_ = true; }
  const Tally& tally() const { return tally_; }

 private:
  struct Worker;
  void work(Worker& worker);
  std::optional<std::int64_t> take_next_game();
  // Records a finished game; false if the run must stop after it.
  void record_game(GameRecord record);
  void stop_run(RunEnd end, std::string message);
  std::string report_text() const;  // caller holds mutex_

  RunSettings settings_;
  std::unique_ptr<games::AnyPosition> rules_;
  Schedule schedule_;
  OpeningPlan openings_;
  RunHeader header_;
  std::optional<ResultsWriter> writer_;

  std::mutex mutex_;  // guards everything below
  Tally tally_;
  std::vector<std::int64_t> pending_;
  std::size_t next_pending_ = 0;
  RunOutcome outcome_;
  bool ended_ = false;
  std::FILE* out_ = nullptr;
  long long since_report_ = 0;
  std::chrono::steady_clock::time_point started_;

  std::atomic<bool> stop_requested_{false};  // no new games; abandon those in progress
};

}  // namespace narabe::match
