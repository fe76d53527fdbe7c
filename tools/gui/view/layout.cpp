#include "tools/gui/view/layout.h"

#include <algorithm>
#include <cmath>

namespace narabe::gui::view {
CellPos BoardLayout::hit(float x, float y) const {
  if (cell <= 0) return {};
  // Cells are centred on `first`; Gomoku's intersections the same way.
  const int file = static_cast<int>(std::floor((x - first.x) / cell + 0.5f));
  const int row = static_cast<int>(std::floor((y - first.y) / cell + 0.5f));
  if (file < 0 || file >= files || row < 0 || row >= rows) return {};
  return {file, row};
}

BoardLayout layout_board(GameKind game, int files, int rows, int window_w, int window_h) {
  BoardLayout layout;
  layout.game = game;
  layout.files = files;
  layout.rows = rows;
  const float w = static_cast<float>(std::max(window_w, 1));
  const float h = static_cast<float>(std::max(window_h, 1));
  const float pad = std::max(8.0f, std::min(w, h) * 0.03f);
  // A short window keeps the panel beside the board: below it there would be
  // no room for the panel's text and buttons.
  const bool wide = w >= h * 1.15f || h < 360.0f;
  // The panel's share of the window.
  Rect area;
  if (wide) {
    const float panel_w = std::clamp(w * 0.3f, 180.0f, 360.0f);
    layout.panel = {w - panel_w, 0, panel_w, h};
    area = {0, 0, w - panel_w, h};
  } else {
    // At least the room for its text and two rows of buttons at the usual
    // smallest unit (18.4 units of 11 px, buttons.h), while the board keeps half or more.
    constexpr float kPanelNeeds = 205.0f;
    const float panel_h = std::max(std::clamp(h * 0.28f, 140.0f, 260.0f), std::min(h * 0.45f, kPanelNeeds));
    layout.panel = {0, h - panel_h, w, panel_h};
    area = {0, 0, w, h - panel_h};
  }
  const GameDisplay& display = display_of(game);
  // The margin holds Gomoku's coordinates; Connect Four's frame is a little wider than its holes.
  const float margin = display.margin;
  // On crossings, the cells are the gaps between lines: files-1 of them across.
  const int gaps = display.on_crossings ? 1 : 0;
  const float span_x = fl(files - gaps) + 2 * margin;
  // Dropped discs: room above for the hovering disc, below for the column numbers.
  const float top_cells = display.drops_in_columns ? 1.0f : 0.0f;
  const float bottom_cells = display.drops_in_columns ? 0.5f : 0.0f;
  const float span_y = fl(rows - gaps) + 2 * margin + top_cells + bottom_cells;
  // Whole pixels a cell, and cell centres on pixel centres, so thin grid
  // lines fall on pixels and all look alike.
  const float cell = std::max(1.0f, std::floor(std::min((area.w - 2 * pad) / span_x, (area.h - 2 * pad) / span_y)));
  layout.cell = cell;
  const float board_w = span_x * cell;
  const float board_h = (span_y - top_cells - bottom_cells) * cell;
  const float top_room = top_cells * cell, bottom_room = bottom_cells * cell;
  layout.frame = {std::round(area.x + (area.w - board_w) / 2),
                  std::round(area.y + (area.h - board_h - top_room - bottom_room) / 2 + top_room), board_w, board_h};
  const float inset = margin * cell + (display.on_crossings ? 0.0f : cell / 2);
  layout.first = {std::floor(layout.frame.x + inset) + 0.5f, std::floor(layout.frame.y + inset) + 0.5f};
  return layout;
}

Rect start_row_rect(int row, int rows_shown, int window_w, int window_h) {
  const float w = static_cast<float>(window_w);
  const float h = static_cast<float>(window_h);
  const float row_h = std::clamp(h / (fl(rows_shown) + 4.5f), 24.0f, 64.0f);
  const float row_w = std::clamp(w * 0.6f, 260.0f, 560.0f);
  const float top = h * 0.5f - row_h * fl(rows_shown) / 2 + row_h * 0.9f;
  return {(w - row_w) / 2, top + fl(row) * row_h, row_w, row_h * 0.86f};
}

StartRowsView start_rows_view(int rows, int selected, int window_h) {
  // The rows are at least 24 pixels high, with four and a half rows' room for
  // the title and the foot (start_row_rect); a short window shows fewer rows.
  constexpr float kMinRowHeight = 24.0f, kRoomAround = 4.5f;
  const int fit = std::max(3, static_cast<int>(fl(window_h) / kMinRowHeight - kRoomAround));
  if (rows <= fit) return {0, rows};
  return {first_shown_row(selected, rows, fit), fit};
}

Rect start_scroll_arrow_rect(const Rect& row) { return {row.x + row.w, row.y, row.h, row.h}; }

Rect start_value_rect(const Rect& row) {
  const float inset = row.h * 0.3f;
  return {row.x + row.w * 0.42f, row.y, row.w * 0.58f - inset, row.h};
}

Rect start_row_back_rect(const Rect& row) {
  const Rect value = start_value_rect(row);
  return {value.x, row.y, value.w / 2, row.h};
}

int ChooserLayout::row_at(float x, float y) const {
  if (!list.contains(x, y) || row_h <= 0) return -1;
  const int index = first + static_cast<int>((y - list.y) / row_h);
  return index < first + shown ? index : -1;
}

ChooserLayout layout_chooser(const FileChooser& chooser, int text_size_percent, int window_w, int window_h) {
  ChooserLayout L;
  const float w = fl(std::max(window_w, 1)), h = fl(std::max(window_h, 1));
  const float pad = std::max(6.0f, std::min(w, h) * 0.04f);
  L.box = {pad, pad, w - 2 * pad, h - 2 * pad};
  if (L.box.w > 760) L.box = {(w - 760) / 2, L.box.y, 760, L.box.h};
  // The text size grows the chooser's text while the title, the foot and two rows still fit.
  const float base = std::clamp(std::min(w, h) / 34.0f, 9.0f, 20.0f);
  L.unit = std::min(base * fl(text_size_percent) / 100.0f, std::min(L.box.h / 16.0f, L.box.w / 24.0f));
  const float u = L.unit;
  L.row_h = u * 2.6f;
  const float title_h = u * 3.0f, foot_h = u * 6.2f;
  L.list = {L.box.x + u, L.box.y + title_h, L.box.w - 2 * u, std::max(0.0f, L.box.h - title_h - foot_h)};
  const int count = static_cast<int>(chooser.files().size());
  const int fit = std::max(1, static_cast<int>(L.list.h / L.row_h));
  L.shown = std::min(fit, count);
  L.first = first_shown_row(chooser.selected(), count, fit);
  L.list.h = fl(fit) * L.row_h;
  const float cancel_w = std::min(L.box.w - 2 * u, u * 9.0f);
  L.cancel = {L.box.x + L.box.w - u - cancel_w, L.box.y + L.box.h - u * 2.9f, cancel_w, u * 2.1f};
  return L;
}

float panel_unit(const Rect& panel, float text_scale) {
  // Larger text never grows past what a narrow panel's button rows can hold.
  const float base = std::clamp(std::min(panel.w / 16.0f, panel.h / 16.0f), 11.0f, 20.0f);
  return std::min(base * text_scale, std::max(base, panel.w / 13.0f));
}

}  // namespace narabe::gui::view
