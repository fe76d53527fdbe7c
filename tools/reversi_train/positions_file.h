#pragma once
// The trainer's positions file: what `generate` writes and `fit` and `probcut` read.
//
//   offset  size  field
//        0     8  magic "NRBRVPS2"
//        8     4  L, the settings text's length (little-endian)
//       12     L  the settings text: the generate options that decide the games
//                 ("depth=4 seed=101 ..."), so a resumed run can check it goes on
//                 with the same ones
//   12 + L   18n  records: own discs and the opponent's (little-endian 64-bit masks),
//                 the margin (signed byte), flags (bit 0: proven by the solver;
//                 bit 1: the last record of its game)
//
// Games are written whole and in order, one after another, so a run that was killed
// leaves a prefix of itself plus at most one partial game; reading drops that tail
// and reports where the complete games end. Files from before the header (records
// only, no game ends) are still read for fitting.

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "engine/core/expected.h"
#include "tools/reversi_train/self_play.h"

namespace narabe::tools::reversi_train {

struct PositionsFile {
  std::string settings;                   // empty for a file from before the header
  std::vector<TrainingPosition> positions;  // the complete games' records
  int games = 0;                          // complete games (0 for a headerless file)
  std::uintmax_t complete_bytes = 0;      // where the complete games end
  std::uintmax_t file_bytes = 0;          // the file's size (more: a partial game)
};

core::Expected<PositionsFile> read_positions_file(const std::string& path);

// Starts a new file holding only the header.
core::Status create_positions_file(const std::string& path, const std::string& settings);

// Appends one game's records (already marked last_of_game at its end) and flushes.
class PositionsAppender {
 public:
  // Cuts `path` to `keep_bytes` (a partial game's tail goes) and opens it to append.
  static core::Expected<PositionsAppender> open(const std::string& path, std::uintmax_t keep_bytes);
  core::Status append(const std::vector<TrainingPosition>& game);

 private:
  PositionsAppender() = default;
  std::string path_;
  std::ofstream out_;
};

// The settings text of a generate run.
std::string settings_text(const SelfPlaySettings& settings, const std::string& weights_description);

}  // namespace narabe::tools::reversi_train
