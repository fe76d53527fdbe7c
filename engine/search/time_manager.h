#pragma once
// Time management, generic over every game and free of clocks (the caller passes
// the elapsed time), so every rule here is a pure function a unit test can check.
//
// plan_time turns the limits of a `go` into two deadlines: a soft one (the planned
// time: start no new iteration after it) and a hard one (abort the iteration in
// progress). TimeManager then moves the soft deadline after each completed
// iteration of the search: earlier when the move is forced or the best move has
// been stable, later (never past the hard one) when the best move just changed or
// the score fell sharply.

#include <cstddef>
#include <cstdint>
#include <optional>

#include "engine/core/move.h"
#include "engine/core/score.h"
#include "engine/core/side.h"
#include "engine/search/limits.h"

namespace narabe::search {

struct Deadlines {
  std::optional<std::int64_t> soft_ms;  // start no new iteration after this; none: no limit
  std::optional<std::int64_t> hard_ms;  // abort the iteration in progress at this
  // The soft deadline came from a clock: TimeManager may stop before it or run past
  // it (up to hard_ms). A movetime is spent as given, also when it is tighter than
  // the clock's soft deadline.
  bool adjustable = false;
};

// Time kept back from every clock budget for the process and pipe latency the
// opponent's clock does not see (a GUI or match tool measures wall time): the default
// of SearchLimits::move_overhead, which the Move Overhead option sets.
inline constexpr std::int64_t kMoveOverheadMs = SearchLimits{}.move_overhead;

// What a `go` with no limit for the side to move gets (`go` alone, only the
// opponent's clock): a move time of this, so that it ends by itself.
inline constexpr std::int64_t kDefaultMoveMs = 5000;

Deadlines plan_time(const SearchLimits& limits, core::Side side_to_move);

// Whether `limits` end a search of `side_to_move` by themselves: a depth, a node
// count, a move time, or that side's clock or increment. `infinite` does not count.
bool limits_search(const SearchLimits& limits, core::Side side_to_move);

// The limits a native `go` searches with (docs/protocol.md, "Searching: go"): as
// given when they limit the search (or ask for `infinite`); with only the side to
// move's increment, that increment less the move overhead is the move time (it is
// what comes back after the move); with nothing for the side to move (`go` alone,
// the opponent's clock alone), kDefaultMoveMs, and with the opponent's clock alone
// also that clock as the side to move's (the earlier deadline of the two counts).
SearchLimits with_default_budget(SearchLimits limits, core::Side side_to_move);

// One completed iteration of the search, as TimeManager sees it.
struct IterationSummary {
  int depth = 0;
  core::Move best_move;
  core::Score score = 0;
  std::size_t root_moves = 0;  // the moves the root searched (1: the move is forced)
  std::int64_t elapsed_ms = 0;  // since the search started
};

class TimeManager {
 public:
  // The soft deadline is scaled by these after an iteration, then capped at hard_ms.
  static constexpr int kChangedPercent = 200;   // the best move changed in this iteration
  static constexpr int kDropPercent = 150;      // the score fell by kSharpDrop or more
  static constexpr int kStablePercent = 60;     // the best move held for kStableIterations
  static constexpr core::Score kSharpDrop = 100;  // one disc in Reversi, a small threat in Gomoku
  static constexpr int kStableIterations = 4;   // completed iterations with the same best move
  static constexpr std::int64_t kMinTimedIterationMs = 5;  // shorter iterations predict nothing

  explicit TimeManager(const Deadlines& deadlines) : deadlines_(deadlines) {}

  // Called once after every completed iteration: true when the search should start
  // no further one. Without a soft deadline (depth, nodes, infinite) always false.
  // With one: true when the move is forced (one root move) or the elapsed time has
  // reached the soft deadline as scaled below. With a clock (adjustable) also when
  // the next iteration, expected to take as much longer than this one as this one
  // took than the one before, would end after the hard deadline: its unfinished
  // result would not count.
  bool stop_after(const IterationSummary& iteration);

  // The soft deadline as the last iteration left it (tests and reports).
  std::optional<std::int64_t> soft_ms() const { return soft_ms_ ? soft_ms_ : deadlines_.soft_ms; }

 private:
  Deadlines deadlines_;
  std::optional<std::int64_t> soft_ms_;
  std::optional<core::Move> last_best_;
  std::optional<core::Score> last_score_;
  std::optional<core::Score> score_two_back_;
  int same_best_ = 0;  // completed iterations in a row with the current best move
  std::int64_t last_elapsed_ = 0;  // when the last iteration ended
  std::int64_t last_took_ = 0;     // how long the last iteration took
};

}  // namespace narabe::search
