#pragma once
// The engine behind every front door (native, NBoard, Gomocup): one object that owns
// the options, the hash table, the session of the game in play, each game's own
// settings (Reversi's weights and ProbCut, Gomoku's weights), the search worker and
// the lines waiting for it. A front door is a thin text adapter: it reads its
// protocol's lines, asks the host, and words the replies.
//
// What the host finds by itself (weights that could not be read) goes to the
// adapter's notice callback, so every protocol says it on its own channel. An option
// change runs the host's own reaction (a new table, new evaluation settings), then
// the callback an adapter registered for it, if any.
//
// Lines: the adapter hands every line to submit(); a line that must wait for the
// running job (the adapter's `waits` says which) is queued, with every line after
// it, and runs in order once the job ends (resume(), called by the reader when the
// worker signals the end of a job). The reader itself never waits for a search.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/expected.h"
#include "engine/core/game_concept.h"
#include "engine/core/transposition_table.h"
#include "protocol/server/deferred_lines.h"
#include "protocol/server/engine_options.h"
#include "protocol/server/gomoku_eval_file.h"
#include "protocol/server/reversi_eval_file.h"
#include "protocol/server/search_worker.h"
#include "protocol/server/session.h"

namespace narabe::server {

class EngineHost {
 public:
  using Notice = std::function<void(std::string_view)>;
  using OptionCallback = std::function<void(const EngineOptions&)>;
  // Whether a line must wait for a running job; runs one line now.
  using Waits = std::function<bool(std::string_view line)>;
  using Run = std::function<void(const DeferredLines::Line& line)>;

  // Plays `game` in its default variant, with the default options; the weights are
  // read now (a file that cannot be read is told at the handshake: startup_notes()).
  EngineHost(std::string_view game, Notice notice);
  ~EngineHost();
  EngineHost(const EngineHost&) = delete;
  EngineHost& operator=(const EngineHost&) = delete;

  // --- Options
  const EngineOptions& options() const { return options_; }
  // The words after `setoption`: parsed and applied; an error changes nothing.
  core::Status set_option(std::string_view args);
  // One parsed change: the host's reaction, then the adapter's callback.
  core::Status apply(OptionChange change);
  // `callback` runs after every accepted change of `id` (one callback an option).
  void on_option_change(OptionId id, OptionCallback callback) { callbacks_[id] = std::move(callback); }
  // What went wrong reading the weights when the host was made (empty: nothing).
  std::string startup_notes() const;
  bool reversi_patterns_loaded() const { return reversi_eval_.patterns_loaded(); }

  // --- The game and its position
  // A new game of `game` in `variant` from its start position: the same game and
  // variant reuse the session and its tables (cleared); another one replaces them.
  // A refused game keeps everything as it was.
  core::Status new_game(std::string_view game, const core::VariantArgs& variant);
  // A new game of the game in play (ucinewgame): start position, tables cleared.
  void restart_game();
  // A position the sender states (`position`, NBoard's `set game`). A rejected one
  // leaves no position (has_position false) until a valid one, a new game or a
  // restart: the sender's game is not the one held, and a move for the old one
  // would be a move in another game. `command` names it in position_error().
  // (A change that keeps the old position when refused, such as one more move, goes
  // to session().set_position.)
  core::Status set_position(std::optional<std::string_view> fen, std::span<const std::string> moves,
                            std::string_view command = "position");
  // A position the adapter rejected before the session saw it (a bad GGF or BOARD).
  void reject_position(std::string_view command, std::string_view reason);
  // No position, for the reason position_error() gave before (kept across a new game).
  void keep_no_position(std::string reason) { position_error_ = std::move(reason); }
  bool has_position() const { return position_error_.empty(); }
  // Why there is no position (empty when there is).
  const std::string& position_error() const { return position_error_; }
  Session& session() { return *session_; }
  const Session& session() const { return *session_; }
  // Clears what earlier searches learned, and reseeds (Seed).
  void clear_game_memory();
  // Each game's settings as the options make them (what sessions, and bench, get).
  GameSettings game_settings();

  // --- The job (a search, perft, bench): one at a time, on the worker's thread
  void start(SearchWorker::Job job, bool infinite) { worker_.start(std::move(job), infinite); }
  // Stops the running job, if any, and waits for it to end.
  void stop() {
    if (worker_.busy()) worker_.stop();
  }
  bool busy() const { return worker_.busy(); }
  SearchWorker& worker() { return worker_; }
  // Called on the worker's thread whenever a job ends (the reader's wakeup).
  void set_on_idle(std::function<void()> on_idle) { worker_.set_on_idle(std::move(on_idle)); }

  // --- Lines waiting for the job
  void set_dispatch(Waits waits, Run run) {
    waits_ = std::move(waits);
    run_ = std::move(run);
  }
  // Runs `line` now, unless it must wait: then it is queued (true).
  bool queue_if_waiting(std::string_view line, DeferredLines::Clock::time_point read);
  // Queues `line` behind the others, if any wait (a stop for a search queued earlier).
  void queue_behind(std::string_view line, DeferredLines::Clock::time_point read) {
    if (!deferred_.empty()) deferred_.push(line, read);
  }
  bool has_queued() const { return !deferred_.empty(); }
  // Runs the lines whose job has ended.
  void resume();
  // Waits for the job and every line queued behind it (tests, `narabe bench`).
  void wait_idle();
  // The end (quit, end of input, NBoard's ping): a job with a limit may end by
  // itself for `grace`; then every queued line runs, each job it starts stopped at
  // once, so every search still answers.
  void finish(std::chrono::milliseconds grace);
  // Gomocup's END: the job stops and nothing queued runs.
  void abandon() {
    worker_.stop();
    deferred_.clear();
  }

 private:
  void tell_gomoku_messages();
  void reseed();
  void match_variant_option();

  Notice notice_;
  EngineOptions options_;
  ReversiEvaluation reversi_eval_;
  GomokuEvaluation gomoku_eval_;
  core::TranspositionTable table_;
  std::unique_ptr<Session> session_;
  std::string position_error_;
  std::map<OptionId, OptionCallback> callbacks_;
  Waits waits_;
  Run run_;
  DeferredLines deferred_;
  SearchWorker worker_;  // last: joined before the session and table go away
};

}  // namespace narabe::server
