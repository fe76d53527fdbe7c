#pragma once
// The patterns of Reversi's trained evaluation: which cells each one reads and how a
// board becomes one table index per pattern and symmetry. Shared by the evaluation
// (pattern_weights.h) and the trainer (tools/reversi_train), so both read a board
// the same way.
//
// Every pattern is written once, in one orientation near a1 (the top-left corner,
// bit 0; see the layout in reversi.h):
//
//   corner 3x3   a1-c1, a2-c2, a3-c3            edge+2X   a1-h1 and b2, g2
//   corner 2x5   a1-e1, a2-e2                   rows      2, 3 and 4 (a2-h2, ...)
//   diagonals    a1-h8 (8 cells), b1-h7 (7), c1-h6 (6), d1-h5 (5), e1-h4 (4)
//
// and read on each of the board's 8 symmetric images (rotations and reflections),
// so that a pattern covers every place it fits, and the evaluation is the same for
// a board and its mirror images by construction. A pattern that is its own mirror
// image (a row, a diagonal, the edge) is read twice per place, once from each side;
// the weights absorb the factor, the trainer sees the same features.
//
// A cell's state is a base-3 digit: 0 empty, 1 the side to move's disc, 2 the
// opponent's. A pattern's index is the sum of digit * 3^i over its cells in a fixed
// order, so a pattern of n cells has 3^n entries.

#include <array>
#include <cstddef>
#include <cstdint>

namespace narabe::games::reversi {

inline constexpr int kPatternCount = 11;
inline constexpr int kSymmetries = 8;
inline constexpr std::array<int, kPatternCount> kPatternCells = {9, 10, 10, 8, 8, 8, 8, 7, 6, 5, 4};
inline constexpr std::array<const char*, kPatternCount> kPatternNames = {
    "corner 3x3", "corner 2x5", "edge+2X", "row 2", "row 3", "row 4",
    "diagonal 8", "diagonal 7", "diagonal 6", "diagonal 5", "diagonal 4"};

constexpr std::size_t pattern_entries(int pattern) {
  std::size_t n = 1;
  for (int i = 0; i < kPatternCells[static_cast<std::size_t>(pattern)]; ++i) n *= 3;
  return n;
}

// Where each pattern's table starts within one phase's block of weights.
constexpr std::array<std::size_t, kPatternCount + 1> pattern_offsets() {
  std::array<std::size_t, kPatternCount + 1> offsets{};
  for (int p = 0; p < kPatternCount; ++p)
    offsets[static_cast<std::size_t>(p) + 1] = offsets[static_cast<std::size_t>(p)] + pattern_entries(p);
  return offsets;
}
inline constexpr std::array<std::size_t, kPatternCount + 1> kPatternOffsets = pattern_offsets();
inline constexpr std::size_t kPatternEntries = kPatternOffsets[kPatternCount];  // 167265

// The 88 (pattern, symmetry) readings of one board, each an offset into one phase's
// block of weights (kPatternOffsets[pattern] + index), pattern-major.
using PatternIndices = std::array<std::uint32_t, kPatternCount * kSymmetries>;
PatternIndices pattern_indices(std::uint64_t own, std::uint64_t other);
// The same readings by PEXT (BMI2), without making the 8 images: each reading's cells
// are gathered from the board as it stands, in bit order, and a table for that
// order of the pattern's cells gives the base-3 value. Only where kFastPext holds
// (last_flip_count.h: BMI2 with a fast PEXT).
PatternIndices pattern_indices_pext(std::uint64_t own, std::uint64_t other);
// After a move: the sum of `weights` (one phase's block) over the readings that
// `changed` cells touch, at own/other's indices now, minus the same over `before`'s
// indices (pattern_indices_pext() of the board before the move, from the same
// side's view). Readings that no changed cell touches keep their index. PEXT only.
int pattern_sum_change_pext(const PatternIndices& before, std::uint64_t changed, std::uint64_t own,
                            std::uint64_t other, const std::int16_t* weights);

// The index of a pattern's entry seen from the other side (own and opponent's discs
// swapped): the evaluation is antisymmetric, so that entry holds the negated weight.
std::uint32_t swapped_index(int pattern, std::uint32_t index);

// The 8 symmetric images of a board (rank 1 at the top, bit = rank * 8 + file).
std::uint64_t mirror_files(std::uint64_t b);    // a <-> h
std::uint64_t mirror_ranks(std::uint64_t b);    // 1 <-> 8
std::uint64_t transpose(std::uint64_t b);       // a1-h8 diagonal fixed
std::uint64_t symmetry(std::uint64_t b, int k);  // k in 0..7; 0 is the board itself

}  // namespace narabe::games::reversi
