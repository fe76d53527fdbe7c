#pragma once
// The record of one played game, and its JSON form: one line per game in the
// --out file, so a run killed at any moment loses at most the line being
// written (which --resume drops), and shards can be merged by concatenation.
//
// The file starts with one `"type":"run"` line that fixes the run's settings;
// every later line is a `"type":"game"` record.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/expected.h"
#include "engine/core/outcome.h"
#include "tools/match/player.h"

namespace narabe::match {

struct Opening {
  std::string fen;                 // empty: the variant's start position
  std::vector<std::string> moves;  // played from there
  friend bool operator==(const Opening&, const Opening&) = default;
};

struct MoveRecord {
  std::string move;
  std::int64_t time_ms = 0;
  std::optional<int> score_cp;
  std::optional<int> score_mate;
  std::optional<int> depth;
  std::optional<std::int64_t> nodes;  // from the last info line with a node count
  friend bool operator==(const MoveRecord&, const MoveRecord&) = default;
};

struct GameRecord {
  std::int64_t id = 0;       // the game's number in the run's schedule
  std::int64_t pair = 0;     // games of one pair share the opening, colours swapped
  int round = 0;
  int engines[2] = {0, 0};   // engine indices: [0] played first, [1] second
  std::string names[2];
  std::int64_t opening_index = 0;
  Opening opening;
  std::vector<MoveRecord> moves;
  core::Outcome outcome = core::Outcome::kNone;
  Termination termination = Termination::kNormal;
  std::string reason;        // one sentence a person reads
  std::string final_fen;
  std::vector<std::string> winning_line;
  std::string started;       // UTC, ISO 8601
  std::int64_t duration_ms = 0;
  friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

// "1-0", "0-1", "1/2-1/2" (first player's result first, as PGN has it).
std::string result_text(core::Outcome outcome);

std::string to_json_line(const GameRecord& record);  // no trailing newline
core::Expected<GameRecord> game_from_json(std::string_view line);

// Points of engine `engine` in the game: 1, 0.5, 0; nullopt if it did not play.
std::optional<double> points_of(const GameRecord& record, int engine);

}  // namespace narabe::match
