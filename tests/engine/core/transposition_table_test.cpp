// Tests of engine/core/transposition_table.h: storing and probing, replacement within
// a bucket, ageing between searches, clear/resize and hashfull.

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>

#include "engine/core/bits.h"
#include "engine/core/transposition_table.h"

namespace narabe::core {
namespace {

constexpr std::size_t kEntriesPerBucket = 4;

std::size_t bucket_count(const TranspositionTable& table) { return table.entry_count() / kEntriesPerBucket; }

// A key that the table maps to `bucket` (it maps keys by multiply-high): the first key of
// the bucket's range plus `offset`, which stays inside the range for small offsets.
std::uint64_t key_in_bucket(const TranspositionTable& table, std::size_t bucket, std::uint64_t offset) {
  const std::size_t buckets = bucket_count(table);
  const UInt128 first = ((static_cast<UInt128>(bucket) << 64) + buckets - 1) / buckets;
  const std::uint64_t key = static_cast<std::uint64_t>(first) + offset;
  EXPECT_EQ(mul_high(key, buckets), bucket) << "test helper picked a key outside the bucket";
  return key;
}

TEST(TranspositionTable, StoreThenProbeReturnsWhatWasStored) {
  TranspositionTable table(1);
  const std::uint64_t key = 0x1234'5678'9abc'def0ULL;
  table.store(key, Move(5), 123, 7, Bound::kLower);
  const std::optional<TableHit> hit = table.probe(key);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->move, Move(5));
  EXPECT_EQ(hit->score, 123);
  EXPECT_EQ(hit->depth, 7);
  EXPECT_EQ(hit->bound, Bound::kLower);
}

TEST(TranspositionTable, KeepsEveryBoundAndDecisiveOrNegativeScores) {
  TranspositionTable table(1);
  struct Case {
    std::uint64_t key;
    Score score;
    Bound bound;
  };
  const Case cases[] = {{101, -250, Bound::kUpper}, {202, win_in(3), Bound::kExact}, {303, loss_in(8), Bound::kLower}};
  for (const Case& c : cases) table.store(c.key, Move(1), c.score, 4, c.bound);
  for (const Case& c : cases) {
    const auto hit = table.probe(c.key);
    ASSERT_TRUE(hit) << "key " << c.key;
    EXPECT_EQ(hit->score, c.score);
    EXPECT_EQ(hit->bound, c.bound);
  }
}

TEST(TranspositionTable, DepthIsKeptAndClampedToItsByte) {
  TranspositionTable table(1);
  table.store(1, Move(0), 0, 0, Bound::kExact);
  table.store(2, Move(0), 0, 255, Bound::kExact);
  table.store(3, Move(0), 0, 1000, Bound::kExact);
  table.store(4, Move(0), 0, -3, Bound::kExact);
  EXPECT_EQ(table.probe(1)->depth, 0);
  EXPECT_EQ(table.probe(2)->depth, 255);
  EXPECT_EQ(table.probe(3)->depth, 255);
  EXPECT_EQ(table.probe(4)->depth, 0);
}

TEST(TranspositionTable, MissingKeyGivesNothing) {
  TranspositionTable table(1);
  EXPECT_FALSE(table.probe(42).has_value());
  // Zero is the key of an empty entry; it must still not be found.
  EXPECT_FALSE(table.probe(0).has_value());
  table.store(42, Move(3), 10, 2, Bound::kExact);
  EXPECT_FALSE(table.probe(43).has_value());
  // A key in the same bucket that was never stored is not found either.
  EXPECT_FALSE(table.probe(key_in_bucket(table, 9, 1)).has_value());
}

TEST(TranspositionTable, StoringTheSameKeyAgainReplacesItsOwnEntry) {
  TranspositionTable table(1);
  const std::size_t bucket = 17;
  for (std::uint64_t i = 0; i < kEntriesPerBucket; ++i)
    table.store(key_in_bucket(table, bucket, i), Move(static_cast<std::uint16_t>(i)), 0, 10, Bound::kExact);
  // A shallower result for a key already there overwrites that entry, not the others.
  table.store(key_in_bucket(table, bucket, 2), Move(8), 55, 1, Bound::kUpper);
  for (std::uint64_t i = 0; i < kEntriesPerBucket; ++i) {
    const auto hit = table.probe(key_in_bucket(table, bucket, i));
    ASSERT_TRUE(hit) << "entry " << i << " was evicted";
    if (i == 2) {
      EXPECT_EQ(hit->move, Move(8));
      EXPECT_EQ(hit->score, 55);
      EXPECT_EQ(hit->depth, 1);
      EXPECT_EQ(hit->bound, Bound::kUpper);
    } else {
      EXPECT_EQ(hit->depth, 10);
    }
  }
}

TEST(TranspositionTable, FullBucketReplacesTheShallowestEntry) {
  TranspositionTable table(1);
  const std::size_t bucket = 3;
  const int depths[kEntriesPerBucket] = {9, 2, 12, 7};
  for (std::uint64_t i = 0; i < kEntriesPerBucket; ++i)
    table.store(key_in_bucket(table, bucket, i), Move(1), 0, depths[i], Bound::kExact);
  const std::uint64_t newcomer = key_in_bucket(table, bucket, 10);
  table.store(newcomer, Move(2), 0, 5, Bound::kExact);
  EXPECT_TRUE(table.probe(newcomer));
  EXPECT_FALSE(table.probe(key_in_bucket(table, bucket, 1))) << "the depth-2 entry should have gone";
  EXPECT_TRUE(table.probe(key_in_bucket(table, bucket, 0)));
  EXPECT_TRUE(table.probe(key_in_bucket(table, bucket, 2)));
  EXPECT_TRUE(table.probe(key_in_bucket(table, bucket, 3)));
}

// Fills a bucket with one deep entry from an earlier (or the same) search and three
// shallower ones from the current search, then stores a fifth key.
class AgeingTest : public testing::Test {
 protected:
  static constexpr std::size_t kBucket = 40;
  TranspositionTable table_{1};

  std::uint64_t key(std::uint64_t offset) { return key_in_bucket(table_, kBucket, offset); }

  void fill_and_store_newcomer(bool new_search_after_deep_entry) {
    table_.store(key(0), Move(0), 0, 6, Bound::kExact);
    if (new_search_after_deep_entry) table_.new_search();
    for (std::uint64_t i = 1; i < kEntriesPerBucket; ++i) table_.store(key(i), Move(0), 0, 5, Bound::kExact);
    table_.store(key(100), Move(0), 0, 5, Bound::kExact);
  }
};

TEST_F(AgeingTest, WithinOneSearchTheDeepEntrySurvives) {
  fill_and_store_newcomer(false);
  EXPECT_TRUE(table_.probe(key(0)));
  EXPECT_TRUE(table_.probe(key(100)));
}

TEST_F(AgeingTest, AnEntryFromAnOlderSearchIsReplacedFirstEvenWhenDeeper) {
  fill_and_store_newcomer(true);
  EXPECT_FALSE(table_.probe(key(0))) << "the stale deep entry should have been replaced";
  EXPECT_TRUE(table_.probe(key(100)));
  for (std::uint64_t i = 1; i < kEntriesPerBucket; ++i) EXPECT_TRUE(table_.probe(key(i))) << "entry " << i;
}

TEST_F(AgeingTest, OldEntriesStayProbeableUntilReplaced) {
  table_.store(key(0), Move(4), 77, 6, Bound::kExact);
  table_.new_search();
  table_.new_search();
  const auto hit = table_.probe(key(0));
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->move, Move(4));
  EXPECT_EQ(hit->score, 77);
}

TEST(TranspositionTable, NullMoveOverTheSameKeyKeepsTheOldMove) {
  TranspositionTable table(1);
  table.store(77, Move(6), 10, 3, Bound::kLower);
  table.store(77, Move::null(), -20, 5, Bound::kUpper);
  const auto hit = table.probe(77);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->move, Move(6));
  // Everything else is the new result.
  EXPECT_EQ(hit->score, -20);
  EXPECT_EQ(hit->depth, 5);
  EXPECT_EQ(hit->bound, Bound::kUpper);
}

TEST(TranspositionTable, NullMoveOverAnotherKeyStaysNull) {
  TranspositionTable table(1);
  const std::size_t bucket = 5;
  // Fill the bucket so the new key has to evict an entry that has a move.
  for (std::uint64_t i = 0; i < kEntriesPerBucket; ++i)
    table.store(key_in_bucket(table, bucket, i), Move(7), 0, 1, Bound::kExact);
  const std::uint64_t fresh = key_in_bucket(table, bucket, 50);
  table.store(fresh, Move::null(), 0, 9, Bound::kExact);
  const auto hit = table.probe(fresh);
  ASSERT_TRUE(hit);
  EXPECT_TRUE(hit->move.is_null());
}

TEST(TranspositionTable, ANewMoveOverTheSameKeyReplacesTheOldMove) {
  TranspositionTable table(1);
  table.store(88, Move(1), 0, 3, Bound::kExact);
  table.store(88, Move(2), 0, 3, Bound::kExact);
  EXPECT_EQ(table.probe(88)->move, Move(2));
}

TEST(TranspositionTable, ClearForgetsEverything) {
  TranspositionTable table(1);
  for (std::uint64_t key = 1; key <= 100; ++key) table.store(key * 0x9E37'79B9'7F4A'7C15ULL, Move(1), 0, 1, Bound::kExact);
  table.clear();
  for (std::uint64_t key = 1; key <= 100; ++key) EXPECT_FALSE(table.probe(key * 0x9E37'79B9'7F4A'7C15ULL));
  EXPECT_EQ(table.hashfull(), 0);
}

TEST(TranspositionTable, SizeFollowsTheMegabytes) {
  TranspositionTable table(1);
  EXPECT_EQ(table.megabytes(), 1u);
  EXPECT_EQ(table.entry_count(), (std::size_t{1} << 20) / 16);  // 16-byte entries
  table.resize(4);
  EXPECT_EQ(table.megabytes(), 4u);
  EXPECT_EQ(table.entry_count(), (std::size_t{4} << 20) / 16);
  table.resize(2);
  EXPECT_EQ(table.entry_count(), (std::size_t{2} << 20) / 16);
}

TEST(TranspositionTable, ResizeToZeroKeepsTheMinimumOfOneMegabyte) {
  TranspositionTable table(4);
  table.resize(0);
  EXPECT_EQ(table.megabytes(), 1u);
  EXPECT_EQ(table.entry_count(), (std::size_t{1} << 20) / 16);
}

TEST(TranspositionTable, ResizeClearsTheEntries) {
  TranspositionTable table(1);
  table.store(1234, Move(3), 9, 9, Bound::kExact);
  ASSERT_TRUE(table.probe(1234));
  table.resize(2);
  EXPECT_FALSE(table.probe(1234));
  table.store(1234, Move(3), 9, 9, Bound::kExact);
  table.resize(2);  // the same size still starts empty
  EXPECT_FALSE(table.probe(1234));
}

TEST(TranspositionTable, HashfullGrowsFromZeroToAThousandPerMille) {
  TranspositionTable table(1);
  EXPECT_EQ(table.hashfull(), 0);
  // hashfull samples the first buckets; filling them bucket by bucket makes it grow
  // to exactly full, and never beyond 1000.
  const std::size_t sampled = std::min<std::size_t>(bucket_count(table), 250);
  int previous = 0;
  for (std::size_t bucket = 0; bucket < sampled; ++bucket) {
    for (std::uint64_t i = 0; i < kEntriesPerBucket; ++i)
      table.store(key_in_bucket(table, bucket, i), Move(1), 0, 3, Bound::kExact);
    const int now = table.hashfull();
    EXPECT_GE(now, previous);
    EXPECT_LE(now, 1000);
    previous = now;
  }
  EXPECT_EQ(table.hashfull(), 1000);
  // Half the sampled buckets are about half full.
  table.clear();
  for (std::size_t bucket = 0; bucket < sampled / 2; ++bucket)
    for (std::uint64_t i = 0; i < kEntriesPerBucket; ++i)
      table.store(key_in_bucket(table, bucket, i), Move(1), 0, 3, Bound::kExact);
  EXPECT_EQ(table.hashfull(), 500);
}

TEST(TranspositionTable, HashfullCountsOnlyTheCurrentSearch) {
  TranspositionTable table(1);
  for (std::uint64_t i = 0; i < kEntriesPerBucket; ++i)
    table.store(key_in_bucket(table, 0, i), Move(1), 0, 3, Bound::kExact);
  EXPECT_GT(table.hashfull(), 0);
  table.new_search();
  EXPECT_EQ(table.hashfull(), 0);
  table.store(key_in_bucket(table, 1, 0), Move(1), 0, 3, Bound::kExact);
  EXPECT_GT(table.hashfull(), 0);
}

TEST(TranspositionTable, HashfullStaysInRangeWithScatteredKeys) {
  TranspositionTable table(1);
  std::uint64_t key = 0x2545'F491'4F6C'DD1DULL;
  for (int i = 0; i < 200000; ++i) {
    key = key * 6364136223846793005ULL + 1442695040888963407ULL;  // an LCG spreads the keys
    table.store(key, Move(1), 0, i % 20, Bound::kExact);
  }
  const int full = table.hashfull();
  EXPECT_GT(full, 0);
  EXPECT_LE(full, 1000);
}

}  // namespace
}  // namespace narabe::core
