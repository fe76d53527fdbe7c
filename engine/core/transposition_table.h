#pragma once
// The transposition table: a hash map from position keys to what an earlier search
// learned there (best move, score with its bound, depth). Buckets of four 16-byte
// entries fill one 64-byte cache line; a new result replaces the entry of the same
// key, else the shallowest or oldest one.
//
//   entry: | key XOR data 64 | data: 16 unused | move 16 | score 16 | depth 8 | generation 6 : bound 2 |
//
// Every search thread probes and stores here at once, without locks (lazy SMP,
// engine/search/search.h): each entry is two 64-bit words read and written as
// relaxed atomics, the first holding the key XOR the second. Two threads writing one
// entry at once can leave the words of different stores; the XOR then no longer
// gives the key, and the probe misses instead of returning a torn result.

#include <cstddef>
#include <atomic>
#include <cstdint>
#include <optional>
#include <utility>

#include "engine/core/bits.h"
#include "engine/core/large_pages.h"
#include "engine/core/move.h"
#include "engine/core/score.h"

namespace narabe::core {

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TableHit {
  Move move;
  Score score;  // as stored: relative to the node (see score_to_table)
  int depth;
  Bound bound;
};

class TranspositionTable {
 public:
  // Sized in mebibytes, as the Hash option is. Throws std::bad_alloc when the memory
  // cannot be had.
  explicit TranspositionTable(std::size_t megabytes = 16);

  // A fresh, empty table of `megabytes` (the Hash budget), all of it for this
  // table. The old storage is freed first, so the peak is the larger of the two
  // sizes. Throws std::bad_alloc when the new size cannot be had; the table then
  // keeps its old size and budget, emptied.
  void resize(std::size_t megabytes);
  // Keeps only `bytes` of the budget for this table (at least one bucket), when a
  // game's exact solver takes the rest: Hash caps every search table together.
  // megabytes() still says the budget. Clears the table when its size changes.
  void keep_share(std::size_t bytes);
  void clear();
  // Called once per search, so entries from older searches are replaced first.
  void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63); }

  std::optional<TableHit> probe(std::uint64_t key) const;
  // Starts bringing the key's bucket into the cache, so that a probe a little
  // later does not wait for memory (the search calls it as a move is made).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket_for(key)); }
  void store(std::uint64_t key, Move move, Score score, int depth, Bound bound);

  // Per mille of entries written by the current search (UCI's hashfull).
  int hashfull() const;
  std::size_t megabytes() const { return megabytes_; }
  std::size_t bytes() const { return buckets_.size() * sizeof(Bucket); }
  std::size_t entry_count() const { return buckets_.size() * kBucketSize; }

 private:
  // Plain words, read and written only through std::atomic_ref (relaxed), so that
  // all-zero memory is an empty bucket and the table stays a plain array.
  struct Entry {
    std::uint64_t key_xor_data = 0;
    std::uint64_t data = 0;  // see Data
  };
  static_assert(sizeof(Entry) == 16);
  // One entry's contents, decoded from its two words.
  struct Data {
    std::uint16_t move = 0;  // meaningless while bound is kNone
    std::int16_t score = 0;
    std::uint8_t depth = 0;
    std::uint8_t generation_bound = 0;  // generation << 2 | bound

    static Data unpack(std::uint64_t word);
    std::uint64_t pack() const;
    Bound bound() const { return static_cast<Bound>(generation_bound & 3); }
    int generation() const { return generation_bound >> 2; }
  };
  // What an entry holds, read at once: its key (when the words agree) and data.
  struct Snapshot {
    std::uint64_t key;
    Data data;
  };
  static Snapshot read(const Entry& entry);
  static void write(Entry& entry, std::uint64_t key, const Data& data);
  static constexpr std::size_t kBucketSize = 4;
  struct alignas(64) Bucket {
    Entry entries[kBucketSize];
  };
  static_assert(sizeof(Bucket) == 64);

  const Bucket& bucket_for(std::uint64_t key) const {
    // Multiply-high maps the key uniformly onto any bucket count, power of two or not.
    return buckets_[mul_high(key, buckets_.size())];
  }
  Bucket& bucket_for(std::uint64_t key) { return const_cast<Bucket&>(std::as_const(*this).bucket_for(key)); }

  LargePageArray<Bucket> buckets_;
  std::size_t megabytes_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace narabe::core
