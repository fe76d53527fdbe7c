#pragma once
// The results of a run: the --out file (a run header, then one game a line),
// appended and flushed game by game so that nothing is lost when the run is
// killed, read back by --resume and by `merge`; and the tallies the
// statistics need (games and pairs per engine).

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/expected.h"
#include "tools/match/game_record.h"
#include "tools/match/statistics.h"

namespace narabe::match {

// What fixes a run: two processes with the same header play the same games
// (shards differ only in `shard`). Stored as the file's first line.
struct RunHeader {
  std::string game;                  // newgame arguments: "connect4 width 7 height 6"
  std::vector<std::string> engines;  // names, by index
  std::string tournament;            // "round-robin" | "gauntlet"
  std::int64_t rounds = 1;
  int games_per_pair = 2;
  std::string openings;              // how they were chosen, e.g. "plies=4" or "file=x order=random start=1"
  std::uint64_t seed = 0;
  int max_plies = 0;
  int shard = 1;
  int shards = 1;
  std::string sprt;                  // "" or "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized"
  friend bool operator==(const RunHeader&, const RunHeader&) = default;
};

std::string to_json_line(const RunHeader& header);
core::Expected<RunHeader> run_header_from_json(std::string_view line);
// Where two headers differ, for an error message ("seed 1 vs 2"); empty if equal
// (ignoring the shard when `ignore_shard`).
std::string header_difference(const RunHeader& a, const RunHeader& b, bool ignore_shard);

// A results file's contents.
struct ResultsFile {
  RunHeader header;
  std::vector<GameRecord> games;
  // Bytes of complete lines: a run killed while writing leaves a partial last
  // line, which --resume cuts off.
  std::size_t valid_bytes = 0;
  bool partial_last_line = false;
};
core::Expected<ResultsFile> read_results_file(const std::string& path);

// Appends to the results file; each line goes out in one write(2), so a kill
// at any moment leaves whole lines and at most one partial last line.
class ResultsWriter {
 public:
  // Creates `path` with `header` (fails if it exists and is not empty), or
  // with `resume`, reopens it for appending after cutting off a partial last line.
  static core::Expected<ResultsWriter> open(const std::string& path, const RunHeader& header,
                                            std::optional<std::size_t> resume_valid_bytes);
  ResultsWriter(ResultsWriter&& other) noexcept;
  ResultsWriter& operator=(ResultsWriter&& other) noexcept;
  ~ResultsWriter();
  core::Status append(const GameRecord& record);

 private:
  explicit ResultsWriter(int fd) : fd_(fd) {}
  core::Status write_line(const std::string& line);
  int fd_ = -1;
};

// The tallies of a set of games between numbered engines.
class Tally {
 public:
  explicit Tally(int engines) : engines_(engines) {}
  void add(const GameRecord& record);
  bool contains(std::int64_t id) const { return games_.contains(id); }
  std::size_t size() const { return games_.size(); }

  // Engine a's results against engine b.
  GameCounts games_between(int a, int b) const;
  // Pairs between a and b where both games finished (a's view); with
  // draw_draw tracked.
  PairCounts pairs_between(int a, int b) const;
  // Engine a against everyone.
  GameCounts games_of(int a) const;
  PairCounts pairs_of(int a) const;
  // How many games each engine lost by each kind of failure.
  std::map<std::pair<int, Termination>, long long> failures() const;
  const std::map<std::int64_t, GameRecord>& games() const { return games_; }

 private:
  int engines_;
  std::map<std::int64_t, GameRecord> games_;  // by id
};

// The report block (and, with more than two engines, the ranking table) for
// `tally`; engine 0 is the engine under test in a two-engine match.
std::string format_results(const Tally& tally, const std::vector<std::string>& names, int games_per_pair,
                           const std::optional<SprtConfig>& sprt);

}  // namespace narabe::match
