#include "tools/gui/view/layout.h"

#include <algorithm>
#include <cmath>

namespace narabe::gui::view {
namespace {

// The board's margin around its cells, in cells: Gomoku's coordinates sit in
// it, Connect Four's frame is a little wider than its holes.
float margin_cells(GameKind game) {
  switch (game) {
    case GameKind::kGomoku: return 1.1f;
    case GameKind::kConnect4: return 0.25f;
    case GameKind::kReversi: return 0.35f;
    case GameKind::kTicTacToe: return 0.2f;
  }
  return 0.3f;
}

}  // namespace

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
  const bool wide = w >= h * 1.15f;
  // The panel's share of the window.
  Rect area;
  if (wide) {
    const float panel_w = std::clamp(w * 0.3f, 180.0f, 360.0f);
    layout.panel = {w - panel_w, 0, panel_w, h};
    area = {0, 0, w - panel_w, h};
  } else {
    const float panel_h = std::clamp(h * 0.28f, 140.0f, 260.0f);
    layout.panel = {0, h - panel_h, w, panel_h};
    area = {0, 0, w, h - panel_h};
  }
  const float margin = margin_cells(game);
  // Gomoku's cells are the gaps between lines: files-1 of them across.
  const float span_x = fl(game == GameKind::kGomoku ? files - 1 : files) + 2 * margin;
  // Connect Four: room above for the hovering disc, below for the column numbers.
  const float top_cells = game == GameKind::kConnect4 ? 1.0f : 0.0f;
  const float bottom_cells = game == GameKind::kConnect4 ? 0.5f : 0.0f;
  const float span_y = fl(game == GameKind::kGomoku ? rows - 1 : rows) + 2 * margin + top_cells + bottom_cells;
  // Whole pixels a cell, and cell centres on pixel centres, so thin grid
  // lines fall on pixels and all look alike.
  const float cell = std::max(1.0f, std::floor(std::min((area.w - 2 * pad) / span_x, (area.h - 2 * pad) / span_y)));
  layout.cell = cell;
  const float board_w = span_x * cell;
  const float board_h = (span_y - top_cells - bottom_cells) * cell;
  const float top_room = top_cells * cell, bottom_room = bottom_cells * cell;
  layout.frame = {std::round(area.x + (area.w - board_w) / 2),
                  std::round(area.y + (area.h - board_h - top_room - bottom_room) / 2 + top_room), board_w, board_h};
  const float inset = margin * cell + (game == GameKind::kGomoku ? 0.0f : cell / 2);
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

Rect start_value_rect(const Rect& row) {
  const float inset = row.h * 0.3f;
  return {row.x + row.w * 0.42f, row.y, row.w * 0.58f - inset, row.h};
}

Rect start_row_back_rect(const Rect& row) {
  const Rect value = start_value_rect(row);
  return {value.x, row.y, value.w / 2, row.h};
}

float panel_unit(const Rect& panel, float text_scale) {
  // Larger text never grows past what a narrow panel's button rows can hold.
  const float base = std::clamp(std::min(panel.w / 16.0f, panel.h / 16.0f), 11.0f, 20.0f);
  return std::min(base * text_scale, std::max(base, panel.w / 13.0f));
}

}  // namespace narabe::gui::view
