#include "engine/search/time_manager.h"

#include <algorithm>

namespace narabe::search {

namespace {

// Clock values beyond this (about 35 years) are taken as this, so that no sum or
// product below can overflow whatever a sender writes.
constexpr std::int64_t kLongestMs = std::int64_t{1} << 40;

std::int64_t clamp_ms(std::int64_t ms) { return std::clamp<std::int64_t>(ms, 0, kLongestMs); }

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
    const std::int64_t left = clamp_ms(clamp_ms(*limits.time[me]) - kMoveOverheadMs);
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
    d.soft_ms = d.soft_ms ? std::min(*d.soft_ms, soft) : soft;
    d.hard_ms = d.hard_ms ? std::min(*d.hard_ms, hard) : hard;
  }
  return d;
}

}  // namespace narabe::search
