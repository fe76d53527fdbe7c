// Tests of engine/games/any_position.h: a game's position built by name from the
// registry, which alone decides whether a move is legal and when a game is over
// (narabe-match's referee, narabe-gui's board, the engine's sessions).

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/games/any_position.h"

namespace narabe::games {
namespace {

using core::Outcome;
using core::Side;

std::unique_ptr<AnyPosition> position_of(std::string_view game, const core::VariantArgs& variant = {}) {
  auto made = make_position(game, variant);
  EXPECT_TRUE(made.ok()) << (made.ok() ? "" : made.error());
  return made.ok() ? std::move(*made) : nullptr;
}

void play_all(AnyPosition& r, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) ASSERT_TRUE(r.play(m).ok()) << m;
}

TEST(AnyPosition, KnownGamesListsEveryGameOfTheRegistry) {
  const auto names = known_games();
  EXPECT_EQ(names, (std::vector<std::string>{"tictactoe", "connect4", "gomoku", "reversi"}));
}

TEST(AnyPosition, TicTacToeStartPosition) {
  auto r = position_of("tictactoe");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->fen(), "3/3/3 x");
  EXPECT_EQ(r->side_to_move(), Side::kFirst);
  EXPECT_EQ(r->outcome(), Outcome::kNone);
  EXPECT_EQ(r->plies_played(), 0);
  EXPECT_EQ(r->newgame_arguments(), "tictactoe");
  EXPECT_EQ(r->legal_moves(),
            (std::vector<std::string>{"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"}));
  EXPECT_TRUE(r->winning_line().empty());
}

TEST(AnyPosition, Connect4DefaultAndVariant) {
  auto standard = position_of("connect4");
  ASSERT_NE(standard, nullptr);
  EXPECT_EQ(standard->newgame_arguments(), "connect4 width 7 height 6");
  EXPECT_EQ(standard->fen(), "7/7/7/7/7/7 x");
  // Centre first, then alternately left and right.
  EXPECT_EQ(standard->legal_moves(), (std::vector<std::string>{"4", "3", "5", "2", "6", "1", "7"}));

  auto small = position_of("connect4", {{"width", "5"}, {"height", "4"}});
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(small->newgame_arguments(), "connect4 width 5 height 4");
  EXPECT_EQ(small->fen(), "5/5/5/5 x");
  EXPECT_EQ(small->legal_moves(), (std::vector<std::string>{"3", "2", "4", "1", "5"}));
}

TEST(AnyPosition, UnknownGameNamesItAndTheKnownOnes) {
  auto made = games::make_position("chess", {});
  ASSERT_FALSE(made.ok());
  EXPECT_NE(made.error().find("unknown game 'chess'"), std::string::npos) << made.error();
  EXPECT_NE(made.error().find("tictactoe"), std::string::npos) << made.error();
  EXPECT_NE(made.error().find("connect4"), std::string::npos) << made.error();
}

TEST(AnyPosition, BadVariantsNameTheProblem) {
  auto unknown_key = games::make_position("connect4", {{"depth", "3"}});
  ASSERT_FALSE(unknown_key.ok());
  EXPECT_NE(unknown_key.error().find("'depth'"), std::string::npos) << unknown_key.error();

  auto bad_number = games::make_position("connect4", {{"width", "seven"}});
  ASSERT_FALSE(bad_number.ok());
  EXPECT_NE(bad_number.error().find("width"), std::string::npos) << bad_number.error();
  EXPECT_NE(bad_number.error().find("'seven'"), std::string::npos) << bad_number.error();

  auto too_small = games::make_position("connect4", {{"height", "3"}});
  ASSERT_FALSE(too_small.ok());
  EXPECT_NE(too_small.error().find("height"), std::string::npos) << too_small.error();

  auto twice = games::make_position("connect4", {{"width", "5"}, {"width", "6"}});
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.error().find("twice"), std::string::npos) << twice.error();

  auto tictactoe_variant = games::make_position("tictactoe", {{"size", "4"}});
  ASSERT_FALSE(tictactoe_variant.ok());
  EXPECT_NE(tictactoe_variant.error().find("'size'"), std::string::npos) << tictactoe_variant.error();
}

TEST(AnyPosition, PlaysLegalMoves) {
  auto r = position_of("tictactoe");
  ASSERT_TRUE(r->play("a1").ok());
  EXPECT_EQ(r->fen(), "3/3/x2 o");
  EXPECT_EQ(r->side_to_move(), Side::kSecond);
  EXPECT_EQ(r->plies_played(), 1);
  ASSERT_TRUE(r->play("b2").ok());
  EXPECT_EQ(r->fen(), "3/1o1/x2 x");
  EXPECT_EQ(r->side_to_move(), Side::kFirst);
  EXPECT_EQ(r->plies_played(), 2);
  EXPECT_EQ(r->legal_moves(), (std::vector<std::string>{"b1", "c1", "a2", "c2", "a3", "b3", "c3"}));
}

TEST(AnyPosition, RefusesIllegalTicTacToeMovesWithoutChangingThePosition) {
  auto r = position_of("tictactoe");
  play_all(*r, {"a1", "b2"});
  const std::string fen = r->fen();
  const std::uint64_t hash = r->hash();

  auto occupied = r->play("b2");
  ASSERT_FALSE(occupied.ok());
  EXPECT_NE(occupied.error().find("occupied"), std::string::npos) << occupied.error();

  for (const char* text : {"d1", "a4", "a0", "", "b", "b22", "A1", "e2e4", "\xff\xfe", "a1 "}) {
    auto s = r->play(text);
    EXPECT_FALSE(s.ok()) << "'" << text << "' was accepted";
    if (!s.ok()) {
      EXPECT_FALSE(s.error().empty());
    }
  }
  EXPECT_EQ(r->fen(), fen);
  EXPECT_EQ(r->hash(), hash);
  EXPECT_EQ(r->plies_played(), 2);
  EXPECT_EQ(r->side_to_move(), Side::kFirst);
}

TEST(AnyPosition, RefusesFullColumnAndOffBoardConnect4Moves) {
  auto r = position_of("connect4", {{"width", "5"}, {"height", "4"}});
  play_all(*r, {"1", "1", "1", "1"});
  EXPECT_EQ(r->fen(), "o4/x4/o4/x4 x");
  const std::uint64_t hash = r->hash();

  auto full = r->play("1");
  ASSERT_FALSE(full.ok());
  EXPECT_NE(full.error().find("full"), std::string::npos) << full.error();

  auto off_board = r->play("6");  // a 7-wide board's column, not this one's
  ASSERT_FALSE(off_board.ok());
  EXPECT_NE(off_board.error().find("5-wide"), std::string::npos) << off_board.error();

  for (const char* text : {"0", "10", "a", "-1", "", " 2"}) EXPECT_FALSE(r->play(text).ok()) << text;
  EXPECT_EQ(r->fen(), "o4/x4/o4/x4 x");
  EXPECT_EQ(r->hash(), hash);
  EXPECT_EQ(r->plies_played(), 4);
  EXPECT_EQ(r->legal_moves(), (std::vector<std::string>{"3", "2", "4", "5"}));
}

TEST(AnyPosition, OutcomeAfterAWinAndNoMoveAfterIt) {
  auto r = position_of("tictactoe");
  play_all(*r, {"a1", "a2", "b1", "b2", "c1"});
  EXPECT_EQ(r->outcome(), Outcome::kFirstWins);
  EXPECT_EQ(r->winning_line(), (std::vector<std::string>{"a1", "b1", "c1"}));
  EXPECT_TRUE(r->legal_moves().empty());
  const std::string fen = r->fen();
  auto after = r->play("c3");
  ASSERT_FALSE(after.ok());
  EXPECT_NE(after.error().find("over"), std::string::npos) << after.error();
  EXPECT_EQ(r->fen(), fen);
  EXPECT_EQ(r->plies_played(), 5);
}

TEST(AnyPosition, SecondPlayerWinAndDraw) {
  auto o_wins = position_of("tictactoe");
  play_all(*o_wins, {"a1", "a2", "b1", "b2", "a3", "c2"});
  EXPECT_EQ(o_wins->outcome(), Outcome::kSecondWins);
  EXPECT_EQ(o_wins->winning_line(), (std::vector<std::string>{"a2", "b2", "c2"}));

  auto draw = position_of("tictactoe");
  play_all(*draw, {"a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"});
  EXPECT_EQ(draw->outcome(), Outcome::kDraw);
  EXPECT_TRUE(draw->winning_line().empty());
  EXPECT_FALSE(draw->play("a1").ok());
}

TEST(AnyPosition, Connect4VerticalWin) {
  auto r = position_of("connect4");
  play_all(*r, {"4", "3", "4", "3", "4", "3"});
  EXPECT_EQ(r->outcome(), Outcome::kNone);
  ASSERT_TRUE(r->play("4").ok());
  EXPECT_EQ(r->outcome(), Outcome::kFirstWins);
  EXPECT_EQ(r->winning_line(), (std::vector<std::string>{"d1", "d2", "d3", "d4"}));
  EXPECT_FALSE(r->play("3").ok());
}

TEST(AnyPosition, ResetWithFenAndToTheStart) {
  auto r = position_of("tictactoe");
  play_all(*r, {"a1"});
  ASSERT_TRUE(r->reset("x2/1o1/3 x").ok());
  EXPECT_EQ(r->fen(), "x2/1o1/3 x");
  EXPECT_EQ(r->side_to_move(), Side::kFirst);
  EXPECT_EQ(r->plies_played(), 0);
  EXPECT_FALSE(r->play("b2").ok());  // taken in the fen
  ASSERT_TRUE(r->play("c1").ok());
  EXPECT_EQ(r->fen(), "x2/1o1/2x o");

  ASSERT_TRUE(r->reset("").ok());
  EXPECT_EQ(r->fen(), "3/3/3 x");
  EXPECT_EQ(r->plies_played(), 0);
  EXPECT_EQ(r->legal_moves().size(), 9u);
}

TEST(AnyPosition, ResetWithABadFenKeepsThePositionAndSaysWhy) {
  auto r = position_of("tictactoe");
  play_all(*r, {"b2"});
  const std::string fen = r->fen();
  for (const char* bad : {"3/3/3", "3/3/3 z", "4/3/3 x", "3/3 x", "xx1/3/3 o", "x2/3/3 x", "garbage"}) {
    auto s = r->reset(bad);
    ASSERT_FALSE(s.ok()) << bad;
    EXPECT_EQ(s.error().rfind("bad fen: ", 0), 0u) << s.error();
  }
  EXPECT_EQ(r->fen(), fen);
  EXPECT_EQ(r->plies_played(), 1);

  auto c4 = position_of("connect4", {{"width", "4"}, {"height", "4"}});
  auto floating = c4->reset("4/x3/4/4 o");
  ASSERT_FALSE(floating.ok());
  EXPECT_NE(floating.error().find("floating"), std::string::npos) << floating.error();
  EXPECT_TRUE(c4->reset("4/4/4/x3 o").ok());
  EXPECT_EQ(c4->fen(), "4/4/4/x3 o");
}

TEST(AnyPosition, UndoTakesBackTheLastMove) {
  auto r = position_of("tictactoe");
  const std::uint64_t start_hash = r->hash();
  play_all(*r, {"a1", "b2"});
  const std::uint64_t one_hash = [&] {
    auto copy = position_of("tictactoe");
    play_all(*copy, {"a1"});
    return copy->hash();
  }();
  r->undo();
  EXPECT_EQ(r->fen(), "3/3/x2 o");
  EXPECT_EQ(r->hash(), one_hash);
  EXPECT_EQ(r->plies_played(), 1);
  EXPECT_EQ(r->side_to_move(), Side::kSecond);
  r->undo();
  EXPECT_EQ(r->fen(), "3/3/3 x");
  EXPECT_EQ(r->hash(), start_hash);
  EXPECT_EQ(r->plies_played(), 0);
  r->undo();  // nothing to take back: no change
  EXPECT_EQ(r->fen(), "3/3/3 x");
  EXPECT_EQ(r->plies_played(), 0);
}

TEST(AnyPosition, UndoAfterAWinReopensTheGame) {
  auto r = position_of("tictactoe");
  play_all(*r, {"a1", "a2", "b1", "b2", "c1"});
  r->undo();
  EXPECT_EQ(r->outcome(), Outcome::kNone);
  EXPECT_TRUE(r->play("c3").ok());
}

TEST(AnyPosition, UndoAfterResetStopsAtTheFen) {
  auto r = position_of("tictactoe");
  play_all(*r, {"a1", "b1"});
  ASSERT_TRUE(r->reset("3/1x1/3 o").ok());
  r->undo();  // the moves before the reset are gone
  EXPECT_EQ(r->fen(), "3/1x1/3 o");
  ASSERT_TRUE(r->play("a1").ok());
  r->undo();
  EXPECT_EQ(r->fen(), "3/1x1/3 o");
}

TEST(AnyPosition, CloneIsIndependent) {
  auto r = position_of("connect4");
  play_all(*r, {"4", "4"});
  auto copy = r->clone();
  EXPECT_EQ(copy->fen(), r->fen());
  EXPECT_EQ(copy->hash(), r->hash());
  EXPECT_EQ(copy->plies_played(), 2);
  EXPECT_EQ(copy->newgame_arguments(), "connect4 width 7 height 6");

  ASSERT_TRUE(copy->play("1").ok());
  EXPECT_EQ(r->plies_played(), 2);
  EXPECT_NE(copy->fen(), r->fen());
  ASSERT_TRUE(r->play("7").ok());
  EXPECT_EQ(copy->fen(), "7/7/7/7/3o3/x2x3 o");
  EXPECT_EQ(r->fen(), "7/7/7/7/3o3/3x2x o");

  // The clone's history is its own too.
  copy->undo();
  copy->undo();
  EXPECT_EQ(copy->fen(), "7/7/7/7/7/3x3 o");
  EXPECT_EQ(r->plies_played(), 3);
}

TEST(AnyPosition, CloneKeepsTheVariant) {
  auto r = position_of("connect4", {{"width", "4"}, {"height", "5"}});
  auto copy = r->clone();
  EXPECT_EQ(copy->newgame_arguments(), "connect4 width 4 height 5");
  ASSERT_TRUE(copy->reset("").ok());
  EXPECT_EQ(copy->fen(), "4/4/4/4/4 x");
  EXPECT_FALSE(copy->play("5").ok());
}

TEST(AnyPositionBoard, CellsAreShownTopRowFirst) {
  auto r = make_position("connect4", {});
  ASSERT_TRUE(r.ok());
  ASSERT_TRUE((*r)->play("4").ok());
  const BoardCells board = (*r)->board();
  EXPECT_EQ(board.width, 7);
  EXPECT_EQ(board.height, 6);
  EXPECT_EQ(board.at(3, 5), 'x');
  EXPECT_EQ(board.at(3, 4), '.');
  EXPECT_EQ((*r)->move_at(3, 0), "4");
  EXPECT_EQ((*r)->cell_name(3, 5), "d1");
}

TEST(AnyPositionBoard, ReversiCountsRanksFromTheTop) {
  auto r = make_position("reversi", {});
  ASSERT_TRUE(r.ok());
  const BoardCells board = (*r)->board();
  EXPECT_EQ(board.width, 8);
  EXPECT_EQ(board.height, 8);
  EXPECT_EQ((*r)->cell_name(3, 2), "d3");
  EXPECT_EQ((*r)->move_at(3, 2), "d3");
  EXPECT_TRUE((*r)->play("d3").ok());
  EXPECT_EQ((*r)->board().at(3, 2), (*r)->board().at(3, 3));
}

TEST(AnyPositionBoard, RenjuForbiddenPointsForBlackOnly) {
  auto r = make_position("gomoku", {{"rule", "renju"}});
  ASSERT_TRUE(r.ok());
  // Black h8, i9 (wait: h9 / i8) forms a double three threat at a point.
  for (const char* m : {"h8", "a1", "i8", "a3", "h9", "a5", "i10", "a7"}) ASSERT_TRUE((*r)->play(m).ok()) << m;
  const auto forbidden = (*r)->forbidden_points();
  ASSERT_FALSE(forbidden.empty());
  auto refused = (*r)->play(forbidden.front());
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("forbidden"), std::string::npos);
  auto free = make_position("gomoku", {});
  EXPECT_TRUE((*free)->forbidden_points().empty());
}

TEST(AnyPositionBoard, CellsComeFromTheFensOwnSize) {
  const BoardCells board = board_cells("2x/o2/3/3 x");
  EXPECT_EQ(board.width, 3);
  EXPECT_EQ(board.height, 4);
  EXPECT_EQ(board.at(2, 0), 'x');
  EXPECT_EQ(board.at(0, 1), 'o');
  EXPECT_EQ(board.at(1, 3), '.');
  EXPECT_EQ(board_cells("not a fen").cells.size(), 0u) << "a bad fen gives no cells, never a crash";
}

}  // namespace
}  // namespace narabe::games
