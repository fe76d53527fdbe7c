// Fuzz target: narabe-gui's scripts (--script FILE, tools/gui/input/script.h).
// The input is the script. It parses to steps, or fails at its first bad line:
// - the error names that line, in one line of text; the lines before it parse
//   alone and that line alone fails;
// - steps come in line order, with values in range (wait, frame and file counts >= 0, one cell char,
//   non-empty key names and paths, a trimmed expected message or chooser error);
// - the steps write back as a script (one a line) that parses to the same steps.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "tests/fuzz/fuzz_support.h"
#include "tools/gui/input/script.h"

namespace narabe::fuzz {
namespace {

using Kind = gui::input::ScriptStep::Kind;

std::string line_of(const gui::input::ScriptStep& s) {
  switch (s.kind) {
    case Kind::kKey: return "key " + s.text;
    case Kind::kClick: return fmt::format("click {} {}", s.x, s.y);
    case Kind::kCell: return fmt::format("cell {} {}", s.x, s.y);
    case Kind::kMove: return fmt::format("move {} {}", s.x, s.y);
    case Kind::kWait: return fmt::format("wait {}", s.x);
    case Kind::kIdle: return "idle";
    case Kind::kScreenshot: return "screenshot " + s.text;
    case Kind::kExpectMessage: return "expect-message " + s.text;
    case Kind::kExpectCell: return fmt::format("expect-cell {} {} {}", s.x, s.y, s.text);
    case Kind::kExpectOver: return "expect-over";
    case Kind::kExpectRedraws: return fmt::format("expect-redraws-at-most {}", s.x);
    case Kind::kWheel: return fmt::format("wheel {}", s.x);
    case Kind::kAwaitEvaluation: return "await-evaluation";
    case Kind::kExpectPanelInside: return "expect-panel-inside";
    case Kind::kExpectChooser: return fmt::format("expect-chooser {}", s.x);
    case Kind::kExpectChooserError: return "expect-chooser-error " + s.text;
    case Kind::kKillEngine: return "kill-engine";
    case Kind::kQuit: return "quit";
  }
  fail("a step of no known kind");
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

bool is_word(std::string_view w) {
  if (w.empty()) return false;
  for (char c : w)
    if (is_blank(c) || c == '\n') return false;
  return true;
}

void check_step(const gui::input::ScriptStep& s) {
  switch (s.kind) {
    case Kind::kKey:
    case Kind::kScreenshot:
      if (!is_word(s.text)) fail("a key name or path is not one word", s.text);
      break;
    case Kind::kWait:
    case Kind::kExpectRedraws:
    case Kind::kExpectChooser:
      if (s.x < 0) fail("a negative wait, frame or file count");
      break;
    case Kind::kExpectCell:
      if (s.text.size() != 1 || is_blank(s.text[0])) fail("expect-cell's cell is not one character", s.text);
      break;
    case Kind::kExpectMessage:
    case Kind::kExpectChooserError:
      if (!s.text.empty() && (is_blank(s.text.front()) || is_blank(s.text.back())))
        fail("an expected message keeps outer blanks", s.text);
      break;
    default: break;
  }
}

bool same(const gui::input::ScriptStep& a, const gui::input::ScriptStep& b) {
  return a.kind == b.kind && a.text == b.text && a.x == b.x && a.y == b.y;
}

void run(std::string_view text) {
  const auto lines = lines_of(text);
  const int count = static_cast<int>(lines.size());
  const auto steps = gui::input::parse_script(text);
  if (!steps) {
    const std::string& error = steps.error();
    if (error.find('\n') != std::string::npos) fail("a script error is not one line", error);
    int number = 0;
    if (std::sscanf(error.c_str(), "script line %d:", &number) != 1 || number < 1 || number > count)
      fail("a script error does not name a line", error);
    for (int i = 1; i < number; ++i)
      if (!gui::input::parse_script(lines[static_cast<std::size_t>(i - 1)]))
        fail("a line before the bad one fails alone", error);
    if (gui::input::parse_script(lines[static_cast<std::size_t>(number - 1)]))
      fail("the bad line alone parses", error);
    return;
  }
  int previous = 0;
  std::string written;
  for (const auto& step : *steps) {
    if (step.line <= previous || step.line > count) fail("steps are not in line order");
    previous = step.line;
    check_step(step);
    written += line_of(step) + '\n';
  }
  const auto again = gui::input::parse_script(written);
  if (!again) fail("written steps do not parse", again.error());
  if (again->size() != steps->size()) fail("written steps parse to another count", written);
  for (std::size_t i = 0; i < steps->size(); ++i)
    if (!same((*steps)[i], (*again)[i])) fail("a step reads back different", line_of((*steps)[i]));
}

}  // namespace
}  // namespace narabe::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  narabe::fuzz::run(narabe::fuzz::as_text(data, size));
  return 0;
}
