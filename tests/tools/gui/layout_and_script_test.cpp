// Tests of narabe-gui's window geometry (view/layout.h) and scripted steps
// (input/script.h): both without SDL.

#include <gtest/gtest.h>

#include "tools/gui/input/script.h"
#include "tools/gui/view/layout.h"

namespace narabe::gui {
namespace {

TEST(Layout, BoardKeepsItsProportionsAndHitsItsCells) {
  for (const auto& [w, h] : {std::pair{1040, 700}, std::pair{480, 760}, std::pair{320, 240}}) {
    const view::BoardLayout layout = view::layout_board(GameKind::kGomoku, 15, 15, w, h);
    EXPECT_GE(layout.cell, 1.0f);
    EXPECT_FLOAT_EQ(layout.frame.w, layout.frame.h) << w << "x" << h;  // Gomoku's board is square
    EXPECT_LE(layout.frame.x + layout.frame.w, static_cast<float>(w));
    for (const CellPos cell : {CellPos{0, 0}, CellPos{7, 7}, CellPos{14, 14}}) {
      const view::Point p = layout.center(cell.file, cell.row);
      EXPECT_EQ(layout.hit(p.x, p.y), cell);
    }
    EXPECT_FALSE(layout.hit(-5, -5).valid());
  }
  // A wide window puts the panel beside the board, a tall one below it.
  EXPECT_GE(view::layout_board(GameKind::kConnect4, 7, 6, 1040, 700).panel.x, 600.0f);
  EXPECT_GE(view::layout_board(GameKind::kConnect4, 7, 6, 480, 760).panel.y, 400.0f);
}

TEST(Script, StepsAndErrors) {
  auto steps = input::parse_script("# a comment\n\nkey Return\ncell 3 5\nwait 250\nidle\nexpect-message You win!\n");
  ASSERT_TRUE(steps.ok()) << steps.error();
  ASSERT_EQ(steps->size(), 5u);
  EXPECT_EQ((*steps)[0].text, "Return");
  EXPECT_EQ((*steps)[1].x, 3);
  EXPECT_EQ((*steps)[1].y, 5);
  EXPECT_EQ((*steps)[2].x, 250);
  EXPECT_EQ((*steps)[4].text, "You win!");
  EXPECT_EQ((*steps)[4].line, 7);
  EXPECT_EQ(input::parse_script("wait -3\n").error(), "script line 1: wait needs milliseconds (a whole number, 0 or more)");
  EXPECT_EQ(input::parse_script("key\n").error(), "script line 1: key needs one key name");
  EXPECT_EQ(input::parse_script("cell 1 x\n").error(), "script line 1: cell needs two whole numbers");
  EXPECT_EQ(input::parse_script("idle now\n").error(), "script line 1: idle takes nothing after it");
}

TEST(Script, RedrawCount) {
  auto steps = input::parse_script("expect-redraws-at-most 2\n");
  ASSERT_TRUE(steps.ok()) << steps.error();
  EXPECT_EQ((*steps)[0].kind, input::ScriptStep::Kind::kExpectRedraws);
  EXPECT_EQ((*steps)[0].x, 2);
  EXPECT_EQ(input::parse_script("expect-redraws-at-most -1\n").error(),
            "script line 1: expect-redraws-at-most needs a count of frames (0 or more)");
}

TEST(Script, ExpectedMessageIsTrimmedOfBlanksOnBothSides) {
  // Found with the gui_script fuzz target: a '\r' after the verb was kept, so "expect-message \r"
  // (a CRLF script's empty message) expected a message of "\r".
  for (const char* text : {"expect-message \r\n", "expect-message\t \r", "expect-message \r Over \r\n"}) {
    auto steps = input::parse_script(text);
    ASSERT_TRUE(steps.ok()) << steps.error();
    ASSERT_EQ(steps->size(), 1u);
    EXPECT_EQ((*steps)[0].text, std::string(text).find("Over") != std::string::npos ? "Over" : "") << text;
  }
}

}  // namespace
}  // namespace narabe::gui
