#include "tools/gui/input/script.h"

#include <fmt/format.h>

#include "protocol/common/parse_number.h"

namespace narabe::gui::input {
namespace {

using protocol::parse_int;

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < line.size()) {
    const auto start = line.find_first_not_of(" \t\r", at);
    if (start == std::string_view::npos) break;
    auto end = line.find_first_of(" \t\r", start);
    if (end == std::string_view::npos) end = line.size();
    words.push_back(line.substr(start, end - start));
    at = end;
  }
  return words;
}

}  // namespace

bool text_matches(const std::string& expected, const std::string& actual) {
  if (!expected.empty() && expected.back() == '*') return actual.rfind(expected.substr(0, expected.size() - 1), 0) == 0;
  return actual == expected;
}

core::Expected<std::vector<ScriptStep>> parse_script(std::string_view text) {
  using Kind = ScriptStep::Kind;
  std::vector<ScriptStep> steps;
  int number = 0;
  std::size_t at = 0;
  while (at <= text.size()) {
    auto end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++number;
    const auto words = words_of(line);
    if (words.empty() || words[0].front() == '#') continue;
    ScriptStep step;
    step.line = number;
    const std::string_view verb = words[0];
    auto fail = [&](std::string_view why) {
      return core::make_error(fmt::format("script line {}: {}", number, why));
    };
    auto ints = [&](std::size_t count) {
      if (words.size() != count + 1) return false;
      return parse_int(words[1], step.x) && (count < 2 || parse_int(words[2], step.y));
    };
    if (verb == "key") {
      if (words.size() != 2) return fail("key needs one key name");
      step.kind = Kind::kKey;
      step.text = std::string(words[1]);
    } else if (verb == "click" || verb == "cell" || verb == "move") {
      if (!ints(2)) return fail(fmt::format("{} needs two whole numbers", verb));
      step.kind = verb == "click" ? Kind::kClick : verb == "cell" ? Kind::kCell : Kind::kMove;
    } else if (verb == "wheel") {
      if (!ints(1)) return fail("wheel needs a whole number of notches");
      step.kind = Kind::kWheel;
    } else if (verb == "expect-chooser") {
      if (!ints(1) || step.x < 0) return fail("expect-chooser needs a count of files (0 or more)");
      step.kind = Kind::kExpectChooser;
    } else if (verb == "wait") {
      if (!ints(1) || step.x < 0) return fail("wait needs milliseconds (a whole number, 0 or more)");
      step.kind = Kind::kWait;
    } else if (verb == "idle" || verb == "quit" || verb == "kill-engine" || verb == "expect-over" ||
               verb == "await-evaluation" || verb == "expect-panel-inside") {
      if (words.size() != 1) return fail(fmt::format("{} takes nothing after it", verb));
      step.kind = verb == "idle"                ? Kind::kIdle
                  : verb == "quit"              ? Kind::kQuit
                  : verb == "expect-over"       ? Kind::kExpectOver
                  : verb == "await-evaluation"  ? Kind::kAwaitEvaluation
                  : verb == "expect-panel-inside" ? Kind::kExpectPanelInside
                                                : Kind::kKillEngine;
    } else if (verb == "expect-redraws-at-most") {
      if (!ints(1) || step.x < 0) return fail("expect-redraws-at-most needs a count of frames (0 or more)");
      step.kind = Kind::kExpectRedraws;
    } else if (verb == "screenshot") {
      if (words.size() != 2) return fail("screenshot needs one path");
      step.kind = Kind::kScreenshot;
      step.text = std::string(words[1]);
    } else if (verb == "expect-message" || verb == "expect-chooser-error") {
      step.kind = verb == "expect-message" ? Kind::kExpectMessage : Kind::kExpectChooserError;
      const auto start = line.find(verb) + verb.size();
      // Blanks are trimmed on both sides alike ('\r' too, or "expect-message \r"
      // would expect a message of "\r").
      const auto first = line.find_first_not_of(" \t\r", start);
      const auto last = line.find_last_not_of(" \t\r");
      step.text = first == std::string_view::npos ? "" : std::string(line.substr(first, last - first + 1));
    } else if (verb == "expect-cell") {
      if (words.size() != 4 || !parse_int(words[1], step.x) || !parse_int(words[2], step.y) || words[3].size() != 1)
        return fail("expect-cell needs FILE ROW and one of x, o, .");
      step.kind = Kind::kExpectCell;
      step.text = std::string(words[3]);
    } else {
      return fail(fmt::format("unknown step '{}'", verb.substr(0, 40)));
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace narabe::gui::input
