#pragma once
// Draws narabe-gui's screens from the controller's state and a time: the
// start screen, the four boards with their animations, the side panel and the
// key help. A frame depends on nothing else, so a screenshot taken at a given
// time is always the same picture.

#include <string>

#include "tools/gui/app/controller.h"
#include "tools/gui/view/canvas.h"
#include "tools/gui/view/layout.h"

namespace narabe::gui::view {

// `notice`: a line for the start screen's foot (e.g. that there is no sound).
// `panel_boxes`, when given, receives the box of every text and button the
// side panel drew (a test that the panel stays inside the window).
void paint(Canvas& canvas, const Controller& controller, double now, int window_w, int window_h,
           const std::string& notice, std::vector<Rect>* panel_boxes = nullptr);

// The board's layout for the controller's game in a window of that size.
BoardLayout layout_for(const Controller& controller, int window_w, int window_h);

// The start-screen rows shown, top to bottom (the rule only for Gomoku...).
std::vector<StartRow> shown_start_rows(const Controller& controller);
// Which of them a window of that height shows at once (layout.h).
StartRowsView visible_start_rows(const Controller& controller, int window_h);

}  // namespace narabe::gui::view
