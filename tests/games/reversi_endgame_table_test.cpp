// The endgame solver's table (engine/games/reversi/endgame_table.h): entries hold
// whole positions and proven bounds, which only narrow, and a full bucket gives up
// its entry with the fewest empties.

#include "engine/games/reversi/endgame_table.h"

#include <gtest/gtest.h>

#include <cstdint>

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
  EXPECT_EQ(table.probe(player, opponent), nullptr);
  table.store(player, opponent, 20, -10, 64, 19);
  const EndgameTable::Entry* e = table.probe(player, opponent);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->lower, -10);
  EXPECT_EQ(e->upper, 64);
  EXPECT_EQ(e->move, 19);
  EXPECT_EQ(e->empties, 20);
  // A later upper bound narrows the window; a move of none keeps the known one.
  table.store(player, opponent, 20, -64, 6, -1);
  e = table.probe(player, opponent);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->lower, -10);
  EXPECT_EQ(e->upper, 6);
  EXPECT_EQ(e->move, 19);
  EXPECT_EQ(table.probe(opponent, player), nullptr);
  table.clear();
  EXPECT_EQ(table.probe(player, opponent), nullptr);
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
  EXPECT_NE(table.probe(players[0], opponents[0]), nullptr);
  EXPECT_EQ(table.probe(players[1], opponents[1]), nullptr);
  EXPECT_NE(table.probe(players[2], opponents[2]), nullptr);
  EXPECT_NE(table.probe(players[3], opponents[3]), nullptr);
}

}  // namespace
