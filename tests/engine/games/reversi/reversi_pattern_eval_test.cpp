// Reversi's trained evaluation: the board symmetries and pattern readings against a
// cell-by-cell reading, the weights file (round trip, and every way a file can be
// bad), the evaluation's symmetry under the 8 board symmetries and its antisymmetry
// between the two sides, and the shipped weights' sense (a corner is worth having).

#include "engine/games/reversi/pattern_weights.h"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/reversi/last_flip_count.h"
#include "engine/games/reversi/last_flip_count.h"
#include "engine/games/reversi/reversi.h"

namespace narabe {
namespace {

using games::Reversi;
using namespace games::reversi;

// Each pattern's cells in the orientation of pattern_features.h, in digit order.
const std::array<std::vector<int>, kPatternCount> kCells = {{
    {0, 1, 2, 8, 9, 10, 16, 17, 18},
    {0, 1, 2, 3, 4, 8, 9, 10, 11, 12},
    {0, 1, 2, 3, 4, 5, 6, 7, 9, 14},
    {8, 9, 10, 11, 12, 13, 14, 15},
    {16, 17, 18, 19, 20, 21, 22, 23},
    {24, 25, 26, 27, 28, 29, 30, 31},
    {0, 9, 18, 27, 36, 45, 54, 63},
    {1, 10, 19, 28, 37, 46, 55},
    {2, 11, 20, 29, 38, 47},
    {3, 12, 21, 30, 39},
    {4, 13, 22, 31},
}};

// The cell a symmetry sends `cell` to, one step at a time as symmetry() applies them.
int map_cell(int cell, int k) {
  int file = cell % 8, rank = cell / 8;
  if (k & 1) file = 7 - file;
  if (k & 2) rank = 7 - rank;
  if (k & 4) std::swap(file, rank);
  return rank * 8 + file;
}

std::uint64_t map_naive(std::uint64_t b, int k) {
  std::uint64_t out = 0;
  for (int cell = 0; cell < 64; ++cell)
    if (b & Reversi::bit(cell)) out |= Reversi::bit(map_cell(cell, k));
  return out;
}

// A random board: disjoint own and other discs, the centre filled.
std::pair<std::uint64_t, std::uint64_t> random_board(core::Rng& rng) {
  const std::uint64_t filled = rng.next() | rng.next() | 0x0000'0018'1800'0000ULL;
  const std::uint64_t own = filled & rng.next();
  return {own, filled & ~own};
}

constexpr int kTestPhases = 6;

std::vector<std::int16_t> random_weights(core::Rng& rng, int phases = kTestPhases) {
  std::vector<std::int16_t> w(static_cast<std::size_t>(phases) * PatternWeights::kPhaseEntries);
  for (auto& x : w) x = static_cast<std::int16_t>(static_cast<int>(rng.below(401)) - 200);
  return w;
}

TEST(ReversiPatterns, SymmetriesMoveEveryCellWhereExpected) {
  core::Rng rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const std::uint64_t b = rng.next();
    for (int k = 0; k < kSymmetries; ++k) EXPECT_EQ(symmetry(b, k), map_naive(b, k)) << k;
  }
}

TEST(ReversiPatterns, IndicesMatchACellByCellReading) {
  core::Rng rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const auto [own, other] = random_board(rng);
    const PatternIndices indices = pattern_indices(own, other);
    for (int p = 0; p < kPatternCount; ++p)
      for (int k = 0; k < kSymmetries; ++k) {
        const std::uint64_t o = symmetry(own, k), t = symmetry(other, k);
        std::uint32_t expected = 0, power = 1;
        for (const int cell : kCells[static_cast<std::size_t>(p)]) {
          expected += power * ((o & Reversi::bit(cell)) ? 1u : (t & Reversi::bit(cell)) ? 2u : 0u);
          power *= 3;
        }
        EXPECT_EQ(indices[static_cast<std::size_t>(p * kSymmetries + k)],
                  kPatternOffsets[static_cast<std::size_t>(p)] + expected)
            << kPatternNames[static_cast<std::size_t>(p)] << " symmetry " << k;
      }
  }
}

TEST(ReversiPatterns, PextIndicesEqualThePortableOnes) {
  if (!kFastPext) GTEST_SKIP() << "no fast PEXT on this processor: the evaluation reads the portable way";
  core::Rng rng(13);
  for (int trial = 0; trial < 100000; ++trial) {
    // Sparse, even and dense boards.
    const std::uint64_t a = rng.next(), b = rng.next();
    const std::uint64_t filled = trial % 3 == 0 ? a & b : trial % 3 == 1 ? a : a | b;
    const std::uint64_t own = filled & rng.next();
    ASSERT_EQ(pattern_indices_pext(own, filled & ~own), pattern_indices(own, filled & ~own)) << own << " " << filled;
  }
}

TEST(ReversiPatterns, ChildrenEvaluateAsTheirPositions) {
  if (!kFastPext) GTEST_SKIP() << "no fast PEXT on this processor: the solver evaluates each child whole";
  core::Rng rng(17);
  const PatternWeights weights(random_weights(rng), kTestPhases);
  int children = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    // Sparse to dense boards, so every phase and phase boundary comes up.
    const std::uint64_t a = rng.next(), b = rng.next();
    const std::uint64_t filled = (trial % 3 == 0 ? a & b : trial % 3 == 1 ? a : a | b) | 0x0000'0018'1800'0000ULL;
    const std::uint64_t own = filled & rng.next(), other = filled & ~own;
    const PatternWeights::Children evaluator(weights, own, other);
    for (std::uint64_t moves = Reversi::legal_cells(own, other); moves != 0; moves &= moves - 1) {
      const int cell = std::countr_zero(moves);
      const std::uint64_t changed = Reversi::flips(cell, own, other) | Reversi::bit(cell);
      const std::uint64_t own_after = own | changed, other_after = other & ~changed;
      ASSERT_EQ(evaluator.evaluate(changed, own_after, other_after), weights.evaluate(other_after, own_after))
          << own << " " << other << " " << cell;
      ++children;
    }
  }
  EXPECT_GT(children, 10000);
}

TEST(ReversiPatterns, EvaluationIsTheSameUnderEverySymmetryAndOppositeForTheOtherSide) {
  core::Rng rng(3);
  const PatternWeights weights(random_weights(rng), kTestPhases);
  for (int trial = 0; trial < 300; ++trial) {
    const auto [own, other] = random_board(rng);
    const int score = weights.evaluate(own, other);
    for (int k = 1; k < kSymmetries; ++k) EXPECT_EQ(weights.evaluate(symmetry(own, k), symmetry(other, k)), score);
    // The same discs seen by the other side: worth exactly the opposite.
    EXPECT_EQ(weights.evaluate(other, own), -score);
  }
}

TEST(ReversiPatterns, TermsAddUpToTheScore) {
  core::Rng rng(5);
  const PatternWeights weights(random_weights(rng), kTestPhases);
  // terms() reads the portable way, evaluate() by PEXT and AVX2 where they are fast.
  for (int trial = 0; trial < 5000; ++trial) {
    const auto [own, other] = random_board(rng);
    int sum = 0;
    for (const int part : weights.terms(own, other)) sum += part;
    EXPECT_EQ(std::clamp(sum, -kMaxPatternScore, kMaxPatternScore), weights.evaluate(own, other));
  }
}

TEST(ReversiPatternsFile, RoundTripKeepsEveryWeight) {
  core::Rng rng(9);
  std::vector<std::int16_t> w(kTestPhases * PatternWeights::kPhaseEntries, 0);
  // Runs of zeros (as unseen patterns leave them), longer than one run can hold, and
  // the extremes.
  for (std::size_t i = 0; i < w.size(); i += 1 + rng.below(200000))
    w[i] = static_cast<std::int16_t>(static_cast<int>(rng.below(65535)) - 32767);
  const PatternWeights weights(w, kTestPhases);
  const std::vector<std::uint8_t> bytes = weights.to_bytes();
  const auto back = PatternWeights::from_bytes(bytes);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->weights(), weights.weights());
  EXPECT_EQ(back->phases(), kTestPhases);
}

// The phase count is the file's: 60..0 empties in equal spans, each with its weights.
TEST(ReversiPatternsFile, AnyPhaseCountRoundTripsAndPicksItsSpan) {
  EXPECT_EQ(PatternWeights::phase_of(60, 6), 0);
  EXPECT_EQ(PatternWeights::phase_of(51, 6), 0);
  EXPECT_EQ(PatternWeights::phase_of(50, 6), 1);
  EXPECT_EQ(PatternWeights::phase_of(10, 6), 5);
  EXPECT_EQ(PatternWeights::phase_of(0, 6), 5);
  EXPECT_EQ(PatternWeights::phase_of(56, 15), 1);
  EXPECT_EQ(PatternWeights::phase_of(0, 60), 59);
  EXPECT_EQ(PatternWeights::phase_of(60, 1), 0);
  core::Rng rng(21);
  for (const int phases : {1, 12, 15, 60}) {
    const PatternWeights weights(random_weights(rng, phases), phases);
    const auto back = PatternWeights::from_bytes(weights.to_bytes());
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->phases(), phases);
    EXPECT_EQ(back->weights(), weights.weights());
    // A board with 20 empties reads the block of its phase and no other.
    const std::uint64_t own = 0x0000'0018'1c3c'7effULL, other = 0xff7e'3c00'0000'0000ULL;
    const int empties = std::popcount(~(own | other));
    std::vector<std::int16_t> only(weights.weights().size(), 0);
    const std::size_t block = static_cast<std::size_t>(weights.phase_of(empties)) * PatternWeights::kPhaseEntries;
    std::copy_n(weights.weights().begin() + static_cast<std::ptrdiff_t>(block), PatternWeights::kPhaseEntries,
                only.begin() + static_cast<std::ptrdiff_t>(block));
    EXPECT_EQ(PatternWeights(only, phases).evaluate(own, other), weights.evaluate(own, other)) << phases;
  }
}

class BadFile : public ::testing::Test {
 protected:
  void SetUp() override {
    core::Rng rng(13);
    bytes_ = PatternWeights(random_weights(rng), kTestPhases).to_bytes();
  }
  std::string error_of(const std::vector<std::uint8_t>& bytes) {
    const auto parsed = PatternWeights::from_bytes(bytes);
    EXPECT_FALSE(parsed.ok());
    return parsed.ok() ? "" : parsed.error();
  }
  std::vector<std::uint8_t> bytes_;
};

TEST_F(BadFile, EmptyOrTruncated) {
  EXPECT_NE(error_of({}).find("truncated"), std::string::npos);
  for (std::size_t keep : {std::size_t{10}, std::size_t{40}, bytes_.size() / 2, bytes_.size() - 1}) {
    std::vector<std::uint8_t> cut(bytes_.begin(), bytes_.begin() + static_cast<std::ptrdiff_t>(keep));
    EXPECT_NE(error_of(cut).find("truncated"), std::string::npos) << keep;
  }
}

TEST_F(BadFile, BadMagic) {
  bytes_[0] = 'X';
  EXPECT_NE(error_of(bytes_).find("magic"), std::string::npos);
}

TEST_F(BadFile, OtherVersionOrPatternSet) {
  auto version = bytes_;
  version[8] = 2;
  EXPECT_NE(error_of(version).find("version 2"), std::string::npos);
  auto entries = bytes_;
  entries[16] ^= 1;
  EXPECT_NE(error_of(entries).find("pattern set"), std::string::npos);
  auto phases = bytes_;
  phases[12] = 61;
  EXPECT_NE(error_of(phases).find("61 phases (1 to 60"), std::string::npos);
  phases[12] = 0;
  EXPECT_NE(error_of(phases).find("0 phases"), std::string::npos);
  phases[12] = 7;  // more phases than the weights stored
  EXPECT_FALSE(PatternWeights::from_bytes(phases).ok());
}

TEST_F(BadFile, BadChecksum) {
  bytes_[bytes_.size() / 2] ^= 0x40;
  EXPECT_NE(error_of(bytes_).find("checksum"), std::string::npos);
}

TEST(ReversiPatternsActive, EvaluateUsesThePositionsWeightsAndFallsBack) {
  core::Rng rng(17);
  const auto weights = std::make_shared<const PatternWeights>(random_weights(rng), kTestPhases);
  Reversi game = *Reversi::from_fen({}, "8/8/3x4/3xx3/3xo3/8/8/8 o");
  EXPECT_EQ(game.evaluate(), game.simple_evaluate());  // no settings: the simple evaluation
  EXPECT_FALSE(game.probcut_enabled());
  game.set_eval_settings(std::make_shared<const EvalSettings>(EvalSettings{weights, true, nullptr}));
  EXPECT_EQ(game.evaluate(), weights->evaluate(game.player(), game.opponent()));
  EXPECT_EQ(game.evaluation_terms().back().value, game.evaluate());
  EXPECT_TRUE(game.probcut_enabled());
  // A copy and the positions after moves keep the settings.
  Reversi after = game;
  typename Reversi::MoveList moves;
  after.generate_moves(moves);
  after.make_move(moves[0]);
  EXPECT_EQ(after.evaluate(), weights->evaluate(after.player(), after.opponent()));
  // Another position's settings are its own: nothing is process-wide.
  const Reversi other = *Reversi::from_fen({}, "8/8/3x4/3xx3/3xo3/8/8/8 o");
  EXPECT_EQ(other.evaluate(), other.simple_evaluate());
  game.set_eval_settings(std::make_shared<const EvalSettings>(EvalSettings{weights, false, nullptr}));
  EXPECT_FALSE(game.probcut_enabled());
  game.set_eval_settings(nullptr);
  EXPECT_EQ(game.evaluate(), game.simple_evaluate());
}

}  // namespace
}  // namespace narabe
