// The flips and legal moves of engine/games/reversi/bitboard_moves.h (which the
// rules in reversi.h use too): the portable code against a cell-by-cell walk along
// the eight directions, and the AVX2 code against the portable, on random
// positions from sparse to nearly full.

#include "engine/games/reversi/bitboard_moves.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "engine/core/rng.h"

namespace {

using namespace narabe::games::reversi;

// The oracle: from the empty cell, step along each direction over the other side's
// discs; they flip when an own disc ends the run.
std::uint64_t flips_walked(int cell, std::uint64_t own, std::uint64_t other) {
  std::uint64_t flipped = 0;
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      if (dr == 0 && dc == 0) continue;
      std::uint64_t run = 0;
      int r = cell / 8 + dr, c = cell % 8 + dc;
      for (; r >= 0 && r < 8 && c >= 0 && c < 8; r += dr, c += dc) {
        const std::uint64_t at = std::uint64_t{1} << (r * 8 + c);
        if ((other & at) == 0) {
          if ((own & at) != 0) flipped |= run;
          break;
        }
        run |= at;
      }
    }
  return flipped;
}

std::uint64_t legal_walked(std::uint64_t own, std::uint64_t other) {
  std::uint64_t cells = 0;
  for (int cell = 0; cell < 64; ++cell)
    if (((own | other) >> cell & 1) == 0 && flips_walked(cell, own, other) != 0) cells |= std::uint64_t{1} << cell;
  return cells;
}

// Disjoint own and other discs, about a quarter, half or three quarters of the board filled.
std::pair<std::uint64_t, std::uint64_t> random_board(narabe::core::Rng& rng, int i) {
  const std::uint64_t a = rng.next(), b = rng.next();
  const std::uint64_t filled = i % 3 == 0 ? a & b : i % 3 == 1 ? a : a | b;
  const std::uint64_t own = filled & rng.next();
  return {own, filled & ~own};
}

TEST(ReversiBitboardMoves, PortableEqualsTheWalk) {
  narabe::core::Rng rng(11);
  for (int i = 0; i < 20000; ++i) {
    const auto [own, other] = random_board(rng, i);
    ASSERT_EQ(legal_portable(own, other), legal_walked(own, other)) << own << " " << other;
    const std::uint64_t empty = ~(own | other);
    for (std::uint64_t cells = empty; cells != 0; cells &= cells - 1) {
      const int cell = std::countr_zero(cells);
      ASSERT_EQ(flips_portable(cell, own, other), flips_walked(cell, own, other))
          << cell << " " << own << " " << other;
    }
  }
}

TEST(ReversiBitboardMoves, Avx2EqualsPortable) {
  if (!kHasAvx2) GTEST_SKIP() << "no AVX2 on this processor: the solver uses the portable code";
  narabe::core::Rng rng(12);
  for (int i = 0; i < 50000; ++i) {
    const auto [own, other] = random_board(rng, i);
    ASSERT_EQ(legal_avx2(own, other), legal_portable(own, other)) << own << " " << other;
    ASSERT_EQ(legal_avx2(other, own), legal_portable(other, own)) << own << " " << other;
    for (std::uint64_t cells = ~(own | other); cells != 0; cells &= cells - 1) {
      const int cell = std::countr_zero(cells);
      ASSERT_EQ(flips_avx2(cell, own, other), flips_portable(cell, own, other))
          << cell << " " << own << " " << other;
    }
  }
  // Full lines of the other side's discs up to the edge, from every cell.
  for (int cell = 0; cell < 64; ++cell) {
    const std::uint64_t at = std::uint64_t{1} << cell;
    EXPECT_EQ(flips_avx2(cell, 0, ~at), 0u);
    EXPECT_EQ(flips_avx2(cell, ~at, 0), 0u);
    EXPECT_EQ(legal_avx2(at, ~at), legal_portable(at, ~at));
  }
}

}  // namespace
