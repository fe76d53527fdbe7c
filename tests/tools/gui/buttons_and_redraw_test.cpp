// Tests of the in-game buttons' geometry (view/buttons.h), the start screen's
// step-back halves, the redraw gate (app/redraw_gate.h) and the score line
// (app/score_line.h): all without SDL.

#include <gtest/gtest.h>

#include <set>

#include "tools/gui/app/redraw_gate.h"
#include "tools/gui/app/score_line.h"
#include "tools/gui/view/buttons.h"

namespace narabe::gui {
namespace {

bool overlap(const view::Rect& a, const view::Rect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

TEST(Buttons, InsideThePanelApartAndEachWithItsCommand) {
  for (const auto& [w, h] : {std::pair{1040, 700}, std::pair{640, 420}, std::pair{480, 760}}) {
    const view::BoardLayout layout = view::layout_board(GameKind::kReversi, 8, 8, w, h);
    for (const bool over : {false, true}) {
      SCOPED_TRACE(over);
      const auto buttons = view::game_buttons(layout, over);
      std::set<view::ButtonId> ids;
      for (std::size_t i = 0; i < buttons.size(); ++i) {
        const view::Rect& r = buttons[i].rect;
        ids.insert(buttons[i].id);
        EXPECT_GE(r.x, layout.panel.x) << w << "x" << h;
        EXPECT_LE(r.x + r.w, layout.panel.x + layout.panel.w);
        EXPECT_GE(r.y, layout.panel.y);
        EXPECT_LE(r.y + r.h, layout.panel.y + layout.panel.h);
        EXPECT_GE(r.h, 20.0f) << "big enough to hit";
        for (std::size_t j = i + 1; j < buttons.size(); ++j) EXPECT_FALSE(overlap(r, buttons[j].rect));
        EXPECT_LT(view::panel_text_bottom(layout, over), r.y);
      }
      EXPECT_EQ(ids.count(view::ButtonId::kPlayAgain), over ? 1u : 0u) << "the end strip once the game is over";
      EXPECT_EQ(buttons.size(), over ? 16u : 13u);
    }
  }
  using view::ButtonId;
  EXPECT_EQ(view::command_for_button(ButtonId::kPlayAgain).kind, CommandKind::kNewGame);
  EXPECT_EQ(view::command_for_button(ButtonId::kEndMenu).kind, CommandKind::kBack);
  EXPECT_EQ(view::command_for_button(ButtonId::kHint).kind, CommandKind::kHint);
  EXPECT_EQ(view::command_for_button(ButtonId::kVolumeDown).x, -1);
  EXPECT_EQ(view::command_for_button(ButtonId::kVolumeUp).x, 1);
  EXPECT_EQ(view::command_for_button(ButtonId::kMusic).kind, CommandKind::kToggleMusic);
  EXPECT_EQ(view::command_for_button(ButtonId::kLoad).kind, CommandKind::kLoad);
}

TEST(Buttons, ThePanelKeepsItsRoomAtEveryTextSizeDownToTheSmallestWindow) {
  // The smallest window --size takes, a short wide one and a narrow tall one:
  // the buttons and the text room above them stay inside the panel, and the
  // panel inside the window, at each text size (painter.cpp lays the text out
  // in that room; the scripted test checks the drawn text boxes).
  for (const auto& [w, h] : {std::pair{320, 240}, std::pair{420, 240}, std::pair{320, 360}, std::pair{320, 480}, std::pair{1040, 700}}) {
    for (const GameKind game : {GameKind::kConnect4, GameKind::kReversi, GameKind::kGomoku}) {
      view::BoardLayout layout = view::layout_board(game, 8, 8, w, h);
      EXPECT_GE(layout.panel.x, 0.0f);
      EXPECT_GE(layout.panel.y, 0.0f);
      EXPECT_LE(layout.panel.x + layout.panel.w, static_cast<float>(w));
      EXPECT_LE(layout.panel.y + layout.panel.h, static_cast<float>(h));
      for (const int size : kTextSizes) {
        layout.text_scale = static_cast<float>(size) / 100.0f;
        for (const bool over : {false, true}) {
          SCOPED_TRACE(::testing::Message() << w << "x" << h << " " << size << " % over " << over);
          const float unit = view::panel_unit_for(layout, over);
          const float text_top = layout.panel.y + unit * 1.2f;
          EXPECT_GE(view::panel_text_bottom(layout, over) - text_top,
                    unit * (view::panel_text_units(over) - 1.2f - 0.5f) - 0.01f) << "room for the text";
          for (const view::Button& b : view::game_buttons(layout, over)) {
            EXPECT_GE(b.rect.x, layout.panel.x);
            EXPECT_GE(b.rect.y, layout.panel.y);
            EXPECT_LE(b.rect.x + b.rect.w, layout.panel.x + layout.panel.w);
            EXPECT_LE(b.rect.y + b.rect.h, layout.panel.y + layout.panel.h);
            EXPECT_GE(b.rect.h, 16.0f) << "still big enough to hit";
          }
        }
      }
    }
  }
}

TEST(Buttons, GrowWithTheTextSizeWithinThePanel) {
  view::BoardLayout layout = view::layout_board(GameKind::kGomoku, 15, 15, 1040, 700);
  const float normal = view::game_buttons(layout, false).front().rect.h;
  layout.text_scale = 1.5f;
  const auto big = view::game_buttons(layout, false);
  EXPECT_GT(big.front().rect.h, normal * 1.2f);
  for (const view::Button& b : big) {
    EXPECT_GE(b.rect.y, layout.panel.y);
    EXPECT_LE(b.rect.x + b.rect.w, layout.panel.x + layout.panel.w);
  }
}

TEST(StartRows, AShortWindowShowsSomeScrolledToTheSelection) {
  EXPECT_EQ(view::start_rows_view(12, 11, 700).count, 12) << "all fit";
  EXPECT_EQ(view::start_rows_view(12, 11, 700).first, 0);
  for (int selected = 0; selected < 13; ++selected) {
    const view::StartRowsView in_view = view::start_rows_view(13, selected, 240);
    EXPECT_LT(in_view.count, 13);
    EXPECT_GE(selected, in_view.first);
    EXPECT_LT(selected, in_view.first + in_view.count);
    // The rows shown, the title above them and the foot below stay in the window.
    const view::Rect first = view::start_row_rect(0, in_view.count, 320, 240);
    const view::Rect last = view::start_row_rect(in_view.count - 1, in_view.count, 320, 240);
    EXPECT_GE(first.y - first.h * 0.42f * 5.2f, 0.0f) << "the title";
    EXPECT_LE(last.y + last.h + first.h * 0.42f * 2.6f, 240.0f) << "the foot's two lines";
  }
}

TEST(StartRows, TheBackArrowSitsOverTheHalfThatStepsBack) {
  const view::Rect row = view::start_row_rect(2, 7, 1040, 700);
  const view::Rect value = view::start_value_rect(row);
  const view::Rect back = view::start_row_back_rect(row);
  const float mid_y = row.y + row.h / 2;
  EXPECT_TRUE(back.contains(value.x + 4, mid_y)) << "under the ‹";
  EXPECT_FALSE(back.contains(value.x + value.w - 4, mid_y)) << "not under the ›";
  EXPECT_FALSE(back.contains(row.x + 4, mid_y)) << "the label steps on";
}

TEST(RedrawGate, DrawsOnChangesAndAnimationsOnly) {
  RedrawGate gate;
  EXPECT_TRUE(gate.should_draw(1, false, false)) << "the first frame";
  for (int i = 0; i < 100; ++i) EXPECT_FALSE(gate.should_draw(1, false, false));
  EXPECT_TRUE(gate.should_draw(2, false, false)) << "a change";
  EXPECT_TRUE(gate.should_draw(2, false, true)) << "the window exposed";
  EXPECT_TRUE(gate.should_draw(2, true, false));
  EXPECT_TRUE(gate.should_draw(2, true, false));
  EXPECT_TRUE(gate.should_draw(2, false, false)) << "one more after an animation, its last state";
  EXPECT_FALSE(gate.should_draw(2, false, false));
  EXPECT_EQ(gate.take_frames(), 6);
  EXPECT_EQ(gate.take_frames(), 0);
}

TEST(ScoreLine, DiscsForReversiMovesForTheOthers) {
  games::BoardCells cells{3, 2, {'x', 'o', '.', 'x', 'x', '.'}};
  EXPECT_EQ(score_line(GameKind::kReversi, cells, {"d3", "pass"}, false), "Black 3 - 1 White");
  EXPECT_EQ(score_line(GameKind::kConnect4, cells, {"4", "4", "3"}, false), "Move 4");
  EXPECT_EQ(score_line(GameKind::kGomoku, cells, {"h8"}, true), "1 move");
  EXPECT_EQ(stones_played({"d3", "pass", "c5"}), 2);
}

}  // namespace
}  // namespace narabe::gui
