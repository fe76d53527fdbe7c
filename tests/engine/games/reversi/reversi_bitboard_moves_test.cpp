// The flips and legal moves of engine/games/reversi/bitboard_moves.h: the portable
// code against Reversi's own (reversi.h), and the AVX2 code against the portable,
// on random positions from sparse to nearly full.

#include "engine/games/reversi/bitboard_moves.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "engine/core/rng.h"
#include "engine/games/reversi/reversi.h"

namespace {

using narabe::games::Reversi;
using namespace narabe::games::reversi;

// Disjoint own and other discs, about a quarter, half or three quarters of the board filled.
std::pair<std::uint64_t, std::uint64_t> random_board(narabe::core::Rng& rng, int i) {
  const std::uint64_t a = rng.next(), b = rng.next();
  const std::uint64_t filled = i % 3 == 0 ? a & b : i % 3 == 1 ? a : a | b;
  const std::uint64_t own = filled & rng.next();
  return {own, filled & ~own};
}

TEST(ReversiBitboardMoves, PortableEqualsReversi) {
  narabe::core::Rng rng(11);
  for (int i = 0; i < 20000; ++i) {
    const auto [own, other] = random_board(rng, i);
    ASSERT_EQ(legal_portable(own, other), Reversi::legal_cells(own, other)) << own << " " << other;
    const std::uint64_t empty = ~(own | other);
    for (std::uint64_t cells = empty; cells != 0; cells &= cells - 1) {
      const int cell = std::countr_zero(cells);
      ASSERT_EQ(flips_portable(cell, own, other), Reversi::flips(cell, own, other))
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
