#pragma once
// The number of set bits of a bitboard, for the endgame solver and the trained
// evaluation, which count bits at every node. The build targets plain x86-64, where
// std::popcount is a library call; the POPCNT instruction (nearly every x86-64 made
// since 2008) is used when the processor has it, checked once at start-up, so the
// binary still runs on any x86-64. The check is a constant after start-up and its
// branch always goes the same way.

#include <bit>
#include <cstdint>

namespace narabe::games::reversi {

#if defined(__x86_64__) && !defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
inline const bool kHasPopcnt = __builtin_cpu_supports("popcnt");

inline int bit_count(std::uint64_t x) {
  if (kHasPopcnt) {
    std::uint64_t n;
    asm("popcntq %1, %0" : "=r"(n) : "rm"(x) : "cc");
    return static_cast<int>(n);
  }
  // The same count inline: cheaper than the library call.
  x = x - ((x >> 1) & 0x5555'5555'5555'5555ULL);
  x = (x & 0x3333'3333'3333'3333ULL) + ((x >> 2) & 0x3333'3333'3333'3333ULL);
  x = (x + (x >> 4)) & 0x0f0f'0f0f'0f0f'0f0fULL;
  return static_cast<int>((x * 0x0101'0101'0101'0101ULL) >> 56);
}
#else
inline int bit_count(std::uint64_t x) { return std::popcount(x); }
#endif

}  // namespace narabe::games::reversi
