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
#include <optional>

#include "engine/core/large_pages.h"
#include "engine/core/prefetch.h"
#include "engine/core/shared_table_words.h"

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
  // The entries as the 32-bit words the threads share (core/shared_table_words.h),
  // and the bucket's version.
  using EntryWords = std::array<std::uint32_t, sizeof(Entry) / 4>;
  struct alignas(64) Bucket {
    std::array<EntryWords, kWays> slots;
    std::uint32_t version;
  };
  static_assert(sizeof(Entry) == 20 && sizeof(Bucket) == 64);

  // At least one bucket; a power of two of buckets within `megabytes`.
  explicit EndgameTable(std::size_t megabytes);

  void clear();
  // Whether other threads use the table at the same time (then every access goes
  // through the buckets' sequence locks).
  void set_shared(bool shared) { shared_ = shared; }
  // The entry of the position, if held.
  std::optional<Entry> probe(std::uint64_t player, std::uint64_t opponent) const {
    const Bucket& b = bucket(player, opponent);
    std::optional<std::uint32_t> version;
    if (shared_ && !(version = core::SequenceLock::begin_read(b.version))) return std::nullopt;
    for (const EntryWords& words : b.slots) {
      const Entry e = load(words);
      if (!e.holds(player, opponent)) continue;
      if (shared_ && !core::SequenceLock::end_read(b.version, *version)) return std::nullopt;
      return e;
    }
    return std::nullopt;
  }
  // Asks for the position's bucket ahead of a probe, to own: a store follows.
  void prefetch(std::uint64_t player, std::uint64_t opponent) const {
    core::prefetch_for_write(&bucket(player, opponent));
  }
  // Proven bounds (lower <= margin <= upper) of a position with `empties` empty
  // cells; `move` a cell proven best, or negative (none). A position already held keeps the
  // narrower bounds of both; a new one replaces the entry with the fewest empties
  // (the cheapest to find again). Shared, a store that meets another thread's
  // store to the bucket is dropped.
  void store(std::uint64_t player, std::uint64_t opponent, int empties, int lower, int upper, int move);

  std::size_t buckets() const { return buckets_.size(); }
  // The bucket a position goes to (for tests).
  std::size_t bucket_index(std::uint64_t player, std::uint64_t opponent) const {
    return index(player, opponent) & mask_;
  }
  // A hash of the position (the table's, before it picks a bucket).
  static std::uint64_t index(std::uint64_t player, std::uint64_t opponent);

 private:
  static Entry load(const EntryWords& words) {
    EntryWords copy;
    for (std::size_t i = 0; i < copy.size(); ++i) copy[i] = core::load_shared(words[i]);
    return std::bit_cast<Entry>(copy);
  }
  static void save(EntryWords& words, const Entry& e) {
    const auto copy = std::bit_cast<EntryWords>(e);
    for (std::size_t i = 0; i < copy.size(); ++i) core::store_shared(words[i], copy[i]);
  }
  const Bucket& bucket(std::uint64_t player, std::uint64_t opponent) const {
    return buckets_[index(player, opponent) & mask_];
  }
  Bucket& bucket(std::uint64_t player, std::uint64_t opponent) {
    return buckets_[index(player, opponent) & mask_];
  }

  core::LargePageArray<Bucket> buckets_;
  std::uint64_t mask_ = 0;
  bool shared_ = false;
};

inline std::uint64_t EndgameTable::index(std::uint64_t player, std::uint64_t opponent) {
  std::uint64_t h = player * 0x9e37'79b9'7f4a'7c15ULL ^ std::rotl(opponent * 0xc2b2'ae3d'27d4'eb4fULL, 31);
  h ^= h >> 29;
  return h;
}

}  // namespace narabe::games::reversi
