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
  kNewGame, kUndo, kMenu, kHint, kHints, kMusic, kEffects, kVolumeDown, kVolumeUp, kSave, kStepBack, kStepForward,
  kPlayAgain, kEndUndo, kEndMenu,  // the end strip
};

struct Button {
  ButtonId id;
  Rect rect;
};

std::vector<Button> game_buttons(const BoardLayout& layout, bool game_over);

// The panel's text must end above this line (the top of the buttons).
float panel_text_bottom(const BoardLayout& layout, bool game_over);

// What pressing the button does.
Command command_for_button(ButtonId id);

}  // namespace narabe::gui::view
