#include "engine/games/reversi/pattern_features.h"

#include <algorithm>
#include <bit>
#include <vector>

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

namespace {

// For pattern_indices_pext(): each (pattern, symmetry) reading's cells on the board
// itself, and where its table of base-3 values starts (one table per order in which
// a reading meets its pattern's cells; readings in the same order share it). Made
// once, from pattern_bits() and symmetry() themselves, so both ways read alike.
struct PextReadings {
  std::array<std::uint64_t, kPatternCount * kSymmetries> mask{};
  std::array<std::uint32_t, kPatternCount * kSymmetries> table{};
  std::vector<std::uint16_t> values;  // the tables, one after the other
  // The readings each cell is in, as a set of 88 bits (readings 0-63, 64-87).
  std::array<std::array<std::uint64_t, 2>, 64> of_cell{};
};

PextReadings make_pext_readings() {
  PextReadings r;
  std::vector<std::vector<int>> orders;  // each table's digit per gathered bit
  std::vector<std::uint32_t> starts;
  for (std::size_t p = 0; p < kPatternCount; ++p)
    for (int k = 0; k < kSymmetries; ++k) {
      const std::size_t at = p * kSymmetries + static_cast<std::size_t>(k);
      std::vector<int> order;  // the digit of each of the reading's cells, in bit order
      for (int cell = 0; cell < 64; ++cell) {
        const std::uint32_t digit_bit = pattern_bits(symmetry(std::uint64_t{1} << cell, k))[p];
        if (digit_bit == 0) continue;
        r.mask[at] |= std::uint64_t{1} << cell;
        r.of_cell[static_cast<std::size_t>(cell)][at / 64] |= std::uint64_t{1} << (at % 64);
        order.push_back(std::countr_zero(digit_bit));
      }
      const auto same = std::find(orders.begin(), orders.end(), order);
      if (same != orders.end()) {
        r.table[at] = starts[static_cast<std::size_t>(same - orders.begin())];
        continue;
      }
      r.table[at] = static_cast<std::uint32_t>(r.values.size());
      orders.push_back(order);
      starts.push_back(r.table[at]);
      for (std::uint32_t bits = 0; bits < (1u << order.size()); ++bits) {
        std::uint32_t v = 0;
        for (std::size_t j = 0; j < order.size(); ++j)
          if ((bits >> j) & 1) v += kBase3.value[1u << order[j]];
        r.values.push_back(static_cast<std::uint16_t>(v));
      }
    }
  return r;
}

const PextReadings kPextReadings = make_pext_readings();

}  // namespace

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
__attribute__((target("bmi2"))) PatternIndices pattern_indices_pext(std::uint64_t own, std::uint64_t other) {
  PatternIndices indices;
  const std::uint16_t* values = kPextReadings.values.data();
  for (std::size_t p = 0; p < kPatternCount; ++p)
    for (std::size_t k = 0; k < kSymmetries; ++k) {
      const std::size_t at = p * kSymmetries + k;
      const std::uint64_t mask = kPextReadings.mask[at];
      const std::uint16_t* table = values + kPextReadings.table[at];
      indices[at] = static_cast<std::uint32_t>(kPatternOffsets[p]) + table[__builtin_ia32_pext_di(own, mask)] +
                    2u * table[__builtin_ia32_pext_di(other, mask)];
    }
  return indices;
}

__attribute__((target("bmi2"))) int pattern_sum_change_pext(const PatternIndices& before, std::uint64_t changed,
                                                            std::uint64_t own, std::uint64_t other,
                                                            const std::int16_t* weights) {
  std::uint64_t touched_low = 0, touched_high = 0;  // two words, not an array the compiler keeps in memory
  for (; changed != 0; changed &= changed - 1) {
    const auto& readings = kPextReadings.of_cell[static_cast<std::size_t>(std::countr_zero(changed))];
    touched_low |= readings[0];
    touched_high |= readings[1];
  }
  int change = 0;
  for (std::size_t half = 0; half < 2; ++half)
    for (std::uint64_t set = half == 0 ? touched_low : touched_high; set != 0; set &= set - 1) {
      const std::size_t at = half * 64 + static_cast<std::size_t>(std::countr_zero(set));
      const std::uint64_t mask = kPextReadings.mask[at];
      const std::uint16_t* table = kPextReadings.values.data() + kPextReadings.table[at];
      const std::uint32_t index = static_cast<std::uint32_t>(kPatternOffsets[at / kSymmetries]) +
                                  table[__builtin_ia32_pext_di(own, mask)] +
                                  2u * table[__builtin_ia32_pext_di(other, mask)];
      change += weights[index] - weights[before[at]];
    }
  return change;
}
#else
PatternIndices pattern_indices_pext(std::uint64_t own, std::uint64_t other) {  // never called: no PEXT
  return pattern_indices(own, other);
}

int pattern_sum_change_pext(const PatternIndices& before, std::uint64_t, std::uint64_t own, std::uint64_t other,
                            const std::int16_t* weights) {  // never called: no PEXT
  const PatternIndices now = pattern_indices(own, other);
  int change = 0;
  for (std::size_t i = 0; i < now.size(); ++i) change += weights[now[i]] - weights[before[i]];
  return change;
}
#endif

std::uint32_t swapped_index(int pattern, std::uint32_t index) {
  std::uint32_t swapped = 0, power = 1;
  for (int i = 0; i < kPatternCells[static_cast<std::size_t>(pattern)]; ++i, power *= 3, index /= 3) {
    const std::uint32_t digit = index % 3;
    swapped += (digit == 0 ? 0 : 3 - digit) * power;
  }
  return swapped;
}

}  // namespace narabe::games::reversi
