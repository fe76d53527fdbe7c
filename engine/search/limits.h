#pragma once
// What ends a search: the first limit reached wins. All times in milliseconds.

#include <cstdint>
#include <optional>

namespace narabe::search {

struct SearchLimits {
  std::optional<int> depth;
  std::optional<std::uint64_t> nodes;
  std::optional<std::int64_t> movetime;
  // The clock, per player (index 0 = first player), as `go p1time ... p2inc ...` gives it.
  std::optional<std::int64_t> time[2];
  std::int64_t increment[2] = {0, 0};
  std::optional<int> movestogo;
  bool infinite = false;
  // Kept back from every clock budget for the process and pipe latency the
  // opponent's clock does not see (the Move Overhead option; time_manager.h).
  std::int64_t move_overhead = 10;

  bool has_clock() const { return time[0].has_value() || time[1].has_value(); }
};

}  // namespace narabe::search
