// Gomoku's trained evaluation in engine/games: the line classes (pattern_codes.h),
// the pattern codes and value sums the pattern board keeps stone by stone (equal to
// a fresh board's under every rule), the weights file format (eval_weights.h) and
// the position evaluating with weights. The shipped files and their loading are in
// tests/protocol/server/gomoku_eval_file_test.cpp.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "engine/core/little_endian.h"
#include "engine/core/rng.h"
#include "engine/games/gomoku/eval_weights.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/games/gomoku/pattern_board.h"
#include "engine/games/gomoku/pattern_codes.h"
#include "engine/games/gomoku/threat_mask.h"
#include "tests/engine/games/gomoku/pattern_board_walk.h"
#include "tests/engine/games/slow_build.h"

namespace narabe {
namespace {

using games::Gomoku;
using namespace games::gomoku;

// The key of a line given as the ten cells around the point ("XX.O......" from
// offset -5 to +5 without the point; X black, O white, # wall, . empty).
LineKey key_of(const char* cells) {
  LineKey key = 0;
  const int offsets[10] = {-5, -4, -3, -2, -1, 1, 2, 3, 4, 5};
  for (int i = 0; i < 10; ++i) {
    const LineKey c = cells[i] == 'X' ? kBlack : cells[i] == 'O' ? kWhite : cells[i] == '#' ? kWall : kEmpty;
    key |= c << (2 * key_slot(offsets[i]));
  }
  return key;
}

CodeValues random_codes(core::Rng& rng, int amplitude = 1000) {
  CodeValues codes{};
  const auto span = static_cast<std::uint64_t>(2 * amplitude + 1);
  for (auto& colour : codes)
    for (auto& role : colour)
      for (std::int32_t& v : role) v = static_cast<std::int32_t>(rng.below(span)) - amplitude;
  return codes;
}

TEST(GomokuLineClasses, KnownLines) {
  // Black on the point, five either side.
  EXPECT_EQ(line_class(key_of("....."  "....."), kBlack, false), kFreeOne);
  EXPECT_EQ(line_class(key_of("....X"  "....."), kBlack, false), kFreeTwo);
  EXPECT_EQ(line_class(key_of("...OX"  "....."), kBlack, false), kBlockedTwo);
  EXPECT_EQ(line_class(key_of("...XX"  "....."), kBlack, false), kFreeThree);
  EXPECT_EQ(line_class(key_of("..OXX"  "....."), kBlack, false), kBlockedThreeClass);
  EXPECT_EQ(line_class(key_of("...XX"  "X...."), kBlack, false), kFreeFour);
  EXPECT_EQ(line_class(key_of("..OXX"  "X...."), kBlack, false), kBlockedFour);
  EXPECT_EQ(line_class(key_of("..XXX"  "X...."), kBlack, false), kFiveClass);
  // Room for exactly five: a lone stone is a blocked one.
  EXPECT_EQ(line_class(key_of("..O.."  "..O.."), kBlack, false), kBlockedOne);
  EXPECT_EQ(line_class(key_of("....O"  "O...."), kBlack, false), kDead);
  EXPECT_EQ(line_class(key_of("###O."  ".O###"), kBlack, false), kDead);
  EXPECT_EQ(line_class(key_of("....."  "....."), kWhite, false), kFreeOne);
  // A colour that must make exactly five: six is an overline, not a five.
  EXPECT_EQ(line_class(key_of(".XXXX"  "X...."), kBlack, true), kOverlineClass);
  EXPECT_EQ(line_class(key_of(".XXXX"  "X...."), kBlack, false), kFiveClass);
  // White's view of the same cells.
  EXPECT_EQ(line_class(key_of("...OO"  "....."), kWhite, false), kFreeThree);
}

TEST(GomokuLineClasses, TableAgreesWithTheClassification) {
  core::Rng rng(17);
  for (const bool black_exact : {false, true})
    for (const bool white_exact : {false, true}) {
      const LineClassTable table(black_exact, white_exact);
      const LineShapeTable shapes(black_exact, white_exact);
      for (int i = 0; i < (NARABE_SLOW_BUILD ? 300 : 3000); ++i) {
        LineKey key = 0;
        for (const int offset : {-5, -4, -3, -2, -1, 1, 2, 3, 4, 5}) {
          // Half empty, most of the rest stones, a few walls.
          std::uint64_t cell = kEmpty;
          if (rng.below(10) >= 5) cell = rng.below(10) < 9 ? 1 + rng.below(2) : std::uint64_t{kWall};
          key |= static_cast<LineKey>(cell) << (2 * key_slot(offset));
        }
        const std::uint16_t entry = table.entry(key);
        ASSERT_EQ(entry & 0xff, shapes.shapes(key));
        ASSERT_EQ((entry >> 8) & 15, line_class(key, kBlack, black_exact));
        ASSERT_EQ(entry >> 12, line_class(key, kWhite, white_exact));
      }
    }
}

TEST(GomokuPatternCodes, CodesAreTheSortedClasses) {
  for (int index = 0; index < kPatternIndices; index += 7) {
    std::vector<int> c = {index % 11, index / 11 % 11, index / 121 % 11, index / 1331};
    std::sort(c.begin(), c.end());
    const CodeClasses& code = kCodeClasses[kCodeOfIndex[static_cast<std::size_t>(index)]];
    for (int i = 0; i < 4; ++i) ASSERT_EQ(code[static_cast<std::size_t>(i)], c[static_cast<std::size_t>(i)]);
  }
}

void expect_same_values(const PatternBoard& kept, const PointValues& values, Rule rule, int size) {
  PatternBoard fresh(kept.cells(), rule);
  fresh.set_values(&values);
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) {
      const int at = cell_index(file, rank);
      if (kept.cell(at) != kEmpty) continue;
      for (const Cell colour : {kBlack, kWhite}) ASSERT_EQ(kept.code(at, colour), fresh.code(at, colour)) << at;
    }
  for (const Cell colour : {kBlack, kWhite})
    for (int role = 0; role < 2; ++role) ASSERT_EQ(kept.value_sum(colour, role), fresh.value_sum(colour, role));
  ASSERT_EQ(kept.eval_state().threats, fresh.eval_state().threats);
  // And the counts are what the points hold.
  ThreatCounts counted{};
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) {
      const int at = cell_index(file, rank);
      if (kept.cell(at) != kEmpty) continue;
      for (int c = 0; c < 2; ++c)
        ++counted[static_cast<std::size_t>(c)][threat_kind(
            kCodeClasses[static_cast<std::size_t>(kept.code(at, c == 0 ? kBlack : kWhite))])];
    }
  ASSERT_EQ(kept.eval_state().threats, counted);
}

TEST(GomokuThreatMask, KindsAndMaskBitsFollowTheLineClasses) {
  EXPECT_EQ(threat_kind({kDead, kFreeOne, kBlockedTwo, kFreeTwo}), kNoThreat);
  EXPECT_EQ(threat_kind({kDead, kDead, kDead, kFreeThree}), kThreeThreat);
  EXPECT_EQ(threat_kind({kDead, kDead, kFreeThree, kFreeThree}), kDoubleThreeThreat);
  EXPECT_EQ(threat_kind({kDead, kDead, kBlockedThreeClass, kBlockedFour}), kFourThreat);
  EXPECT_EQ(threat_kind({kDead, kDead, kFreeThree, kBlockedFour}), kFourPlusThreat);
  EXPECT_EQ(threat_kind({kDead, kDead, kBlockedFour, kBlockedFour}), kFourPlusThreat);
  EXPECT_EQ(threat_kind({kDead, kDead, kDead, kFreeFour}), kOpenFourThreat);
  EXPECT_EQ(threat_kind({kDead, kFreeThree, kFreeFour, kFiveClass}), kFiveThreat);
  ThreatCounts counts{};
  EXPECT_EQ(threat_mask(counts, 0), 0);
  counts[0][kThreeThreat] = 2;      // Black: a three point
  counts[1][kFourThreat] = 1;       // White: a four point
  counts[1][kFiveThreat] = 1;       // and a five point
  EXPECT_EQ(threat_mask(counts, 0), 1 | 1 << 6 | 1 << 8);  // Black to move
  EXPECT_EQ(threat_mask(counts, 1), 1 << 4 | 1 << 10);     // White to move: its own five is left out
}

TEST(GomokuPatternCodes, IncrementalSumsEqualAFreshBoardsUnderEveryRule) {
  core::Rng rng(20261201);
  const auto values = std::make_unique<PointValues>(PointValues::from_codes(random_codes(rng)));
  const int games = NARABE_SLOW_BUILD ? 1 : 6;
  for (const Rule rule : kAllRules)
    for (const int size : {15, 7, 22})
      for (int g = 0; g < games; ++g) {
        PatternBoard board(PatternBoard::empty_cells(size), rule);
        board.set_values(values.get());
        std::vector<int> placed = test_support::random_pattern_walk(board, size, rng, [&](int step, int steps) {
          if (step % 7 == 0 || step + 1 == steps) expect_same_values(board, *values, rule, size);
        });
        // Values set on a board that kept none (its classes stale) start afresh.
        board.set_values(nullptr);
        for (int i = 0; i < 3 && !placed.empty(); ++i) {
          board.remove(placed.back());
          placed.pop_back();
        }
        board.set_values(values.get());
        expect_same_values(board, *values, rule, size);
      }
}

TEST(GomokuEvalWeights, BytesRoundTripAndDamageIsRefused) {
  core::Rng rng(3);
  ThreatValues threats{};
  for (std::int32_t& v : threats) v = static_cast<std::int32_t>(rng.below(2001)) - 1000;
  const EvalWeights weights(Rule::kRenju, random_codes(rng), threats);
  const std::vector<std::uint8_t> bytes = weights.to_bytes();
  ASSERT_EQ(bytes.size(), EvalWeights::kFileBytes);
  const auto back = EvalWeights::from_bytes(bytes);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->rule(), Rule::kRenju);
  EXPECT_EQ(back->codes(), weights.codes());
  EXPECT_EQ(back->threats(), threats);

  auto damaged = bytes;
  damaged[EvalWeights::kHeaderBytes + 100] ^= 1;
  ASSERT_FALSE(EvalWeights::from_bytes(damaged));
  EXPECT_NE(EvalWeights::from_bytes(damaged).error().find("checksum"), std::string::npos);
  const std::vector<std::uint8_t> truncated(bytes.begin(), bytes.end() - 1);
  EXPECT_NE(EvalWeights::from_bytes(truncated).error().find("truncated"), std::string::npos);
  auto magic = bytes;
  magic[0] = 'X';
  EXPECT_NE(EvalWeights::from_bytes(magic).error().find("magic"), std::string::npos);
  auto version = bytes;
  version[8] = 9;
  EXPECT_NE(EvalWeights::from_bytes(version).error().find("version"), std::string::npos);
}

TEST(GomokuEvalWeights, VersionTwoFilesReadWithoutThreatValues) {
  // A version 2 file: the header, the codes and the checksum, no threat table.
  core::Rng rng(4);
  const EvalWeights weights(Rule::kFreestyle, random_codes(rng));
  std::vector<std::uint8_t> bytes = weights.to_bytes();
  bytes.resize(EvalWeights::kHeaderBytes + EvalWeights::kCodeBytes);
  bytes[8] = 2;
  const std::uint64_t sum = core::fnv1a(bytes);
  for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<std::uint8_t>(sum >> (8 * i)));
  ASSERT_EQ(bytes.size(), EvalWeights::kVersion2FileBytes);
  const auto back = EvalWeights::from_bytes(bytes);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->codes(), weights.codes());
  EXPECT_EQ(back->threats(), ThreatValues{});
  bytes.pop_back();
  EXPECT_NE(EvalWeights::from_bytes(bytes).error().find("truncated"), std::string::npos);
}

TEST(GomokuEvalWeights, PositionEvaluatesWithItsWeightsAndCopiesShareThem) {
  core::Rng rng(5);
  // Small values: the sum stays inside the evaluation's range (no clamping).
  const auto weights = std::make_shared<const EvalWeights>(Rule::kFreestyle, random_codes(rng, 20));
  Gomoku game(Gomoku::Variant{15, Rule::kFreestyle});
  const core::Score hand_empty = game.evaluate();
  game.set_eval_weights(weights);
  ASSERT_EQ(game.eval_weights(), weights.get());
  for (const char* move : {"h8", "h9", "i9", "g7", "j10"}) game.make_move(*game.parse_move(move));
  const PatternBoard& board = game.patterns();
  // White to move: its codes count as the side to move's, Black's as the opponent's.
  EXPECT_EQ(game.evaluate(), board.value_sum(kWhite, 0) + board.value_sum(kBlack, 1));
  const Gomoku copy = game;  // NOLINT(performance-unnecessary-copy-initialization): the copy is the point
  EXPECT_EQ(copy.evaluate(), game.evaluate());
  // Weights for another rule are not taken; null is the hand-set evaluation again.
  Gomoku renju(Gomoku::Variant{15, Rule::kRenju});
  renju.set_eval_weights(weights);
  EXPECT_EQ(renju.eval_weights(), nullptr);
  Gomoku plain(Gomoku::Variant{15, Rule::kFreestyle});
  plain.set_eval_weights(weights);
  plain.set_eval_weights(nullptr);
  EXPECT_EQ(plain.evaluate(), hand_empty);
  // A fen keeps the weights of the position it is set on.
  auto from_fen = Gomoku::from_fen(Gomoku::Variant{15, Rule::kFreestyle}, game.to_fen());
  ASSERT_TRUE(from_fen);
  from_fen->set_eval_weights(weights);
  EXPECT_EQ(from_fen->evaluate(), game.evaluate());
}

}  // namespace
}  // namespace narabe
