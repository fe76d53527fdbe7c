// Reversi's trained weights as shipped (engine/games/reversi/reversi_eval.bin, copied
// beside every program in the build directory, this test's too): the file's size,
// checksum and phase count, and a fixed position's score with it. A new training run
// changes these values, and this test with them (docs/reversi.md, "Training the
// evaluation").

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "engine/core/little_endian.h"
#include "engine/games/reversi/reversi.h"
#include "protocol/server/data_files.h"
#include "protocol/server/reversi_eval_file.h"

namespace narabe::server {
namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kShippedBytes = 2'507'176;
constexpr std::uint64_t kShippedChecksum = 0x1ee9'46d3'3d2a'd788;  // FNV-1a of the whole file
constexpr int kShippedPhases = 12;
// After f5 d6 c3 d3 c4 (Black to move), hundredths of a disc for the side to move.
constexpr int kFixedPositionScore = -50;

TEST(ReversiShippedWeights, TheShippedFileLiesBesideTheExecutableWithItsSizeChecksumAndPhases) {
  const fs::path path = executable_directory() / kDefaultEvalFile;
  ASSERT_TRUE(fs::is_regular_file(path)) << path;
  EXPECT_EQ(fs::file_size(path), kShippedBytes);
  std::ifstream in(path, std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(core::fnv1a(bytes), kShippedChecksum);
  const auto weights = load_reversi_weights(path.string());
  ASSERT_TRUE(weights.ok()) << weights.error();
  EXPECT_EQ((*weights)->phases(), kShippedPhases);
}

TEST(ReversiShippedWeights, AFixedPositionScoresTheSameWithTheShippedWeights) {
  const auto weights = load_reversi_weights((executable_directory() / kDefaultEvalFile).string());
  ASSERT_TRUE(weights.ok()) << weights.error();
  games::Reversi game;
  game.set_eval_settings(std::make_shared<const games::reversi::EvalSettings>(games::reversi::EvalSettings{*weights, true, nullptr}));
  for (const char* move : {"f5", "d6", "c3", "d3", "c4"}) game.make_move(*game.parse_move(move));
  EXPECT_EQ(game.evaluate(), kFixedPositionScore);
  EXPECT_EQ(game.evaluate(), (*weights)->evaluate(game.player(), game.opponent()));
}

}  // namespace
}  // namespace narabe::server
