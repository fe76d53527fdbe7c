// Tests of engine/games/fen_board.h: the board part of a fen shared by every game.

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/games/fen_board.h"
#include "tests/support/text.h"

namespace narabe::games {
namespace {

using test_text::contains;


// The rows of `height` empty rows of `width` cells: "15/15/.../15".
std::string empty_rows(int width, int height) {
  std::string rows;
  for (int r = 0; r < height; ++r) {
    if (r > 0) rows += '/';
    rows += std::to_string(width);
  }
  return rows;
}

std::string write_back(const FenBoard& board) {
  return write_fen_board(board.width, board.height, [&](int file, int rank) { return board.cell(file, rank); });
}

// ---- parsing valid boards ----

TEST(ParseFenBoard, TicTacToeCellsAndSide) {
  const auto board = parse_fen_board("x2/1o1/2x o", 3, 3);
  ASSERT_TRUE(board) << board.error();
  EXPECT_EQ(board->width, 3);
  EXPECT_EQ(board->height, 3);
  EXPECT_EQ(board->side_to_move, core::Side::kSecond);
  // The first row of the fen is the top row; rank 0 is the bottom.
  EXPECT_EQ(board->cell(0, 2), 'x');
  EXPECT_EQ(board->cell(1, 1), 'o');
  EXPECT_EQ(board->cell(2, 0), 'x');
  EXPECT_EQ(board->cell(0, 0), '.');
  EXPECT_EQ(board->cell(2, 2), '.');
  ASSERT_EQ(board->cells.size(), 9u);
  EXPECT_EQ(std::string(board->cells.begin(), board->cells.end()), "..x.o.x..");
}

TEST(ParseFenBoard, EmptyBoardWithFirstPlayerToMove) {
  const auto board = parse_fen_board("3/3/3 x", 3, 3);
  ASSERT_TRUE(board) << board.error();
  EXPECT_EQ(board->side_to_move, core::Side::kFirst);
  EXPECT_EQ(std::string(board->cells.begin(), board->cells.end()), ".........");
}

TEST(ParseFenBoard, ConnectFourSizedBoard) {
  const auto board = parse_fen_board("7/7/7/7/3x3/3o3 x", 7, 6);
  ASSERT_TRUE(board) << board.error();
  EXPECT_EQ(board->cell(3, 0), 'o');
  EXPECT_EQ(board->cell(3, 1), 'x');
  EXPECT_EQ(board->cell(3, 2), '.');
}

TEST(ParseFenBoard, NonSquareBoard) {
  const auto board = parse_fen_board("4/xo2 o", 4, 2);
  ASSERT_TRUE(board) << board.error();
  EXPECT_EQ(board->cell(0, 0), 'x');
  EXPECT_EQ(board->cell(1, 0), 'o');
  EXPECT_EQ(board->cell(0, 1), '.');
}

TEST(ParseFenBoard, MultiDigitRunsOnAFifteenWideBoard) {
  const auto board = parse_fen_board(empty_rows(15, 15) + " x", 15, 15);
  ASSERT_TRUE(board) << board.error();
  EXPECT_EQ(board->cells.size(), 225u);
  for (char c : board->cells) EXPECT_EQ(c, '.');
}

TEST(ParseFenBoard, MultiDigitRunsBetweenStones) {
  // Row 1 (top): x, 13 empty, o. Row 8: 7 empty, x, 7 empty.
  std::string rows = "x13o";
  for (int r = 1; r < 15; ++r) rows += r == 7 ? "/7x7" : "/15";
  const auto board = parse_fen_board(rows + " o", 15, 15);
  ASSERT_TRUE(board) << board.error();
  EXPECT_EQ(board->cell(0, 14), 'x');
  EXPECT_EQ(board->cell(14, 14), 'o');
  EXPECT_EQ(board->cell(1, 14), '.');
  EXPECT_EQ(board->cell(7, 7), 'x');
  EXPECT_EQ(board->cell(6, 7), '.');
}

TEST(ParseFenBoard, TwentyFiveWideBoard) {
  std::string rows = "12x12";
  for (int r = 1; r < 25; ++r) rows += "/25";
  const auto board = parse_fen_board(rows + " x", 25, 25);
  ASSERT_TRUE(board) << board.error();
  EXPECT_EQ(board->cell(12, 24), 'x');
}

TEST(ParseFenBoard, ReversiStart) {
  const auto board = parse_fen_board("8/8/8/3ox3/3xo3/8/8/8 x", 8, 8);
  ASSERT_TRUE(board) << board.error();
  EXPECT_EQ(board->cell(3, 4), 'o');
  EXPECT_EQ(board->cell(4, 4), 'x');
  EXPECT_EQ(board->cell(3, 3), 'x');
  EXPECT_EQ(board->cell(4, 3), 'o');
}

// ---- errors ----

// Parses a fen that must be rejected and returns its message.
std::string rejection(std::string_view fen, int width = 3, int height = 3) {
  const auto board = parse_fen_board(fen, width, height);
  EXPECT_FALSE(board) << "accepted: '" << fen << "'";
  return board ? std::string() : board.error();
}

TEST(ParseFenBoardErrors, MissingSide) {
  const std::string message = rejection("3/3/3");
  EXPECT_TRUE(contains(message, "side")) << message;
}

TEST(ParseFenBoardErrors, EmptyString) {
  const std::string message = rejection("");
  EXPECT_FALSE(message.empty());
}

TEST(ParseFenBoardErrors, BadSide) {
  for (std::string_view fen : {"3/3/3 y", "3/3/3 X", "3/3/3 ", "3/3/3 xo", "3/3/3 x extra"}) {
    const std::string message = rejection(fen);
    EXPECT_TRUE(contains(message, "'x' or 'o'")) << fen << ": " << message;
  }
}

TEST(ParseFenBoardErrors, TooManyRows) {
  const std::string message = rejection("3/3/3/3 x");
  EXPECT_TRUE(contains(message, "more than 3 rows")) << message;
  EXPECT_FALSE(parse_fen_board("3/3/3/ x", 3, 3)) << "a trailing '/' starts a fourth row";
}

TEST(ParseFenBoardErrors, TooFewRows) {
  const std::string message = rejection("3/3 x");
  EXPECT_TRUE(contains(message, "2 rows, not 3")) << message;
}

TEST(ParseFenBoardErrors, RowTooLong) {
  for (std::string_view fen : {"4/3/3 x", "xxxx/3/3 x", "3/2x1/3 x", "3/3/o3 x"}) {
    const std::string message = rejection(fen);
    EXPECT_TRUE(contains(message, "overflows its 3 cells")) << fen << ": " << message;
  }
}

TEST(ParseFenBoardErrors, RowTooShortNamesTheRow) {
  EXPECT_TRUE(contains(rejection("2/3/3 x"), "row 1 has 2 cells, not 3"));
  EXPECT_TRUE(contains(rejection("3/x1/3 x"), "row 2 has 2 cells, not 3"));
  EXPECT_TRUE(contains(rejection("3/3/2 x"), "row 3 has 2 cells, not 3"));
  EXPECT_TRUE(contains(rejection("3//3 x"), "row 2 has 0 cells, not 3"));
  EXPECT_TRUE(contains(rejection(" x"), "row 1 has 0 cells, not 3"));
}

TEST(ParseFenBoardErrors, RunOfZeroIsRejected) {
  rejection("0x2/3/3 x");
  rejection("3/3/0 x");
  rejection("3/x0xx/3 x");
}

TEST(ParseFenBoardErrors, RunOfZeroMessageSaysWhatIsWrong) {
  const std::string message = rejection("0x2/3/3 x");
  EXPECT_FALSE(contains(message, "overflows")) << message;
  EXPECT_TRUE(contains(message, "0")) << message;
}

TEST(ParseFenBoardErrors, UnknownCharacter) {
  EXPECT_TRUE(contains(rejection("3/1X1/3 x"), "unknown character 'X'"));
  EXPECT_TRUE(contains(rejection("3/1.1/3 x"), "unknown character '.'"));
  EXPECT_TRUE(contains(rejection("3/-3/3 x"), "unknown character '-'"));
  // Unprintable bytes are not echoed as they are.
  const std::string message = rejection(std::string_view("3/1\x01\x31/3 x"));
  EXPECT_TRUE(contains(message, "unknown character '?'")) << message;
}

TEST(ParseFenBoardErrors, HugeNumbersDoNotWrapAround) {
  // 2^32 + 3 and 2^64 + 3 would read as 3 if the number wrapped.
  for (std::string_view fen : {"4294967299/3/3 x", "18446744073709551619/3/3 x", "99999999999999999999999999/3/3 x"}) {
    const std::string message = rejection(fen);
    EXPECT_TRUE(contains(message, "row 1")) << fen << ": " << message;
  }
  EXPECT_FALSE(parse_fen_board("2147483647x/15/15 x", 15, 3));
}

TEST(ParseFenBoardErrors, RowsErrorsAreCheckedWithAValidSide) {
  // A good side does not hide a bad board, and a good board does not hide a bad side.
  EXPECT_FALSE(parse_fen_board("3/3/3 o", 3, 4));
  EXPECT_FALSE(parse_fen_board("3/3/3 o", 4, 3));
  EXPECT_FALSE(parse_fen_board("3/3/3  x", 3, 3));
}

// ---- writing ----

TEST(WriteFenBoard, RoundTripsParsedBoards) {
  std::string fifteen = "x13o";
  for (int r = 1; r < 15; ++r) fifteen += r == 7 ? "/7x7" : "/15";
  struct Case {
    std::string rows;
    int width, height;
  };
  const Case cases[] = {{"3/3/3", 3, 3},
                        {"x2/1o1/2x", 3, 3},
                        {"xox/oxo/oxo", 3, 3},
                        {"7/7/7/7/3x3/3o3", 7, 6},
                        {"8/8/8/3ox3/3xo3/8/8/8", 8, 8},
                        {empty_rows(15, 15), 15, 15},
                        {fifteen, 15, 15},
                        {"4/xo2", 4, 2}};
  for (const Case& c : cases) {
    const auto board = parse_fen_board(c.rows + " x", c.width, c.height);
    ASSERT_TRUE(board) << c.rows << ": " << board.error();
    EXPECT_EQ(write_back(*board), c.rows);
  }
}

TEST(WriteFenBoard, WritesLongRunsAsOneMultiDigitNumber) {
  EXPECT_EQ(write_fen_board(12, 1, [](int, int) { return '.'; }), "12");
  EXPECT_EQ(write_fen_board(15, 2, [](int file, int rank) { return file == 7 && rank == 0 ? 'o' : '.'; }),
            "15/7o7");
}

TEST(WriteDiagram, ThreeByThreeShape) {
  const auto board = parse_fen_board("x2/1o1/2x o", 3, 3);
  ASSERT_TRUE(board);
  const std::string diagram =
      write_diagram(3, 3, [&](int file, int rank) { return board->cell(file, rank); });
  EXPECT_EQ(diagram,
            "  3 x . .\n"
            "  2 . o .\n"
            "  1 . . x\n"
            "    a b c\n");
}

TEST(WriteDiagram, RanksFromTheTop) {
  const std::string diagram =
      write_diagram(2, 2, [](int file, int rank) { return file == 0 && rank == 1 ? 'x' : '.'; }, true);
  EXPECT_EQ(diagram,
            "  1 x .\n"
            "  2 . .\n"
            "    a b\n");
}

TEST(WriteDiagram, WideBoardKeepsColumnsAligned) {
  const std::string diagram = write_diagram(15, 15, [](int, int) { return '.'; });
  // 15 rows plus the file letters, every line the same length.
  std::size_t lines = 0;
  std::size_t start = 0;
  for (std::size_t nl; (nl = diagram.find('\n', start)) != std::string::npos; start = nl + 1) {
    EXPECT_EQ(nl - start, 3u + 2u * 15u) << "line " << lines;
    ++lines;
  }
  EXPECT_EQ(start, diagram.size()) << "the diagram ends with a newline";
  EXPECT_EQ(lines, 16u);
  EXPECT_EQ(diagram.substr(0, 4), " 15 ");
  EXPECT_TRUE(contains(diagram, "\n  1 . "));
  EXPECT_TRUE(contains(diagram, "    a b c d e f g h i j k l m n o\n"));
}

}  // namespace
}  // namespace narabe::games
