// Tests of tools/match/report.h: the fastchess-layout result block (the design
// document's example and real fastchess output reproduced character for
// character), the ranking table and the progress line.

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "tests/tools/match/match_test_counts.h"
#include "tools/match/report.h"

namespace narabe::match {
namespace {

using test_counts::kInf;
using test_counts::ldw;
using test_counts::pairs_of;

const SprtConfig kSprt05{
    .elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05, .model = SprtModel::kNormalized};

TEST(Report, DesignDocumentExampleFromGames) {
  // The example's numbers are game-based: Elo and nElo trinomial, DrawRatio
  // draws per game, PairsRatio W / L (no pairs given, and 120 / 100 = 1.20), LLR
  // the normalised model on games (0.3887, 13.2 % of 2.944). Without pair counts
  // there is no Ptnml line. One number differs from the document: LOS. Its 91.05 %
  // follows from no formula tried (see match_statistics_test.cpp); the design
  // formula on games gives 91.16 %, printed here.
  EXPECT_EQ(format_report(ldw(100, 300, 120), std::nullopt, kSprt05),
            "Elo: 13.37 +/- 19.44, nElo: 20.58 +/- 29.86\n"
            "LOS: 91.16 %, DrawRatio: 57.69 %, PairsRatio: 1.20\n"
            "Games: 520, Wins: 120, Losses: 100, Draws: 300, Points: 270.0 (51.92 %)\n"
            "LLR: 0.39 (13.2%) (-2.94, 2.94) [0.00, 5.00]\n");
}

TEST(Report, DesignDocumentExampleWithConsistentPairs) {
  // One pentanomial that fits L, D, W = 100, 300, 120 and PairsRatio 1.20:
  // LL 10, LD 40, WL 40 + DD 110, WD 40, WW 20. With pairs everything but the
  // game line comes from the pairs, as the tool will print it.
  const PairCounts pairs = pairs_of({10, 40, 150, 40, 20}, 110);
  EXPECT_EQ(format_report(ldw(100, 300, 120), pairs, kSprt05),
            "Elo: 13.37 +/- 18.49, nElo: 21.63 +/- 29.86\n"
            "LOS: 92.22 %, DrawRatio: 57.69 %, PairsRatio: 1.20\n"
            "Games: 520, Wins: 120, Losses: 100, Draws: 300, Points: 270.0 (51.92 %)\n"
            "Ptnml(0-2): [10, 40, 150, 40, 20], WL/DD Ratio: 0.36\n"
            "LLR: 0.41 (14.0%) (-2.94, 2.94) [0.00, 5.00]\n");
}

TEST(Report, WithoutSprtThereIsNoLlrLine) {
  const std::string report = format_report(ldw(100, 300, 120), std::nullopt, std::nullopt);
  EXPECT_EQ(report.find("LLR"), std::string::npos);
  EXPECT_EQ(report,
            "Elo: 13.37 +/- 19.44, nElo: 20.58 +/- 29.86\n"
            "LOS: 91.16 %, DrawRatio: 57.69 %, PairsRatio: 1.20\n"
            "Games: 520, Wins: 120, Losses: 100, Draws: 300, Points: 270.0 (51.92 %)\n");
}

TEST(Report, ReproducesFastchessOutput) {
  // Blocks fastchess printed for 100-pair matches, SPRT [0, 10] normalised. The
  // DD counts are the ones consistent with the draws and the printed WL/DD ratio.
  const SprtConfig sprt{.elo0 = 0, .elo1 = 10};
  struct Case {
    GameCounts games;
    PairCounts pairs;
    std::string expected;
  };
  const std::vector<Case> cases{
      {ldw(23, 110, 67), pairs_of({1, 11, 47, 25, 16}, 37),
       "Elo: 77.71 +/- 33.03, nElo: 117.50 +/- 48.15\n"
       "LOS: 100.00 %, DrawRatio: 47.00 %, PairsRatio: 3.42\n"
       "Games: 200, Wins: 67, Losses: 23, Draws: 110, Points: 122.0 (61.00 %)\n"
       "Ptnml(0-2): [1, 11, 47, 25, 16], WL/DD Ratio: 0.27\n"
       "LLR: 1.71 (57.9%) (-2.94, 2.94) [0.00, 10.00]\n"},
      {ldw(34, 64, 102), pairs_of({1, 15, 25, 33, 26}, 8),
       "Elo: 123.02 +/- 40.58, nElo: 159.46 +/- 48.15\n"
       "LOS: 100.00 %, DrawRatio: 25.00 %, PairsRatio: 3.69\n"
       "Games: 200, Wins: 102, Losses: 34, Draws: 64, Points: 134.0 (67.00 %)\n"
       "Ptnml(0-2): [1, 15, 25, 33, 26], WL/DD Ratio: 2.12\n"
       "LLR: 2.19 (74.4%) (-2.94, 2.94) [0.00, 10.00]\n"},
      {ldw(30, 125, 45), pairs_of({1, 24, 42, 25, 8}, 38),
       "Elo: 26.11 +/- 31.23, nElo: 40.51 +/- 48.15\n"
       "LOS: 95.04 %, DrawRatio: 42.00 %, PairsRatio: 1.32\n"
       "Games: 200, Wins: 45, Losses: 30, Draws: 125, Points: 107.5 (53.75 %)\n"
       "Ptnml(0-2): [1, 24, 42, 25, 8], WL/DD Ratio: 0.11\n"
       "LLR: 0.60 (20.3%) (-2.94, 2.94) [0.00, 10.00]\n"},
      {ldw(39, 98, 63), pairs_of({2, 23, 32, 35, 8}, 20),
       "Elo: 41.89 +/- 33.28, nElo: 61.39 +/- 48.15\n"
       "LOS: 99.38 %, DrawRatio: 32.00 %, PairsRatio: 1.72\n"
       "Games: 200, Wins: 63, Losses: 39, Draws: 98, Points: 112.0 (56.00 %)\n"
       "Ptnml(0-2): [2, 23, 32, 35, 8], WL/DD Ratio: 0.60\n"
       "LLR: 0.92 (31.1%) (-2.94, 2.94) [0.00, 10.00]\n"},
  };
  for (const Case& c : cases) EXPECT_EQ(format_report(c.games, c.pairs, sprt), c.expected);
}

TEST(Report, NegativeLlrShowsANegativeShareOfTheLowerBound) {
  // L, D, W = 150, 300, 90: LLR -1.3506, which is 45.9 % of the way to -2.944.
  const std::string report = format_report(ldw(150, 300, 90), std::nullopt, kSprt05);
  EXPECT_NE(report.find("LLR: -1.35 (-45.9%) (-2.94, 2.94) [0.00, 5.00]\n"), std::string::npos)
      << report;
  EXPECT_NE(report.find("Elo: -38.76 +/- 19.52, nElo: -58.73 +/- 29.30\n"), std::string::npos)
      << report;
}

TEST(Report, LogisticModelUsesTheLogisticLlr) {
  SprtConfig sprt = kSprt05;
  sprt.model = SprtModel::kLogistic;
  const std::string report = format_report(ldw(100, 300, 120), std::nullopt, sprt);
  // 0.5534 of 2.9444: 18.8 %.
  EXPECT_NE(report.find("LLR: 0.55 (18.8%)"), std::string::npos) << report;
}

TEST(Report, UntrackedDrawDrawSplit) {
  const PairCounts pairs = pairs_of({10, 40, 150, 40, 20});
  const std::string report = format_report(ldw(100, 300, 120), pairs, std::nullopt);
  EXPECT_NE(report.find("Ptnml(0-2): [10, 40, 150, 40, 20], WL/DD Ratio: n/a\n"), std::string::npos)
      << report;
}

TEST(Report, SummaryBasis) {
  const MatchSummary games = summarize(ldw(100, 300, 120), std::nullopt, std::nullopt);
  EXPECT_EQ(games.basis, Sample::kGames);
  EXPECT_FALSE(games.llr.has_value());
  const MatchSummary pairs =
      summarize(ldw(100, 300, 120), pairs_of({10, 40, 150, 40, 20}), kSprt05);
  EXPECT_EQ(pairs.basis, Sample::kPairs);
  ASSERT_TRUE(pairs.llr.has_value());
  EXPECT_DOUBLE_EQ(*pairs.llr, llr_normalized(pairs_of({10, 40, 150, 40, 20}), 0, 5));
}

// ---- Degenerate reports ----

TEST(Report, NoGamesYet) {
  EXPECT_EQ(format_report(GameCounts{}, PairCounts{}, kSprt05),
            "Elo: 0.00 +/- 0.00, nElo: 0.00 +/- 0.00\n"
            "LOS: 50.00 %, DrawRatio: 0.00 %, PairsRatio: 0.00\n"
            "Games: 0, Wins: 0, Losses: 0, Draws: 0, Points: 0.0 (0.00 %)\n"
            "Ptnml(0-2): [0, 0, 0, 0, 0], WL/DD Ratio: n/a\n"
            "LLR: 0.00 (0.0%) (-2.94, 2.94) [0.00, 5.00]\n");
}

TEST(Report, AllWinsPrintsInfinityNotNan) {
  const std::string report = format_report(ldw(0, 0, 20), pairs_of({0, 0, 0, 0, 10}, 0), kSprt05);
  EXPECT_EQ(report.find("nan"), std::string::npos) << report;
  EXPECT_EQ(report.rfind("Elo: inf +/- inf, nElo: inf +/- ", 0), 0u) << report;
  EXPECT_NE(report.find("LOS: 100.00 %, DrawRatio: 0.00 %, PairsRatio: inf\n"), std::string::npos)
      << report;
  EXPECT_NE(report.find("WL/DD Ratio: 0.00\n"), std::string::npos) << report;
}

TEST(Report, NoDegenerateInputPrintsNan) {
  const std::vector<GameCounts> games{ldw(0, 0, 0), ldw(0, 0, 7), ldw(7, 0, 0), ldw(0, 7, 0),
                                      ldw(1, 0, 0), ldw(0, 1, 1), ldw(3, 0, 3)};
  std::vector<std::optional<PairCounts>> pairs{std::nullopt, PairCounts{}};
  for (std::size_t bin = 0; bin < 5; ++bin) {
    PairCounts one_bin{};
    one_bin.bins[bin] = 4;
    one_bin.draw_draw = bin == 2 ? 4 : 0;
    pairs.push_back(one_bin);
  }
  for (const GameCounts& g : games) {
    for (const auto& p : pairs) {
      for (const SprtModel model : {SprtModel::kNormalized, SprtModel::kLogistic}) {
        SprtConfig sprt = kSprt05;
        sprt.model = model;
        const std::string report = format_report(g, p, sprt);
        EXPECT_EQ(report.find("nan"), std::string::npos) << report;
      }
    }
  }
}

TEST(FormatFixed, SpecialValues) {
  EXPECT_EQ(format_fixed(1.005, 1), "1.0");
  EXPECT_EQ(format_fixed(-0.0, 2), "0.00");
  EXPECT_EQ(format_fixed(-0.001, 2), "0.00");
  EXPECT_EQ(format_fixed(-0.01, 2), "-0.01");
  EXPECT_EQ(format_fixed(kInf, 2), "inf");
  EXPECT_EQ(format_fixed(-kInf, 2), "-inf");
  EXPECT_EQ(format_fixed(std::nan(""), 2), "n/a");
}

// ---- Ranking table ----

TEST(Ranking, SortedByEloWithErrorGamesScoreAndDraws) {
  const std::vector<RankingEntry> entries{
      {"even", ldw(100, 200, 100), std::nullopt},
      {"strongest", ldw(80, 200, 120), std::nullopt},
      {"weak", ldw(120, 200, 80), std::nullopt},
  };
  // Elo of a score of 0.55 over 400 games: 34.86 +/- 24.11.
  EXPECT_EQ(format_ranking(entries),
            "Rank  Name            Elo      +/-   Games    Score     Draw\n"
            "   1  strongest     34.86    24.11     400   55.00%   50.00%\n"
            "   2  even           0.00    24.11     400   50.00%   50.00%\n"
            "   3  weak         -34.86    24.11     400   45.00%   50.00%\n");
}

TEST(Ranking, PairsGiveTheEloWhenPresentAndExtremesSortToTheEnds) {
  const std::vector<RankingEntry> entries{
      {"loser", ldw(10, 0, 0), std::nullopt},
      {"paired", ldw(100, 300, 120), pairs_of({10, 40, 150, 40, 20})},
      {"winner", ldw(0, 0, 10), std::nullopt},
  };
  EXPECT_EQ(format_ranking(entries),
            "Rank  Name         Elo      +/-   Games    Score     Draw\n"
            "   1  winner       inf      inf      10  100.00%    0.00%\n"
            "   2  paired     13.37    18.49     520   51.92%   57.69%\n"
            "   3  loser       -inf      inf      10    0.00%    0.00%\n");
}

TEST(Ranking, EmptyAndTies) {
  EXPECT_EQ(format_ranking({}), "Rank  Name       Elo      +/-   Games    Score     Draw\n");
  const std::vector<RankingEntry> tied{{"b", ldw(1, 0, 1), std::nullopt},
                                       {"a", ldw(0, 2, 0), std::nullopt},
                                       {"idle", GameCounts{}, std::nullopt}};
  const std::string table = format_ranking(tied);
  // Equal Elo keeps the input order.
  EXPECT_LT(table.find("   1  b"), table.find("   2  a"));
  EXPECT_LT(table.find("   2  a"), table.find("   3  idle"));
  EXPECT_EQ(table.find("nan"), std::string::npos);
}

// ---- Progress line ----

TEST(Progress, DoneOfTotalRateAndElo) {
  EXPECT_EQ(format_progress(260, 1000, 42.5, EloEstimate{13.3695, 19.4387}),
            "Games 260/1000 (26.0%), 42.5 games/min, Elo 13.37 +/- 19.44");
}

TEST(Progress, UnknownTotalAndDegenerateValues) {
  EXPECT_EQ(format_progress(0, 0, 0.0, EloEstimate{}), "Games 0, 0.0 games/min, Elo 0.00 +/- 0.00");
  EXPECT_EQ(format_progress(3, 10, -1.0, EloEstimate{kInf, kInf}),
            "Games 3/10 (30.0%), 0.0 games/min, Elo inf +/- inf");
  EXPECT_EQ(format_progress(3, 10, std::nan(""), EloEstimate{}).find("nan"), std::string::npos);
}

}  // namespace
}  // namespace narabe::match
