// The endgame solver's table (engine/games/reversi/endgame_table.h): entries hold
// whole positions and proven bounds, which only narrow, and a full bucket gives up
// its entry with the fewest empties; shared by threads, no hit is ever torn.

#include "engine/games/reversi/endgame_table.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <utility>
#include <vector>

#include "engine/core/rng.h"

namespace {

using narabe::games::reversi::EndgameTable;

TEST(ReversiEndgameTable, AnEntryKeepsBothBitboardsWhole) {
  narabe::core::Rng rng(7);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t player = rng.next(), opponent = rng.next() & ~player;
    EndgameTable::Entry e;
    e.set_position(player, opponent);
    e.empties = 1;
    EXPECT_EQ(e.player(), player);
    EXPECT_EQ(e.opponent(), opponent);
    EXPECT_TRUE(e.holds(player, opponent));
    EXPECT_FALSE(e.holds(player ^ (std::uint64_t{1} << (i % 64)), opponent));
    EXPECT_FALSE(e.holds(player, opponent ^ (std::uint64_t{1} << 63)));
  }
}

TEST(ReversiEndgameTable, StoredBoundsComeBackAndOnlyNarrow) {
  EndgameTable table(1);
  const std::uint64_t player = 0x0000'0010'0800'0000ULL, opponent = 0x0000'0008'1000'0000ULL;
  EXPECT_FALSE(table.probe(player, opponent).has_value());
  table.store(player, opponent, 20, -10, 64, 19);
  auto e = table.probe(player, opponent);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->lower, -10);
  EXPECT_EQ(e->upper, 64);
  EXPECT_EQ(e->move, 19);
  EXPECT_EQ(e->empties, 20);
  // A later upper bound narrows the window; a move of none keeps the known one.
  table.store(player, opponent, 20, -64, 6, -1);
  e = table.probe(player, opponent);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->lower, -10);
  EXPECT_EQ(e->upper, 6);
  EXPECT_EQ(e->move, 19);
  EXPECT_FALSE(table.probe(opponent, player).has_value());
  table.clear();
  EXPECT_FALSE(table.probe(player, opponent).has_value());
}

TEST(ReversiEndgameTable, AFullBucketGivesUpItsEntryWithTheFewestEmpties) {
  EndgameTable table(1);
  // Four positions sharing a bucket: the first's, then random ones that land there.
  narabe::core::Rng rng(11);
  std::uint64_t players[4], opponents[4];
  players[0] = 1;
  opponents[0] = 2;
  for (int found = 1; found < 4;) {
    const std::uint64_t p = rng.next(), o = rng.next() & ~p;
    if (table.bucket_index(p, o) != table.bucket_index(players[0], opponents[0])) continue;
    players[found] = p;
    opponents[found++] = o;
  }
  const int empties[4] = {12, 8, 15, 10};
  for (int i = 0; i < 4; ++i) table.store(players[i], opponents[i], empties[i], 0, 0, -1);
  // The fourth replaced the one of 8 empties.
  EXPECT_TRUE(table.probe(players[0], opponents[0]).has_value());
  EXPECT_FALSE(table.probe(players[1], opponents[1]).has_value());
  EXPECT_TRUE(table.probe(players[2], opponents[2]).has_value());
  EXPECT_TRUE(table.probe(players[3], opponents[3]).has_value());
}

}  // namespace

// Threads storing and probing one small table at once: every hit is one store's
// whole entry (the bounds and move of its own position), never a mix of two.
TEST(ReversiEndgameTable, SharedByThreadsEveryHitIsAWholeEntry) {
  EndgameTable table(1);
  table.set_shared(true);
  // Eight positions crowded into one bucket of three entries, each with bounds and
  // a move of its own.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> positions{{1, 2}};
  narabe::core::Rng rng(5);
  while (positions.size() < 8) {
    const std::uint64_t p = rng.next(), o = rng.next() & ~p;
    if (table.bucket_index(p, o) == table.bucket_index(1, 2)) positions.emplace_back(p, o);
  }
  const auto value = [](std::size_t i) { return static_cast<int>(i % 16) * 2 - 16; };
  std::atomic<int> torn{0}, hits{0};
  {
    std::vector<std::jthread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        narabe::core::Rng pick(static_cast<std::uint64_t>(t) + 1);
        for (int n = 0; n < 20000; ++n) {
          const std::size_t i = pick.next() % positions.size();
          const auto [p, o] = positions[i];
          if (n % 2 == 0) {
            table.store(p, o, 10 + static_cast<int>(i % 20), value(i), value(i), static_cast<int>(i));
          } else if (const auto e = table.probe(p, o)) {
            ++hits;
            if (e->lower != value(i) || e->upper != value(i) || e->move != i) ++torn;
          }
        }
      });
  }
  EXPECT_GT(hits.load(), 0);
  EXPECT_EQ(torn.load(), 0);
}
