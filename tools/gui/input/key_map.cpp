#include "tools/gui/input/key_map.h"

#include <cmath>

#include "tools/gui/view/buttons.h"
#include "tools/gui/view/painter.h"

namespace narabe::gui::input {
namespace {

// Connect Four takes a click anywhere in a column, above the board included.
std::optional<int> column_at(const view::BoardLayout& layout, float x, float y) {
  const int file = static_cast<int>(std::floor((x - layout.first.x) / layout.cell + 0.5f));
  if (file < 0 || file >= layout.files) return std::nullopt;
  if (y < layout.frame.y - layout.cell || y > layout.frame.y + layout.frame.h) return std::nullopt;
  return file;
}

// The chooser of saved games: the selection, load, cancel.
std::optional<Command> chooser_command_for_key(SDL_Keycode key, const FileChooser& chooser) {
  constexpr int kPage = 10, kAll = 1 << 20;
  switch (key) {
    case SDLK_UP: return Command{CommandKind::kCursor, 0, -1};
    case SDLK_DOWN: return Command{CommandKind::kCursor, 0, 1};
    case SDLK_PAGEUP: return Command{CommandKind::kCursor, 0, -kPage};
    case SDLK_PAGEDOWN: return Command{CommandKind::kCursor, 0, kPage};
    case SDLK_HOME: return Command{CommandKind::kCursor, 0, -kAll};
    case SDLK_END: return Command{CommandKind::kCursor, 0, kAll};
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_SPACE:
      if (chooser.files().empty()) return Command{CommandKind::kBack};
      return Command{CommandKind::kLoadFile, chooser.selected()};
    case SDLK_ESCAPE: return Command{CommandKind::kBack};
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<Command> command_for_key(SDL_Keycode key, const Controller& controller) {
  if (const FileChooser* chooser = controller.chooser()) return chooser_command_for_key(key, *chooser);
  if (key >= SDLK_1 && key <= SDLK_9 && controller.screen() == Screen::kPlaying)
    return Command{CommandKind::kDropColumn, static_cast<int>(key - SDLK_1)};
  switch (key) {
    case SDLK_LEFT: return Command{CommandKind::kCursor, -1, 0};
    case SDLK_RIGHT: return Command{CommandKind::kCursor, 1, 0};
    case SDLK_UP: return Command{CommandKind::kCursor, 0, -1};
    case SDLK_DOWN: return Command{CommandKind::kCursor, 0, 1};
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_SPACE:
      if (controller.screen() == Screen::kStart && controller.start_selection() == StartRow::kLoad)
        return Command{CommandKind::kLoad};
      return Command{CommandKind::kActivate};
    case SDLK_u: return Command{CommandKind::kUndo};
    case SDLK_n: return Command{CommandKind::kNewGame};
    case SDLK_h: return Command{CommandKind::kToggleHints};
    case SDLK_t: return Command{CommandKind::kHint};
    case SDLK_F2: return Command{CommandKind::kSave};
    case SDLK_F3:
    case SDLK_l: return Command{CommandKind::kLoad};
    case SDLK_COMMA:
    case SDLK_PAGEUP: return Command{CommandKind::kStep, -1};
    case SDLK_PERIOD:
    case SDLK_PAGEDOWN: return Command{CommandKind::kStep, 1};
    case SDLK_MINUS:
    case SDLK_KP_MINUS: return Command{CommandKind::kVolume, -1};
    case SDLK_EQUALS:
    case SDLK_PLUS:
    case SDLK_KP_PLUS: return Command{CommandKind::kVolume, 1};
    case SDLK_m: return Command{CommandKind::kToggleMusic};
    case SDLK_s: return Command{CommandKind::kToggleEffects};
    case SDLK_r: return Command{CommandKind::kRestartEngine};
    case SDLK_ESCAPE: return Command{CommandKind::kBack};
    case SDLK_F1: return Command{CommandKind::kHelp};
    default: return std::nullopt;
  }
}

std::optional<Command> command_for_click(float x, float y, const Controller& controller, int window_w, int window_h) {
  if (controller.help_shown()) return Command{CommandKind::kBack};  // a click closes the help too
  if (const FileChooser* chooser = controller.chooser()) {
    // A row loads its file; Cancel or a click outside the box closes it.
    const view::ChooserLayout layout = view::layout_chooser(*chooser, controller.settings().text_size, window_w, window_h);
    if (const int row = layout.row_at(x, y); row >= 0) return Command{CommandKind::kLoadFile, row};
    if (layout.cancel.contains(x, y) || !layout.box.contains(x, y)) return Command{CommandKind::kBack};
    return std::nullopt;
  }
  if (controller.screen() == Screen::kStart) {
    const auto rows = view::shown_start_rows(controller);
    const view::StartRowsView in_view = view::visible_start_rows(controller, window_h);
    for (int i = 0; i < in_view.count; ++i) {
      const view::Rect rect = view::start_row_rect(i, in_view.count, window_w, window_h);
      // The arrows of a short window's rows: the selection moves, and the rows with it.
      if (view::start_scroll_arrow_rect(rect).contains(x, y)) {
        if (i == 0 && in_view.first > 0) return Command{CommandKind::kCursor, 0, -1};
        if (i == in_view.count - 1 && in_view.first + in_view.count < static_cast<int>(rows.size()))
          return Command{CommandKind::kCursor, 0, 1};
      }
      if (!rect.contains(x, y)) continue;
      const StartRow row = rows[static_cast<std::size_t>(in_view.first + i)];
      if (row == StartRow::kStart) return Command{CommandKind::kStart};
      if (row == StartRow::kLoad) return Command{CommandKind::kLoad};
      if (row == StartRow::kResume) return Command{CommandKind::kResume};
      const bool back = view::start_row_back_rect(rect).contains(x, y);
      return Command{CommandKind::kChoose, static_cast<int>(row), back ? -1 : 1};
    }
    return std::nullopt;
  }
  const view::BoardLayout layout = view::layout_for(controller, window_w, window_h);
  for (const view::Button& button : view::game_buttons(layout, controller.game_over()))
    if (button.rect.contains(x, y)) return view::command_for_button(button.id);
  if (display_of(controller.settings().game).drops_in_columns) {
    if (auto column = column_at(layout, x, y)) return Command{CommandKind::kDropColumn, *column};
    return std::nullopt;
  }
  const CellPos cell = layout.hit(x, y);
  if (!cell.valid()) return std::nullopt;
  return Command{CommandKind::kPlayCell, cell.file, cell.row};
}

std::optional<Command> command_for_wheel(int steps, const Controller& controller) {
  // Wheel up (positive) moves the chooser's selection up the list, or the
  // start screen's (which scrolls a short window's rows).
  if ((controller.chooser() == nullptr && controller.screen() != Screen::kStart) || steps == 0) return std::nullopt;
  return Command{CommandKind::kCursor, 0, -steps};
}

std::optional<Command> command_for_motion(float x, float y, const Controller& controller, int window_w, int window_h) {
  if (controller.screen() != Screen::kPlaying || controller.chooser()) return std::nullopt;
  const view::BoardLayout layout = view::layout_for(controller, window_w, window_h);
  if (display_of(controller.settings().game).drops_in_columns) {
    if (auto column = column_at(layout, x, y)) return Command{CommandKind::kHover, *column, 0};
    return std::nullopt;
  }
  const CellPos cell = layout.hit(x, y);
  if (!cell.valid()) return std::nullopt;
  return Command{CommandKind::kHover, cell.file, cell.row};
}

}  // namespace narabe::gui::input
