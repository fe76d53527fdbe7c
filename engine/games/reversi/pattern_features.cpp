#include "engine/games/reversi/pattern_features.h"

#include <bit>

namespace narabe::games::reversi {

namespace {

// The base-3 value of a set of up to 10 cells taken as digits 0/1: a cell's bit i
// becomes 3^i. An index is base3(own bits) + 2 * base3(opponent bits).
struct Base3Table {
  std::array<std::uint32_t, 1024> value{};
  constexpr Base3Table() {
    for (std::uint32_t bits = 0; bits < value.size(); ++bits) {
      std::uint32_t v = 0, power = 1;
      for (int i = 0; i < 10; ++i, power *= 3)
        if (bits & (1u << i)) v += power;
      value[bits] = v;
    }
  }
};
constexpr Base3Table kBase3;

// Gathers the cells of a diagonal parallel to a1-h8 into one byte, in file order:
// the diagonal has at most one cell per file, so multiplying by 0x0101..01 adds
// copies of every rank onto rank 8 (the top byte) without any two bits meeting.
constexpr std::uint64_t diagonal_byte(std::uint64_t b, std::uint64_t mask) {
  return ((b & mask) * 0x0101'0101'0101'0101ULL) >> 56;
}

constexpr std::uint64_t kDiagonal8 = 0x8040'2010'0804'0201ULL;  // a1, b2, .., h8
constexpr std::uint64_t kDiagonal7 = 0x0080'4020'1008'0402ULL;  // b1 .. h7
constexpr std::uint64_t kDiagonal6 = 0x0000'8040'2010'0804ULL;  // c1 .. h6
constexpr std::uint64_t kDiagonal5 = 0x0000'0080'4020'1008ULL;  // d1 .. h5
constexpr std::uint64_t kDiagonal4 = 0x0000'0000'8040'2010ULL;  // e1 .. h4

// The cells of every pattern (in the orientation of pattern_features.h) packed into
// the low bits, in the order that fixes the digit order of the index.
inline std::array<std::uint32_t, kPatternCount> pattern_bits(std::uint64_t b) {
  return {
      static_cast<std::uint32_t>((b & 7) | ((b >> 8) & 7) << 3 | ((b >> 16) & 7) << 6),
      static_cast<std::uint32_t>((b & 0x1f) | ((b >> 8) & 0x1f) << 5),
      static_cast<std::uint32_t>((b & 0xff) | ((b >> 9) & 1) << 8 | ((b >> 14) & 1) << 9),
      static_cast<std::uint32_t>((b >> 8) & 0xff),
      static_cast<std::uint32_t>((b >> 16) & 0xff),
      static_cast<std::uint32_t>((b >> 24) & 0xff),
      static_cast<std::uint32_t>(diagonal_byte(b, kDiagonal8)),
      static_cast<std::uint32_t>(diagonal_byte(b, kDiagonal7) >> 1),
      static_cast<std::uint32_t>(diagonal_byte(b, kDiagonal6) >> 2),
      static_cast<std::uint32_t>(diagonal_byte(b, kDiagonal5) >> 3),
      static_cast<std::uint32_t>(diagonal_byte(b, kDiagonal4) >> 4),
  };
}

}  // namespace

std::uint64_t mirror_files(std::uint64_t b) {
  b = ((b >> 1) & 0x5555'5555'5555'5555ULL) | ((b & 0x5555'5555'5555'5555ULL) << 1);
  b = ((b >> 2) & 0x3333'3333'3333'3333ULL) | ((b & 0x3333'3333'3333'3333ULL) << 2);
  return ((b >> 4) & 0x0f0f'0f0f'0f0f'0f0fULL) | ((b & 0x0f0f'0f0f'0f0f'0f0fULL) << 4);
}

std::uint64_t mirror_ranks(std::uint64_t b) { return __builtin_bswap64(b); }  // std::byteswap is C++23

std::uint64_t transpose(std::uint64_t b) {
  // Three rounds of swapping blocks across the diagonal: 4x4, then 2x2, then cells.
  std::uint64_t t = 0x0f0f'0f0f'0000'0000ULL & (b ^ (b << 28));
  b ^= t ^ (t >> 28);
  t = 0x3333'0000'3333'0000ULL & (b ^ (b << 14));
  b ^= t ^ (t >> 14);
  t = 0x5500'5500'5500'5500ULL & (b ^ (b << 7));
  return b ^ t ^ (t >> 7);
}

std::uint64_t symmetry(std::uint64_t b, int k) {
  if (k & 1) b = mirror_files(b);
  if (k & 2) b = mirror_ranks(b);
  if (k & 4) b = transpose(b);
  return b;
}

PatternIndices pattern_indices(std::uint64_t own, std::uint64_t other) {
  PatternIndices indices;
  for (int k = 0; k < kSymmetries; ++k) {
    const auto own_bits = pattern_bits(symmetry(own, k));
    const auto other_bits = pattern_bits(symmetry(other, k));
    for (std::size_t p = 0; p < kPatternCount; ++p)
      indices[p * kSymmetries + static_cast<std::size_t>(k)] =
          static_cast<std::uint32_t>(kPatternOffsets[p]) + kBase3.value[own_bits[p]] +
          2 * kBase3.value[other_bits[p]];
  }
  return indices;
}

std::uint32_t swapped_index(int pattern, std::uint32_t index) {
  std::uint32_t swapped = 0, power = 1;
  for (int i = 0; i < kPatternCells[static_cast<std::size_t>(pattern)]; ++i, power *= 3, index /= 3) {
    const std::uint32_t digit = index % 3;
    swapped += (digit == 0 ? 0 : 3 - digit) * power;
  }
  return swapped;
}

}  // namespace narabe::games::reversi
