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
            {ButtonId::kSave, ButtonId::kStepBack, ButtonId::kStepForward}};
  return {{ButtonId::kNewGame, ButtonId::kUndo, ButtonId::kMenu, ButtonId::kHint, ButtonId::kSave, ButtonId::kStepBack},
          {ButtonId::kHints, ButtonId::kMusic, ButtonId::kEffects, ButtonId::kVolumeDown, ButtonId::kVolumeUp,
           ButtonId::kStepForward}};
}

void place_row(const Row& row, float x, float y, float width, float height, float gap, std::vector<Button>& out) {
  const float n = fl(static_cast<int>(row.size()));
  const float w = (width - gap * (n - 1)) / n;
  for (std::size_t i = 0; i < row.size(); ++i)
    out.push_back({row[i], {x + fl(static_cast<int>(i)) * (w + gap), y, w, height}});
}

}  // namespace

std::vector<Button> game_buttons(const BoardLayout& layout, bool game_over) {
  const Rect& p = layout.panel;
  const float unit = panel_unit(p, layout.text_scale);
  const float gap = unit * 0.4f, height = unit * 2.0f;
  const float x = p.x + unit * 1.2f, width = p.w - unit * 2.4f;
  const auto rows = control_rows(p);
  float y = p.y + p.h - unit * 1.0f - fl(static_cast<int>(rows.size())) * (height + gap) + gap;
  std::vector<Button> buttons;
  if (game_over) {
    // Below the board the strip takes the right half: the result stays readable on the left.
    const bool below = p.h <= p.w;
    const float strip_x = below ? p.x + p.w / 2 + unit * 1.2f : x;
    const float strip_w = below ? p.w / 2 - unit * 2.4f : width;
    place_row({ButtonId::kPlayAgain, ButtonId::kEndUndo, ButtonId::kEndMenu}, strip_x, y - gap * 2 - height * 1.3f,
              strip_w, height * 1.3f, gap, buttons);
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
  return top - panel_unit(layout.panel, layout.text_scale) * 0.5f;
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
    case ButtonId::kStepBack: return {CommandKind::kStep, -1};
    case ButtonId::kStepForward: return {CommandKind::kStep, 1};
  }
  return {CommandKind::kHelp};
}

}  // namespace narabe::gui::view
