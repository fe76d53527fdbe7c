#pragma once
// What the search tells its caller, as plain structs through callbacks: the search
// never formats or prints anything.

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/core/move.h"
#include "engine/core/score.h"
#include "engine/core/transposition_table.h"

namespace narabe::search {

// One finished line of one iteration (one per MultiPV line).
struct LineReport {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;  // 1-based rank of this line
  core::Score score = 0;
  core::Bound bound = core::Bound::kExact;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<core::Move> pv;
};

struct SearchResult {
  core::Move best_move;  // null only when the game is over at the root
  core::Move ponder_move;
  core::Score score = 0;
  int depth = 0;  // the last completed iteration
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
};

struct SearchCallbacks {
  std::function<void(const LineReport&)> on_line;
};

}  // namespace narabe::search
