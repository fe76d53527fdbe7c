#pragma once
// The openings of a run: read from a file or generated at random from a seed.
// A run's openings are fixed before the first game (pair p plays opening p), so a
// resumed run, a repeated run of the same seed and every shard of one run see
// the same sequence.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/expected.h"
#include "tools/match/game_record.h"
#include "engine/games/any_position.h"

namespace narabe::match {

enum class OpeningOrder { kSequential, kRandom };

struct OpeningsConfig {
  std::string file;          // file=PATH: one opening a line
  OpeningOrder order = OpeningOrder::kSequential;  // order=sequential|random
  std::int64_t start = 1;    // start=N: the file's N-th opening comes first (1-based)
  int plies = 0;             // plies=N: generated openings of N random moves
  bool any() const { return !file.empty() || plies > 0; }
};

core::Status apply_openings_tokens(const std::vector<std::string>& tokens, OpeningsConfig& config);

// One line of an openings file: moves from the start ("4 4 3"), or
// "fen <board> <side> [moves ...]". Blank lines and lines starting with '#'
// are not openings. Checked against the rules.
core::Expected<Opening> parse_opening_line(std::string_view line, const games::AnyPosition& rules);

// Every opening in the file, checked; errors name the line.
core::Expected<std::vector<Opening>> read_openings_file(const std::string& path, const games::AnyPosition& rules);

// `count` distinct openings of `plies` random legal moves (none ending the game),
// from the seed. Distinct means distinct positions: two move orders reaching the
// same position count once. Fails when the game has fewer such positions.
core::Expected<std::vector<Opening>> generate_openings(const games::AnyPosition& rules, int plies, std::int64_t count,
                                                      std::uint64_t seed);

// The opening of every pair of the run: `pairs` entries. Without openings, every
// pair starts from the start position; a file shorter than the run is used again
// from its start (and `wrapped` says so).
struct OpeningPlan {
  std::vector<Opening> openings;
  std::vector<std::int64_t> source_index;  // index in the file (or generated list)
  bool wrapped = false;
};
core::Expected<OpeningPlan> plan_openings(const OpeningsConfig& config, const games::AnyPosition& rules, std::int64_t pairs,
                                          std::uint64_t seed);

}  // namespace narabe::match
