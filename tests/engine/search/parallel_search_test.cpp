// The search on several threads (lazy SMP with deferred moves, engine/search/search.h
// and busy_moves.h) in every game:
// legal answers, node limits over every thread's nodes, `stop` ending all threads,
// exact values with a shared table, and Threads 1 unchanged and deterministic. The
// ThreadSanitizer preset runs these (CMakePresets.json, test-tsan); no test here
// measures time.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "engine/games/connect4/connect4.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/games/reversi/reversi.h"
#include "engine/games/tictactoe/tictactoe.h"
#include "engine/search/busy_moves.h"
#include "engine/search/search.h"
#include "protocol/server/game_session.h"
#include "tests/engine/games/tictactoe/tictactoe_oracle.h"

namespace narabe {
namespace {

template <class G>
class ParallelSearchTest : public ::testing::Test {};

using AllGames = ::testing::Types<games::TicTacToe, games::Connect4, games::Gomoku, games::Reversi>;
TYPED_TEST_SUITE(ParallelSearchTest, AllGames);

// The game's first bench position: a middle game in every game but tic-tac-toe.
template <class G>
G bench_position() {
  const core::BenchPosition bench = G::bench_positions().front();
  const auto variant = server::bench_variant<G>(bench);
  EXPECT_TRUE(variant.ok());
  auto position = G::from_fen(*variant, bench.fen);
  EXPECT_TRUE(position.ok()) << bench.fen;
  return *position;
}

struct Ran {
  search::SearchResult result;
  std::vector<search::LineReport> lines;
};

search::SearchLimits to_depth(int depth) {
  search::SearchLimits limits;
  limits.depth = depth;
  return limits;
}

// A search of `position` on `threads` threads with a table of its own. The exact
// solvers are left out unless `exact`: the generic search is what runs in parallel.
template <class G>
Ran run(const G& position, search::SearchLimits limits, int threads, bool exact = false, int multipv = 1) {
  core::TranspositionTable table(4);
  search::Search<G> search(table);
  search::SearchOptions options;
  options.threads = threads;
  options.exact = exact;
  options.multipv = multipv;
  search::SearchCallbacks callbacks;
  Ran ran;
  callbacks.on_line = [&](const search::LineReport& line) { ran.lines.push_back(line); };
  core::StopSignal stop;
  ran.result = search.run(position, limits, options, callbacks, stop);
  return ran;
}

TYPED_TEST(ParallelSearchTest, SeveralThreadsReachTheDepthWithALegalMove) {
  using G = TypeParam;
  const G position = bench_position<G>();
  for (int threads : {2, 3}) {
    const Ran ran = run(position, to_depth(5), threads);
    EXPECT_TRUE(position.is_legal(ran.result.best_move)) << threads << " threads";
    EXPECT_GE(ran.result.depth, std::min(5, position.max_remaining_plies())) << threads << " threads";
    ASSERT_FALSE(ran.lines.empty());
    // The answer's count is every thread's, at least what the main search reported.
    EXPECT_GE(ran.result.nodes, ran.lines.back().nodes);
    for (const search::LineReport& line : ran.lines) EXPECT_TRUE(position.is_legal(line.pv.front()));
  }
}

TYPED_TEST(ParallelSearchTest, ANodeLimitCountsEveryThreadsNodes) {
  using G = TypeParam;
  const G position = bench_position<G>();
  search::SearchLimits limits;
  limits.nodes = 20000;
  const Ran ran = run(position, limits, 3);
  EXPECT_TRUE(position.is_legal(ran.result.best_move));
  // Threads publish their counts every few hundred nodes: the total overshoots the
  // limit by no more than that, never by another thread's whole share.
  EXPECT_LE(ran.result.nodes, *limits.nodes + 4096);
}

TYPED_TEST(ParallelSearchTest, StopEndsEveryThread) {
  using G = TypeParam;
  const G position = bench_position<G>();
  core::TranspositionTable table(4);
  search::Search<G> search(table);
  search::SearchOptions options;
  options.threads = 4;
  options.exact = false;
  search::SearchLimits limits;
  limits.infinite = true;
  core::StopSignal stop;
  search::SearchResult result;
  std::thread runner([&] { result = search.run(position, limits, options, {}, stop); });
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  stop.request();
  runner.join();  // returns only once every helper has been joined
  EXPECT_TRUE(position.is_legal(result.best_move));
  EXPECT_GT(result.nodes, 0u);
}

TYPED_TEST(ParallelSearchTest, ExactSolverAndBookStillAnswerWithThreads) {
  using G = TypeParam;
  // The exact solvers run on the main thread only; whatever the game, a search at
  // full strength with threads answers legally from the start position too.
  const G start{typename G::Variant{}};
  search::SearchLimits limits;
  limits.nodes = 50000;
  const Ran ran = run(start, limits, 2, /*exact=*/true);
  EXPECT_TRUE(start.is_legal(ran.result.best_move));
}

TYPED_TEST(ParallelSearchTest, OneThreadIsDeterministic) {
  using G = TypeParam;
  const G position = bench_position<G>();
  const Ran first = run(position, to_depth(5), 1);
  const Ran second = run(position, to_depth(5), 1);
  EXPECT_EQ(first.result.nodes, second.result.nodes);
  EXPECT_EQ(first.result.best_move, second.result.best_move);
  EXPECT_EQ(first.result.score, second.result.score);
  ASSERT_EQ(first.lines.size(), second.lines.size());
  for (std::size_t i = 0; i < first.lines.size(); ++i) EXPECT_EQ(first.lines[i].nodes, second.lines[i].nodes);
}

TEST(ParallelSearch, SharedTableKeepsEveryTicTacToeValueExact) {
  // Every thread writes the one table at once: a torn entry would show as a wrong
  // value somewhere among the reachable positions.
  core::TranspositionTable table(1);
  search::Search<games::TicTacToe> search(table);
  search::SearchOptions options;
  options.threads = 3;
  core::StopSignal stop;
  testing::TicTacToeOracle oracle;
  int searched = 0;
  for (const games::TicTacToe& position : testing::TicTacToeOracle::reachable_positions()) {
    if (core::is_over(position.outcome()) || ++searched % 7 != 0) continue;
    const search::SearchResult result = search.run(position, {}, options, {}, stop);
    ASSERT_EQ(result.score, oracle.value(position)) << position.to_fen();
    EXPECT_EQ(oracle.value_after(position, result.best_move), oracle.value(position)) << position.to_fen();
  }
}

TEST(ParallelSearch, MultiPvWithThreadsScoresEveryRootMove) {
  testing::TicTacToeOracle oracle;
  const games::TicTacToe start;
  const Ran ran = run(start, {}, 2, /*exact=*/true, /*multipv=*/9);
  ASSERT_GE(ran.lines.size(), 9u);
  for (auto line = ran.lines.end() - 9; line != ran.lines.end(); ++line) {
    EXPECT_EQ(line->depth, 9);
    EXPECT_EQ(line->score, oracle.value_after(start, line->pv.front())) << start.move_to_string(line->pv.front());
  }
}

TEST(BusyMoves, AMoveIsBusyFromEnterToLeave) {
  search::BusyMoves busy;
  const std::uint64_t mark = search::BusyMoves::mark_of(0x1234'5678'9abc'def0ULL, 17);
  EXPECT_FALSE(busy.busy(mark));
  busy.enter(mark);
  EXPECT_TRUE(busy.busy(mark));
  busy.leave(mark);
  EXPECT_FALSE(busy.busy(mark));
}

TEST(BusyMoves, MarksTellMovesAndPositionsApartAndAreNeverEmpty) {
  using search::BusyMoves;
  EXPECT_NE(BusyMoves::mark_of(42, 1), BusyMoves::mark_of(42, 2));
  EXPECT_NE(BusyMoves::mark_of(42, 1), BusyMoves::mark_of(43, 1));
  // The key that would cancel the move's mix still gives a mark, not the empty slot.
  const std::uint64_t cancelling = (0 + 1ULL) * 0x9E3779B97F4A7C15ULL;
  EXPECT_NE(BusyMoves::mark_of(cancelling, 0), 0u);
}

TEST(BusyMoves, AThreadClearsOnlyItsOwnMark) {
  // Two marks in the same slot (equal low bits): the later one overwrites, and the
  // first thread's leave then leaves the second mark standing.
  search::BusyMoves busy;
  const std::uint64_t first = 0x10000ULL + 5, second = 0x20000ULL + 5;
  busy.enter(first);
  busy.enter(second);
  EXPECT_FALSE(busy.busy(first));
  busy.leave(first);
  EXPECT_TRUE(busy.busy(second));
  busy.leave(second);
  EXPECT_FALSE(busy.busy(second));
}

TEST(BusyMoves, ThreadsMarkTheSameSlotsAtOnce) {
  // Under ThreadSanitizer: marks are atomics, never a data race.
  search::BusyMoves busy;
  auto work = [&busy](std::uint64_t salt) {
    for (std::uint64_t i = 0; i < 20000; ++i) {
      const std::uint64_t mark = search::BusyMoves::mark_of(i % 64, static_cast<std::uint16_t>(salt));
      busy.enter(mark);
      (void)busy.busy(mark ^ 1);
      busy.leave(mark);
    }
  };
  std::thread a(work, 1), b(work, 2);
  a.join();
  b.join();
  for (std::uint64_t i = 0; i < 64; ++i) {
    EXPECT_FALSE(busy.busy(search::BusyMoves::mark_of(i, 1)));
    EXPECT_FALSE(busy.busy(search::BusyMoves::mark_of(i, 2)));
  }
}

}  // namespace
}  // namespace narabe
