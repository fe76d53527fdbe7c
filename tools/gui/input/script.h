#pragma once
// Scripted input for narabe-gui's headless tests and screenshots
// (`--script FILE`): one step a line, executed in order against a virtual
// clock, so what a script does and the pictures it takes are the same on every
// run. Blank lines and lines starting with '#' are skipped.
//
//   key NAME            press a key (SDL's key names: Return, Space, Left, 4, U, F1, Escape)
//   click X Y           a left click at that window pixel
//   cell FILE ROW       a left click at the centre of that cell (0-based, row 0 at the top)
//   move X Y            the mouse moves there
//   wait MS             let MS milliseconds of virtual time pass (animations run)
//   idle                wait (in real time too, at most 60 s) until a person may move,
//                       the game is over or the engine failed
//   screenshot PATH     save the window as a BMP
//   expect-message TEXT fail unless the message line is exactly TEXT (TEXT ending
//                       in '*': unless it starts with what comes before the '*')
//   expect-over         fail unless the game is over
//   expect-cell FILE ROW C  fail unless that cell holds C ('x', 'o' or '.')
//   expect-redraws-at-most N  fail if the window drew more than N frames since the
//                       start or the last such step (it draws only on a change or
//                       while something moves)
//   wheel N             the mouse wheel turns N notches (positive: away from the person)
//   await-evaluation    wait (in real time too, at most 60 s) until the panel shows
//                       the engine's evaluation and depth
//   expect-panel-inside fail unless every text and button the side panel draws
//                       lies inside the panel, and the panel inside the window
//   expect-chooser N    fail unless the chooser of saved games is open with N files
//   expect-chooser-error TEXT  fail unless the chooser shows that error (TEXT* as above)
//   kill-engine         kill the engine process (SIGKILL), as a crash would
//   quit                end the run (the end of the script does too)

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/expected.h"

namespace narabe::gui::input {

struct ScriptStep {
  enum class Kind {
    kKey, kClick, kCell, kMove, kWheel, kWait, kIdle, kAwaitEvaluation, kScreenshot, kExpectMessage, kExpectCell,
    kExpectOver, kExpectRedraws, kExpectPanelInside, kExpectChooser, kExpectChooserError, kKillEngine, kQuit
  };
  Kind kind = Kind::kQuit;
  std::string text;  // key name, path, message, expected cell
  int x = 0, y = 0;  // pixel, cell or milliseconds (x)
  int line = 0;      // in the script, for errors
};

// Whether `actual` is the `expected` text of an expect step: the same, or,
// when `expected` ends in '*', starting with what comes before it.
bool text_matches(const std::string& expected, const std::string& actual);

// The steps, or the first bad line's number and what is wrong with it.
core::Expected<std::vector<ScriptStep>> parse_script(std::string_view text);

}  // namespace narabe::gui::input
