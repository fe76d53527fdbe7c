#pragma once
// The discs a move flips and the cells a side can move to, on the two bitboards (the
// side's discs, the other side's): the endgame solver's commonest work, every node
// generates moves and makes them. The portable code is here, inline; where the
// processor has AVX2 the same answers come four directions at a time in the 256-bit
// registers (bitboard_moves.cpp). The build targets plain x86-64, so kHasAvx2 is
// checked once at start-up and the branch on it always goes the same way; the
// AVX2 functions cannot be inlined into plain code, a call that costs less than
// the work it saves.

#include <array>
#include <bit>
#include <cstdint>

namespace narabe::games::reversi {

// Bit index = rank * 8 + file as in reversi.h: +1 is one file right, +8 one rank down.
// Runs of the opponent's discs along a row or a diagonal may not contain a disc on
// file a or h, so masking those out of the opponent's discs stops every shift that
// would wrap a row's end into the next row.
inline constexpr std::uint64_t kInnerFiles = 0x7e7e'7e7e'7e7e'7e7eULL;

// The cells beyond each cell in each of the eight directions, up to the board's edge:
// mask[cell][0..3] run toward higher bit indices (+1, +7, +8, +9), mask[cell][4..7]
// toward lower ones (-1, -7, -8, -9); aligned so each half is one AVX2 load.
struct Rays {
  alignas(32) std::array<std::array<std::uint64_t, 8>, 64> mask{};
};
constexpr Rays make_rays() {
  constexpr std::array<std::array<int, 2>, 8> steps = {
      {{0, 1}, {1, -1}, {1, 0}, {1, 1}, {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}}};  // (row, column) steps
  Rays rays;
  for (int cell = 0; cell < 64; ++cell)
    for (std::size_t d = 0; d < 8; ++d)
      for (int r = cell / 8 + steps[d][0], c = cell % 8 + steps[d][1]; r >= 0 && r < 8 && c >= 0 && c < 8;
           r += steps[d][0], c += steps[d][1])
        rays.mask[static_cast<std::size_t>(cell)][d] |= std::uint64_t{1} << (r * 8 + c);
  return rays;
}
inline constexpr Rays kRays = make_rays();

// Along a ray toward higher bits: adding the ray's first cell to the opponent's discs
// (with every cell off the ray set) carries through the run of opponent's discs onto
// the first cell that is not one; the run flips if that cell is own.
inline std::uint64_t flips_up(std::uint64_t ray, std::uint64_t own, std::uint64_t other) {
  const std::uint64_t outflank = ((other | ~ray) + (ray & (0 - ray))) & ray & own;
  return outflank != 0 ? (outflank - 1) & ray : 0;
}

// Along a ray toward lower bits: the first cell that is not the opponent's is the
// highest such bit of the ray (the low bit 0 stands in when there is none: it is
// then either off the ray or the opponent's, so never an own cell of the ray).
inline std::uint64_t flips_down(std::uint64_t ray, std::uint64_t own, std::uint64_t other) {
  const std::uint64_t first = (std::uint64_t{1} << 63) >> std::countl_zero((~other & ray) | 1);
  const std::uint64_t outflank = first & own & ray;
  return ray & (0 - (outflank << 1));
}

// The discs a disc of `own` on the empty `cell` flips, the portable way.
inline std::uint64_t flips_portable(int cell, std::uint64_t own, std::uint64_t other) {
  const auto& ray = kRays.mask[static_cast<std::size_t>(cell)];
  return flips_up(ray[0], own, other) | flips_up(ray[1], own, other) | flips_up(ray[2], own, other) |
         flips_up(ray[3], own, other) | flips_down(ray[4], own, other) | flips_down(ray[5], own, other) |
         flips_down(ray[6], own, other) | flips_down(ray[7], own, other);
}

template <int Shift>
constexpr std::uint64_t shift_by(std::uint64_t b) {
  if constexpr (Shift > 0)
    return b << Shift;
  else
    return b >> -Shift;
}

template <int Shift>
inline std::uint64_t moves_toward(std::uint64_t own, std::uint64_t run_cells, std::uint64_t empty) {
  std::uint64_t run = shift_by<Shift>(own) & run_cells;
  run |= shift_by<Shift>(run) & run_cells;
  run |= shift_by<Shift>(run) & run_cells;
  run |= shift_by<Shift>(run) & run_cells;
  run |= shift_by<Shift>(run) & run_cells;
  run |= shift_by<Shift>(run) & run_cells;
  return shift_by<Shift>(run) & empty;
}

// The empty cells where `own` can place a disc, the portable way.
inline std::uint64_t legal_portable(std::uint64_t own, std::uint64_t other) {
  const std::uint64_t empty = ~(own | other);
  const std::uint64_t inner = other & kInnerFiles;
  return moves_toward<1>(own, inner, empty) | moves_toward<-1>(own, inner, empty) |
         moves_toward<8>(own, other, empty) | moves_toward<-8>(own, other, empty) |
         moves_toward<9>(own, inner, empty) | moves_toward<-9>(own, inner, empty) |
         moves_toward<7>(own, inner, empty) | moves_toward<-7>(own, inner, empty);
}

// Whether the processor (and the system) has AVX2; set once at start-up.
extern const bool kHasAvx2;

// The same answers with AVX2; only where kHasAvx2 holds.
std::uint64_t flips_avx2(int cell, std::uint64_t own, std::uint64_t other);
std::uint64_t legal_avx2(std::uint64_t own, std::uint64_t other);

// The discs a disc of `own` on the empty `cell` flips.
inline std::uint64_t flips(int cell, std::uint64_t own, std::uint64_t other) {
  return kHasAvx2 ? flips_avx2(cell, own, other) : flips_portable(cell, own, other);
}

// The empty cells where `own` can place a disc.
inline std::uint64_t legal(std::uint64_t own, std::uint64_t other) {
  return kHasAvx2 ? legal_avx2(own, other) : legal_portable(own, other);
}

}  // namespace narabe::games::reversi
