// The PEXT count of the discs a move on the last empty cell flips
// (engine/games/reversi/last_flip_count.h) against a walk along the eight
// directions written here, on random full boards with one empty cell.

#include "engine/games/reversi/last_flip_count.h"

#include <gtest/gtest.h>

#include <cstdint>

#include "engine/core/rng.h"

namespace {

using narabe::games::reversi::kFastPext;
using narabe::games::reversi::last_flip_count_pext;

int walked_count(std::uint64_t own, int cell) {
  int n = 0;
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      if (df == 0 && dr == 0) continue;
      int run = 0, f = cell % 8 + df, r = cell / 8 + dr;
      while (f >= 0 && f < 8 && r >= 0 && r < 8 && ((own >> (r * 8 + f)) & 1) == 0) {
        ++run;
        f += df;
        r += dr;
      }
      if (f >= 0 && f < 8 && r >= 0 && r < 8) n += run;
    }
  return n;
}

TEST(ReversiLastFlipCount, PextCountEqualsAWalkOnRandomBoards) {
  if (!kFastPext) GTEST_SKIP() << "no fast PEXT on this processor: the solver counts the portable way";
  narabe::core::Rng rng(5);
  for (int i = 0; i < 20000; ++i) {
    const int cell = static_cast<int>(rng.next() % 64);
    // Sparse, dense and even boards: own discs with probability 1/4, 3/4, 1/2.
    const std::uint64_t a = rng.next(), b = rng.next();
    const std::uint64_t bits = i % 3 == 0 ? a & b : i % 3 == 1 ? a | b : a;
    const std::uint64_t own = bits & ~(std::uint64_t{1} << cell);
    EXPECT_EQ(last_flip_count_pext(own, cell), walked_count(own, cell)) << "cell " << cell << " own " << own;
  }
}

}  // namespace
