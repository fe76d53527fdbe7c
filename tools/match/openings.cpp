#include "tools/match/openings.h"

#include <fstream>
#include <unordered_set>

#include <fmt/format.h>

#include "engine/core/rng.h"
#include "protocol/client/engine_messages.h"
#include "protocol/common/parse_number.h"

namespace narabe::match {

core::Status apply_openings_tokens(const std::vector<std::string>& tokens, OpeningsConfig& config) {
  for (const std::string& token : tokens) {
    const auto eq = token.find('=');
    if (eq == std::string::npos)
      return core::make_error(fmt::format("openings: '{}' is not key=value (file=, order=, start=, plies=)", token));
    const std::string key = token.substr(0, eq);
    const std::string value = token.substr(eq + 1);
    if (key == "file") {
      if (value.empty()) return core::make_error("openings: file= needs a path");
      config.file = value;
    } else if (key == "order") {
      if (value == "sequential") {
        config.order = OpeningOrder::kSequential;
      } else if (value == "random") {
        config.order = OpeningOrder::kRandom;
      } else {
        return core::make_error(fmt::format("openings: order must be sequential or random, not '{}'", value));
      }
    } else if (key == "start" || key == "plies") {
      long long n = 0;
      if (!protocol::parse_int(value, n) || n < 1 || n > 1'000'000'000)
        return core::make_error(fmt::format("openings: {} needs a whole number from 1, not '{}'", key, value));
      if (key == "start") {
        config.start = n;
      } else {
        if (n > 1000) return core::make_error("openings: plies must be at most 1000");
        config.plies = static_cast<int>(n);
      }
    } else if (key == "format") {
      // Accepted for cutechess users; every file here has one format.
      if (value != "epd" && value != "txt" && value != "moves")
        return core::make_error(fmt::format("openings: unknown format '{}'", value));
    } else {
      return core::make_error(fmt::format("openings: unknown key '{}' (file, order, start, plies)", key));
    }
  }
  if (!config.file.empty() && config.plies > 0)
    return core::make_error("openings: give file= or plies=, not both");
  if (config.file.empty() && config.plies == 0) return core::make_error("openings: give file=PATH or plies=N");
  return core::Ok{};
}

core::Expected<Opening> parse_opening_line(std::string_view line, const games::AnyPosition& rules) {
  const auto tokens = client::split_tokens(line);
  Opening opening;
  std::size_t next = 0;
  if (!tokens.empty() && tokens[0] == "fen") {
    if (tokens.size() < 3) return core::make_error("fen needs '<board> <side>'");
    opening.fen = fmt::format("{} {}", tokens[1], tokens[2]);
    next = 3;
    if (next < tokens.size()) {
      if (tokens[next] != "moves") return core::make_error(fmt::format("expected 'moves', found '{}'", tokens[next]));
      ++next;
    }
  } else if (!tokens.empty() && tokens[0] == "moves") {
    next = 1;
  }
  auto board = rules.clone();
  if (auto s = board->reset(opening.fen); !s) return core::make_error(s.error());
  for (; next < tokens.size(); ++next) {
    if (auto s = board->play(tokens[next]); !s)
      return core::make_error(fmt::format("move '{}': {}", tokens[next], s.error()));
    opening.moves.emplace_back(tokens[next]);
  }
  if (core::is_over(board->outcome())) return core::make_error("the game is already over after it");
  return opening;
}

core::Expected<std::vector<Opening>> read_openings_file(const std::string& path, const games::AnyPosition& rules) {
  std::ifstream in(path);
  if (!in) return core::make_error(fmt::format("cannot read openings file '{}'", path));
  std::vector<Opening> openings;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.size() > 65536) return core::make_error(fmt::format("{}:{}: line too long", path, number));
    const auto tokens = client::split_tokens(line);
    if (tokens.empty() || tokens[0].starts_with("#")) continue;
    auto opening = parse_opening_line(line, rules);
    if (!opening) return core::make_error(fmt::format("{}:{}: {}", path, number, opening.error()));
    openings.push_back(std::move(*opening));
  }
  if (in.bad()) return core::make_error(fmt::format("error reading openings file '{}'", path));
  if (openings.empty()) return core::make_error(fmt::format("openings file '{}' has no opening", path));
  return openings;
}

core::Expected<std::vector<Opening>> generate_openings(const games::AnyPosition& rules, int plies, std::int64_t count,
                                                      std::uint64_t seed) {
  core::Rng rng(seed ^ 0x6f70656e696e6773ULL);  // "openings": apart from other uses of the seed
  auto board = rules.clone();
  std::unordered_set<std::string> seen;  // final positions (fen: exact, unlike a hash)
  std::vector<Opening> openings;
  // Random walks find a new position quickly while many are left; when a walk
  // keeps finding old ones, the game has run out of distinct openings.
  std::int64_t misses = 0;
  const std::int64_t kMaxMisses = 20000 + 20 * count;
  while (static_cast<std::int64_t>(openings.size()) < count) {
    if (auto s = board->reset(""); !s) return core::make_error(s.error());
    Opening opening;
    bool ok = true;
    for (int ply = 0; ply < plies; ++ply) {
      const auto moves = board->legal_moves();
      if (moves.empty()) {
        ok = false;
        break;
      }
      const std::string& move = moves[rng.below(moves.size())];
      (void)board->play(move);
      opening.moves.push_back(move);
    }
    if (ok && !core::is_over(board->outcome()) && seen.insert(board->fen()).second) {
      openings.push_back(std::move(opening));
      continue;
    }
    if (++misses > kMaxMisses)
      return core::make_error(fmt::format(
          "found only {} distinct openings of {} plies where the run needs {}: use more plies or fewer rounds",
          openings.size(), plies, count));
  }
  return openings;
}

core::Expected<OpeningPlan> plan_openings(const OpeningsConfig& config, const games::AnyPosition& rules, std::int64_t pairs,
                                          std::uint64_t seed) {
  OpeningPlan plan;
  if (!config.any()) {
    plan.openings.assign(static_cast<std::size_t>(pairs), Opening{});
    plan.source_index.assign(static_cast<std::size_t>(pairs), 0);
    return plan;
  }
  if (config.plies > 0) {
    auto generated = generate_openings(rules, config.plies, pairs, seed);
    if (!generated) return core::make_error(generated.error());
    plan.openings = std::move(*generated);
    for (std::int64_t i = 0; i < pairs; ++i) plan.source_index.push_back(i);
    return plan;
  }
  auto file = read_openings_file(config.file, rules);
  if (!file) return core::make_error(file.error());
  const std::int64_t size = static_cast<std::int64_t>(file->size());
  if (config.start > size)
    return core::make_error(fmt::format("openings: start={} but '{}' has {} openings", config.start, config.file, size));
  std::vector<std::int64_t> order(static_cast<std::size_t>(size));
  for (std::int64_t i = 0; i < size; ++i) order[static_cast<std::size_t>(i)] = i;
  if (config.order == OpeningOrder::kRandom) {
    // Fisher-Yates with the project's own generator: the same order on every platform.
    core::Rng rng(seed ^ 0x6f72646572ULL);
    for (std::int64_t i = size - 1; i > 0; --i)
      std::swap(order[static_cast<std::size_t>(i)], order[rng.below(static_cast<std::uint64_t>(i + 1))]);
  }
  for (std::int64_t p = 0; p < pairs; ++p) {
    const std::int64_t slot = (config.start - 1 + p) % size;
    if (config.start - 1 + p >= size) plan.wrapped = true;
    const std::int64_t index = order[static_cast<std::size_t>(slot)];
    plan.openings.push_back((*file)[static_cast<std::size_t>(index)]);
    plan.source_index.push_back(index);
  }
  return plan;
}

}  // namespace narabe::match
