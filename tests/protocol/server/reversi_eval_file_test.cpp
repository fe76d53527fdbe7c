// Reversi's trained weights as shipped (engine/games/reversi/reversi_eval.bin, copied
// beside every program in the build directory, this test's too): the file's size,
// checksum and phase count, and a fixed position's score with it. A new training run
// changes these values, and this test with them (docs/reversi.md, "Training the
// evaluation"). The same for the shipped opening book (reversi_book.bin): its size,
// checksum and entries, and its move after f5 (docs/reversi.md, "Opening book").

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

constexpr std::uintmax_t kShippedBookBytes = 160'124;
constexpr std::uint64_t kShippedBookChecksum = 0x0db8'6ec7'74cf'a73f;
constexpr std::size_t kShippedBookEntries = 8005;

TEST(ReversiShippedBook, TheShippedBookLiesBesideTheExecutableWithItsSizeChecksumAndEntries) {
  const fs::path path = executable_directory() / kDefaultBookFile;
  ASSERT_TRUE(fs::is_regular_file(path)) << path;
  EXPECT_EQ(fs::file_size(path), kShippedBookBytes);
  std::ifstream in(path, std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(core::fnv1a(bytes), kShippedBookChecksum);
  const auto book = load_reversi_book(kDefaultBookFile);
  ASSERT_TRUE(book.ok()) << book.error();
  EXPECT_EQ((*book)->size(), kShippedBookEntries);
}

TEST(ReversiShippedBook, TheBookAnswersTheFirstMovesWithItsDepthAndScore) {
  const auto book = load_reversi_book(kDefaultBookFile);
  ASSERT_TRUE(book.ok()) << book.error();
  games::Reversi game;
  const auto start = (*book)->find(game.player(), game.opponent());
  ASSERT_TRUE(start);
  game.make_move(*game.parse_move("f5"));
  const auto reply = (*book)->find(game.player(), game.opponent());
  ASSERT_TRUE(reply);
  EXPECT_EQ(games::Reversi::cell_name(reply->cell), "f6");
  EXPECT_EQ(reply->score, -92);
  EXPECT_EQ(reply->depth, 24);
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
