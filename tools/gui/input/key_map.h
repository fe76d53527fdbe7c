#pragma once
// What a key press or a mouse event means to the controller; the same
// functions serve real events and scripted ones.

#include <SDL.h>

#include <optional>

#include "tools/gui/app/controller.h"

namespace narabe::gui::input {

std::optional<Command> command_for_key(SDL_Keycode key, const Controller& controller);
// A left click at window pixel (x, y).
std::optional<Command> command_for_click(float x, float y, const Controller& controller, int window_w, int window_h);
// The mouse wheel turned `steps` notches (positive: away from the person).
std::optional<Command> command_for_wheel(int steps, const Controller& controller);
// The mouse moved to (x, y): the hovered cell or column.
std::optional<Command> command_for_motion(float x, float y, const Controller& controller, int window_w, int window_h);

}  // namespace narabe::gui::input
