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
using games::reversi::OpeningBook;
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

std::vector<fs::path> candidates(std::string_view path, std::string_view default_name) {
  // The shipped file belongs with the binary: a stray copy in the working directory
  // must not stand in for it.
  if (path == default_name) return data_file_candidates(path);
  std::vector<fs::path> paths{fs::path(path)};
  const fs::path given(path);
  if (!given.has_parent_path() && !given.empty())
    for (fs::path& beside : data_file_candidates(path)) paths.push_back(std::move(beside));
  return paths;
}

// The bytes of the first candidate that exists, and its path.
struct FileBytes {
  fs::path path;
  std::vector<std::uint8_t> bytes;
};

core::Expected<FileBytes> read_data_file(std::string_view path, std::string_view default_name) {
  if (path.empty()) return core::make_error("no file name given");
  for (const fs::path& candidate : candidates(path, default_name)) {
    std::error_code ec;
    if (!fs::is_regular_file(candidate, ec)) continue;
    std::ifstream in(candidate, std::ios::binary);
    if (!in) return core::make_error(fmt::format("cannot open '{}'", candidate.string()));
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return core::make_error(fmt::format("cannot read '{}'", candidate.string()));
    return FileBytes{candidate, std::move(bytes)};
  }
  return core::make_error(fmt::format("file '{}' not found (looked for beside the executable and in "
                                     "../share/narabe from it)",
                                     path));
}

}  // namespace

core::Expected<std::shared_ptr<const PatternWeights>> load_reversi_weights(std::string_view path) {
  auto file = read_data_file(path, kDefaultEvalFile);
  if (!file) return core::make_error(file.error());
  LastLoaded& last = last_loaded();
  const std::lock_guard lock(last.mutex);
  if (last.weights && last.bytes == file->bytes) return last.weights;
  auto parsed = PatternWeights::from_bytes(file->bytes);
  if (!parsed) return core::make_error(fmt::format("'{}': {}", file->path.string(), parsed.error()));
  last.bytes = std::move(file->bytes);
  last.weights = std::make_shared<const PatternWeights>(std::move(*parsed));
  return last.weights;
}

core::Expected<std::shared_ptr<const OpeningBook>> load_reversi_book(std::string_view path) {
  auto file = read_data_file(path, kDefaultBookFile);
  if (!file) return core::make_error(file.error());
  auto parsed = OpeningBook::from_bytes(file->bytes);
  if (!parsed) return core::make_error(fmt::format("'{}': {}", file->path.string(), parsed.error()));
  return std::make_shared<const OpeningBook>(std::move(*parsed));
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

core::Status ReversiEvaluation::load_book(std::string_view path) {
  auto loaded = load_reversi_book(path);
  if (!loaded) return core::make_error(loaded.error());
  book_ = std::move(*loaded);
  remake();
  return core::Ok{};
}

void ReversiEvaluation::clear_book() {
  book_ = nullptr;
  remake();
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
      games::reversi::EvalSettings{use_patterns_ ? weights_ : nullptr, probcut_, book_});
}

}  // namespace narabe::server
