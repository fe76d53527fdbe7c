#include "protocol/server/reversi_eval_file.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "protocol/server/data_files.h"

namespace narabe::server {

namespace {

namespace fs = std::filesystem;
using games::reversi::PatternWeights;

// The weights file is a few hundred kilobytes and every loop loads it: the last one
// parsed is kept, so re-reading the same bytes does not parse them again.
struct LastLoaded {
  std::mutex mutex;
  std::vector<std::uint8_t> bytes;
  std::shared_ptr<const PatternWeights> weights;
};

LastLoaded& last_loaded() {
  static LastLoaded last;
  return last;
}

std::vector<fs::path> candidates(std::string_view path) {
  // The shipped file belongs with the binary: a stray copy in the working directory
  // must not stand in for it.
  if (path == kDefaultEvalFile) return data_file_candidates(path);
  std::vector<fs::path> paths{fs::path(path)};
  const fs::path given(path);
  if (!given.has_parent_path() && !given.empty())
    for (fs::path& beside : data_file_candidates(path)) paths.push_back(std::move(beside));
  return paths;
}

}  // namespace

core::Expected<std::shared_ptr<const PatternWeights>> load_reversi_weights(std::string_view path) {
  if (path.empty()) return core::make_error("no file name given");
  for (const fs::path& candidate : candidates(path)) {
    std::error_code ec;
    if (!fs::is_regular_file(candidate, ec)) continue;
    std::ifstream in(candidate, std::ios::binary);
    if (!in) return core::make_error(fmt::format("cannot open '{}'", candidate.string()));
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return core::make_error(fmt::format("cannot read '{}'", candidate.string()));
    LastLoaded& last = last_loaded();
    const std::lock_guard lock(last.mutex);
    if (last.weights && last.bytes == bytes) return last.weights;
    auto parsed = PatternWeights::from_bytes(bytes);
    if (!parsed) return core::make_error(fmt::format("'{}': {}", candidate.string(), parsed.error()));
    last.bytes = std::move(bytes);
    last.weights = std::make_shared<const PatternWeights>(std::move(*parsed));
    return last.weights;
  }
  return core::make_error(fmt::format("file '{}' not found (looked for beside the executable and in "
                                     "../share/narabe from it)",
                                     path));
}

ReversiEvaluation::ReversiEvaluation() {
  const core::Status status = load(kDefaultEvalFile);
  if (!status) startup_error_ = status.error();
  remake();
}

core::Status ReversiEvaluation::load(std::string_view path) {
  auto loaded = load_reversi_weights(path);
  if (!loaded) return core::make_error(loaded.error());
  weights_ = std::move(*loaded);
  remake();
  return core::Ok{};
}

void ReversiEvaluation::use_patterns(bool patterns) {
  use_patterns_ = patterns;
  remake();
}

void ReversiEvaluation::use_probcut(bool probcut) {
  probcut_ = probcut;
  remake();
}

void ReversiEvaluation::remake() {
  settings_ = std::make_shared<const games::reversi::EvalSettings>(
      games::reversi::EvalSettings{use_patterns_ ? weights_ : nullptr, probcut_});
}

}  // namespace narabe::server
