#include "tools/gui/view/buttons.h"

#include <algorithm>

namespace narabe::gui::view {
namespace {

using Row = std::vector<ButtonId>;

std::vector<Row> control_rows(const Rect& panel) {
  // Beside the board: four rows of three; below it: two rows across.
  if (panel.h > panel.w)
    return {{ButtonId::kNewGame, ButtonId::kUndo, ButtonId::kMenu},
            {ButtonId::kHint, ButtonId::kHints, ButtonId::kMusic},
            {ButtonId::kEffects, ButtonId::kVolumeDown, ButtonId::kVolumeUp},
            {ButtonId::kSave, ButtonId::kLoad, ButtonId::kStepBack, ButtonId::kStepForward}};
  return {{ButtonId::kNewGame, ButtonId::kUndo, ButtonId::kMenu, ButtonId::kHint, ButtonId::kSave, ButtonId::kLoad},
          {ButtonId::kHints, ButtonId::kMusic, ButtonId::kEffects, ButtonId::kVolumeDown, ButtonId::kVolumeUp,
           ButtonId::kStepBack, ButtonId::kStepForward}};
}

// The buttons' block (and the end strip) in units, as game_buttons places them.
constexpr float kButtonHeight = 2.0f, kButtonGap = 0.4f, kButtonsFoot = 1.0f, kStripHeight = 2.6f;
float buttons_units(int rows, bool game_over) {
  return fl(rows) * (kButtonHeight + kButtonGap) - kButtonGap + kButtonsFoot +
         (game_over ? kStripHeight + 2 * kButtonGap : 0.0f);
}

void place_row(const Row& row, float x, float y, float width, float height, float gap, std::vector<Button>& out) {
  const float n = fl(static_cast<int>(row.size()));
  const float w = (width - gap * (n - 1)) / n;
  for (std::size_t i = 0; i < row.size(); ++i)
    out.push_back({row[i], {x + fl(static_cast<int>(i)) * (w + gap), y, w, height}});
}

}  // namespace

float panel_unit_for(const BoardLayout& layout, bool game_over) {
  const Rect& p = layout.panel;
  const int rows = static_cast<int>(control_rows(p).size());
  return std::min(panel_unit(p, layout.text_scale), p.h / (panel_text_units(game_over) + buttons_units(rows, game_over)));
}

std::vector<Button> game_buttons(const BoardLayout& layout, bool game_over) {
  const Rect& p = layout.panel;
  const float unit = panel_unit_for(layout, game_over);
  const float gap = unit * kButtonGap, height = unit * kButtonHeight;
  const float x = p.x + unit * 1.2f, width = p.w - unit * 2.4f;
  const auto rows = control_rows(p);
  float y = p.y + p.h - unit * kButtonsFoot - fl(static_cast<int>(rows.size())) * (height + gap) + gap;
  std::vector<Button> buttons;
  if (game_over) {
    // Below the board the strip takes the right half: the result stays readable on the left.
    const bool below = p.h <= p.w;
    const float strip_x = below ? p.x + p.w / 2 + unit * 1.2f : x;
    const float strip_w = below ? p.w / 2 - unit * 2.4f : width;
    const float strip_h = unit * kStripHeight;
    place_row({ButtonId::kPlayAgain, ButtonId::kEndUndo, ButtonId::kEndMenu}, strip_x, y - gap * 2 - strip_h, strip_w,
              strip_h, gap, buttons);
  }
  for (const Row& row : rows) {
    place_row(row, x, y, width, height, gap, buttons);
    y += height + gap;
  }
  return buttons;
}

float panel_text_bottom(const BoardLayout& layout, bool game_over) {
  float top = layout.panel.y + layout.panel.h;
  for (const Button& b : game_buttons(layout, game_over)) top = std::min(top, b.rect.y);
  return top - panel_unit_for(layout, game_over) * 0.5f;
}

Command command_for_button(ButtonId id) {
  switch (id) {
    case ButtonId::kNewGame:
    case ButtonId::kPlayAgain: return {CommandKind::kNewGame};
    case ButtonId::kUndo:
    case ButtonId::kEndUndo: return {CommandKind::kUndo};
    case ButtonId::kMenu:
    case ButtonId::kEndMenu: return {CommandKind::kBack};
    case ButtonId::kHint: return {CommandKind::kHint};
    case ButtonId::kHints: return {CommandKind::kToggleHints};
    case ButtonId::kMusic: return {CommandKind::kToggleMusic};
    case ButtonId::kEffects: return {CommandKind::kToggleEffects};
    case ButtonId::kVolumeDown: return {CommandKind::kVolume, -1};
    case ButtonId::kVolumeUp: return {CommandKind::kVolume, 1};
    case ButtonId::kSave: return {CommandKind::kSave};
    case ButtonId::kLoad: return {CommandKind::kLoad};
    case ButtonId::kStepBack: return {CommandKind::kStep, -1};
    case ButtonId::kStepForward: return {CommandKind::kStep, 1};
  }
  return {CommandKind::kHelp};
}

}  // namespace narabe::gui::view
