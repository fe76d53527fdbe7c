#pragma once
// `narabe-match merge`: the games of several results files of one run (its
// shards, or the parts of a run resumed elsewhere) as one set, with the report
// of the whole. Files of different runs are refused, unless asked to combine
// separate runs of the same match (--runs: other seeds, the same engines).

#include <optional>
#include <string>
#include <vector>

#include "engine/core/expected.h"
#include "tools/match/results.h"
#include "tools/match/search_depths.h"
#include "tools/match/statistics.h"

namespace narabe::match {

struct MergedResults {
  RunHeader header;  // shard 1/1 once merged
  Tally tally{2};
  std::optional<SprtConfig> sprt;  // only for the files of one run
  int files = 0;
  int runs = 0;
};

// With `across_runs`, files of separate runs of one match (the same game,
// engines, tournament and games a pair) are combined too: each run's games and
// pairs stay its own, so a pentanomial never pairs games of two runs.
core::Expected<MergedResults> merge_results(const std::vector<std::string>& paths, bool across_runs = false);
// With `depths`, each engine's mean depth and nodes a move over those plies too
// (search_depths.h).
std::string merged_report(const MergedResults& merged, std::optional<PlySpan> depths = std::nullopt);
// One JSON object: games, wins/draws/losses of engine 0 against engine 1, the
// pentanomial, Elo, nElo, LOS, with an SPRT the LLR, bounds and decision, and
// with `depths` "depths": one {engine, moves, depth, nodes} an engine.
std::string merged_json(const MergedResults& merged, std::optional<PlySpan> depths = std::nullopt);

}  // namespace narabe::match
