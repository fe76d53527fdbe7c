// The search on several threads (lazy SMP, or Reversi's split points: engine/search/
// search.h) in every game: legal answers, node limits over every thread's nodes,
// `stop` ending all threads, exact values with a shared table and at split points,
// and Threads 1 unchanged and deterministic. The
// ThreadSanitizer preset runs these (CMakePresets.json, test-tsan); no test here
// measures time.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "engine/games/connect4/connect4.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/games/reversi/reversi.h"
#include "engine/games/tictactoe/tictactoe.h"
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

struct ThreadedRun {
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
ThreadedRun run_threads(const G& position, search::SearchLimits limits, int threads, bool exact = false, int multipv = 1) {
  core::TranspositionTable table(4);
  search::Search<G> search(table);
  search::SearchOptions options;
  options.threads = threads;
  options.exact = exact;
  options.multipv = multipv;
  search::SearchCallbacks callbacks;
  ThreadedRun ran;
  callbacks.on_line = [&](const search::LineReport& line) { ran.lines.push_back(line); };
  core::StopSignal stop;
  ran.result = search.run(position, limits, options, callbacks, stop);
  return ran;
}

TYPED_TEST(ParallelSearchTest, SeveralThreadsReachTheDepthWithALegalMove) {
  using G = TypeParam;
  const G position = bench_position<G>();
  for (int threads : {2, 3}) {
    const ThreadedRun ran = run_threads(position, to_depth(5), threads);
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
  const ThreadedRun ran = run_threads(position, limits, 3);
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
  const ThreadedRun ran = run_threads(start, limits, 2, /*exact=*/true);
  EXPECT_TRUE(start.is_legal(ran.result.best_move));
}

TYPED_TEST(ParallelSearchTest, OneThreadIsDeterministic) {
  using G = TypeParam;
  const G position = bench_position<G>();
  const ThreadedRun first = run_threads(position, to_depth(5), 1);
  const ThreadedRun second = run_threads(position, to_depth(5), 1);
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
  test_games::TicTacToeOracle oracle;
  int searched = 0;
  for (const games::TicTacToe& position : test_games::TicTacToeOracle::reachable_positions()) {
    if (core::is_over(position.outcome()) || ++searched % 7 != 0) continue;
    const search::SearchResult result = search.run(position, {}, options, {}, stop);
    ASSERT_EQ(result.score, oracle.value(position)) << position.to_fen();
    EXPECT_EQ(oracle.value_after(position, result.best_move), oracle.value(position)) << position.to_fen();
  }
}

TEST(ParallelSearch, ReversiSplitPointsKeepEveryEndgameValue) {
  // Reversi shares a node's later moves with idle threads (young brothers wait).
  // Searched to the end of the game, every position has one value whatever the
  // threads do: FFO #1-#19 with four more plies played (10-12 empties), on one
  // thread and on two, which must open split points.
  std::ifstream in(std::string(NARABE_TEST_DATA_DIR) + "/reversi/fforum-1-19.obf");
  ASSERT_TRUE(in);
  std::string line;
  std::uint64_t split_points = 0;
  for (int number = 1; std::getline(in, line); ++number) {
    auto parsed = games::Reversi::from_obf(line);
    ASSERT_TRUE(parsed.ok()) << number;
    games::Reversi position = *parsed;
    for (int ply = 0; ply < 4; ++ply) {
      games::Reversi::MoveList moves;
      position.generate_moves(moves);
      position.make_move(moves[moves.size() / 2]);
    }
    const search::SearchLimits to_end = to_depth(position.max_remaining_plies());
    const ThreadedRun alone = run_threads(position, to_end, 1);
    core::TranspositionTable table(4);
    search::Search<games::Reversi> search(table);
    search::SearchOptions options;
    options.threads = 2;
    options.exact = false;
    core::StopSignal stop;
    const search::SearchResult shared = search.run(position, to_end, options, {}, stop);
    EXPECT_EQ(shared.score, alone.result.score) << "FFO #" << number << ": " << position.to_fen();
    EXPECT_TRUE(position.is_legal(shared.best_move)) << number;
    split_points += search.split_points();
  }
  EXPECT_GT(split_points, 0u);
}

TEST(ParallelSearch, MultiPvWithThreadsScoresEveryRootMove) {
  test_games::TicTacToeOracle oracle;
  const games::TicTacToe start;
  const ThreadedRun ran = run_threads(start, {}, 2, /*exact=*/true, /*multipv=*/9);
  ASSERT_GE(ran.lines.size(), 9u);
  for (auto line = ran.lines.end() - 9; line != ran.lines.end(); ++line) {
    EXPECT_EQ(line->depth, 9);
    EXPECT_EQ(line->score, oracle.value_after(start, line->pv.front())) << start.move_to_string(line->pv.front());
  }
}

TEST(ParallelSearch, HelpersSpreadOverTheNextDepths) {
  // The first helper searches every other depth (ahead of the main search half the
  // time); the next ones in other phases and spans, so no two of the first four
  // helpers skip the same depths.
  EXPECT_NE(search::helper_skips_depth(1, 3), search::helper_skips_depth(1, 4));
  EXPECT_NE(search::helper_skips_depth(1, 5), search::helper_skips_depth(2, 5));
  for (int a = 1; a <= 4; ++a)
    for (int b = a + 1; b <= 4; ++b) {
      bool differ = false;
      for (int depth = 3; depth < 12; ++depth)
        differ = differ || search::helper_skips_depth(a, depth) != search::helper_skips_depth(b, depth);
      EXPECT_TRUE(differ) << a << " and " << b;
    }
}

}  // namespace
}  // namespace narabe
