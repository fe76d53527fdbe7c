#pragma once
// The endgame solver's table of proven bounds on final margins, keyed by the whole
// position (the two bitboards), so a hit is never a collision and every bound stays
// exact.
//
// An entry is 20 bytes: the bitboards as 32-bit halves (4-byte alignment, not 8)
// and four bytes of bounds, move and empties. Three fill a 64-byte bucket aligned to
// a cache line, so a probe touches one line; the memory comes on 2 MiB pages where
// the kernel offers them (core/large_pages.h), since probes land at random.
//
//   entry: | player 2x32 | opponent 2x32 | lower 8 | upper 8 | move 8 | empties 8 |

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "engine/core/large_pages.h"

namespace narabe::games::reversi {

class EndgameTable {
 public:
  static constexpr int kNoMove = 0xff;

  struct Entry {
    std::uint32_t player_low = 0, player_high = 0, opponent_low = 0, opponent_high = 0;
    std::int8_t lower = -64;
    std::int8_t upper = 64;
    std::uint8_t move = kNoMove;
    std::uint8_t empties = 0;  // 0: the slot is free (a stored position has empty cells)

    std::uint64_t player() const { return std::uint64_t{player_high} << 32 | player_low; }
    std::uint64_t opponent() const { return std::uint64_t{opponent_high} << 32 | opponent_low; }
    bool holds(std::uint64_t p, std::uint64_t o) const {
      return empties != 0 && player_low == static_cast<std::uint32_t>(p) &&
             player_high == static_cast<std::uint32_t>(p >> 32) &&
             opponent_low == static_cast<std::uint32_t>(o) && opponent_high == static_cast<std::uint32_t>(o >> 32);
    }
    void set_position(std::uint64_t p, std::uint64_t o) {
      player_low = static_cast<std::uint32_t>(p);
      player_high = static_cast<std::uint32_t>(p >> 32);
      opponent_low = static_cast<std::uint32_t>(o);
      opponent_high = static_cast<std::uint32_t>(o >> 32);
    }
  };
  static constexpr int kWays = 3;
  struct alignas(64) Bucket {
    std::array<Entry, kWays> slots;
  };
  static_assert(sizeof(Entry) == 20 && sizeof(Bucket) == 64);

  // At least one bucket; a power of two of buckets within `megabytes`.
  explicit EndgameTable(std::size_t megabytes);

  void clear();
  // The entry of the position, or nullptr.
  const Entry* probe(std::uint64_t player, std::uint64_t opponent) const {
    for (const Entry& e : bucket(player, opponent).slots)
      if (e.holds(player, opponent)) return &e;
    return nullptr;
  }
  // Asks for the position's bucket ahead of a probe.
  void prefetch(std::uint64_t player, std::uint64_t opponent) const {
    __builtin_prefetch(&bucket(player, opponent));
  }
  // Proven bounds (lower <= margin <= upper) of a position with `empties` empty
  // cells; `move` a cell proven best, or negative (none). A position already held keeps the
  // narrower bounds of both; a new one replaces the entry with the fewest empties
  // (the cheapest to find again).
  void store(std::uint64_t player, std::uint64_t opponent, int empties, int lower, int upper, int move);

  std::size_t buckets() const { return buckets_.size(); }
  // The bucket a position goes to (for tests).
  std::size_t bucket_index(std::uint64_t player, std::uint64_t opponent) const {
    return index(player, opponent) & mask_;
  }

 private:
  static std::uint64_t index(std::uint64_t player, std::uint64_t opponent);
  const Bucket& bucket(std::uint64_t player, std::uint64_t opponent) const {
    return buckets_[index(player, opponent) & mask_];
  }
  Bucket& bucket(std::uint64_t player, std::uint64_t opponent) {
    return buckets_[index(player, opponent) & mask_];
  }

  core::LargePageArray<Bucket> buckets_;
  std::uint64_t mask_ = 0;
};

inline std::uint64_t EndgameTable::index(std::uint64_t player, std::uint64_t opponent) {
  std::uint64_t h = player * 0x9e37'79b9'7f4a'7c15ULL ^ std::rotl(opponent * 0xc2b2'ae3d'27d4'eb4fULL, 31);
  h ^= h >> 29;
  return h;
}

}  // namespace narabe::games::reversi
