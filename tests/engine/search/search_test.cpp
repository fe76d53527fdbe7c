// The generic search, exercised on tic-tac-toe where an independent brute-force
// solver knows every exact value: scores (with win/loss distance), MultiPV, limits,
// stop and the reports it makes.

#include <gtest/gtest.h>

#include <thread>

#include "engine/games/tictactoe/tictactoe.h"
#include "engine/search/search.h"
#include "tests/engine/games/tictactoe/tictactoe_oracle.h"

namespace narabe {
namespace {

using games::TicTacToe;
using test_games::TicTacToeOracle;

TicTacToe from_fen(const char* fen) {
  auto game = TicTacToe::from_fen({}, fen);
  EXPECT_TRUE(game.ok()) << fen;
  return *game;
}

struct Ran {
  search::SearchResult result;
  std::vector<search::LineReport> lines;
};

Ran run(const TicTacToe& game, search::SearchLimits limits, int multipv = 1) {
  core::TranspositionTable table(1);
  auto search = std::make_unique<search::Search<TicTacToe>>(table);
  Ran ran;
  search::SearchCallbacks callbacks;
  callbacks.on_line = [&](const search::LineReport& line) { ran.lines.push_back(line); };
  core::StopSignal stop;
  ran.result = search->run(game, limits, search::SearchOptions{multipv}, callbacks, stop);
  return ran;
}

TEST(Search, EmptyBoardIsAProvenDraw) {
  const Ran ran = run(TicTacToe(), {});
  EXPECT_EQ(ran.result.score, 0);
  EXPECT_EQ(ran.result.depth, 9);
  ASSERT_FALSE(ran.lines.empty());
  EXPECT_EQ(ran.lines.back().pv.size(), 9u) << "a drawn game is played to the full board";
}

TEST(Search, ScoresEqualTheBruteForceValueEverywhere) {
  // One shared table across all positions also checks that distance-adjusted
  // scores stored at one ply are read back correctly at another.
  core::TranspositionTable table(1);
  search::Search<TicTacToe> search(table);
  core::StopSignal stop;
  TicTacToeOracle oracle;
  for (const TicTacToe& position : TicTacToeOracle::reachable_positions()) {
    if (core::is_over(position.outcome())) continue;
    const search::SearchResult result = search.run(position, {}, {}, {}, stop);
    ASSERT_EQ(result.score, oracle.value(position)) << position.to_fen();
    EXPECT_EQ(oracle.value_after(position, result.best_move), oracle.value(position)) << position.to_fen();
  }
}

TEST(Search, PrefersTheShortestWinAndTheLongestLoss) {
  // X can win at once at c3 (or more slowly elsewhere).
  const Ran win = run(from_fen("xx1/oo1/3 x"), {});
  EXPECT_EQ(win.result.best_move, core::Move(8));
  EXPECT_EQ(win.result.score, core::win_in(1));
  EXPECT_EQ(core::mate_moves(win.result.score), 1);
  // O to move cannot stop both of X's threats: it loses on X's next move.
  const Ran loss = run(from_fen("x1x/1o1/x1o o"), {});
  EXPECT_TRUE(core::is_loss(loss.result.score));
  EXPECT_EQ(core::mate_moves(loss.result.score), -1);
}

TEST(Search, MultiPvScoresEveryRootMoveExactly) {
  TicTacToeOracle oracle;
  const TicTacToe start;
  const Ran ran = run(start, {}, 9);
  std::vector<search::LineReport> last(ran.lines.end() - 9, ran.lines.end());
  for (int k = 0; k < 9; ++k) {
    const search::LineReport& line = last[static_cast<std::size_t>(k)];
    EXPECT_EQ(line.multipv, k + 1);
    EXPECT_EQ(line.depth, 9);
    ASSERT_FALSE(line.pv.empty());
    EXPECT_EQ(line.score, oracle.value_after(start, line.pv.front())) << start.move_to_string(line.pv.front());
    if (k > 0) {
      EXPECT_LE(line.score, last[static_cast<std::size_t>(k - 1)].score) << "best first";
    }
  }
  // Every legal move appears once.
  std::uint16_t moves = 0;
  for (const auto& line : last) moves |= static_cast<std::uint16_t>(1u << line.pv.front().value());
  EXPECT_EQ(moves, 0777);
}

TEST(Search, DepthLimitIsKept) {
  search::SearchLimits limits;
  limits.depth = 3;
  const Ran ran = run(TicTacToe(), limits);
  EXPECT_EQ(ran.result.depth, 3);
  EXPECT_EQ(ran.lines.size(), 3u);
  for (std::size_t i = 0; i < ran.lines.size(); ++i) EXPECT_EQ(ran.lines[i].depth, static_cast<int>(i + 1));
}

TEST(Search, NodeLimitIsKeptAndStillGivesALegalMove) {
  for (std::uint64_t nodes : {1u, 10u, 100u, 1000u}) {
    search::SearchLimits limits;
    limits.nodes = nodes;
    const Ran ran = run(TicTacToe(), limits);
    EXPECT_LE(ran.result.nodes, nodes + 1) << nodes;
    EXPECT_TRUE(TicTacToe().is_legal(ran.result.best_move)) << nodes;
  }
}

TEST(Search, NoTimeLeftStillGivesALegalMove) {
  search::SearchLimits limits;
  limits.time[0] = 0;
  const Ran ran = run(TicTacToe(), limits);
  EXPECT_TRUE(TicTacToe().is_legal(ran.result.best_move));
  search::SearchLimits movetime;
  movetime.movetime = 0;
  EXPECT_TRUE(TicTacToe().is_legal(run(TicTacToe(), movetime).result.best_move));
}

TEST(Search, StopRaisedBeforeTheStartAnswersWithALegalMove) {
  core::TranspositionTable table(1);
  search::Search<TicTacToe> search(table);
  core::StopSignal stop;
  stop.request();
  const auto result = search.run(TicTacToe(), {}, {}, {}, stop);
  EXPECT_TRUE(TicTacToe().is_legal(result.best_move));
}

TEST(Search, InfiniteWaitsForStop) {
  core::TranspositionTable table(1);
  search::Search<TicTacToe> search(table);
  core::StopSignal stop;
  search::SearchLimits limits;
  limits.infinite = true;
  std::atomic<bool> returned{false};
  std::thread runner([&] {
    search.run(TicTacToe(), limits, {}, {}, stop);
    returned = true;
  });
  // The tree is exhausted in microseconds; the search must still wait.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(returned.load());
  stop.request();
  runner.join();
  EXPECT_TRUE(returned.load());
}

TEST(Search, FinishedGameHasNoBestMove) {
  const Ran ran = run(from_fen("xxx/oo1/3 o"), {});
  EXPECT_TRUE(ran.result.best_move.is_null());
  EXPECT_TRUE(ran.lines.empty());
}

TEST(Search, ReportsGrowMonotonically) {
  const Ran ran = run(TicTacToe(), {});
  for (std::size_t i = 1; i < ran.lines.size(); ++i) {
    EXPECT_GT(ran.lines[i].depth, ran.lines[i - 1].depth);
    EXPECT_GE(ran.lines[i].nodes, ran.lines[i - 1].nodes);
    EXPECT_GE(ran.lines[i].seldepth, ran.lines[i].depth);
  }
  for (const auto& line : ran.lines) {
    EXPECT_GE(line.hashfull, 0);
    EXPECT_LE(line.hashfull, 1000);
  }
}

TEST(Search, SameSearchSameNodeCount) {
  // The bench relies on this: node counts are a signature of the search.
  EXPECT_EQ(run(TicTacToe(), {}).result.nodes, run(TicTacToe(), {}).result.nodes);
}

}  // namespace
}  // namespace narabe
