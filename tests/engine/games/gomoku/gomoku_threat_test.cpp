// Gomoku's incremental line patterns (pattern_board.h) and threat solver
// (threat_solver.h): patterns kept stone by stone equal a fresh board's; the line
// shapes agree with the rules' line reading; the solver proves the renju mate
// problems it should (each line replayed through the rules), finds the plain wins
// under every rule, none where there is none, and Level max reports the proofs as
// mates.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/core/transposition_table.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/games/gomoku/line_patterns.h"
#include "engine/games/gomoku/pattern_board.h"
#include "engine/games/gomoku/threat_solver.h"
#include "engine/search/search.h"
#include "tests/engine/games/gomoku/pattern_board_walk.h"
#include "tests/engine/games/slow_build.h"
#include "tests/support/positions.h"
#include "tools/gomoku_mate/mate_problem.h"

namespace narabe {
namespace {

using test_positions::gomoku_from_fen;

using games::Gomoku;
using namespace games::gomoku;

void expect_same_patterns(const PatternBoard& kept, Rule rule, int size) {
  const PatternBoard fresh(kept.cells(), rule);
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) {
      const int at = cell_index(file, rank);
      for (int d = 0; d < 4; ++d) {
        ASSERT_EQ(kept.key(at, d), fresh.key(at, d)) << at << " " << d;
        if (kept.cell(at) != kEmpty) continue;
        for (const Cell colour : {kBlack, kWhite}) ASSERT_EQ(kept.shape(at, d, colour), fresh.shape(at, d, colour));
      }
    }
  for (const Cell colour : {kBlack, kWhite})
    for (int s = 0; s < kShapeCount; ++s)
      ASSERT_EQ(kept.count(colour, static_cast<Shape>(s)), fresh.count(colour, static_cast<Shape>(s)));
}

TEST(GomokuPatterns, IncrementalEqualsRecomputedAfterRandomPlacesAndRemoves) {
  core::Rng rng(20261130);
  const int games = NARABE_SLOW_BUILD ? 2 : 12;
  for (const Rule rule : kAllRules)
    for (const int size : {15, 7, 22}) {
      for (int g = 0; g < games; ++g) {
        PatternBoard board(PatternBoard::empty_cells(size), rule);
        test_support::random_pattern_walk(board, size, rng, [&](int step, int steps) {
          if (step % 9 == 0 || step + 1 == steps) expect_same_patterns(board, rule, size);
        });
      }
    }
}

TEST(GomokuPatterns, TheQuickTestOfAPointsFourShapesAgreesWithReadingThem) {
  core::Rng rng(20261207);
  for (const Rule rule : {Rule::kFreestyle, Rule::kRenju}) {
    PatternBoard board(PatternBoard::empty_cells(15), rule);
    int checked = 0;
    test_support::random_pattern_walk(board, 15, rng, [&](int, int) {
      for (int at = 0; at < kCells; ++at) {
        if (board.cell(at) != kEmpty) continue;
        for (const Cell colour : {kBlack, kWhite}) {
          int strongest = kNone;
          for (int d = 0; d < 4; ++d) strongest = std::max<int>(strongest, board.shape(at, d, colour));
          for (int weakest = kBlockedThree; weakest < kShapeCount; ++weakest) {
            ASSERT_EQ(board.has_shape_at_least(at, colour, static_cast<Shape>(weakest)), strongest >= weakest)
                << at << " " << weakest;
            checked += strongest >= weakest;
          }
        }
      }
    });
    EXPECT_GT(checked, 1000);  // the walks make shapes of every kind, not only empty lines
  }
}

TEST(GomokuPatterns, ShapesAgreeWithTheRulesLineReading) {
  core::Rng rng(7);
  const int boards = NARABE_SLOW_BUILD ? 3 : 30;
  for (const Rule rule : kAllRules)
    for (int b = 0; b < boards; ++b) {
      PatternBoard board(PatternBoard::empty_cells(15), rule);
      for (int i = 0; i < 70; ++i) {
        const int at = cell_index(static_cast<int>(rng.below(9)) + 3, static_cast<int>(rng.below(9)) + 3);
        if (board.cell(at) == kEmpty) board.place(at, i % 2 == 0 ? kBlack : kWhite);
      }
      Cells cells = board.cells();
      for (int at = 0; at < kCells; ++at) {
        if (cells[static_cast<std::size_t>(at)] != kEmpty) continue;
        for (const Cell colour : {kBlack, kWhite})
          for (int d = 0; d < 4; ++d) {
            const int step = kDirections[static_cast<std::size_t>(d)];
            const Shape shape = board.shape(at, d, colour);
            const int length = run_length(cells, at, step, colour);
            EXPECT_EQ(shape == kFive, run_wins(rule, colour, length));
            if (shape == kFive || length >= 6) continue;
            cells[static_cast<std::size_t>(at)] = colour;
            const int fours = fours_in_line(win_points_in_line(cells, at, step, colour, rule), step);
            cells[static_cast<std::size_t>(at)] = kEmpty;
            const int expected = shape == kFour || shape == kFlexFour ? 1 : shape == kDoubleFour ? 2 : 0;
            EXPECT_EQ(fours, expected) << "shape " << int(shape) << " at " << at << " dir " << d;
          }
      }
    }
}

TEST(GomokuPatterns, OpenThreeFourAndOverlineShapes) {
  // Black x at d8, e8, f8 on row 8 of 15x15; White o at j8 (and two far away).
  const Gomoku game = gomoku_from_fen("o14/15/15/15/15/15/15/3xxx3o5/15/15/15/15/15/15/o14 x", Rule::kRenju);
  const PatternBoard board(game.cells(), Rule::kRenju);
  const int c8 = game.cell_from_name("c8"), h8 = game.cell_from_name("h8"), b8 = game.cell_from_name("b8");
  EXPECT_EQ(board.shape(c8, 0, kBlack), kFlexFour);  // .xxxx. from b8 to g8
  EXPECT_EQ(board.shape(h8, 0, kBlack), kFour);      // xxx.x: only g8 completes
  EXPECT_EQ(board.shape(b8, 0, kBlack), kFour);      // x.xxx: only c8 completes
  EXPECT_EQ(board.shape(c8, 0, kWhite), kNone);
  EXPECT_EQ(board.shape(game.cell_from_name("d7"), 0, kBlack), kNone);

  // Six in a row is Black's overline under renju, a five for White and in freestyle.
  const Gomoku six = gomoku_from_fen("o1o1o1o1o6/15/15/15/15/15/15/2xx1xxx7/15/15/15/15/15/15/15 x", Rule::kRenju);
  const int e8 = six.cell_from_name("e8");
  EXPECT_EQ(PatternBoard(six.cells(), Rule::kRenju).shape(e8, 0, kBlack), kOverline);
  EXPECT_EQ(PatternBoard(six.cells(), Rule::kFreestyle).shape(e8, 0, kBlack), kFive);
  EXPECT_EQ(PatternBoard(six.cells(), Rule::kStandard).shape(e8, 0, kBlack), kOverline);
}

std::vector<tools::MateProblem> mate_problems() {
  std::ifstream in(std::string(NARABE_TEST_DATA_DIR) + "/gomoku/renju_mate_problems.jsonl");
  EXPECT_TRUE(in);
  std::vector<tools::MateProblem> problems;
  std::string line;
  while (std::getline(in, line)) {
    auto problem = tools::parse_mate_problem(line);
    EXPECT_TRUE(problem) << (problem ? "" : problem.error());
    if (problem) problems.push_back(*problem);
  }
  return problems;
}

// The problem `id` of the test data (an empty problem, and a failure, if missing).
tools::MateProblem mate_problem(const std::string& id) {
  const auto problems = mate_problems();
  const auto it = std::find_if(problems.begin(), problems.end(), [&](const auto& p) { return p.id == id; });
  EXPECT_NE(it, problems.end()) << id;
  return it != problems.end() ? *it : tools::MateProblem{};
}

TEST(GomokuThreatSolver, ProvesTheFastRenjuMateProblems) {
  // Each of these takes well under a tenth of a second (docs/gomoku.md has the times).
  struct Expected {
    const char* id;
    int attacker_moves;
  };
  std::vector<Expected> fast = {
      {"quintet-test_vcf_white", 6},          {"quintet-test_vcf_not_opponent_double_four", 4},
      {"quintet-test_vcf_counter", 4},        {"quintet-test_vct_white", 5},
      {"quintet-test_vct_dual_forbiddens", 6}, {"quintet-readme_vcf", 8},
      {"quintet-test_vcf_black", 13},         {"quintet-test_vct_black", 5},
      {"quintet-test_vct_counter", 5},        {"quintet-test_vct_forbidden_breaker", 5},
  };
  if (NARABE_SLOW_BUILD) fast.resize(5);
  const auto problems = mate_problems();
  ASSERT_EQ(problems.size(), 17u);
  ThreatSolver solver(4);
  for (const Expected& e : fast) {
    const auto it = std::find_if(problems.begin(), problems.end(), [&](const auto& p) { return p.id == e.id; });
    ASSERT_NE(it, problems.end()) << e.id;
    solver.clear();
    ThreatResult result = solver.solve(it->cells, tools::MateProblem::kSize, tools::MateProblem::kRule,
                                       it->to_move, ThreatMode::kVcf, 40);
    if (!result.proven && it->mode == "VCT")
      result = solver.solve(it->cells, tools::MateProblem::kSize, tools::MateProblem::kRule, it->to_move,
                            ThreatMode::kVct, 10);
    ASSERT_TRUE(result.proven) << e.id;
    EXPECT_EQ(result.attacker_moves, e.attacker_moves) << e.id;
    EXPECT_TRUE(tools::line_wins(*it, result.line)) << e.id;
  }
}

TEST(GomokuThreatSolver, QuietVcfThreatWinsTheFukumiProblem) {
  // Black's g12 is neither a four nor a three, but with a second move Black would
  // win by fours (e10, h13, f11, i14): a plain VCT does not see it, the VCT with
  // quiet threats proves the win (about 0.1 s, 80,000 nodes in release).
  const tools::MateProblem problem = mate_problem("quintet-test_vct_fukumi_move");
  ThreatSolver solver(4);
  if (!NARABE_SLOW_BUILD) {
    EXPECT_FALSE(solver.solve(problem.cells, 15, Rule::kRenju, problem.to_move, ThreatMode::kVct, 9).proven);
  }
  const ThreatResult result =
      solver.solve(problem.cells, 15, Rule::kRenju, problem.to_move, ThreatMode::kVctQuiet, 9);
  ASSERT_TRUE(result.proven);
  EXPECT_EQ(result.attacker_moves, 9);
  EXPECT_EQ(result.move, core::Move(static_cast<std::uint16_t>(cell_index(6, 11))));  // g12
  EXPECT_TRUE(tools::line_wins(problem, result.line));
}

TEST(GomokuThreatSolver, VcfIsNotEnoughWhereAThreeIsNeeded) {
  const tools::MateProblem problem = mate_problem("quintet-test_vct_white");
  ThreatSolver solver(4);
  const ThreatResult result = solver.solve(problem.cells, 15, Rule::kRenju, problem.to_move, ThreatMode::kVcf, 40);
  EXPECT_FALSE(result.proven);
  EXPECT_FALSE(result.interrupted);
}

TEST(GomokuThreatSolver, OpenThreeWinsUnderEveryRuleAndNothingWinsAtTheStart) {
  // Black d8 e8 f8 open, White scattered far away, Black to move: an open four
  // (c8 or g8) and a five: two Black moves, whatever the rule.
  for (const Rule rule : kAllRules) {
    const Gomoku game = gomoku_from_fen("o14/15/15/15/15/15/15/3xxx9/15/15/15/15/15/15/o13o x", rule);
    ThreatSolver solver(4);
    const ThreatResult vcf = solver.solve(game, ThreatMode::kVcf, 10);
    ASSERT_TRUE(vcf.proven) << rule_name(rule);
    EXPECT_EQ(vcf.attacker_moves, 2) << rule_name(rule);
    // White to move against that three must block (no win of its own).
    const Gomoku defend = gomoku_from_fen("o14/15/15/15/15/15/15/3xxx9/15/15/15/15/15/15/o14 o", rule);
    EXPECT_FALSE(solver.solve(defend, ThreatMode::kVct, 6).proven) << rule_name(rule);
    EXPECT_FALSE(solver.solve(Gomoku(Gomoku::Variant{15, rule}), ThreatMode::kVct, 6).proven);
  }
}

TEST(GomokuThreatSolver, StopsAtTheNodeLimit) {
  const tools::MateProblem problem = mate_problem("quintet-bench_vct_small_but_long");
  ThreatSolver solver(4);
  solver.set_interrupts(nullptr, 5000, std::nullopt);
  const ThreatResult result = solver.solve(problem.cells, 15, Rule::kRenju, problem.to_move, ThreatMode::kVct, 40);
  EXPECT_FALSE(result.proven);
  EXPECT_TRUE(result.interrupted);
  EXPECT_LE(solver.nodes(), 5000u + 1024u);
}

// A Level max search of `game` under a node limit; its reported lines go to `lines`.
search::SearchResult search_at_max(const Gomoku& game, std::uint64_t nodes, std::vector<search::LineReport>& lines) {
  core::TranspositionTable table(4);
  search::Search<Gomoku> search(table);
  core::StopSignal stop;
  search::SearchLimits limits;
  limits.nodes = nodes;
  search::SearchCallbacks callbacks;
  callbacks.on_line = [&](const search::LineReport& line) { lines.push_back(line); };
  return search.run(game, limits, {}, callbacks, stop);
}

TEST(GomokuThreatSolver, LevelMaxReportsAProvenWinAsMate) {
  // quintet-test_vct_black as a game position (equal stone counts, Black to move).
  const Gomoku game = gomoku_from_fen("15/15/15/15/8o6/7x7/7xox5/6ox1o5/7ox6/15/15/15/15/15/15 x", Rule::kRenju);
  std::vector<search::LineReport> lines;
  const search::SearchResult result = search_at_max(game, 4'000'000, lines);
  ASSERT_TRUE(core::is_win(result.score));
  EXPECT_EQ(core::mate_moves(result.score), 5);
  EXPECT_EQ(game.move_to_string(result.best_move), "f10");
  ASSERT_FALSE(lines.empty());
  // The reported line is a legal win.
  Gomoku replay = game;
  for (const core::Move m : lines.back().pv) {
    ASSERT_TRUE(replay.is_legal(m));
    replay.make_move(m);
  }
  EXPECT_EQ(replay.outcome(), core::Outcome::kFirstWins);
}

TEST(GomokuThreatSolver, LevelMaxWithoutAWinSearchesOnAndStillMoves) {
  const Gomoku game = gomoku_from_fen("15/15/15/15/15/15/7o7/7x7/8x6/15/15/15/15/15/15 o", Rule::kRenju);
  std::vector<search::LineReport> lines;
  const search::SearchResult result = search_at_max(game, 20'000, lines);
  EXPECT_TRUE(game.is_legal(result.best_move));
  EXPECT_FALSE(core::is_win(result.score));
  EXPECT_GE(result.depth, 1);
}

}  // namespace
}  // namespace narabe
