// The selective search on Gomoku (engine/search/search.h with the hooks of
// engine/games/gomoku/threat_moves.h): a VCF that ends past the horizon is seen
// by the quiescence search on fours, a five to complete or to block is settled at
// any depth, Black's forbidden points stay out of every line under renju, and the
// search stays deterministic; a failed root window is reported as a bound when asked.

#include "engine/games/gomoku/threat_moves.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "engine/core/transposition_table.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/search/search.h"
#include "tests/support/positions.h"
#include "tests/support/search_run.h"

namespace narabe {
namespace {

using test_positions::after_moves;
using test_positions::gomoku_from_fen;
using test_positions::move_names;

using games::Gomoku;
using namespace games::gomoku;

// Black to move: e5 e6 e7 under White's e4 and h5 h6 h7 over White's h4 point up,
// f8 g8 beside White's d8. e8 is a four (White must take e9), after which h8 makes
// fours in the row and the column at once: a win in three Black moves.
constexpr const char* kVcfInThree = "o13o/15/15/15/15/15/15/3o1xx8/4x2x7/4x2x7/4x2x7/4o2o7/15/15/o1o11o x";

using Searched = test_search::SearchRun;

// The search alone (no threat solver), to `depth` or `nodes`.
Searched search_position(const Gomoku& game, std::optional<int> depth, std::optional<std::uint64_t> nodes = {}) {
  search::SearchLimits limits;
  limits.depth = depth;
  limits.nodes = nodes;
  search::SearchOptions options;
  options.exact = false;
  return test_search::run_search(game, limits, options, 8);
}

TEST(GomokuThreatHooks, FivesToCompleteAndToBlock) {
  const Gomoku game = gomoku_from_fen(kVcfInThree, Rule::kFreestyle);
  EXPECT_FALSE(game.has_winning_move());
  EXPECT_FALSE(game.must_answer());
  const Gomoku four = after_moves(game, {"e8"});  // White to move against e5-e8
  EXPECT_TRUE(four.must_answer());
  EXPECT_FALSE(four.has_winning_move());
  const Gomoku elsewhere = after_moves(game, {"e8", "a2"});  // White ignored it
  EXPECT_TRUE(elsewhere.has_winning_move());
}

TEST(GomokuThreatHooks, ANullMovePassesTheTurnAndIsTakenBack) {
  Gomoku four = after_moves(gomoku_from_fen(kVcfInThree, Rule::kFreestyle), {"e8"});  // White to block e9
  const std::uint64_t hash = four.hash();
  const std::string fen = four.to_fen();
  four.make_null_move();
  // Black to move again, with its four's five point: the pass lost the block.
  EXPECT_EQ(four.side_to_move(), core::Side::kFirst);
  EXPECT_EQ(four.colour_to_move(), kBlack);
  EXPECT_TRUE(four.has_winning_move());
  EXPECT_FALSE(four.must_answer());
  EXPECT_NE(four.hash(), hash);
  four.unmake_null_move();
  EXPECT_EQ(four.hash(), hash);
  EXPECT_EQ(four.to_fen(), fen);
  EXPECT_TRUE(four.must_answer());
  EXPECT_EQ(four.colour_to_move(), kWhite);
}

TEST(GomokuThreatHooks, QuiescenceMovesAreThePlayableFours) {
  const Gomoku game = gomoku_from_fen(kVcfInThree, Rule::kFreestyle);
  Gomoku::MoveList fours;
  game.generate_quiescence_moves(fours);
  EXPECT_EQ(move_names(game, fours), (std::vector<std::string>{"e8", "h8", "e9", "h9"}));
  // Facing a four, the side to move has no quiescence moves: it must block.
  Gomoku::MoveList none;
  after_moves(game, {"e8"}).generate_quiescence_moves(none);
  EXPECT_TRUE(none.empty());
  // Under renju h8 is a double four for Black after e8 e9: forbidden, so no move.
  const Gomoku renju = after_moves(gomoku_from_fen(kVcfInThree, Rule::kRenju), {"e8", "e9"});
  Gomoku::MoveList black;
  renju.generate_quiescence_moves(black);
  for (const std::string& name : move_names(renju, black)) EXPECT_NE(name, "h8");
}

TEST(GomokuThreatHooks, TheLastOwnStoneIsKnownOnlyForStonesPlayedSinceTheSetUp) {
  const Gomoku game = gomoku_from_fen(kVcfInThree, Rule::kFreestyle);
  EXPECT_EQ(game.last_own_stone(), -1);  // a fen says nothing of the order
  Gomoku played = after_moves(game, {"j8"});
  EXPECT_EQ(played.last_own_stone(), -1);  // White's stones all came from the fen
  played.make_null_move();                 // Black to move again: j8 is its last
  EXPECT_EQ(played.cell_name(played.last_own_stone()), "j8");
  played.unmake_null_move();
  played = after_moves(played, {"a14"});
  EXPECT_EQ(played.cell_name(played.last_own_stone()), "j8");
  const Gomoku opening = after_moves(Gomoku(), {"h8", "i9"});
  EXPECT_EQ(opening.cell_name(opening.last_own_stone()), "h8");
}

TEST(GomokuThreatHooks, QuiescenceFoursStayAroundTheSidesLastStone) {
  // Black's j8 (two points right of h8) leaves its fours on the e file out of
  // reach (five files away), while those around h8 and j8 stay.
  const Gomoku game = after_moves(gomoku_from_fen(kVcfInThree, Rule::kFreestyle), {"j8", "a14"});
  Gomoku::MoveList fours;
  game.generate_quiescence_moves(fours);
  const std::vector<std::string> names = move_names(game, fours);
  EXPECT_NE(std::find(names.begin(), names.end(), "h8"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "i8"), names.end());
  EXPECT_EQ(std::find(names.begin(), names.end(), "e8"), names.end());
  EXPECT_EQ(std::find(names.begin(), names.end(), "e9"), names.end());
  // The same stones read from a fen: no last stone known, every four counts.
  const Gomoku unordered = gomoku_from_fen(game.to_fen(), Rule::kFreestyle);
  Gomoku::MoveList all;
  unordered.generate_quiescence_moves(all);
  const std::vector<std::string> every = move_names(unordered, all);
  EXPECT_NE(std::find(every.begin(), every.end(), "e8"), every.end());
  EXPECT_GT(all.size(), fours.size());
}

TEST(GomokuThreatHooks, TacticalMovesMakeThreesOrTakeTheOpponentsKeyPoints) {
  const Gomoku game = gomoku_from_fen(kVcfInThree, Rule::kFreestyle);
  EXPECT_TRUE(game.is_tactical(*game.parse_move("e8")));   // a four
  EXPECT_FALSE(game.is_tactical(*game.parse_move("b14")));  // nothing near
}

TEST(GomokuSelectiveSearch, SeesAVcfPastTheHorizon) {
  const Searched searched = search_position(gomoku_from_fen(kVcfInThree, Rule::kFreestyle), 1);
  EXPECT_EQ(searched.result.score, core::win_in(5));
  EXPECT_EQ(searched.result.depth, 1);
  EXPECT_EQ(gomoku_from_fen(kVcfInThree, Rule::kFreestyle).move_to_string(searched.result.best_move), "e8");
}

TEST(GomokuSelectiveSearch, RenjuLinesNeverHoldAForbiddenPoint) {
  // After e8 e9 the double four h8 is forbidden to Black; whatever the search
  // finds, every line it reports replays legally.
  const Gomoku game = after_moves(gomoku_from_fen(kVcfInThree, Rule::kRenju), {"e8", "e9"});
  for (const int depth : {1, 2, 3, 4}) {
    const Searched searched = search_position(game, depth);
    EXPECT_NE(game.move_to_string(searched.result.best_move), "h8");
    ASSERT_FALSE(searched.lines.empty());
    Gomoku replay = game;
    for (const core::Move m : searched.lines.back().pv) {
      ASSERT_TRUE(replay.is_legal(m)) << "depth " << depth << ": " << replay.move_to_string(m);
      replay.make_move(m);
    }
  }
}

TEST(GomokuSelectiveSearch, ANodeLimitedSearchRepeatsExactly) {
  const Gomoku game = after_moves(Gomoku(Gomoku::Variant{15, Rule::kRenju}), {"h8", "i9", "g9", "i7"});
  const Searched first = search_position(game, std::nullopt, 30000);
  const Searched second = search_position(game, std::nullopt, 30000);
  EXPECT_EQ(first.result.best_move, second.result.best_move);
  EXPECT_EQ(first.result.nodes, second.result.nodes);
  EXPECT_EQ(first.result.depth, second.result.depth);
  EXPECT_GE(first.result.depth, 4);
}

TEST(GomokuSelectiveSearch, AFailedRootWindowIsReportedAsABoundOnceAskedFor) {
  // Ply 10 of a renju game: the root's score swings from depth to depth, so
  // some aspiration windows fail before depth 9 is done.
  const Gomoku game = after_moves(Gomoku(Gomoku::Variant{15, Rule::kRenju}),
                                  {"h10", "j7", "i8", "j8", "i10", "i7", "h7", "k9", "h6", "j9"});
  search::SearchLimits limits;
  limits.depth = 9;
  search::SearchOptions options;
  options.exact = false;
  options.bound_lines_after_ms = 0;
  const Searched reported = test_search::run_search(game, limits, options, 8);
  options.bound_lines_after_ms = std::int64_t{1} << 40;
  const Searched quiet = test_search::run_search(game, limits, options, 8);

  // Reporting changes nothing in the search.
  EXPECT_EQ(reported.result.nodes, quiet.result.nodes);
  EXPECT_EQ(reported.result.best_move, quiet.result.best_move);
  EXPECT_EQ(reported.result.score, quiet.result.score);

  const auto is_bound = [](const search::LineReport& l) { return l.bound != core::Bound::kExact; };
  EXPECT_TRUE(std::none_of(quiet.lines.begin(), quiet.lines.end(), is_bound));
  ASSERT_TRUE(std::any_of(reported.lines.begin(), reported.lines.end(), is_bound));
  // Without the bounds the lines are the same, and every depth still ends on
  // its exact line; a bound names the move it is about.
  std::vector<search::LineReport> exact;
  std::copy_if(reported.lines.begin(), reported.lines.end(), std::back_inserter(exact),
               [&](const search::LineReport& l) { return !is_bound(l); });
  ASSERT_EQ(exact.size(), quiet.lines.size());
  for (std::size_t i = 0; i < exact.size(); ++i) {
    EXPECT_EQ(exact[i].depth, quiet.lines[i].depth);
    EXPECT_EQ(exact[i].score, quiet.lines[i].score);
    EXPECT_EQ(exact[i].pv, quiet.lines[i].pv);
  }
  for (std::size_t i = 0; i < reported.lines.size(); ++i) {
    if (!is_bound(reported.lines[i])) continue;
    EXPECT_FALSE(reported.lines[i].pv.empty());
    ASSERT_LT(i + 1, reported.lines.size());
    EXPECT_EQ(reported.lines[i + 1].depth, reported.lines[i].depth) << "a bound is followed by its own depth";
  }
}

TEST(GomokuSelectiveSearch, NoBudgetPlaysTheBestOrderedMoveNotTheFirstPoint) {
  // White to move against Black's two h8 i8: the points beside it stop a three,
  // while the first candidate in board order (b1, by White's a1) does nothing.
  const Gomoku game = after_moves(Gomoku(), {"h8", "a1", "i8"});
  const Searched none = search_position(game, std::nullopt, 0);
  EXPECT_EQ(none.result.nodes, 0u);
  const std::string move = game.move_to_string(none.result.best_move);
  EXPECT_TRUE(move == "f8" || move == "g8" || move == "j8" || move == "k8") << move;
}

}  // namespace
}  // namespace narabe
