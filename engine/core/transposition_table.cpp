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

const TranspositionTable::Bucket& TranspositionTable::bucket_for(std::uint64_t key) const {
  // Multiply-high maps the key uniformly onto any bucket count, power of two or not.
  return buckets_[mul_high(key, buckets_.size())];
}

TranspositionTable::Bucket& TranspositionTable::bucket_for(std::uint64_t key) {
  return const_cast<Bucket&>(std::as_const(*this).bucket_for(key));
}

std::optional<TableHit> TranspositionTable::probe(std::uint64_t key) const {
  for (const Entry& e : bucket_for(key).entries) {
    if (e.key == key && (e.generation_bound & 3) != 0) {
      return TableHit{Move(e.move), e.score, e.depth, static_cast<Bound>(e.generation_bound & 3)};
    }
  }
  return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, Move move, Score score, int depth,
                               Bound bound) {
  Bucket& bucket = bucket_for(key);
  Entry* victim = nullptr;
  int victim_worth = 1 << 30;
  for (Entry& e : bucket.entries) {
    if (e.key == key) {
      victim = &e;
      break;
    }
    // Worth keeping: deep entries of the current search. Stale generations count as shallow.
    const int age = (generation_ - (e.generation_bound >> 2)) & 63;
    const int worth = (e.generation_bound & 3) == 0 ? -1 : e.depth - 8 * age;
    if (worth < victim_worth) {
      victim_worth = worth;
      victim = &e;
    }
  }
  // Keep the old best move when the new result has none for the same position.
  if (move.is_null() && victim->key == key) move = Move(victim->move);
  victim->key = key;
  victim->move = move.value();
  victim->score = static_cast<std::int16_t>(score);
  victim->depth = static_cast<std::uint8_t>(std::clamp(depth, 0, 255));
  victim->generation_bound = static_cast<std::uint8_t>((generation_ << 2) | static_cast<int>(bound));
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(buckets_.size(), 250);
  int used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (const Entry& e : buckets_[i].entries)
      if ((e.generation_bound & 3) != 0 && (e.generation_bound >> 2) == generation_) ++used;
  return sample == 0 ? 0 : static_cast<int>(used * 1000 / (sample * kBucketSize));
}

}  // namespace narabe::core
