#pragma once
// Small bit tricks shared by the core building blocks.

#include <cstdint>

namespace narabe::core {

__extension__ using UInt128 = unsigned __int128;  // GCC and Clang have it; -Wpedantic does not know

// The high 64 bits of a * b: maps a uniform 64-bit value onto [0, b) without division.
inline std::uint64_t mul_high(std::uint64_t a, std::uint64_t b) {
  return static_cast<std::uint64_t>((static_cast<UInt128>(a) * b) >> 64);
}

}  // namespace narabe::core
