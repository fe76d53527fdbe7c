#include "tools/match/merge.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "protocol/client/engine_messages.h"
#include "tools/match/report.h"
#include "tools/match/sprt_spec.h"

namespace narabe::match {

static std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  for (const std::string_view w : client::split_tokens(text)) words.emplace_back(w);
  return words;
}

// What must agree for the runs of one match to be combined (seeds, rounds and
// openings may differ).
static std::string match_difference(const RunHeader& a, const RunHeader& b) {
  std::vector<std::string> diffs;
  if (a.game != b.game) diffs.push_back(fmt::format("game {} vs {}", a.game, b.game));
  if (a.engines != b.engines)
    diffs.push_back(fmt::format("engines {} vs {}", fmt::join(a.engines, ","), fmt::join(b.engines, ",")));
  if (a.tournament != b.tournament) diffs.push_back(fmt::format("tournament {} vs {}", a.tournament, b.tournament));
  if (a.games_per_pair != b.games_per_pair)
    diffs.push_back(fmt::format("games {} vs {}", a.games_per_pair, b.games_per_pair));
  return fmt::format("{}", fmt::join(diffs, "; "));
}

core::Expected<MergedResults> merge_results(const std::vector<std::string>& paths, bool across_runs) {
  // A run's game and pair numbers start at 0: the k-th run's are shifted by
  // k * kRunSpan, far beyond any schedule, to keep them apart.
  constexpr std::int64_t kRunSpan = std::int64_t{1} << 40;
  MergedResults merged;
  std::vector<RunHeader> runs;
  for (const std::string& path : paths) {
    auto file = read_results_file(path);
    if (!file) return core::make_error(file.error());
    std::size_t run = 0;
    while (run < runs.size() && !header_difference(runs[run], file->header, true).empty()) ++run;
    if (runs.empty()) {
      merged.header = file->header;
      merged.tally = Tally(static_cast<int>(file->header.engines.size()));
    } else if (run == runs.size()) {
      const std::string diff = header_difference(merged.header, file->header, true);
      if (!across_runs) return core::make_error(fmt::format("'{}' is from another run ({})", path, diff));
      if (const std::string other = match_difference(merged.header, file->header); !other.empty())
        return core::make_error(fmt::format("'{}' is from another match ({})", path, other));
    }
    if (run == runs.size()) runs.push_back(file->header);
    ++merged.files;
    const std::int64_t shift = static_cast<std::int64_t>(run) * kRunSpan;
    for (GameRecord& g : file->games) {
      if (shift > 0 && (g.id < 0 || g.id >= kRunSpan || g.pair < 0 || g.pair >= kRunSpan))
        return core::make_error(fmt::format("'{}': game number {} or pair {} is out of range", path, g.id, g.pair));
      g.id += shift;
      g.pair += shift;
      if (const auto it = merged.tally.games().find(g.id); it != merged.tally.games().end()) {
        // The same game in two files (a shard merged twice): harmless if identical.
        if (it->second.outcome != g.outcome || it->second.moves != g.moves)
          return core::make_error(fmt::format("game {} differs between the files", g.id - shift));
        continue;
      }
      merged.tally.add(std::move(g));
    }
  }
  merged.runs = static_cast<int>(runs.size());
  merged.header.shard = merged.header.shards = 1;
  // An SPRT belongs to one run: separate runs are reported without one.
  if (merged.runs == 1 && !merged.header.sprt.empty()) {
    auto sprt = parse_sprt(words_of(merged.header.sprt));
    if (!sprt) return core::make_error("the run header's sprt: " + sprt.error());
    merged.sprt = *sprt;
  }
  return merged;
}

std::string merged_report(const MergedResults& merged, std::optional<PlySpan> depths) {
  const std::string runs = merged.runs > 1 ? fmt::format(" of {} runs", merged.runs) : "";
  std::string report =
      fmt::format("{} games from {} file(s){} of {} ({})\n{}", merged.tally.size(), merged.files, runs,
                  merged.header.game, fmt::join(merged.header.engines, " vs "),
                  format_results(merged.tally, merged.header.engines, merged.header.games_per_pair, merged.sprt));
  if (depths) {
    const auto& names = merged.header.engines;
    const std::vector<SearchDepths> found = search_depths(merged.tally, static_cast<int>(names.size()), *depths);
    report += fmt::format("Search, plies {} to {}:\n", depths->first, depths->last);
    for (std::size_t e = 0; e < found.size(); ++e)
      report += fmt::format("  {}: depth {:.2f}, {:.0f} nodes a move ({} moves)\n", names[e], found[e].depth,
                            found[e].nodes, found[e].moves);
  }
  return report;
}

std::string merged_json(const MergedResults& merged, std::optional<PlySpan> depths) {
  using json = nlohmann::ordered_json;
  const GameCounts games = merged.tally.games_between(0, 1);
  std::optional<PairCounts> pairs;
  if (merged.header.games_per_pair == 2) pairs = merged.tally.pairs_between(0, 1);
  const MatchSummary summary = summarize(games, pairs, merged.sprt);
  // JSON has no infinity: unbounded values become null.
  auto number = [](double v) { return std::isfinite(v) ? json(v) : json(nullptr); };
  json j = {
      {"game", merged.header.game},
      {"engines", merged.header.engines},
      {"games", static_cast<long long>(merged.tally.size())},
      {"runs", merged.runs},
      {"wins", games.wins},
      {"draws", games.draws},
      {"losses", games.losses},
      {"elo", number(summary.elo.value)},
      {"elo_error", number(summary.elo.error)},
      {"nelo", number(summary.nelo.value)},
      {"nelo_error", number(summary.nelo.error)},
      {"los", number(summary.los)},
  };
  if (pairs) j["pentanomial"] = pairs->bins;
  if (merged.sprt && summary.llr && summary.bounds) {
    const SprtDecision decision = sprt_decision(*summary.llr, *summary.bounds);
    j["sprt"] = {{"llr", number(*summary.llr)},
                 {"lower", summary.bounds->lower},
                 {"upper", summary.bounds->upper},
                 {"decision", decision == SprtDecision::kAcceptH1   ? "H1"
                              : decision == SprtDecision::kAcceptH0 ? "H0"
                                                                    : "continue"}};
  }
  std::map<std::string, long long> failures;
  for (const auto& [key, count] : merged.tally.failures())
    failures[fmt::format("{} {}", merged.header.engines[static_cast<std::size_t>(key.first)],
                         termination_name(key.second))] += count;
  j["failures"] = failures;
  if (depths) {
    json list = json::array();
    const std::vector<SearchDepths> found =
        search_depths(merged.tally, static_cast<int>(merged.header.engines.size()), *depths);
    for (std::size_t e = 0; e < found.size(); ++e)
      list.push_back({{"engine", merged.header.engines[e]},
                      {"moves", found[e].moves},
                      {"depth", found[e].depth},
                      {"nodes", found[e].nodes}});
    j["depths"] = list;
  }
  return j.dump();
}

}  // namespace narabe::match
