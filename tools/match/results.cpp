#include "tools/match/results.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "tools/match/json_integer.h"
#include "tools/match/report.h"

namespace narabe::match {

using json = nlohmann::ordered_json;

std::string to_json_line(const RunHeader& h) {
  const json line = {
      {"type", "run"},        {"version", 1},          {"game", h.game},
      {"engines", h.engines}, {"tournament", h.tournament}, {"rounds", h.rounds},
      {"games", h.games_per_pair}, {"openings", h.openings}, {"seed", h.seed},
      {"maxplies", h.max_plies}, {"shard", h.shard},   {"shards", h.shards},
      {"sprt", h.sprt},
  };
  return line.dump(-1, ' ', false, json::error_handler_t::replace);
}

core::Expected<RunHeader> run_header_from_json(std::string_view text) {
  try {
    const json j = json::parse(text);
    if (!j.is_object() || j.value("type", "") != "run") return core::make_error("the first line is not a run header");
    if (json_integer<int>(j.at("version")) != 1) return core::make_error("unknown results file version");
    RunHeader h;
    h.game = j.at("game").get<std::string>();
    h.engines = j.at("engines").get<std::vector<std::string>>();
    h.tournament = j.at("tournament").get<std::string>();
    h.rounds = json_integer<std::int64_t>(j.at("rounds"));
    h.games_per_pair = json_integer<int>(j.at("games"));
    h.openings = j.at("openings").get<std::string>();
    h.seed = json_integer<std::uint64_t>(j.at("seed"));
    h.max_plies = json_integer<int>(j.at("maxplies"));
    h.shard = json_integer<int>(j.at("shard"));
    h.shards = json_integer<int>(j.at("shards"));
    h.sprt = j.at("sprt").get<std::string>();
    if (h.engines.size() < 2 || h.rounds < 1 || (h.games_per_pair != 1 && h.games_per_pair != 2) ||
        h.shards < 1 || h.shard < 1 || h.shard > h.shards)
      return core::make_error("the run header has impossible values");
    return h;
  } catch (const json::exception& e) {
    return core::make_error(std::string("bad run header: ") + e.what());
  }
}

std::string header_difference(const RunHeader& a, const RunHeader& b, bool ignore_shard) {
  std::vector<std::string> diffs;
  auto check = [&](const char* what, const auto& x, const auto& y) {
    if (x != y) diffs.push_back(fmt::format("{} {} vs {}", what, x, y));
  };
  check("game", a.game, b.game);
  if (a.engines != b.engines)
    diffs.push_back(fmt::format("engines {} vs {}", fmt::join(a.engines, ","), fmt::join(b.engines, ",")));
  check("tournament", a.tournament, b.tournament);
  check("rounds", a.rounds, b.rounds);
  check("games", a.games_per_pair, b.games_per_pair);
  check("openings", a.openings, b.openings);
  check("seed", a.seed, b.seed);
  check("maxplies", a.max_plies, b.max_plies);
  check("shards", a.shards, b.shards);
  if (!ignore_shard) check("shard", a.shard, b.shard);
  check("sprt", a.sprt, b.sprt);
  return fmt::format("{}", fmt::join(diffs, "; "));
}

core::Expected<ResultsFile> read_results_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::make_error(fmt::format("cannot read '{}'", path));
  ResultsFile file;
  std::string line;
  std::size_t offset = 0;
  int number = 0;
  bool have_header = false;
  while (std::getline(in, line)) {
    ++number;
    const bool complete = !in.eof();  // getline stopped at a '\n'
    const std::size_t next_offset = offset + line.size() + (complete ? 1 : 0);
    if (!complete) {
      // The last line lacks its newline: a write cut short by a kill.
      file.partial_last_line = true;
      break;
    }
    if (!have_header) {
      auto header = run_header_from_json(line);
      if (!header) return core::make_error(fmt::format("{}:1: {}", path, header.error()));
      file.header = std::move(*header);
      have_header = true;
    } else if (!line.empty()) {
      auto record = game_from_json(line);
      if (!record) return core::make_error(fmt::format("{}:{}: {}", path, number, record.error()));
      if (record->engines[0] >= static_cast<int>(file.header.engines.size()) ||
          record->engines[1] >= static_cast<int>(file.header.engines.size()))
        return core::make_error(fmt::format("{}:{}: engine index out of range", path, number));
      file.games.push_back(std::move(*record));
    }
    offset = next_offset;
    file.valid_bytes = offset;
  }
  if (in.bad()) return core::make_error(fmt::format("error reading '{}'", path));
  if (!have_header) return core::make_error(fmt::format("'{}' has no complete run header", path));
  return file;
}

core::Expected<ResultsWriter> ResultsWriter::open(const std::string& path, const RunHeader& header,
                                                  std::optional<std::size_t> resume_valid_bytes) {
  if (resume_valid_bytes) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) return core::make_error(fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
    if (::ftruncate(fd, static_cast<off_t>(*resume_valid_bytes)) != 0) {
      const int error = errno;
      ::close(fd);
      return core::make_error(fmt::format("cannot cut the partial line off '{}': {}", path, std::strerror(error)));
    }
    return ResultsWriter(fd);
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return core::make_error(fmt::format("cannot create '{}': {}", path, std::strerror(errno)));
  struct stat st {};
  if (::fstat(fd, &st) == 0 && st.st_size > 0) {
    ::close(fd);
    return core::make_error(fmt::format(
        "'{}' already holds results: continue that run with --resume, or choose another --out file", path));
  }
  ResultsWriter writer(fd);
  if (auto s = writer.write_line(to_json_line(header)); !s) return core::make_error(s.error());
  return writer;
}

ResultsWriter::ResultsWriter(ResultsWriter&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
ResultsWriter& ResultsWriter::operator=(ResultsWriter&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}
ResultsWriter::~ResultsWriter() {
  if (fd_ >= 0) ::close(fd_);
}

core::Status ResultsWriter::write_line(const std::string& text) {
  const std::string line = text + '\n';
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return core::make_error(fmt::format("cannot write the results file: {}", std::strerror(errno)));
    }
    done += static_cast<std::size_t>(n);
  }
  return core::Ok{};
}

core::Status ResultsWriter::append(const GameRecord& record) { return write_line(to_json_line(record)); }

void Tally::add(const GameRecord& record) { games_.emplace(record.id, record); }

GameCounts Tally::games_between(int a, int b) const {
  GameCounts counts;
  for (const auto& [id, g] : games_) {
    const bool between = (g.engines[0] == a && g.engines[1] == b) || (g.engines[0] == b && g.engines[1] == a);
    const auto points = points_of(g, a);
    if (!between || !points) continue;  // an unfinished record scores nothing
    if (*points == 1.0) ++counts.wins;
    else if (*points == 0.0) ++counts.losses;
    else ++counts.draws;
  }
  return counts;
}

GameCounts Tally::games_of(int a) const {
  GameCounts counts;
  for (int b = 0; b < engines_; ++b) {
    if (b == a) continue;
    const GameCounts c = games_between(a, b);
    counts.wins += c.wins;
    counts.draws += c.draws;
    counts.losses += c.losses;
  }
  return counts;
}

PairCounts Tally::pairs_between(int a, int b) const {
  PairCounts counts;
  counts.draw_draw = 0;
  // Games of one pair have consecutive ids in one map, so neighbours suffice.
  const GameRecord* previous = nullptr;
  for (const auto& [id, g] : games_) {
    if (previous && previous->pair == g.pair) {
      const auto pa = points_of(*previous, a);
      const auto pb = points_of(*previous, b);
      const auto qa = points_of(g, a);
      if (pa && pb && qa && points_of(g, b)) {
        const int quarters = static_cast<int>((*pa + *qa) * 2 + 0.5);
        ++counts.bins[static_cast<std::size_t>(quarters)];
        if (*pa == 0.5 && *qa == 0.5) ++*counts.draw_draw;
      }
      previous = nullptr;
      continue;
    }
    previous = &g;
  }
  return counts;
}

PairCounts Tally::pairs_of(int a) const {
  PairCounts counts;
  counts.draw_draw = 0;
  for (int b = 0; b < engines_; ++b) {
    if (b == a) continue;
    const PairCounts c = pairs_between(a, b);
    for (std::size_t i = 0; i < 5; ++i) counts.bins[i] += c.bins[i];
    *counts.draw_draw += *c.draw_draw;
  }
  return counts;
}

std::map<std::pair<int, Termination>, long long> Tally::failures() const {
  std::map<std::pair<int, Termination>, long long> counts;
  for (const auto& [id, g] : games_) {
    if (!is_failure(g.termination)) continue;
    // The failing side is the one that lost.
    const int loser = g.outcome == core::Outcome::kFirstWins ? g.engines[1] : g.engines[0];
    ++counts[{loser, g.termination}];
  }
  return counts;
}

std::string format_results(const Tally& tally, const std::vector<std::string>& names, int games_per_pair,
                           const std::optional<SprtConfig>& sprt) {
  const int engines = static_cast<int>(names.size());
  std::string text;
  if (engines == 2) {
    std::optional<PairCounts> pairs;
    if (games_per_pair == 2) pairs = tally.pairs_between(0, 1);
    text += fmt::format("Results of {} vs {}:\n", names[0], names[1]);
    text += format_report(tally.games_between(0, 1), pairs, sprt);
  } else {
    std::vector<RankingEntry> entries;
    for (int a = 0; a < engines; ++a) {
      RankingEntry entry{names[static_cast<std::size_t>(a)], tally.games_of(a), std::nullopt};
      if (games_per_pair == 2) entry.pairs = tally.pairs_of(a);
      entries.push_back(std::move(entry));
    }
    text += format_ranking(entries);
  }
  const auto failures = tally.failures();
  if (!failures.empty()) {
    std::vector<std::string> parts;
    for (const auto& [key, count] : failures)
      parts.push_back(fmt::format("{} {} {}", names[static_cast<std::size_t>(key.first)], count,
                                  termination_name(key.second)));
    text += fmt::format("Failures: {}\n", fmt::join(parts, ", "));
  }
  return text;
}

}  // namespace narabe::match
