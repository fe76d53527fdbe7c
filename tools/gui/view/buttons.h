#pragma once
// The clickable controls of a game: a block of buttons at the foot of the
// side panel (new game, undo, menu, hint, hints, music, effects, volume), and,
// once a game is over, the end strip above it (play again, undo, menu). Pure
// geometry, like layout.h: the painter draws these rectangles and the mouse
// is tested against the same ones. Every button has a key too.

#include <vector>

#include "tools/gui/app/controller.h"
#include "tools/gui/view/layout.h"

namespace narabe::gui::view {

enum class ButtonId {
  kNewGame, kUndo, kMenu, kHint, kHints, kMusic, kEffects, kVolumeDown, kVolumeUp, kSave, kLoad, kStepBack, kStepForward,
  kPlayAgain, kEndUndo, kEndMenu,  // the end strip
};

struct Button {
  ButtonId id;
  Rect rect;
};

std::vector<Button> game_buttons(const BoardLayout& layout, bool game_over);

// The panel's text must end above this line (the top of the buttons).
float panel_text_bottom(const BoardLayout& layout, bool game_over);

// The side panel's text unit for its game (pixels): the person's text size,
// made smaller where the panel is too short for the buttons (and the end
// strip) plus panel_text_units of text above them.
float panel_unit_for(const BoardLayout& layout, bool game_over);
// The height of text the panel keeps room for above its buttons, in units:
// the margins, the title, the score line, a two-line message and, while the
// game runs, whose turn and the thinking dots (what the painter always lays
// out there; the rest shows where it fits).
inline constexpr float panel_text_units(bool game_over) { return game_over ? 9.0f : 13.0f; }

// What pressing the button does.
Command command_for_button(ButtonId id);

}  // namespace narabe::gui::view
