// Tests of tools/match/schedule.h: which games a run plays, in which colours,
// and how shards split them.

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tools/match/schedule.h"

namespace narabe::match {
namespace {

Schedule make(int engines, std::int64_t rounds, int games, TournamentKind kind = TournamentKind::kRoundRobin,
              int shard = 1, int shards = 1) {
  ScheduleConfig config;
  config.engines = engines;
  config.rounds = rounds;
  config.games_per_pair = games;
  config.kind = kind;
  config.shard = shard;
  config.shards = shards;
  auto s = Schedule::make(config);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error());
  return *s;
}

std::string error_of(const ScheduleConfig& config) {
  auto s = Schedule::make(config);
  EXPECT_FALSE(s.ok()) << "accepted";
  return s.ok() ? std::string() : s.error();
}

// How often each unordered encounter {low, high} is played.
std::map<std::pair<int, int>, int> encounter_counts(const Schedule& s) {
  std::map<std::pair<int, int>, int> counts;
  for (std::int64_t id = 0; id < s.game_count(); ++id) {
    const ScheduledGame g = s.game(id);
    counts[{std::min(g.first, g.second), std::max(g.first, g.second)}]++;
  }
  return counts;
}

TEST(Schedule, TwoEnginesRoundRobin) {
  const Schedule s = make(2, 3, 2);
  EXPECT_EQ(s.pair_count(), 3);
  EXPECT_EQ(s.game_count(), 6);
  const std::vector<std::pair<int, int>> colours = {{0, 1}, {1, 0}, {0, 1}, {1, 0}, {0, 1}, {1, 0}};
  for (std::int64_t id = 0; id < 6; ++id) {
    const ScheduledGame g = s.game(id);
    EXPECT_EQ(g.id, id);
    EXPECT_EQ(g.pair, id / 2);
    EXPECT_EQ(g.round, id / 2);
    EXPECT_EQ(std::make_pair(g.first, g.second), colours[static_cast<std::size_t>(id)]) << id;
  }
}

TEST(Schedule, ThreeEnginesRoundRobin) {
  const Schedule s = make(3, 2, 2);
  EXPECT_EQ(s.pair_count(), 6);
  EXPECT_EQ(s.game_count(), 12);  // rounds 2 * encounters 3 * games 2
  const auto counts = encounter_counts(s);
  EXPECT_EQ(counts, (std::map<std::pair<int, int>, int>{{{0, 1}, 4}, {{0, 2}, 4}, {{1, 2}, 4}}));
  // pair = round * encounters + encounter, encounters in order (0,1), (0,2), (1,2).
  const ScheduledGame g = s.game(9);  // pair 4 = round 1, encounter 1; second game
  EXPECT_EQ(g.pair, 4);
  EXPECT_EQ(g.round, 1);
  EXPECT_EQ(g.first, 2);
  EXPECT_EQ(g.second, 0);
  const ScheduledGame h = s.game(10);  // pair 5 = round 1, encounter 2; first game
  EXPECT_EQ(h.pair, 5);
  EXPECT_EQ(h.round, 1);
  EXPECT_EQ(h.first, 1);
  EXPECT_EQ(h.second, 2);
}

TEST(Schedule, FourEnginesRoundRobin) {
  const Schedule s = make(4, 5, 2);
  EXPECT_EQ(s.pair_count(), 30);
  EXPECT_EQ(s.game_count(), 60);  // rounds 5 * encounters 6 * games 2
  const auto counts = encounter_counts(s);
  ASSERT_EQ(counts.size(), 6u);
  for (const auto& [encounter, n] : counts) {
    EXPECT_EQ(n, 10) << encounter.first << "-" << encounter.second;
    EXPECT_NE(encounter.first, encounter.second);
  }
  // Every engine plays first as often as second.
  std::map<int, int> first, second;
  for (std::int64_t id = 0; id < s.game_count(); ++id) {
    ++first[s.game(id).first];
    ++second[s.game(id).second];
  }
  for (int e = 0; e < 4; ++e) {
    EXPECT_EQ(first[e], 15) << e;
    EXPECT_EQ(second[e], 15) << e;
  }
}

TEST(Schedule, GauntletPutsEngineZeroInEveryGame) {
  const Schedule s = make(4, 3, 2, TournamentKind::kGauntlet);
  EXPECT_EQ(s.pair_count(), 9);
  EXPECT_EQ(s.game_count(), 18);
  for (std::int64_t id = 0; id < s.game_count(); ++id) {
    const ScheduledGame g = s.game(id);
    EXPECT_TRUE(g.first == 0 || g.second == 0) << id;
    EXPECT_NE(g.first, g.second);
  }
  EXPECT_EQ(encounter_counts(s), (std::map<std::pair<int, int>, int>{{{0, 1}, 6}, {{0, 2}, 6}, {{0, 3}, 6}}));
  // With two engines a gauntlet is the round robin.
  const Schedule two = make(2, 2, 2, TournamentKind::kGauntlet);
  EXPECT_EQ(two.game_count(), 4);
}

TEST(Schedule, TwoGamesAPairSwapColoursWithinThePair) {
  const Schedule s = make(3, 4, 2);
  for (std::int64_t pair = 0; pair < s.pair_count(); ++pair) {
    const ScheduledGame a = s.game(2 * pair);
    const ScheduledGame b = s.game(2 * pair + 1);
    EXPECT_EQ(a.pair, pair);
    EXPECT_EQ(b.pair, pair);
    EXPECT_EQ(a.round, b.round);
    EXPECT_EQ(a.first, b.second);
    EXPECT_EQ(a.second, b.first);
    EXPECT_LT(a.first, a.second);  // the first game in the encounter's order
  }
}

TEST(Schedule, OneGameAPairAlternatesColoursByRound) {
  const Schedule s = make(2, 4, 1);
  EXPECT_EQ(s.game_count(), 4);
  const std::vector<std::pair<int, int>> colours = {{0, 1}, {1, 0}, {0, 1}, {1, 0}};
  for (std::int64_t id = 0; id < 4; ++id) {
    const ScheduledGame g = s.game(id);
    EXPECT_EQ(g.pair, id);
    EXPECT_EQ(g.round, id);
    EXPECT_EQ(std::make_pair(g.first, g.second), colours[static_cast<std::size_t>(id)]) << id;
  }

  const Schedule three = make(3, 2, 1);
  EXPECT_EQ(three.game_count(), 6);
  // Round 0: (0,1) (0,2) (1,2); round 1 the same encounters, colours swapped.
  const std::vector<std::pair<int, int>> expected = {{0, 1}, {0, 2}, {1, 2}, {1, 0}, {2, 0}, {2, 1}};
  for (std::int64_t id = 0; id < 6; ++id) {
    const ScheduledGame g = three.game(id);
    EXPECT_EQ(g.round, id / 3);
    EXPECT_EQ(std::make_pair(g.first, g.second), expected[static_cast<std::size_t>(id)]) << id;
  }
}

TEST(Schedule, ShardsAreDisjointAndCoverEveryGame) {
  constexpr int kShards = 3;
  const Schedule whole = make(3, 5, 2);
  ASSERT_EQ(whole.game_count(), 30);
  EXPECT_EQ(whole.shard_games().size(), 30u);

  std::vector<int> owner(30, 0);
  for (int k = 1; k <= kShards; ++k) {
    const Schedule shard = make(3, 5, 2, TournamentKind::kRoundRobin, k, kShards);
    EXPECT_EQ(shard.game_count(), 30);  // every shard knows the whole run
    const auto ids = shard.shard_games();
    EXPECT_EQ(ids.size(), 10u);
    EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
    for (const std::int64_t id : ids) {
      EXPECT_TRUE(shard.in_shard(id));
      EXPECT_EQ(shard.game(id).pair % kShards, k - 1);
      // A shard plays both games of its pairs (same opening, colours swapped).
      EXPECT_TRUE(shard.in_shard(id ^ 1)) << id;
      ++owner[static_cast<std::size_t>(id)];
      // The same game as in the unsharded run.
      EXPECT_EQ(shard.game(id).first, whole.game(id).first);
      EXPECT_EQ(shard.game(id).second, whole.game(id).second);
    }
  }
  EXPECT_EQ(owner, std::vector<int>(30, 1));

  const Schedule first = make(2, 10, 2, TournamentKind::kRoundRobin, 1, kShards);
  EXPECT_EQ(first.shard_games(), (std::vector<std::int64_t>{0, 1, 6, 7, 12, 13, 18, 19}));
  const Schedule single = make(2, 10, 1, TournamentKind::kRoundRobin, 2, kShards);
  EXPECT_EQ(single.shard_games(), (std::vector<std::int64_t>{1, 4, 7}));
}

TEST(Schedule, InvalidConfigs) {
  ScheduleConfig one_engine;
  one_engine.engines = 1;
  EXPECT_NE(error_of(one_engine).find("at least two engines"), std::string::npos);

  ScheduleConfig no_rounds;
  no_rounds.rounds = 0;
  EXPECT_NE(error_of(no_rounds).find("rounds must be at least 1"), std::string::npos);
  no_rounds.rounds = -3;
  EXPECT_NE(error_of(no_rounds).find("rounds must be at least 1"), std::string::npos);

  for (const int games : {0, 3, -1}) {
    ScheduleConfig bad_games;
    bad_games.games_per_pair = games;
    EXPECT_NE(error_of(bad_games).find("games must be 1 or 2"), std::string::npos) << games;
  }

  for (const auto& [k, n] : std::vector<std::pair<int, int>>{{0, 2}, {3, 2}, {1, 0}, {-1, 2}, {2, 1}}) {
    ScheduleConfig bad_shard;
    bad_shard.shard = k;
    bad_shard.shards = n;
    const std::string error = error_of(bad_shard);
    EXPECT_NE(error.find(std::to_string(k) + "/" + std::to_string(n)), std::string::npos) << error;
  }
}

TEST(Schedule, RunTooLongForItsOpenings) {
  const Schedule largest = make(2, 10'000'000, 2);
  EXPECT_EQ(largest.pair_count(), 10'000'000);
  EXPECT_EQ(largest.game_count(), 20'000'000);

  ScheduleConfig config;
  config.rounds = 10'000'001;
  EXPECT_NE(error_of(config).find("more than 10000000 openings"), std::string::npos);
  config.engines = 4;
  config.rounds = 2'000'000;  // 6 encounters: 12 million pairs
  EXPECT_NE(error_of(config).find("more than 10000000 openings"), std::string::npos);
}

TEST(Schedule, HugeRoundCountsAreRefusedWithoutOverflow) {
  // rounds * encounters does not fit in 64 bits: refused, not wrapped around.
  ScheduleConfig config;
  config.engines = 3;
  config.rounds = std::numeric_limits<std::int64_t>::max() / 2;
  EXPECT_NE(error_of(config).find("more than 10000000 openings"), std::string::npos);
  config.engines = 5;  // 10 encounters
  config.rounds = std::numeric_limits<std::int64_t>::max() / 4 + 7;
  EXPECT_NE(error_of(config).find("more than 10000000 openings"), std::string::npos);
  config.engines = 2;
  config.rounds = std::numeric_limits<std::int64_t>::max();
  EXPECT_NE(error_of(config).find("more than 10000000 openings"), std::string::npos);
}

}  // namespace
}  // namespace narabe::match
