// Tests of protocol/server/ggf.h: the GGF games NBoard sends with `set game`, and
// the move notation between NBoard ("F5", "PA") and Reversi ("f5", "pass").

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "protocol/server/ggf.h"

namespace narabe::server {
namespace {

using Moves = std::vector<std::string>;

constexpr std::string_view kGgfStartBoard = "8 ---------------------------O*------*O--------------------------- *";
constexpr std::string_view kStartFen = "8/8/8/3ox3/3xo3/8/8/8 x";

std::string game_with(std::string_view board, std::string_view moves) {
  return "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[" +
         std::string(board) + "]" + std::string(moves) + ";)";
}

TEST(GgfTest, ReadsNBoardsExampleGame) {
  const auto game = parse_ggf(game_with(kGgfStartBoard, "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4]"));
  ASSERT_TRUE(game) << game.error();
  EXPECT_EQ(game->fen, kStartFen);
  EXPECT_EQ(game->moves, (Moves{"f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"}));
}

TEST(GgfTest, MovesMayCarryEvalAndTimeAndBeLowercaseOrPasses) {
  const auto game = parse_ggf(game_with(kGgfStartBoard, "B[d3//0.01]W[C5/-1.5/2.0]B[pa]W[PA]B[pass]"));
  ASSERT_TRUE(game) << game.error();
  EXPECT_EQ(game->moves, (Moves{"d3", "c5", "pass", "pass", "pass"}));
}

TEST(GgfTest, BoardMayHaveSpacesBetweenRowsAndWhiteToMove) {
  const auto game = parse_ggf(
      "(;GM[Othello]TY[8]BO[8 ----O*** ----O-*- --O-O*O* -OOOO-O- ---OOOO- --O----- -------- -------- O];)");
  ASSERT_TRUE(game) << game.error();
  EXPECT_EQ(game->fen, "4oxxx/4o1x1/2o1oxox/1oooo1o1/3oooo1/2o5/8/8 o");
  EXPECT_TRUE(game->moves.empty());
}

TEST(GgfTest, WithoutABoardTheGameStartsFromTheStandardPosition) {
  const auto game = parse_ggf("(;GM[Othello]B[F5];)");
  ASSERT_TRUE(game) << game.error();
  EXPECT_EQ(game->fen, kStartFen);
  EXPECT_EQ(game->moves, Moves{"f5"});
}

TEST(GgfTest, UnknownPropertiesEscapesAndWhitespaceAreSkipped) {
  const auto game = parse_ggf("  (;GM[othello] PB[a \\] b] C[any (;text;) here]\n TY[8r] KM[0] B[F5] ;)  ");
  ASSERT_TRUE(game) << game.error();
  EXPECT_EQ(game->moves, Moves{"f5"});
}

TEST(GgfTest, MalformedGamesAreErrors) {
  const std::vector<std::string> bad = {
      "",
      "garbage",
      "(;",
      "(;GM[Othello]",
      "(;GM[Othello]B[F5]",
      "(;GM[Othello;)",
      "(;GM[Chess];)",
      "(;TY[10];)",
      "(;gm[Othello];)",
      "(;[x];)",
      "(;GM[Othello];) extra",
      game_with("8 ----", ""),
      game_with("10 ---------------------------O*------*O--------------------------- *", ""),
      game_with("8 ---------------------------O*------*O--------------------------- ", ""),
      game_with("8 ---------------------------O*------*O--------------------------- X O", ""),
      game_with("8 ---------------------------O*------*O--------------------------Z *", ""),
      game_with("8 ---------------------------O*------*O--------------------------- ?", ""),
      game_with(kGgfStartBoard, "W[F5]"),
      game_with(kGgfStartBoard, "B[F5]B[F6]"),
      game_with(kGgfStartBoard, "B[Z9]"),
      game_with(kGgfStartBoard, "B[F55]"),
      game_with(kGgfStartBoard, "B[]"),
      "(;GM[Othello]B[F5]BO[" + std::string(kGgfStartBoard) + "];)",
  };
  for (const std::string& text : bad) {
    const auto game = parse_ggf(text);
    EXPECT_FALSE(game) << "accepted: " << text;
    if (!game) {
      EXPECT_FALSE(game.error().empty()) << text;
    }
  }
}

TEST(GgfTest, RandomAndHugeInputNeverCrashes) {
  std::mt19937 rng(7);
  const std::string alphabet = "(;)[]\\BWOGMTY*-/ 8PAf5";
  for (int round = 0; round < 2000; ++round) {
    std::string text = round % 2 == 0 ? "(;" : "";
    const int length = static_cast<int>(rng() % 200);
    for (int i = 0; i < length; ++i) text += alphabet[rng() % alphabet.size()];
    (void)parse_ggf(text);
  }
  std::string huge = "(;GM[Othello]";
  for (int i = 0; i < 20000; ++i) huge += "B[F5]W[F6]";
  huge += ";)";
  const auto game = parse_ggf(huge);
  ASSERT_TRUE(game);  // well-formed GGF; whether the moves are legal is Reversi's question
  EXPECT_EQ(game->moves.size(), 40000u);
  EXPECT_FALSE(parse_ggf(std::string(100000, '[')));
}

TEST(GgfTest, MoveNotationBothWays) {
  EXPECT_EQ(*nboard_move_to_reversi("F5"), "f5");
  EXPECT_EQ(*nboard_move_to_reversi("a1"), "a1");
  EXPECT_EQ(*nboard_move_to_reversi("H8/1.50/2.0"), "h8");
  EXPECT_EQ(*nboard_move_to_reversi("PA"), "pass");
  EXPECT_EQ(*nboard_move_to_reversi("pass"), "pass");
  for (std::string_view bad : {"", "I1", "A9", "A0", "F", "F5x", "P", "//", "pas"})
    EXPECT_FALSE(nboard_move_to_reversi(bad)) << bad;
  EXPECT_EQ(reversi_move_to_nboard("f5"), "F5");
  EXPECT_EQ(reversi_move_to_nboard("pass"), "PA");
}

}  // namespace
}  // namespace narabe::server
