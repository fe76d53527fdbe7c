// Reversi's exact endgame solver (engine/games/reversi/endgame_solver.h) and its
// place in the generic search (exact_solver.h): the FFO endgame positions with their
// published scores and best moves, random small endgames against a plain minimax
// written here from the rules (no code shared with the engine), and `go` at Level
// max reporting the exact margin through the native protocol.

#include "engine/games/reversi/endgame_solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/reversi/exact_solver.h"
#include "engine/games/reversi/reversi.h"
#include "protocol/server/native_loop.h"
#include "protocol/server/output_channel.h"
#include "protocol/server/reversi_eval_file.h"
#include "tests/engine/games/slow_build.h"
#include "tests/engine/games/solver_thread_checks.h"

namespace narabe {
namespace {

using games::Reversi;
using games::reversi::EndgameSolver;

struct FfoPosition {
  int number = 0;
  std::string line;
  int score = 0;                          // the position's exact value
  std::vector<std::string> best_moves;  // lower case, every move with that value
};

std::vector<FfoPosition> load_ffo(const std::string& name, int first_number) {
  std::vector<FfoPosition> out;
  std::ifstream in(std::string(NARABE_TEST_DATA_DIR) + "/reversi/" + name);
  EXPECT_TRUE(in) << name;
  std::string line;
  int number = first_number;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \r") == std::string::npos) continue;
    FfoPosition p;
    p.number = number++;
    p.line = line;
    bool first = true;
    for (std::size_t at = line.find(';'); at != std::string::npos;) {
      const std::size_t colon = line.find(':', at);
      if (colon == std::string::npos) break;
      std::string move = line.substr(at + 1, colon - at - 1);
      move.erase(std::remove(move.begin(), move.end(), ' '), move.end());
      for (char& c : move) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      const int score = std::stoi(line.substr(colon + 1));
      if (first) p.score = score;
      if (score == p.score) p.best_moves.push_back(move);
      first = false;
      at = line.find(';', colon);
    }
    out.push_back(p);
  }
  return out;
}

void expect_solved(EndgameSolver& solver, const FfoPosition& p) {
  auto game = Reversi::from_obf(p.line);
  ASSERT_TRUE(game.ok()) << p.number;
  solver.clear_table();
  const auto score = solver.solve(game->player(), game->opponent());
  ASSERT_TRUE(score.has_value()) << "FFO #" << p.number;
  EXPECT_EQ(*score, p.score) << "FFO #" << p.number;
  const std::string move = Reversi::cell_name(solver.best_move());
  EXPECT_NE(std::find(p.best_moves.begin(), p.best_moves.end(), move), p.best_moves.end())
      << "FFO #" << p.number << ": " << move;
  // The weak solve agrees on the sign.
  const auto wld = solver.solve_wld(game->player(), game->opponent());
  ASSERT_TRUE(wld.has_value());
  EXPECT_EQ(*wld, p.score > 0 ? 2 : p.score < 0 ? -2 : 0) << "FFO #" << p.number;
}

TEST(ReversiEndgame, SolvesFfo1To19WithTheListedScoreAndABestMove) {
  const auto positions = load_ffo("fforum-1-19.obf", 1);
  ASSERT_EQ(positions.size(), 19u);
  EndgameSolver solver(16);
  // Under a sanitizer or without optimisation, the 14-empty ones (#1-#7) only.
  const std::size_t count = NARABE_SLOW_BUILD ? 7 : positions.size();
  for (std::size_t i = 0; i < count; ++i) expect_solved(solver, positions[i]);
}

TEST(ReversiEndgame, SolvesFastPositionsOfFfo20To39) {
  const auto positions = load_ffo("fforum-20-39.obf", 20);
  ASSERT_EQ(positions.size(), 20u);
  EndgameSolver solver(16);
  // #20 (6 empties), #21 (15), #23 (18), #29 (20); the slow builds stop at #23, whose
  // moves are sorted by searches on the evaluation (from 14 empties on).
  std::vector<int> numbers = {20, 21, 23};
  if (!NARABE_SLOW_BUILD) numbers.push_back(29);
  for (int n : numbers) expect_solved(solver, positions[static_cast<std::size_t>(n - 20)]);
}

// With the shipped trained weights the moves are sorted by searches on the pattern
// evaluation (from 14 empties on: 1 ply at 14-15, 2 at 16-17, 3 at 18-19, 4 from 20), not on
// the simple one as in the tests above: the order changes, the scores and best
// moves must not.
TEST(ReversiEndgame, TheTrainedEvaluationsOrderSolvesExactly) {
  const auto weights = server::load_reversi_weights(std::string(NARABE_TEST_DATA_DIR) +
                                                    "/../../engine/games/reversi/reversi_eval.bin");
  ASSERT_TRUE(weights.ok());
  EndgameSolver solver(16);
  solver.set_weights(weights->get());
  const auto first = load_ffo("fforum-1-19.obf", 1);
  ASSERT_EQ(first.size(), 19u);
  // #1-#7 have 14 empties, #8-#12 15, #13-#19 16; the slow builds take #1 and #13.
  for (std::size_t i = 0; i < first.size(); ++i)
    if (!NARABE_SLOW_BUILD || i == 0 || i == 12) expect_solved(solver, first[i]);
  const auto second = load_ffo("fforum-20-39.obf", 20);
  ASSERT_EQ(second.size(), 20u);
  std::vector<int> numbers = {20, 21};  // 6 and 15 empties
  if (!NARABE_SLOW_BUILD) numbers.insert(numbers.end(), {23, 29});  // 18 and 20 empties
  for (int n : numbers) expect_solved(solver, second[static_cast<std::size_t>(n - 20)]);
}

// ---- Threads: the moves of nodes far from the leaves shared over the one table (young brothers wait).

TEST(ReversiEndgame, TwoToFourThreadsSolveExactly) {
  const auto easy = load_ffo("fforum-1-19.obf", 1);
  const auto harder = load_ffo("fforum-20-39.obf", 20);
  for (int threads : {2, 3, 4}) {
    EndgameSolver solver(16);
    solver.set_threads(threads);
    for (std::size_t i = 0; i < (NARABE_SLOW_BUILD ? 3u : easy.size()); ++i) expect_solved(solver, easy[i]);
    expect_solved(solver, harder[0]);  // #20: 6 empties, below where the threads split
    if (!NARABE_SLOW_BUILD) expect_solved(solver, harder[3]);  // #23: 18 empties
  }
}

TEST(ReversiEndgame, OneThreadRepeatsItsSearchNodeForNode) {
  auto game = Reversi::from_obf(load_ffo("fforum-1-19.obf", 1).at(0).line);
  ASSERT_TRUE(game.ok());
  EndgameSolver solver(16);
  test_support::expect_one_thread_repeats(solver, [&](EndgameSolver& s) {
    EXPECT_TRUE(s.solve(game->player(), game->opponent()).has_value());
  });
}

TEST(ReversiEndgame, ANodeBudgetCountsTheNodesOfEveryThread) {
  constexpr int kThreads = 4;
  constexpr std::uint64_t kBudget = 50000;
  auto game = Reversi::from_obf(load_ffo("fforum-40-59.obf", 40).at(0).line);  // FFO #40, 20 empties
  ASSERT_TRUE(game.ok());
  EndgameSolver solver(16);
  solver.set_threads(kThreads);
  solver.set_interrupts(nullptr, kBudget, std::nullopt);
  EXPECT_FALSE(solver.solve(game->player(), game->opponent()).has_value());
  // Each thread looks at the team's count every 4096 of its nodes.
  EXPECT_GE(solver.nodes(), kBudget);
  EXPECT_LT(solver.nodes(), kBudget + 2 * kThreads * 4096);
  ASSERT_GE(solver.best_move(), 0);
  EXPECT_NE(game->legal_cells() & (std::uint64_t{1} << solver.best_move()), 0u);
}

TEST(ReversiEndgame, AStopOrAPassedDeadlineEndsEveryThread) {
  auto game = Reversi::from_obf(load_ffo("fforum-40-59.obf", 40).at(0).line);
  ASSERT_TRUE(game.ok());
  EndgameSolver solver(16);
  solver.set_threads(3);
  core::StopSignal stop;
  solver.set_interrupts(&stop, std::nullopt, std::nullopt);
  // Raised from the first progress report (the sign of FFO #40 proven, its margin
  // not yet): solve() returns only once every thread has ended.
  solver.set_progress([](void* signal, int, int) { static_cast<core::StopSignal*>(signal)->request(); }, &stop);
  EXPECT_FALSE(solver.solve(game->player(), game->opponent()).has_value());
  solver.set_progress(nullptr, nullptr);
  solver.set_interrupts(nullptr, std::nullopt, core::SteadyClock::now());
  EXPECT_FALSE(solver.solve(game->player(), game->opponent()).has_value());
}

// ---- A plain minimax from the rules, on an 8x8 array (nothing from the engine). ----

struct Board {
  std::array<int, 64> cell{};  // +1 the side to move, -1 the other, 0 empty
};

int flip_count_and_apply(Board& b, int at, bool apply) {
  if (b.cell[static_cast<std::size_t>(at)] != 0) return 0;
  const int row = at / 8, col = at % 8;
  int total = 0;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      if (dr == 0 && dc == 0) continue;
      int r = row + dr, c = col + dc, run = 0;
      while (r >= 0 && r < 8 && c >= 0 && c < 8 && b.cell[static_cast<std::size_t>(r * 8 + c)] == -1) {
        r += dr, c += dc, ++run;
      }
      if (run == 0 || r < 0 || r >= 8 || c < 0 || c >= 8 || b.cell[static_cast<std::size_t>(r * 8 + c)] != 1) continue;
      total += run;
      if (apply)
        for (int k = 1; k <= run; ++k) b.cell[static_cast<std::size_t>((row + k * dr) * 8 + col + k * dc)] = 1;
    }
  }
  if (apply && total > 0) b.cell[static_cast<std::size_t>(at)] = 1;
  return total;
}

Board swapped(const Board& b) {
  Board s;
  for (std::size_t i = 0; i < 64; ++i) s.cell[i] = -b.cell[i];
  return s;
}

bool can_move(Board b) {
  for (int at = 0; at < 64; ++at)
    if (flip_count_and_apply(b, at, false) > 0) return true;
  return false;
}

int brute_force(const Board& b) {
  int best = -100;
  for (int at = 0; at < 64; ++at) {
    Board next = b;
    if (flip_count_and_apply(next, at, true) == 0) continue;
    best = std::max(best, -brute_force(swapped(next)));
  }
  if (best > -100) return best;
  const Board other = swapped(b);
  if (can_move(other)) return -brute_force(other);
  int own = 0, theirs = 0;
  for (int v : b.cell) own += v == 1, theirs += v == -1;
  const int empties = 64 - own - theirs;
  return own > theirs ? own - theirs + empties : own < theirs ? own - theirs - empties : 0;
}

Board to_board(const Reversi& game) {
  Board b;
  for (int i = 0; i < 64; ++i) {
    const std::uint64_t bit = std::uint64_t{1} << i;
    b.cell[static_cast<std::size_t>(i)] = (game.player() & bit) ? 1 : (game.opponent() & bit) ? -1 : 0;
  }
  return b;
}

// Random play from the start down to `target` empties (or the game's end).
Reversi random_play(core::Rng& rng, int target) {
  Reversi game;
  while (!core::is_over(game.outcome()) && game.empties() > target) {
    Reversi::MoveList moves;
    game.generate_moves(moves);
    game.make_move(moves[static_cast<std::size_t>(rng.below(moves.size()))]);
  }
  return game;
}

// The solver's margin and weak solve from a cold table agree with `expected`.
void expect_solves(EndgameSolver& solver, const Reversi& game, int expected) {
  solver.clear_table();
  const auto score = solver.solve(game.player(), game.opponent());
  ASSERT_TRUE(score.has_value());
  EXPECT_EQ(*score, expected) << game.to_fen();
  const auto wld = solver.solve_wld(game.player(), game.opponent());
  ASSERT_TRUE(wld.has_value());
  EXPECT_EQ(*wld, expected > 0 ? 2 : expected < 0 ? -2 : 0) << game.to_fen();
}

TEST(ReversiEndgame, RandomEndgamesAgreeWithPlainMinimax) {
  core::Rng rng(20261130);
  EndgameSolver solver(1);
  games::reversi::ExactSolver adapter(Reversi(), 1);
  int checked = 0, passes = 0;
  const int games = NARABE_SLOW_BUILD ? 40 : 150;
  for (int g = 0; g < games; ++g) {
    // Random play down to 5..9 empties (the shallow code and the table's threshold;
    // 5..7 in the slow builds, where the plain minimax is the cost).
    const int target = 5 + static_cast<int>(rng.below(NARABE_SLOW_BUILD ? 3 : 5));
    const Reversi game = random_play(rng, target);
    if (game.legal_cells() == 0) ++passes;
    const int expected = brute_force(to_board(game));
    expect_solves(solver, game, expected);
    // The search's adapter: the same value in hundredths of a disc, a legal move
    // (the pass when it is the only one).
    const auto engine_score = adapter.solve(game);
    ASSERT_TRUE(engine_score.has_value());
    EXPECT_EQ(*engine_score, expected * 100);
    if (!core::is_over(game.outcome())) {
      EXPECT_TRUE(game.is_legal(adapter.best_move())) << game.to_fen();
      if (game.legal_cells() == 0) {
        EXPECT_EQ(adapter.best_move(), Reversi::kPass);
      }
    }
    // The best move reaches the value.
    if (!core::is_over(game.outcome())) {
      ASSERT_TRUE(solver.solve(game.player(), game.opponent()).has_value());
      const int cell = solver.best_move();
      Board b = to_board(game);
      if (cell == EndgameSolver::kPass) {
        EXPECT_FALSE(can_move(b));
        EXPECT_EQ(-brute_force(swapped(b)), expected);
      } else {
        ASSERT_GT(flip_count_and_apply(b, cell, true), 0) << game.to_fen();
        EXPECT_EQ(-brute_force(swapped(b)), expected) << game.to_fen() << " " << cell;
      }
    }
    ++checked;
  }
  EXPECT_EQ(checked, games);
  // The full run's seed reaches positions where the side to move must pass; the
  // slow builds' 40 games happen not to.
  if (!NARABE_SLOW_BUILD) {
    EXPECT_GT(passes, 0);
  }
}

TEST(ReversiEndgame, RandomLastFourEmptiesAgreeWithPlainMinimax) {
  // Roots of 1-4 empties: the unrolled last-N code (EndgameSolver::last_n) at the
  // top, passes and finished games included, against the plain minimax.
  core::Rng rng(20261201);
  EndgameSolver solver(1);
  int passes = 0;
  for (int g = 0; g < 400; ++g) {
    const int target = 1 + static_cast<int>(rng.below(4));
    const Reversi game = random_play(rng, target);
    if (game.legal_cells() == 0) ++passes;
    const int expected = brute_force(to_board(game));
    expect_solves(solver, game, expected);
  }
  EXPECT_GT(passes, 0);
}

TEST(ReversiEndgame, InterruptedSolveAnswersNothingButKeepsALegalMove) {
  const auto positions = load_ffo("fforum-40-59.obf", 40);
  auto game = Reversi::from_obf(positions.at(0).line);  // FFO #40, 20 empties
  ASSERT_TRUE(game.ok());
  EndgameSolver solver(1);
  solver.set_interrupts(nullptr, 10000, std::nullopt);
  EXPECT_FALSE(solver.solve(game->player(), game->opponent()).has_value());
  ASSERT_GE(solver.best_move(), 0);
  EXPECT_NE(game->legal_cells() & (std::uint64_t{1} << solver.best_move()), 0u);
}

TEST(ReversiEndgame, TheSearchUsesTheSolverOnlyWhenItShouldEndWithinTheLimits) {
  using games::reversi::ExactSolver;
  const auto positions = load_ffo("fforum-40-59.obf", 40);
  auto deep = Reversi::from_obf(positions.at(0).line);  // 20 empties
  ASSERT_TRUE(deep.ok());
  EXPECT_TRUE(ExactSolver::applies(*deep, std::nullopt, std::nullopt));
  EXPECT_FALSE(ExactSolver::applies(*deep, 10, std::nullopt));
  EXPECT_FALSE(ExactSolver::applies(*deep, std::nullopt, 1000));
  EXPECT_FALSE(ExactSolver::applies(Reversi(), std::nullopt, std::nullopt));  // 60 empties
  const auto small = load_ffo("fforum-20-39.obf", 20);
  auto six = Reversi::from_obf(small.at(0).line);  // FFO #20, 6 empties
  ASSERT_TRUE(six.ok());
  EXPECT_TRUE(ExactSolver::applies(*six, 1, 1));
  EXPECT_EQ(ExactSolver::to_engine_score(38), 3800);
}

// ---- `go` at Level max through the native protocol. ----

TEST(ReversiEndgame, GoAtLevelMaxReportsTheExactMarginAndABestMove) {
  server::CapturedOutput out;
  server::NativeLoop loop{out};
  const auto positions = load_ffo("fforum-1-19.obf", 1);
  auto game = Reversi::from_obf(positions.at(0).line);  // FFO #1: G8 +18
  ASSERT_TRUE(game.ok());
  for (std::string line : {std::string("setoption name Hash value 1"), std::string("setoption name Level value max"),
                           std::string("newgame reversi"), "position fen " + game->to_fen()})
    ASSERT_TRUE(loop.handle_line(line)) << line;
  out.take();
  ASSERT_TRUE(loop.handle_line("go movetime 20000"));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (loop.searching() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_FALSE(loop.searching());
  const auto lines = out.take();
  std::string last_info, best;
  for (const std::string& line : lines) {
    if (line.rfind("info depth", 0) == 0) last_info = line;
    if (line.rfind("bestmove ", 0) == 0) best = line;
  }
  std::string all;
  for (const std::string& line : lines) all += line + "\n";
  // The proof ends by itself, well before the movetime: an exact score, no bound.
  EXPECT_NE(last_info.find(" score cp 1800 nodes "), std::string::npos) << all;
  EXPECT_EQ(best.substr(0, 11), "bestmove g8") << all;
}

}  // namespace
}  // namespace narabe
