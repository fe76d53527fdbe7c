// The Connect Four solver: exact scores on Pons' published test sets, agreement with a
// brute-force solver on small boards, the engine-scale scores it reports, and the
// generic search's use of it at Level max (root proof, MultiPV, interruption).

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <unordered_map>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/connect4/connect4.h"
#include "engine/games/connect4/exact_solver.h"
#include "engine/games/connect4/solver.h"
#include "engine/search/search.h"
#include "tests/engine/games/slow_build.h"
#include "tests/engine/games/solver_thread_checks.h"

namespace narabe {
namespace {

using games::Connect4;
using games::connect4::ExactSolver;
using games::connect4::Solver;

struct TestLine {
  std::string moves;
  int score;
};

std::vector<TestLine> read_set(const std::string& name, std::size_t limit = 1000) {
  std::ifstream in(std::string(NARABE_TEST_DATA_DIR) + "/connect4/" + name);
  EXPECT_TRUE(in.good()) << "missing tests/data/connect4/" << name;
  std::vector<TestLine> lines;
  std::string moves;
  int score = 0;
  while (lines.size() < limit && in >> moves >> score) lines.push_back({moves, score});
  return lines;
}

Connect4 position_of(const std::string& moves, Connect4::Variant variant = {}) {
  auto game = Connect4::from_move_string(variant, moves);
  EXPECT_TRUE(game.ok()) << moves;
  return *game;
}

int sign(int v) { return (v > 0) - (v < 0); }

void expect_set_solved(const std::string& name, std::size_t limit, bool weak, int threads = 1) {
  Solver solver(7, 6, 16);
  solver.set_threads(threads);
  const auto lines = read_set(name, limit);
  ASSERT_EQ(lines.size(), limit);
  int correct = 0;
  for (const TestLine& line : lines) {
    const Connect4 game = position_of(line.moves);
    const auto score = solver.solve(game.current(), game.mask(), game.moves_played(), weak);
    ASSERT_TRUE(score.has_value());
    const int expected = weak ? sign(line.score) : line.score;
    EXPECT_EQ(*score, expected) << name << ": " << line.moves;
    correct += *score == expected;
  }
  EXPECT_EQ(correct, static_cast<int>(limit));
}

TEST(Connect4Solver, EndEasySetExactly) { expect_set_solved("Test_L3_R1", 1000, false); }
TEST(Connect4Solver, MiddleEasySetExactly) { expect_set_solved("Test_L2_R1", 1000, false); }
TEST(Connect4Solver, BeginEasySetExactly) { expect_set_solved("Test_L1_R1", 1000, false); }
TEST(Connect4Solver, MiddleMediumSetSliceExactly) { expect_set_solved("Test_L2_R2", 100, false); }
TEST(Connect4Solver, WeakModeGivesEverySign) {
  expect_set_solved("Test_L3_R1", 1000, true);
  expect_set_solved("Test_L2_R1", 1000, true);
  expect_set_solved("Test_L1_R1", 300, true);
}

// ---- Threads: the moves of nodes far from the leaves shared over the one table (young brothers wait).

TEST(Connect4Solver, TwoToFourThreadsSolveExactly) {
  const std::size_t count = NARABE_SLOW_BUILD ? 30 : 200;
  for (int threads : {2, 3, 4}) {
    expect_set_solved("Test_L2_R1", count, false, threads);
    expect_set_solved("Test_L1_R1", count / 4, false, threads);
    expect_set_solved("Test_L2_R1", count / 2, true, threads);
  }
}

TEST(Connect4Solver, ThreadsProveTheBestColumnAndEachMoveExactly) {
  const auto lines = read_set("Test_L2_R2", NARABE_SLOW_BUILD ? 3 : 10);
  Solver alone(7, 6, 16);
  Solver team(7, 6, 16);
  team.set_threads(3);
  for (const TestLine& line : lines) {
    const Connect4 game = position_of(line.moves);
    const auto score = team.solve(game.current(), game.mask(), game.moves_played());
    ASSERT_TRUE(score.has_value());
    EXPECT_EQ(*score, line.score) << line.moves;
    const int best = team.best_column();
    EXPECT_EQ(alone.solve_move(game.current(), game.mask(), game.moves_played(), best), line.score) << line.moves;
    Connect4::MoveList moves;
    game.generate_moves(moves);
    for (core::Move m : moves)
      EXPECT_EQ(team.solve_move(game.current(), game.mask(), game.moves_played(), m.value()),
                alone.solve_move(game.current(), game.mask(), game.moves_played(), m.value()))
          << line.moves << " column " << m.value();
  }
}

TEST(Connect4Solver, OneThreadRepeatsItsSearchNodeForNode) {
  const Connect4 game = position_of(read_set("Test_L1_R1", 1).at(0).moves);
  Solver solver(7, 6, 16);
  test_support::expect_one_thread_repeats(solver, [&](Solver& s) {
    EXPECT_TRUE(s.solve(game.current(), game.mask(), game.moves_played()).has_value());
  });
}

// The near-end tables of all threads come out of the memory given, so the solver
// holds what it is given whatever the thread count, also after it falls.
TEST(Connect4Solver, TablesStayWithinTheGivenMemoryWhateverTheThreadCount) {
  const Connect4 game = position_of(read_set("Test_L1_R1", 1).at(0).moves);
  for (const std::size_t megabytes : {1u, 3u, 16u}) {
    Solver solver(7, 6, megabytes);
    for (const int threads : {1, 2, 3, 4, 2, 1}) {
      SCOPED_TRACE(std::to_string(megabytes) + " MiB, " + std::to_string(threads) + " threads");
      solver.set_threads(threads);
      ASSERT_TRUE(solver.solve(game.current(), game.mask(), game.moves_played()).has_value());
      EXPECT_LE(solver.table_bytes(), megabytes << 20);
      EXPECT_GE(solver.table_bytes(), (megabytes << 20) * 3 / 4);  // and the memory is used
    }
  }
}

TEST(Connect4Solver, ANodeBudgetCountsTheNodesOfEveryThread) {
  constexpr int kThreads = 4;
  constexpr std::uint64_t kBudget = 50000;
  Solver solver(7, 6, 16);
  solver.set_threads(kThreads);
  solver.set_interrupts(nullptr, kBudget, std::nullopt);
  EXPECT_FALSE(solver.solve(0, 0, 0).has_value());  // the empty board: far beyond the budget
  // Each thread looks at the team's count every 4096 of its nodes.
  EXPECT_GE(solver.nodes(), kBudget);
  EXPECT_LT(solver.nodes(), kBudget + 2 * kThreads * 4096);
  EXPECT_GE(solver.best_column(), 0);
}

TEST(Connect4Solver, AStopOrAPassedDeadlineEndsEveryThread) {
  Solver solver(7, 6, 16);
  solver.set_threads(3);
  core::StopSignal stop;
  solver.set_interrupts(&stop, std::nullopt, std::nullopt);
  // Raised from the first progress report: the proof of the empty board is then far
  // from done, and solve() returns only once every thread has ended.
  solver.set_progress([](void* signal, int, int) { static_cast<core::StopSignal*>(signal)->request(); }, &stop);
  EXPECT_FALSE(solver.solve(0, 0, 0).has_value());
  solver.set_progress(nullptr, nullptr);
  solver.set_interrupts(nullptr, std::nullopt, core::SteadyClock::now());
  EXPECT_FALSE(solver.solve(0, 0, 0).has_value());
}

// A plain minimax over every line of play, memoised by position: no pruning, no
// ordering, nothing shared with the solver but the rules.
class BruteForce {
 public:
  int value(Connect4& game) {
    if (auto it = memo_.find(game.key()); it != memo_.end()) return it->second;
    const int cells = game.width() * game.height();
    Connect4::MoveList moves;
    game.generate_moves(moves);
    int best = moves.empty() ? 0 : -cells;
    for (core::Move m : moves) {
      const int before = game.moves_played();
      game.make_move(m);
      const bool won = core::is_over(game.outcome()) && game.outcome() != core::Outcome::kDraw;
      const int v = won ? (cells + 1 - before) / 2 : -value(game);
      game.unmake_move(m);
      best = std::max(best, v);
    }
    memo_.emplace(game.key(), best);
    return best;
  }

 private:
  std::unordered_map<std::uint64_t, int> memo_;
};

// Every static bound is a proof: late 6x5 positions have the room for several
// fours per side that aftereven and the claimeven bounds reason about (later
// ones, cheaper for the brute force, in the sanitizer and debug builds).
constexpr int kLate6x5 = NARABE_SLOW_BUILD ? 20 : 16;

TEST(Connect4Solver, SmallBoardsAgreeWithBruteForceOnEveryMove) {
  core::Rng rng(11);
  for (const auto& [width, height, min_moves] : std::vector<std::tuple<int, int, int>>{{4, 4, 0}, {5, 4, 4}, {4, 5, 4}, {6, 4, 10}, {6, 5, kLate6x5}}) {
    const Connect4::Variant variant{width, height};
    Solver solver(width, height, 1);
    BruteForce oracle;
    for (int game_number = 0; game_number < 25; ++game_number) {
      Connect4 game(variant);
      // A random opening, then check the position and every move from it.
      const int opening = min_moves + static_cast<int>(rng.below(4));
      for (int ply = 0; ply < opening && !core::is_over(game.outcome()); ++ply) {
        Connect4::MoveList moves;
        game.generate_moves(moves);
        game.make_move(moves[rng.below(moves.size())]);
      }
      if (core::is_over(game.outcome())) continue;
      Connect4 probe = game;
      const int exact = oracle.value(probe);
      EXPECT_EQ(solver.solve(game.current(), game.mask(), game.moves_played()), exact) << game.to_fen();
      Connect4::MoveList moves;
      game.generate_moves(moves);
      for (core::Move m : moves) {
        Connect4 after = game;
        after.make_move(m);
        const int cells = width * height;
        const int expected = core::is_over(after.outcome())
                                 ? (after.outcome() == core::Outcome::kDraw ? 0 : (cells + 1 - game.moves_played()) / 2)
                                 : -oracle.value(after);
        EXPECT_EQ(solver.solve_move(game.current(), game.mask(), game.moves_played(), m.value()), expected)
            << game.to_fen() << " move " << game.move_to_string(m);
      }
    }
  }
}

TEST(Connect4Solver, ScoresBecomeMateDistancesOnTheEngineScale) {
  // The empty 7x6 board is a first-player win with its 21st disc (Pons' score 1).
  EXPECT_EQ(core::mate_moves(ExactSolver::to_engine_score(1, 0, 42)), 21);
  // A win with the next disc: score (42 + 1 - n) / 2 with n discs down.
  EXPECT_EQ(ExactSolver::to_engine_score(18, 6, 42), core::win_in(1));
  EXPECT_EQ(ExactSolver::to_engine_score(18, 7, 42), core::win_in(1));
  // Lost to the opponent's next disc, its 8th on the board (score (43 - 8) / 2).
  EXPECT_EQ(ExactSolver::to_engine_score(-17, 7, 42), core::loss_in(2));
  EXPECT_EQ(core::mate_moves(ExactSolver::to_engine_score(-17, 7, 42)), -1);
  EXPECT_EQ(ExactSolver::to_engine_score(0, 10, 42), 0);
}

search::SearchResult run_max(const Connect4& game, int multipv, std::vector<search::LineReport>* lines,
                             const core::StopSignal& stop, search::SearchLimits limits = {}) {
  core::TranspositionTable table(4);
  search::Search<Connect4> search(table);
  search::SearchCallbacks callbacks;
  callbacks.on_line = [&](const search::LineReport& line) {
    if (lines) lines->push_back(line);
  };
  return search.run(game, limits, search::SearchOptions{multipv}, callbacks, stop);
}

TEST(Connect4Solver, MaxLevelProvesTheRootAndKeepsItsValue) {
  Solver solver(7, 6, 4);
  core::StopSignal stop;
  for (const TestLine& line : read_set("Test_L2_R1", 30)) {
    const Connect4 game = position_of(line.moves);
    std::vector<search::LineReport> lines;
    const auto result = run_max(game, 1, &lines, stop);
    ASSERT_FALSE(lines.empty());
    const search::LineReport& last = lines.back();
    EXPECT_EQ(last.bound, core::Bound::kExact);
    EXPECT_EQ(last.score, ExactSolver::to_engine_score(line.score, game.moves_played(), 42)) << line.moves;
    ASSERT_TRUE(game.is_legal(result.best_move));
    // The move played keeps the proven value.
    EXPECT_EQ(solver.solve_move(game.current(), game.mask(), game.moves_played(), result.best_move.value()),
              line.score)
        << line.moves;
  }
}

TEST(Connect4Solver, MultiPvShowsTheExactValueOfEveryColumn) {
  Solver solver(7, 6, 4);
  core::StopSignal stop;
  for (const TestLine& line : read_set("Test_L2_R1", 10)) {
    const Connect4 game = position_of(line.moves);
    std::vector<search::LineReport> lines;
    run_max(game, 7, &lines, stop);
    Connect4::MoveList moves;
    game.generate_moves(moves);
    ASSERT_EQ(lines.size(), moves.size()) << line.moves;
    for (std::size_t k = 0; k < lines.size(); ++k) {
      EXPECT_EQ(lines[k].multipv, static_cast<int>(k + 1));
      if (k > 0) {
        EXPECT_LE(lines[k].score, lines[k - 1].score) << "best first";
      }
      const auto exact = solver.solve_move(game.current(), game.mask(), game.moves_played(), lines[k].pv.front().value());
      ASSERT_TRUE(exact.has_value());
      EXPECT_EQ(lines[k].score, ExactSolver::to_engine_score(*exact, game.moves_played(), 42));
    }
    EXPECT_EQ(lines.front().score, ExactSolver::to_engine_score(line.score, game.moves_played(), 42));
  }
}

TEST(Connect4Solver, InterruptedProofStillAnswersWithALegalMove) {
  // The empty board takes far longer than these limits allow.
  core::StopSignal stop;
  search::SearchLimits nodes;
  nodes.nodes = 5000;
  const auto by_nodes = run_max(Connect4(), 1, nullptr, stop, nodes);
  EXPECT_TRUE(Connect4().is_legal(by_nodes.best_move));
  search::SearchLimits no_time;
  no_time.movetime = 0;
  EXPECT_TRUE(Connect4().is_legal(run_max(Connect4(), 1, nullptr, stop, no_time).best_move));
  core::StopSignal raised;
  raised.request();
  EXPECT_TRUE(Connect4().is_legal(run_max(Connect4(), 7, nullptr, raised).best_move));
}

TEST(Connect4Solver, MaxNeverLosesOnASmallBoardAgainstAnyReply) {
  // On 4x5 every line of play can be followed: the engine (at max) against every
  // possible reply, as either side, must reach at least the game's exact value.
  const Connect4::Variant variant{4, 5};
  core::TranspositionTable table(4);
  search::Search<Connect4> search(table);
  core::StopSignal stop;
  BruteForce oracle;
  std::map<std::uint64_t, core::Move> chosen;
  int games = 0;
  std::function<void(Connect4&, core::Side)> play = [&](Connect4& game, core::Side engine) {
    if (core::is_over(game.outcome())) {
      ++games;
      return;
    }
    Connect4::MoveList moves;
    game.generate_moves(moves);
    if (game.side_to_move() == engine) {
      auto it = chosen.find(game.key());
      if (it == chosen.end()) it = chosen.emplace(game.key(), search.run(game, {}, {}, {}, stop).best_move).first;
      Connect4 before = game;
      const int value = oracle.value(before);
      game.make_move(it->second);
      const bool won = core::is_over(game.outcome()) && game.outcome() != core::Outcome::kDraw;
      const int after = won ? value : -oracle.value(game);
      EXPECT_EQ(after, value) << before.to_fen();
      if (after == value) play(game, engine);
      game.unmake_move(it->second);
      return;
    }
    for (core::Move m : moves) {
      game.make_move(m);
      play(game, engine);
      game.unmake_move(m);
    }
  };
  for (core::Side engine : {core::Side::kFirst, core::Side::kSecond}) {
    Connect4 start(variant);
    play(start, engine);
  }
  EXPECT_GT(games, 100);
}

}  // namespace
}  // namespace narabe
