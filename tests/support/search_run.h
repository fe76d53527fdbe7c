#pragma once
// One search of a position with its reported lines, for the suites that check what a
// search finds and says. One copy, so that suites built together (CMake's unity build
// of the test targets) see one definition.

#include <vector>

#include "engine/core/stop_signal.h"
#include "engine/core/transposition_table.h"
#include "engine/search/search.h"

namespace narabe::test_search {

struct SearchRun {
  search::SearchResult result;
  std::vector<search::LineReport> lines;
};

// Searches `game` with a fresh table of `table_mb` MiB.
template <class G>
SearchRun run_search(const G& game, const search::SearchLimits& limits,
                     const search::SearchOptions& options, std::size_t table_mb = 1) {
  core::TranspositionTable table(table_mb);
  search::Search<G> searcher(table);
  const core::StopSignal stop;
  SearchRun out;
  search::SearchCallbacks callbacks;
  callbacks.on_line = [&](const search::LineReport& line) { out.lines.push_back(line); };
  out.result = searcher.run(game, limits, options, callbacks, stop);
  return out;
}

}  // namespace narabe::test_search
