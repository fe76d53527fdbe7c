// Fuzz target: narabe-match's results file (a run header line, then one game a
// line, JSON), as --resume and `merge` read it. The input is the file. A file is
// refused with a reason or loads; what loads must
// - say where its complete lines end (a partial last line is what a kill leaves),
// - read the same from its complete lines alone (what --resume keeps),
// - write back (header and games, as the run writes them) and read back equal,
// - merge alone and merged with itself (a shard given twice) to the same games,
// - give reports whose statistics are never NaN.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/temp_file.h"
#include "tools/match/merge.h"
#include "tools/match/report.h"
#include "tools/match/results.h"

namespace narabe::fuzz {
namespace {

void check_finite_or_inf(double value, std::string_view what) {
  if (std::isnan(value)) fail("a statistic is NaN", what);
}

void check_same(const match::ResultsFile& a, const match::ResultsFile& b, std::string_view what) {
  if (!(a.header == b.header)) fail("the header changed", what);
  if (a.games != b.games) fail("the games changed", what);
}

void check_statistics(const match::MergedResults& merged) {
  // The report must print no NaN. It also quotes the file's own words (the game,
  // the engines' names, the openings), which may contain "nan" ("connant4"): the
  // check reads a report of the same figures with those words replaced.
  match::MergedResults figures_only = merged;
  figures_only.header.game = "game";
  for (std::size_t i = 0; i < figures_only.header.engines.size(); ++i)
    figures_only.header.engines[i] = "engine" + std::to_string(i);
  figures_only.header.tournament = "tournament";
  figures_only.header.openings = "openings";
  const std::string report = match::merged_report(figures_only);
  if (report.find("nan") != std::string::npos) fail("the report prints nan", report);
  (void)match::merged_json(merged);
  const match::GameCounts games = merged.tally.games_between(0, 1);
  std::optional<match::PairCounts> pairs;
  if (merged.header.games_per_pair == 2) pairs = merged.tally.pairs_between(0, 1);
  const match::MatchSummary s = match::summarize(games, pairs, merged.sprt);
  check_finite_or_inf(s.elo.value, "elo");
  check_finite_or_inf(s.elo.error, "elo error");
  check_finite_or_inf(s.nelo.value, "nelo");
  check_finite_or_inf(s.nelo.error, "nelo error");
  check_finite_or_inf(s.los, "los");
  check_finite_or_inf(s.draw_ratio, "draw ratio");
  check_finite_or_inf(s.pairs_ratio, "pairs ratio");
  if (s.llr) check_finite_or_inf(*s.llr, "llr");
}

void run(std::string_view text) {
  static TempFile input("results"), rewritten("results-rewritten");
  const std::string& path = input.write(text);
  auto loaded = match::read_results_file(path);
  if (!loaded) {
    if (loaded.error().empty()) fail("a results file was refused without a reason");
    return;
  }
  const match::ResultsFile& file = *loaded;

  // Complete lines end at valid_bytes; the rest, if any, is one partial line.
  if (file.valid_bytes > text.size() || (file.valid_bytes > 0 && text[file.valid_bytes - 1] != '\n'))
    fail("valid_bytes is not the end of a complete line");
  if (file.partial_last_line != (file.valid_bytes < text.size()))
    fail("partial_last_line disagrees with valid_bytes");
  if (file.partial_last_line) {
    auto kept = match::read_results_file(input.write(text.substr(0, file.valid_bytes)));
    if (!kept) fail("the complete lines alone are refused", kept.error());
    check_same(file, *kept, "reading the complete lines alone");
    if (kept->partial_last_line || kept->valid_bytes != file.valid_bytes) fail("cutting the partial line moved it");
  }

  // Write back as the run writes (one line each) and read back.
  std::string again = match::to_json_line(file.header) + '\n';
  for (const match::GameRecord& g : file.games) again += match::to_json_line(g) + '\n';
  auto reread = match::read_results_file(rewritten.write(again));
  if (!reread) fail("what was read does not read back after writing", reread.error());
  check_same(file, *reread, "writing and reading back");
  if (reread->partial_last_line || reread->valid_bytes != again.size()) fail("the rewritten file has a partial line");

  // merge: alone, then the same file twice (identical games are harmless).
  auto merged = match::merge_results({rewritten.path()});
  if (!merged) {
    if (merged.error().empty()) fail("merge refused without a reason");
    return;  // e.g. a header whose sprt does not parse
  }
  auto twice = match::merge_results({rewritten.path(), rewritten.path()});
  if (!twice) fail("merging a file with itself fails", twice.error());
  if (merged->tally.games() != twice->tally.games()) fail("merging a file with itself changed the games");
  check_statistics(*merged);
}

}  // namespace
}  // namespace narabe::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  narabe::fuzz::run(narabe::fuzz::as_text(data, size));
  return 0;
}
