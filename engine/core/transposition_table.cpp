#include "engine/core/transposition_table.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <utility>

#include "engine/core/bits.h"

namespace narabe::core {

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
  const std::size_t wanted = std::max<std::size_t>(megabytes, 1);
  const std::size_t old_buckets = buckets_.size();
  // The old storage goes first, so the peak is the larger table, not both
  // (docs/hardening.md, "Resource limits").
  buckets_ = {};
  generation_ = 0;
  try {
    buckets_ = LargePageArray<Bucket>((wanted << 20) / sizeof(Bucket));
    megabytes_ = wanted;
  } catch (const std::bad_alloc&) {
    // Back to a table of the old size, which was had a moment ago (its entries are
    // gone either way), then the caller hears of the failure.
    try {
      buckets_ = LargePageArray<Bucket>(std::max<std::size_t>(old_buckets, 1));
    } catch (const std::bad_alloc&) {
      buckets_ = LargePageArray<Bucket>(1);
    }
    throw;
  }
}

void TranspositionTable::keep_share(std::size_t bytes) {
  const std::size_t buckets = std::max<std::size_t>(bytes / sizeof(Bucket), 1);
  if (buckets == buckets_.size()) return;
  buckets_ = {};  // free the old storage first, so the peak stays within the budget
  try {
    buckets_ = LargePageArray<Bucket>(buckets);
  } catch (const std::bad_alloc&) {
    buckets_ = LargePageArray<Bucket>(1);  // a smaller table than before: should not happen
  }
  generation_ = 0;
}

void TranspositionTable::clear() {
  // All-zero bytes are an empty bucket (LargePageArray): one memset at memory speed,
  // before every game at any Hash.
  std::memset(static_cast<void*>(buckets_.data()), 0, buckets_.size() * sizeof(Bucket));
  generation_ = 0;
}

TranspositionTable::Data TranspositionTable::Data::unpack(std::uint64_t word) {
  return Data{static_cast<std::uint16_t>(word >> 32), static_cast<std::int16_t>(static_cast<std::uint16_t>(word >> 16)),
              static_cast<std::uint8_t>(word >> 8), static_cast<std::uint8_t>(word)};
}

std::uint64_t TranspositionTable::Data::pack() const {
  return static_cast<std::uint64_t>(move) << 32 | static_cast<std::uint64_t>(static_cast<std::uint16_t>(score)) << 16 |
         static_cast<std::uint64_t>(depth) << 8 | generation_bound;
}

TranspositionTable::Snapshot TranspositionTable::read(const Entry& entry) {
  // atomic_ref needs a non-const object; the loads do not write.
  Entry& words = const_cast<Entry&>(entry);
  const std::uint64_t data = std::atomic_ref(words.data).load(std::memory_order_relaxed);
  const std::uint64_t key_xor_data = std::atomic_ref(words.key_xor_data).load(std::memory_order_relaxed);
  return Snapshot{key_xor_data ^ data, Data::unpack(data)};
}

void TranspositionTable::write(Entry& entry, std::uint64_t key, const Data& data) {
  const std::uint64_t word = data.pack();
  std::atomic_ref(entry.data).store(word, std::memory_order_relaxed);
  std::atomic_ref(entry.key_xor_data).store(key ^ word, std::memory_order_relaxed);
}

std::optional<TableHit> TranspositionTable::probe(std::uint64_t key) const {
  for (const Entry& e : bucket_for(key).entries) {
    const Snapshot seen = read(e);
    if (seen.key == key && seen.data.bound() != Bound::kNone)
      return TableHit{Move(seen.data.move), seen.data.score, seen.data.depth, seen.data.bound()};
  }
  return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, Move move, Score score, int depth,
                               Bound bound) {
  Bucket& bucket = bucket_for(key);
  Entry* victim = nullptr;
  Snapshot victim_seen{};
  int victim_worth = 1 << 30;
  for (Entry& e : bucket.entries) {
    const Snapshot seen = read(e);
    if (seen.key == key) {
      victim = &e;
      victim_seen = seen;
      break;
    }
    // Worth keeping: deep entries of the current search. Stale generations count as shallow.
    const int age = (generation_ - seen.data.generation()) & 63;
    const int worth = seen.data.bound() == Bound::kNone ? -1 : seen.data.depth - 8 * age;
    if (worth < victim_worth) {
      victim_worth = worth;
      victim = &e;
      victim_seen = seen;
    }
  }
  // Keep the old best move when the new result has none for the same position.
  if (move.is_null() && victim_seen.key == key) move = Move(victim_seen.data.move);
  write(*victim, key,
        Data{move.value(), static_cast<std::int16_t>(score), static_cast<std::uint8_t>(std::clamp(depth, 0, 255)),
             static_cast<std::uint8_t>((generation_ << 2) | static_cast<int>(bound))});
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(buckets_.size(), 250);
  int used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (const Entry& e : buckets_[i].entries) {
      const Data data = read(e).data;
      if (data.bound() != Bound::kNone && data.generation() == generation_) ++used;
    }
  return sample == 0 ? 0 : static_cast<int>(used * 1000 / (sample * kBucketSize));
}

}  // namespace narabe::core
