#pragma once
// Turns the limits of a `go` into two deadlines: a soft one (do not start another
// iteration after it) and a hard one (abort the search in progress).

#include <cstdint>
#include <optional>

#include "engine/core/side.h"
#include "engine/search/limits.h"

namespace narabe::search {

struct Deadlines {
  std::optional<std::int64_t> soft_ms;  // start no new iteration after this; none: no limit
  std::optional<std::int64_t> hard_ms;  // abort the iteration in progress at this
};

// Time kept back from every clock budget for the process and pipe latency the
// opponent's clock does not see (a GUI or match tool measures wall time).
inline constexpr std::int64_t kMoveOverheadMs = 10;

Deadlines plan_time(const SearchLimits& limits, core::Side side_to_move);

}  // namespace narabe::search
