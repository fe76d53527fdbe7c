// Tests of engine/search/time_manager.h: how `go` limits become soft and hard deadlines,
// the default budget of a `go` without one, and how TimeManager moves the soft
// deadline after each iteration (pure: the elapsed times are made up).

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

TEST(PlanTime, OnlyAClockMakesTheDeadlinesAdjustable) {
  SearchLimits movetime;
  movetime.movetime = 1000;
  EXPECT_FALSE(plan_time(movetime, Side::kFirst).adjustable);
  EXPECT_TRUE(plan_time(clock_limits(60000), Side::kFirst).adjustable);
  // With both, the clock's plan moves only when it is tighter than the movetime.
  SearchLimits both = clock_limits(20000);  // soft 399
  both.movetime = 1000;
  EXPECT_TRUE(plan_time(both, Side::kFirst).adjustable);
  both.time[0] = 60000;  // soft 1199: the movetime sets it
  EXPECT_FALSE(plan_time(both, Side::kFirst).adjustable);
}

// ---------------------------------------------------------------- the default budget

TEST(DefaultBudget, LimitsThatEndASearchAreKept) {
  SearchLimits depth;
  depth.depth = 4;
  SearchLimits nodes;
  nodes.nodes = 1000;
  SearchLimits movetime;
  movetime.movetime = 300;
  SearchLimits infinite;
  infinite.infinite = true;
  for (const SearchLimits& limits : {depth, nodes, movetime, infinite, clock_limits(5000)}) {
    const SearchLimits out = with_default_budget(limits, Side::kFirst);
    EXPECT_EQ(out.movetime, limits.movetime);
    EXPECT_EQ(out.depth, limits.depth);
    EXPECT_EQ(out.infinite, limits.infinite);
  }
  EXPECT_TRUE(limits_search(depth, Side::kFirst));
  EXPECT_TRUE(limits_search(clock_limits(5000), Side::kFirst));
  EXPECT_FALSE(limits_search(clock_limits(5000), Side::kSecond));
  EXPECT_FALSE(limits_search(infinite, Side::kFirst));
}

TEST(DefaultBudget, GoAloneGetsTheDefaultMoveTime) {
  const SearchLimits out = with_default_budget(SearchLimits{}, Side::kFirst);
  EXPECT_EQ(out.movetime, kDefaultMoveMs);
  EXPECT_FALSE(out.infinite);
  EXPECT_EQ(plan_time(out, Side::kFirst).hard_ms, kDefaultMoveMs);
}

TEST(DefaultBudget, OnlyTheOpponentsClockGetsTheDefaultMoveTime) {
  SearchLimits limits;
  limits.time[1] = 1000;
  limits.increment[1] = 100;
  EXPECT_EQ(with_default_budget(limits, Side::kFirst).movetime, kDefaultMoveMs);
  EXPECT_FALSE(with_default_budget(limits, Side::kSecond).movetime);  // its own clock: kept
}

TEST(DefaultBudget, OnlyTheOpponentsClockNeverSpendsMoreThanThatClockWould) {
  // A client naming clocks by colour sends its engine's clock as the other side's.
  SearchLimits limits;
  limits.time[1] = 300;
  const SearchLimits out = with_default_budget(limits, Side::kFirst);
  EXPECT_EQ(out.time[0], 300);
  const Deadlines deadlines = plan_time(out, Side::kFirst);
  ASSERT_TRUE(deadlines.hard_ms.has_value());
  EXPECT_LE(*deadlines.hard_ms, 150);  // half the clock at most, far below kDefaultMoveMs
}

TEST(DefaultBudget, AnIncrementAloneIsTheMoveTime) {
  SearchLimits limits;
  limits.increment[0] = 100;
  limits.increment[1] = 2000;
  EXPECT_EQ(with_default_budget(limits, Side::kFirst).movetime, 100 - kMoveOverheadMs);
  EXPECT_EQ(with_default_budget(limits, Side::kSecond).movetime, 2000 - kMoveOverheadMs);
  EXPECT_TRUE(limits_search(limits, Side::kFirst));
  limits.increment[0] = 5;  // less than the overhead: no time, answered at once
  EXPECT_EQ(with_default_budget(limits, Side::kFirst).movetime, 0);
  limits.increment[0] = std::numeric_limits<std::int64_t>::max();
  EXPECT_GT(*with_default_budget(limits, Side::kFirst).movetime, 0);
}

// ---------------------------------------------------------------- TimeManager

constexpr core::Move kA{1};
constexpr core::Move kB{2};

IterationSummary iteration(int depth, core::Move best, core::Score score, std::int64_t elapsed_ms,
                           std::size_t root_moves = 30) {
  return IterationSummary{depth, best, score, root_moves, elapsed_ms};
}

Deadlines clock_deadlines(std::int64_t soft, std::int64_t hard) {
  Deadlines d;
  d.soft_ms = soft;
  d.hard_ms = hard;
  d.adjustable = true;
  return d;
}

TEST(TimeManager, WithoutASoftDeadlineItNeverStops) {
  TimeManager tm{Deadlines{}};
  for (int depth = 1; depth < 20; ++depth) EXPECT_FALSE(tm.stop_after(iteration(depth, kA, 0, depth * 1000, 1)));
}

TEST(TimeManager, AForcedMoveStopsAfterTheFirstIteration) {
  TimeManager clock{clock_deadlines(1000, 3000)};
  EXPECT_TRUE(clock.stop_after(iteration(1, kA, 0, 0, 1)));
  Deadlines movetime;
  movetime.soft_ms = movetime.hard_ms = 5000;
  TimeManager fixed{movetime};
  EXPECT_TRUE(fixed.stop_after(iteration(1, kA, 0, 0, 1)));
  // Two moves are a choice.
  TimeManager two{clock_deadlines(1000, 3000)};
  EXPECT_FALSE(two.stop_after(iteration(1, kA, 0, 0, 2)));
}

TEST(TimeManager, StopsAtTheSoftDeadline) {
  TimeManager tm{clock_deadlines(1000, 3000)};
  EXPECT_FALSE(tm.stop_after(iteration(1, kA, 10, 0)));
  EXPECT_FALSE(tm.stop_after(iteration(2, kA, 10, 999)));
  EXPECT_TRUE(tm.stop_after(iteration(3, kA, 10, 1000)));
}

TEST(TimeManager, AStableBestMoveStopsEarly) {
  TimeManager tm{clock_deadlines(1000, 3000)};
  // The same move four iterations in a row: 60% of the soft deadline is enough.
  EXPECT_FALSE(tm.stop_after(iteration(1, kA, 10, 0)));
  EXPECT_FALSE(tm.stop_after(iteration(2, kA, 10, 1)));
  EXPECT_FALSE(tm.stop_after(iteration(3, kA, 10, 2)));
  EXPECT_FALSE(tm.stop_after(iteration(4, kA, 10, 3)));
  EXPECT_EQ(tm.soft_ms(), 600);
  EXPECT_TRUE(tm.stop_after(iteration(5, kA, 10, 600)));
  // Not yet stable: the full soft deadline.
  TimeManager young{clock_deadlines(1000, 3000)};
  EXPECT_FALSE(young.stop_after(iteration(1, kA, 10, 0)));
  EXPECT_FALSE(young.stop_after(iteration(2, kA, 10, 600)));
  EXPECT_EQ(young.soft_ms(), 1000);
}

TEST(TimeManager, AChangedBestMoveExtendsUpToTheHardDeadline) {
  TimeManager tm{clock_deadlines(1000, 3000)};
  EXPECT_FALSE(tm.stop_after(iteration(1, kA, 10, 0)));
  EXPECT_FALSE(tm.stop_after(iteration(2, kB, 10, 1500)));  // changed: twice the soft deadline
  EXPECT_EQ(tm.soft_ms(), 2000);
  EXPECT_TRUE(tm.stop_after(iteration(3, kB, 10, 1500)));  // settled again: back to 1000
  // Never past the hard deadline.
  TimeManager tight{clock_deadlines(1000, 1200)};
  EXPECT_FALSE(tight.stop_after(iteration(1, kA, 10, 0)));
  EXPECT_FALSE(tight.stop_after(iteration(2, kB, 10, 1100)));
  EXPECT_EQ(tight.soft_ms(), 1200);
}

TEST(TimeManager, ASharpScoreDropExtends) {
  // Compared with the iteration two before (the same parity of depth).
  TimeManager tm{clock_deadlines(1000, 5000)};
  EXPECT_FALSE(tm.stop_after(iteration(1, kA, 300, 0)));
  EXPECT_FALSE(tm.stop_after(iteration(2, kA, -500, 1)));  // an odd/even swing: not a drop
  EXPECT_EQ(tm.soft_ms(), 1000);
  EXPECT_FALSE(tm.stop_after(iteration(3, kA, 180, 1200)));  // 300 -> 180: a drop of 120
  EXPECT_EQ(tm.soft_ms(), 1500);
  // Into a proven loss: critical too.
  TimeManager lost{clock_deadlines(1000, 5000)};
  EXPECT_FALSE(lost.stop_after(iteration(1, kA, 0, 0)));
  EXPECT_FALSE(lost.stop_after(iteration(2, kA, core::loss_in(8), 1200)));
  EXPECT_EQ(lost.soft_ms(), 1500);
  // A small fall is not critical.
  TimeManager small{clock_deadlines(1000, 5000)};
  EXPECT_FALSE(small.stop_after(iteration(1, kA, 300, 0)));
  EXPECT_FALSE(small.stop_after(iteration(2, kA, 250, 500)));
  EXPECT_EQ(small.soft_ms(), 1000);
  // Changed and dropped: both extensions, still capped by hard.
  TimeManager both{clock_deadlines(1000, 5000)};
  EXPECT_FALSE(both.stop_after(iteration(1, kA, 300, 0)));
  EXPECT_FALSE(both.stop_after(iteration(2, kA, -200, 1)));
  EXPECT_FALSE(both.stop_after(iteration(3, kB, 0, 10)));
  EXPECT_EQ(both.soft_ms(), 3000);
}

TEST(TimeManager, AMoveTimeIsSpentAsGiven) {
  Deadlines movetime;
  movetime.soft_ms = movetime.hard_ms = 1000;
  TimeManager tm{movetime};
  for (int depth = 1; depth <= 6; ++depth) {
    // Stable, then a change: neither moves a movetime's deadline.
    const core::Move best = depth == 6 ? kB : kA;
    EXPECT_FALSE(tm.stop_after(iteration(depth, best, 0, depth * 100))) << depth;
    EXPECT_EQ(tm.soft_ms(), 1000) << depth;
  }
  EXPECT_TRUE(tm.stop_after(iteration(7, kB, 0, 1000)));
}

TEST(TimeManager, AnIterationThatCannotEndBeforeTheHardDeadlineIsNotStarted) {
  TimeManager tm{clock_deadlines(1000, 3000)};
  EXPECT_FALSE(tm.stop_after(iteration(1, kA, 10, 0)));
  EXPECT_FALSE(tm.stop_after(iteration(2, kB, 10, 100)));
  EXPECT_FALSE(tm.stop_after(iteration(3, kA, 10, 500)));  // took 400 after 100: the next one about 1600
  // Took 500 after 400 and it is 1000: the best move changed (soft 2000), but the
  // next iteration (about 625) would end at 1625 < 3000: go on.
  EXPECT_FALSE(tm.stop_after(iteration(4, kB, 10, 1000)));
  // Took 1000 after 500: the next about 2000, ending at 4000 > 3000: stop even
  // though the best move changed again.
  EXPECT_TRUE(tm.stop_after(iteration(5, kA, 10, 2000)));
}

TEST(TimeManager, ShortIterationsPredictNothing) {
  TimeManager tm{clock_deadlines(1000, 1100)};
  EXPECT_FALSE(tm.stop_after(iteration(1, kA, 10, 0)));
  EXPECT_FALSE(tm.stop_after(iteration(2, kB, 10, 1)));
  EXPECT_FALSE(tm.stop_after(iteration(3, kA, 10, 4)));  // took 3 after 1: growth 3, but too short to tell
}

}  // namespace
}  // namespace narabe::search
