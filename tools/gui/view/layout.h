#pragma once
// Where things go in the window, for any window size: the board keeps its
// proportions and takes what the side panel leaves. Pure geometry (no SDL), so
// drawing and mouse hit-testing use exactly the same numbers.

#include "tools/gui/app/controller.h"
#include "tools/gui/app/file_chooser.h"
#include "tools/gui/app/game_setup.h"

namespace narabe::gui::view {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(float px, float py) const { return px >= x && px < x + w && py >= y && py < y + h; }
};

// Pixels are floats; cell counts and indices are ints.
inline float fl(int v) { return static_cast<float>(v); }

struct Point {
  float x = 0, y = 0;
};

struct BoardLayout {
  GameKind game = GameKind::kConnect4;
  int files = 0, rows = 0;
  Rect frame;   // the board's own drawing (wood, frame, felt) including margins
  Rect panel;   // the side panel (right of the board, or below in a tall window)
  float cell = 0;
  Point first;  // the centre of cell (0, 0), the top-left one
  float text_scale = 1.0f;  // the person's text size (1, 1.25, 1.5): the panel's text and buttons grow

  Point center(int file, int row) const { return {first.x + fl(file) * cell, first.y + fl(row) * cell}; }
  // The cell under a point, or an invalid CellPos.
  CellPos hit(float x, float y) const;
};

BoardLayout layout_board(GameKind game, int files, int rows, int window_w, int window_h);

// The start screen: one row a choice, centred; `row` counts the rows shown.
Rect start_row_rect(int row, int rows_shown, int window_w, int window_h);
// The start rows a window of that height shows at once: all of them when they
// fit, else `count` of them from `first`, scrolled to keep the selected row
// (an index into the rows) in view. start_row_rect places them as rows 0..count-1.
struct StartRowsView {
  int first = 0, count = 0;
};
StartRowsView start_rows_view(int rows, int selected, int window_h);
// Right of a start row: where its "▲" or "▼" sits when more rows are above
// the first shown or below the last; a click there moves the selection.
Rect start_scroll_arrow_rect(const Rect& row);
// Where a row's value sits, between its "‹" (at the left edge) and "›" (at
// the right edge).
Rect start_value_rect(const Rect& row);
// The left half of the value, under the "‹": a click there steps the choice
// back; anywhere else on the row steps it on.
Rect start_row_back_rect(const Rect& row);

// The chooser of saved games, over the window: a title, the list (two lines
// a file, as many rows as fit, scrolled to keep the selection in view), a
// foot with the error of the last load and a Cancel button.
struct ChooserLayout {
  Rect box, list, cancel;
  float unit = 0;   // its text unit (pixels)
  float row_h = 0;
  int first = 0;    // the first file shown
  int shown = 0;    // how many rows are shown
  Rect row(int index) const { return {list.x, list.y + fl(index - first) * row_h, list.w, row_h}; }
  // The file whose row is at (x, y), or -1.
  int row_at(float x, float y) const;
};
ChooserLayout layout_chooser(const FileChooser& chooser, int text_size_percent, int window_w, int window_h);

// The side panel's text unit (pixels): its font sizes and spacing scale with
// it, and with the person's text size.
float panel_unit(const Rect& panel, float text_scale = 1.0f);

}  // namespace narabe::gui::view
