#pragma once
// Zobrist keys: one random 64-bit key per (cell, side), plus a key for the side to
// move. Generated from a fixed seed so hashes are identical in every run.

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/core/rng.h"
#include "engine/core/side.h"

namespace narabe::core {

template <std::size_t Cells>
class ZobristKeys {
 public:
  explicit ZobristKeys(std::uint64_t seed) {
    Rng rng(seed);
    for (auto& per_side : cells_)
      for (auto& key : per_side) key = rng.next();
    side_to_move_ = rng.next();
  }

  std::uint64_t stone(std::size_t cell, Side side) const { return cells_[cell][index_of(side)]; }
  // XORed in while the second player is to move.
  std::uint64_t second_to_move() const { return side_to_move_; }

 private:
  std::array<std::array<std::uint64_t, 2>, Cells> cells_{};
  std::uint64_t side_to_move_ = 0;
};

}  // namespace narabe::core
