// The threads of a search or solve kept from run to run (engine/core/worker_pool.h):
// each share runs once on a thread of its own, later runs reuse the same threads,
// a smaller run ends the threads it does not need, and the pool ends cleanly.

#include "engine/core/worker_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace narabe::core {
namespace {

// The thread of each share of one run of n, share 0 on the caller's.
std::vector<std::thread::id> threads_of_run(WorkerPool& pool, std::size_t n) {
  std::vector<std::thread::id> ids(n);
  std::vector<int> runs(n, 0);
  pool.run(n, [&](std::size_t i) {
    ids[i] = std::this_thread::get_id();
    ++runs[i];
  });
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(runs[i], 1) << "share " << i;
  return ids;
}

TEST(WorkerPool, RunsEachShareOnceOnThreadsOfItsOwn) {
  WorkerPool pool;
  const std::vector<std::thread::id> ids = threads_of_run(pool, 4);
  EXPECT_EQ(ids[0], std::this_thread::get_id());
  EXPECT_EQ(std::set<std::thread::id>(ids.begin(), ids.end()).size(), 4U);
  EXPECT_EQ(pool.size(), 3U);
}

TEST(WorkerPool, LaterRunsReuseTheSameThreads) {
  WorkerPool pool;
  const std::vector<std::thread::id> first = threads_of_run(pool, 3);
  for (int run = 0; run < 50; ++run) EXPECT_EQ(threads_of_run(pool, 3), first);
  EXPECT_EQ(pool.size(), 2U);
}

TEST(WorkerPool, ASmallerRunEndsTheOtherThreadsAndALargerOneAddsThreads) {
  WorkerPool pool;
  const std::vector<std::thread::id> four = threads_of_run(pool, 4);
  const std::vector<std::thread::id> two = threads_of_run(pool, 2);
  EXPECT_EQ(two[1], four[1]);
  EXPECT_EQ(pool.size(), 1U);
  const std::vector<std::thread::id> one = threads_of_run(pool, 1);
  EXPECT_EQ(one[0], std::this_thread::get_id());
  EXPECT_EQ(pool.size(), 0U);
  const std::vector<std::thread::id> six = threads_of_run(pool, 6);
  EXPECT_EQ(std::set<std::thread::id>(six.begin(), six.end()).size(), 6U);
  EXPECT_EQ(pool.size(), 5U);
  pool.keep(2);
  EXPECT_EQ(pool.size(), 2U);
  EXPECT_EQ(threads_of_run(pool, 3), std::vector<std::thread::id>(six.begin(), six.begin() + 3));
}

TEST(WorkerPool, StartReturnsAtOnceAndWaitWaitsForEveryShare) {
  WorkerPool pool;
  std::mutex gate;
  std::unique_lock closed(gate);
  std::atomic<int> done{0};
  EXPECT_EQ(pool.start(3,
                       [&](std::size_t) {
                         std::lock_guard pass(gate);
                         ++done;
                       }),
            2U);
  EXPECT_EQ(done.load(), 0);  // the shares wait for the gate, the caller goes on
  closed.unlock();
  pool.wait();
  EXPECT_EQ(done.load(), 2);
}

TEST(WorkerPool, ARunOfOneOrNoneStartsNoThread) {
  WorkerPool pool;
  EXPECT_EQ(pool.start(1, [](std::size_t) { FAIL(); }), 0U);
  pool.wait();
  EXPECT_EQ(pool.start(0, [](std::size_t) { FAIL(); }), 0U);
  pool.wait();
  EXPECT_EQ(pool.size(), 0U);
}

TEST(WorkerPool, EndsWithSleepingThreadsAndAfterAStartNotWaitedFor) {
  { WorkerPool idle; }
  {
    WorkerPool used;
    threads_of_run(used, 3);
  }
  std::atomic<int> done{0};
  {
    WorkerPool busy;
    busy.start(2, [&](std::size_t) { ++done; });
    // A second start waits for the first run's share before it replaces the work.
    busy.start(2, [&](std::size_t) { done += 10; });
    busy.wait();
  }
  EXPECT_EQ(done.load(), 11);
}

}  // namespace
}  // namespace narabe::core
