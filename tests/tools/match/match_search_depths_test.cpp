// Each engine's mean depth and nodes a move over a span of plies
// (tools/match/search_depths.h): moves are the engines' in turn from the first
// move after the opening, the opening's moves count as plies, and moves without
// a depth are left out.

#include "tools/match/search_depths.h"

#include <gtest/gtest.h>

namespace narabe::match {
namespace {

MoveRecord move(int depth, std::int64_t nodes) {
  MoveRecord m;
  m.move = "a1";
  m.depth = depth;
  m.nodes = nodes;
  return m;
}

GameRecord game(std::int64_t id, int first, std::size_t opening_plies, std::vector<MoveRecord> moves) {
  GameRecord g;
  g.id = id;
  g.pair = id / 2;
  g.engines[0] = first;
  g.engines[1] = 1 - first;
  g.opening.moves.assign(opening_plies, "a1");
  g.moves = std::move(moves);
  g.outcome = core::Outcome::kDraw;
  return g;
}

TEST(MatchSearchDepths, CountsEachEnginesMovesInTheSpanOnly) {
  Tally tally(2);
  // Opening of 2 plies: the moves are plies 3, 4, 5, 6.
  tally.add(game(0, 0, 2, {move(10, 100), move(8, 40), move(12, 300), move(9, 50)}));
  // Engine 1 moves first here: plies 3 (engine 1), 4 (engine 0), 5 (engine 1).
  MoveRecord no_depth;
  no_depth.move = "pass";
  tally.add(game(1, 1, 2, {move(7, 20), move(14, 500), no_depth}));
  const std::vector<SearchDepths> all = search_depths(tally, 2, {1, 100});
  ASSERT_EQ(all.size(), 2U);
  EXPECT_EQ(all[0].moves, 3);
  EXPECT_DOUBLE_EQ(all[0].depth, 12.0);  // 10, 12, 14
  EXPECT_DOUBLE_EQ(all[0].nodes, 300.0);  // 100, 300, 500
  EXPECT_EQ(all[1].moves, 3);  // 8, 9, 7; the move without a depth left out
  EXPECT_DOUBLE_EQ(all[1].depth, 8.0);
  EXPECT_DOUBLE_EQ(all[1].nodes, 110.0 / 3);

  const std::vector<SearchDepths> span = search_depths(tally, 2, {4, 5});
  EXPECT_EQ(span[0].moves, 2);  // ply 5 of game 0 (12) and ply 4 of game 1 (14)
  EXPECT_DOUBLE_EQ(span[0].depth, 13.0);
  EXPECT_EQ(span[1].moves, 1);  // ply 4 of game 0 (8)
  EXPECT_DOUBLE_EQ(span[1].depth, 8.0);
  EXPECT_EQ(search_depths(tally, 2, {50, 60})[0].moves, 0);
}

TEST(MatchSearchDepths, ParsesASpanAndRefusesAnythingElse) {
  const auto span = parse_ply_span("10:36");
  ASSERT_TRUE(span) << span.error();
  EXPECT_EQ(span->first, 10);
  EXPECT_EQ(span->last, 36);
  EXPECT_TRUE(static_cast<bool>(parse_ply_span("7:7")));
  for (const char* bad : {"", "10", "10:", ":36", "0:5", "36:10", "a:b", "10:36x", "-1:3", "10 :36"})
    EXPECT_FALSE(static_cast<bool>(parse_ply_span(bad))) << bad;
}

}  // namespace
}  // namespace narabe::match
