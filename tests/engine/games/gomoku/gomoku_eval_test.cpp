// What Gomoku's search reads from the position's incremental patterns
// (gomoku_eval.h): the patterns and near counts the position keeps through
// make/unmake equal a fresh board's; the search's moves narrow to the answers of a
// threat and never to fewer than the moves that do not lose at once; the
// evaluation and the move order see the threats.

#include "engine/games/gomoku/gomoku_eval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/games/gomoku/pattern_board.h"
#include "tests/engine/games/slow_build.h"
#include "tests/support/positions.h"

namespace narabe {
namespace {

using test_positions::gomoku_after;
using test_positions::move_names;

using games::Gomoku;
using namespace games::gomoku;

std::vector<std::string> search_move_names(const Gomoku& game) {
  Gomoku::MoveList list;
  game.generate_search_moves(list);
  return move_names(game, list);
}

TEST(GomokuSearchMoves, PatternsAndNearCountsFollowMakeAndUnmake) {
  core::Rng rng(20261201);
  const int games = NARABE_SLOW_BUILD ? 1 : 6;
  for (const Rule rule : kAllRules)
    for (int g = 0; g < games; ++g) {
      Gomoku game(Gomoku::Variant{15, rule});
      std::vector<core::Move> played;
      for (int step = 0; step < 90 && !core::is_over(game.outcome()); ++step) {
        if (!played.empty() && rng.below(4) == 0) {
          game.unmake_move(played.back());
          played.pop_back();
        } else {
          Gomoku::MoveList moves;
          game.generate_search_moves(moves);
          ASSERT_FALSE(moves.empty());
          played.push_back(moves[rng.below(moves.size())]);
          game.make_move(played.back());
        }
        if (step % 7 != 0) continue;
        const PatternBoard fresh(game.cells(), rule);
        for (const Cell colour : {kBlack, kWhite})
          for (int s = 0; s < kShapeCount; ++s)
            ASSERT_EQ(game.patterns().count(colour, static_cast<Shape>(s)), fresh.count(colour, static_cast<Shape>(s)));
        // The near counts: every point within two steps of a stone, and no other
        // (an empty board's candidate is the centre, which no stone is near).
        if (game.stones() == 0) continue;
        Gomoku::MoveList scanned;
        candidate_moves(game, scanned, kNearRadius);
        for (int rank = 0; rank < 15; ++rank)
          for (int file = 0; file < 15; ++file) {
            const int at = cell_index(file, rank);
            if (game.cell(at) != kEmpty || !game.playable(at)) continue;
            EXPECT_EQ(game.near_stone(at), scanned.contains(core::Move(static_cast<std::uint16_t>(at))))
                << game.cell_name(at) << " in " << game.to_fen();
          }
      }
    }
}

TEST(GomokuSearchMoves, EmptyBoardPlaysTheCentre) {
  EXPECT_EQ(search_move_names(Gomoku()), std::vector<std::string>{"h8"});
}

TEST(GomokuSearchMoves, OwnFivePointIsTheOnlyMove) {
  // x to move with the open four h8-k8.
  EXPECT_EQ(search_move_names(gomoku_after("h8 a1 i8 o15 j8 a15 k8 o1")), (std::vector<std::string>{"g8", "l8"}));
}

TEST(GomokuSearchMoves, OpponentFivePointsAreTheOnlyMoves) {
  EXPECT_EQ(search_move_names(gomoku_after("h8 a1 i8 o15 j8 a15 k8")), (std::vector<std::string>{"g8", "l8"}));
}

TEST(GomokuSearchMoves, AnOpenThreeIsAnsweredOnItsFourPointsOrWithAFour) {
  // o to move against x's open three h8-j8: the two open-four points and the two
  // points of a broken four.
  EXPECT_EQ(search_move_names(gomoku_after("h8 a1 i8 o15 j8")), (std::vector<std::string>{"f8", "g8", "k8", "l8"}));
  // o's own fours count as answers too: with a2-a4, o makes a four on a1, a5, a6.
  EXPECT_EQ(search_move_names(gomoku_after("h8 a2 i8 a3 n14 a4 j8")),
            (std::vector<std::string>{"a1", "a5", "a6", "f8", "g8", "k8", "l8"}));
}

TEST(GomokuSearchMoves, AFourThreePointIsAnsweredOnItsLinesOrWithAFour) {
  // x to move: o's h4 makes the four e4-h4 (d4 is x's) and the three h4-h6, a win
  // next move. The answers are h4 and the points near the stones within four steps
  // of it on row 4 and file h; nothing on the far corners' stones.
  EXPECT_EQ(search_move_names(gomoku_after("d4 e4 a15 f4 o15 g4 a1 h5 o1 h6")),
            (std::vector<std::string>{"h2", "h3", "h4", "i4", "j4", "h7", "h8"}));
  // With the three b1-d1, x may also make a four: a1, e1 or the broken f1.
  EXPECT_EQ(search_move_names(gomoku_after("d4 e4 b1 f4 c1 g4 d1 h5 o15 h6")),
            (std::vector<std::string>{"a1", "e1", "f1", "h2", "h3", "h4", "i4", "j4", "h7", "h8"}));
}

TEST(GomokuSearchMoves, BlackThreesNarrowWhiteUnderRenjuOnlyWhenBlackMayPlayTheFour) {
  // Black's three h8-j8 under renju: g8 and k8 are open-four points Black may play,
  // so White answers it as under freestyle.
  EXPECT_EQ(search_move_names(gomoku_after("h8 a1 i8 o15 j8", Rule::kRenju)),
            (std::vector<std::string>{"f8", "g8", "k8", "l8"}));
  // With g5-g7 and k5-k7 (blocked below by White) both open-four points are also a
  // second four: double fours, forbidden to Black. The three threatens nothing, and
  // White keeps every candidate.
  const std::vector<std::string> free =
      search_move_names(gomoku_after("h8 g4 i8 k4 j8 a1 g5 o15 g6 a15 g7 o1 k5 a3 k6 o3 k7", Rule::kRenju));
  EXPECT_GT(free.size(), 20u);
  EXPECT_NE(std::find(free.begin(), free.end(), "h10"), free.end());
}

TEST(GomokuEvaluation, SeesWhoseThreatsTheyAre) {
  const Gomoku x_to_move = gomoku_after("h8 a1 i8 o15 j8 a15");
  const Gomoku o_to_move = gomoku_after("h8 a1 i8 o15 j8");
  EXPECT_GT(x_to_move.evaluate(), 0);
  EXPECT_LT(o_to_move.evaluate(), 0);
  // The side to move's open three is worth more than the same three of the opponent.
  EXPECT_GT(x_to_move.evaluate(), -o_to_move.evaluate());
  core::Score sum = 0;
  const auto terms = x_to_move.evaluation_terms();
  for (std::size_t i = 0; i + 1 < terms.size(); ++i) sum += terms[i].value;
  EXPECT_EQ(terms.back().value, sum);
  EXPECT_EQ(terms.back().value, x_to_move.evaluate());
}

TEST(GomokuMoveOrder, MakingAFiveComesFirstThenStoppingOne) {
  // x to move: x has the open three h8-j8 and o the closed four a1-a4.
  const Gomoku game = gomoku_after("h8 a1 i8 a2 j8 a3 n14 a4");
  const auto bonus = [&](const char* name) { return game.move_order_bonus(*game.parse_move(name)); };
  EXPECT_GT(bonus("a5"), bonus("g8"));  // stop o's five before making an open four
  EXPECT_GT(bonus("g8"), bonus("f8"));  // an open four before a broken four
  EXPECT_GT(bonus("f8"), bonus("c12"));
  EXPECT_EQ(bonus("c12"), 0);
}

}  // namespace
}  // namespace narabe
