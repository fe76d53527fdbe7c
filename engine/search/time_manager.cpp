#include "engine/search/time_manager.h"

#include <algorithm>

namespace narabe::search {

namespace {

// Clock values beyond this (about 35 years) are taken as this, so that no sum or
// product below can overflow whatever a sender writes.
constexpr std::int64_t kLongestMs = std::int64_t{1} << 40;

std::int64_t clamp_ms(std::int64_t ms) { return std::clamp<std::int64_t>(ms, 0, kLongestMs); }

// Whether `now` is a sharp fall from `before`: into a proven loss, out of a proven
// win, or kSharpDrop or more between ordinary scores.
bool fell_sharply(core::Score before, core::Score now) {
  if (core::is_loss(now)) return !core::is_loss(before);
  if (core::is_win(before)) return !core::is_win(now);
  if (core::is_decisive(before) || core::is_decisive(now)) return false;
  return now <= before - TimeManager::kSharpDrop;
}

}  // namespace

Deadlines plan_time(const SearchLimits& limits, core::Side side_to_move) {
  Deadlines d;
  if (limits.movetime) {
    const std::int64_t t = clamp_ms(*limits.movetime);
    d.soft_ms = t;
    d.hard_ms = t;
  }
  const int me = core::index_of(side_to_move);
  if (limits.time[me]) {
    const std::int64_t left = clamp_ms(clamp_ms(*limits.time[me]) - clamp_ms(limits.move_overhead));
    const std::int64_t inc = clamp_ms(limits.increment[me]);
    // Spread the clock over the moves still to play: movestogo when given, else a
    // typical remainder; most of the increment can be spent since it comes back.
    const int moves = limits.movestogo && *limits.movestogo > 0 ? std::min(*limits.movestogo, 50) : 25;
    const std::int64_t budget = left / moves + inc * 3 / 4;
    // Each iteration takes about as long as all before it, so one started after half
    // the budget would likely overrun it. The hard limit lets one iteration run long,
    // but never past half the clock (nearly all of it when this is the last move
    // before the time control).
    const std::int64_t cap = moves == 1 ? left * 19 / 20 : left / 2;
    const std::int64_t hard = std::min(budget * 3, cap);
    const std::int64_t soft = std::min(budget / 2, hard);
    // The clock's plan may move (TimeManager) unless a tighter movetime sets the
    // soft deadline: then the move is spent like a movetime.
    d.adjustable = !d.soft_ms || soft < *d.soft_ms;
    d.soft_ms = d.soft_ms ? std::min(*d.soft_ms, soft) : soft;
    d.hard_ms = d.hard_ms ? std::min(*d.hard_ms, hard) : hard;
  }
  return d;
}

bool limits_search(const SearchLimits& limits, core::Side side_to_move) {
  const int me = core::index_of(side_to_move);
  return limits.depth || limits.nodes || limits.movetime || limits.time[me] || limits.increment[me] > 0;
}

SearchLimits with_default_budget(SearchLimits limits, core::Side side_to_move) {
  if (limits.infinite) return limits;
  const int me = core::index_of(side_to_move);
  if (limits.depth || limits.nodes || limits.movetime || limits.time[me]) return limits;
  if (limits.increment[me] > 0) {
    limits.movetime = std::max<std::int64_t>(clamp_ms(limits.increment[me]) - clamp_ms(limits.move_overhead), 0);
  } else {
    limits.movetime = kDefaultMoveMs;
    // Only the other side's clock: a client that names clocks by colour (wtime for
    // White, where Black moves first) sent its own engine's clock under that name, so
    // the default budget spends no more than that clock would allow.
    const int other = 1 - me;
    if (limits.time[other]) {
      limits.time[me] = limits.time[other];
      limits.increment[me] = limits.increment[other];
    }
  }
  return limits;
}

bool TimeManager::stop_after(const IterationSummary& iteration) {
  const bool changed = last_best_ && *last_best_ != iteration.best_move;
  same_best_ = last_best_ && !changed ? same_best_ + 1 : 1;
  // Against the iteration two before: many games' evaluations swing between odd and
  // even depths (the side that moved last looks better). A proven loss is one
  // whatever the parity.
  const bool dropped = (score_two_back_ && fell_sharply(*score_two_back_, iteration.score)) ||
                       (last_score_ && core::is_loss(iteration.score) && !core::is_loss(*last_score_));
  last_best_ = iteration.best_move;
  score_two_back_ = last_score_;
  last_score_ = iteration.score;
  const std::int64_t took = std::max<std::int64_t>(iteration.elapsed_ms - last_elapsed_, 0);
  const std::int64_t took_before = last_took_;
  last_elapsed_ = iteration.elapsed_ms;
  last_took_ = took;

  if (!deadlines_.soft_ms) return false;  // depth, nodes or infinite: no time to manage
  if (iteration.root_moves <= 1) return true;  // forced: nothing to choose
  std::int64_t soft = *deadlines_.soft_ms;
  if (deadlines_.adjustable) {
    int percent = 100;
    if (changed) percent = percent * kChangedPercent / 100;
    if (dropped) percent = percent * kDropPercent / 100;
    if (!changed && !dropped && same_best_ >= kStableIterations) percent = kStablePercent;
    soft = soft * percent / 100;  // soft is at most 2^40: no overflow
    if (deadlines_.hard_ms) {
      soft = std::min(soft, *deadlines_.hard_ms);
      // Times under a few milliseconds say nothing about growth.
      if (took_before >= kMinTimedIterationMs && took >= kMinTimedIterationMs) {
        const double next = static_cast<double>(took) * static_cast<double>(took) / static_cast<double>(took_before);
        if (static_cast<double>(iteration.elapsed_ms) + next > static_cast<double>(*deadlines_.hard_ms)) {
          soft_ms_ = soft;
          return true;
        }
      }
    }
  }
  soft_ms_ = soft;
  return iteration.elapsed_ms >= soft;
}

}  // namespace narabe::search
