// Tests of engine/search/time_manager.h: how `go` limits become soft and hard deadlines.

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>

#include "engine/search/time_manager.h"

namespace narabe::search {
namespace {

using core::Side;

SearchLimits clock_limits(std::int64_t first_time, std::int64_t first_inc = 0,
                          std::optional<int> movestogo = std::nullopt) {
  SearchLimits limits;
  limits.time[0] = first_time;
  limits.increment[0] = first_inc;
  limits.movestogo = movestogo;
  return limits;
}

TEST(PlanTime, NoLimitsMeansNoDeadlines) {
  const Deadlines d = plan_time(SearchLimits{}, Side::kFirst);
  EXPECT_FALSE(d.soft_ms);
  EXPECT_FALSE(d.hard_ms);
}

TEST(PlanTime, DepthNodesAndInfiniteSetNoDeadlines) {
  SearchLimits limits;
  limits.depth = 6;
  limits.nodes = 1000;
  limits.infinite = true;
  const Deadlines d = plan_time(limits, Side::kSecond);
  EXPECT_FALSE(d.soft_ms);
  EXPECT_FALSE(d.hard_ms);
}

TEST(PlanTime, MovetimeGivesEqualSoftAndHard) {
  for (std::int64_t ms : {1, 250, 5000}) {
    SearchLimits limits;
    limits.movetime = ms;
    const Deadlines d = plan_time(limits, Side::kFirst);
    ASSERT_TRUE(d.soft_ms && d.hard_ms);
    EXPECT_EQ(*d.soft_ms, ms);
    EXPECT_EQ(*d.hard_ms, ms);
  }
}

TEST(PlanTime, NegativeMovetimeIsZero) {
  SearchLimits limits;
  limits.movetime = -40;
  const Deadlines d = plan_time(limits, Side::kFirst);
  EXPECT_EQ(d.soft_ms, 0);
  EXPECT_EQ(d.hard_ms, 0);
}

TEST(PlanTime, UsesTheClockOfTheSideToMoveOnly) {
  SearchLimits limits;
  limits.time[1] = 60000;
  limits.increment[1] = 1000;
  // Only the opponent's clock: nothing limits this move.
  const Deadlines first = plan_time(limits, Side::kFirst);
  EXPECT_FALSE(first.soft_ms);
  EXPECT_FALSE(first.hard_ms);
  // The second player's own clock does.
  const Deadlines second = plan_time(limits, Side::kSecond);
  EXPECT_TRUE(second.soft_ms);
  EXPECT_TRUE(second.hard_ms);
}

TEST(PlanTime, TheOpponentsClockDoesNotChangeTheBudget) {
  SearchLimits mine_only = clock_limits(30000, 500);
  SearchLimits both = mine_only;
  both.time[1] = 1;  // the opponent is almost flagging
  both.increment[1] = 0;
  SearchLimits rich_opponent = mine_only;
  rich_opponent.time[1] = 10'000'000;
  rich_opponent.increment[1] = 60000;
  const Deadlines a = plan_time(mine_only, Side::kFirst);
  const Deadlines b = plan_time(both, Side::kFirst);
  const Deadlines c = plan_time(rich_opponent, Side::kFirst);
  EXPECT_EQ(a.soft_ms, b.soft_ms);
  EXPECT_EQ(a.hard_ms, b.hard_ms);
  EXPECT_EQ(a.soft_ms, c.soft_ms);
  EXPECT_EQ(a.hard_ms, c.hard_ms);
}

TEST(PlanTime, SecondPlayerUsesItsOwnClock) {
  SearchLimits limits;
  limits.time[0] = 1000;
  limits.time[1] = 100000;
  const Deadlines first = plan_time(limits, Side::kFirst);
  const Deadlines second = plan_time(limits, Side::kSecond);
  EXPECT_LT(*first.soft_ms, *second.soft_ms);
  EXPECT_LT(*first.hard_ms, *second.hard_ms);
}

TEST(PlanTime, IncrementRaisesTheBudget) {
  const Deadlines without = plan_time(clock_limits(60000, 0), Side::kFirst);
  const Deadlines with = plan_time(clock_limits(60000, 2000), Side::kFirst);
  EXPECT_GT(*with.soft_ms, *without.soft_ms);
  EXPECT_GT(*with.hard_ms, *without.hard_ms);
}

TEST(PlanTime, MovestogoOneMayUseNearlyAllTheTimeButNoMore) {
  for (std::int64_t time : {1000, 10000, 300000}) {
    for (std::int64_t inc : {0, 500, 100000}) {
      const Deadlines d = plan_time(clock_limits(time, inc, 1), Side::kFirst);
      ASSERT_TRUE(d.hard_ms);
      EXPECT_LE(*d.hard_ms, time) << "time " << time << " inc " << inc;
      EXPECT_GE(*d.hard_ms, time * 9 / 10) << "time " << time << " inc " << inc;
      EXPECT_LE(*d.soft_ms, *d.hard_ms);
    }
  }
}

TEST(PlanTime, MovestogoOneAllowsMoreThanAnOpenEndedClock) {
  const Deadlines last_move = plan_time(clock_limits(10000, 0, 1), Side::kFirst);
  const Deadlines open_ended = plan_time(clock_limits(10000, 0), Side::kFirst);
  EXPECT_GT(*last_move.hard_ms, *open_ended.hard_ms);
  EXPECT_GT(*last_move.soft_ms, *open_ended.soft_ms);
}

TEST(PlanTime, MoreMovesToGoMeansLessPerMove) {
  const Deadlines few = plan_time(clock_limits(60000, 0, 5), Side::kFirst);
  const Deadlines many = plan_time(clock_limits(60000, 0, 40), Side::kFirst);
  EXPECT_GT(*few.soft_ms, *many.soft_ms);
}

TEST(PlanTime, NoTimeLeftGivesZeroDeadlines) {
  for (std::int64_t time : {std::int64_t{0}, std::int64_t{-1}, std::int64_t{-100000}}) {
    for (std::int64_t inc : {0, 5000}) {
      for (std::optional<int> movestogo : {std::optional<int>{}, std::optional<int>{1}, std::optional<int>{20}}) {
        const Deadlines d = plan_time(clock_limits(time, inc, movestogo), Side::kFirst);
        EXPECT_EQ(d.soft_ms, 0) << "time " << time << " inc " << inc;
        EXPECT_EQ(d.hard_ms, 0) << "time " << time << " inc " << inc;
      }
    }
  }
}

TEST(PlanTime, HardIsNeverBelowSoft) {
  for (std::int64_t time : {1, 11, 50, 1000, 60000, 3'600'000}) {
    for (std::int64_t inc : {0, 10, 1000, 30000}) {
      for (std::optional<int> movestogo :
           {std::optional<int>{}, std::optional<int>{1}, std::optional<int>{2}, std::optional<int>{40}}) {
        const Deadlines d = plan_time(clock_limits(time, inc, movestogo), Side::kFirst);
        ASSERT_TRUE(d.soft_ms && d.hard_ms);
        EXPECT_GE(*d.soft_ms, 0);
        EXPECT_GE(*d.hard_ms, *d.soft_ms) << "time " << time << " inc " << inc;
      }
    }
  }
}

TEST(PlanTime, HardNeverExceedsHalfTheClockWithoutMovestogo) {
  for (std::int64_t time : {1, 20, 100, 1000, 60000, 3'600'000}) {
    // Even an increment far larger than the clock must not tempt it past half.
    for (std::int64_t inc : {0, 100, 10000, 1'000'000}) {
      const Deadlines d = plan_time(clock_limits(time, inc), Side::kFirst);
      EXPECT_LE(*d.hard_ms, time / 2) << "time " << time << " inc " << inc;
    }
  }
}

TEST(PlanTime, MovetimeAndClockTogetherTakeTheTighterOne) {
  SearchLimits limits = clock_limits(60000);
  limits.movetime = 5;
  const Deadlines d = plan_time(limits, Side::kFirst);
  EXPECT_EQ(d.soft_ms, 5);
  EXPECT_EQ(d.hard_ms, 5);

  limits.movetime = 10'000'000;
  const Deadlines clock_only = plan_time(clock_limits(60000), Side::kFirst);
  const Deadlines loose = plan_time(limits, Side::kFirst);
  EXPECT_EQ(loose.soft_ms, clock_only.soft_ms);
  EXPECT_EQ(loose.hard_ms, clock_only.hard_ms);
}

TEST(PlanTime, HugeClockValuesDoNotOverflow) {
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  for (std::int64_t time : {std::int64_t{1'000'000'000'000'000'000}, kMax}) {
    for (std::int64_t inc : {std::int64_t{0}, kMax}) {
      for (std::optional<int> movestogo : {std::optional<int>{}, std::optional<int>{1}}) {
        const Deadlines d = plan_time(clock_limits(time, inc, movestogo), Side::kFirst);
        ASSERT_TRUE(d.soft_ms && d.hard_ms);
        EXPECT_GT(*d.soft_ms, 0) << "time " << time << " inc " << inc;
        EXPECT_GE(*d.hard_ms, *d.soft_ms) << "time " << time << " inc " << inc;
        if (movestogo) {
          // Clocks are capped at 2^40 ms (about 35 years) before any arithmetic.
          EXPECT_GE(*d.hard_ms, std::min<std::int64_t>(time, std::int64_t{1} << 40) / 10 * 9)
              << "time " << time << " inc " << inc;
        } else {
          EXPECT_LE(*d.hard_ms, time / 2) << "time " << time << " inc " << inc;
        }
      }
    }
  }
}

}  // namespace
}  // namespace narabe::search
