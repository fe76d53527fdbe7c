// Fuzz target: narabe-gui's settings file (gui.conf, tools/gui/app/settings_file.h).
// The input is the file. It never fails to load; what it promises:
// - every bad line is one problem naming its line, and changes nothing: the
//   file without its bad lines gives the same settings and no problem, and a bad
//   line alone gives the defaults;
// - the settings write and read back the same, from a string and through a file.

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/temp_file.h"
#include "tools/gui/app/settings_file.h"

namespace narabe::fuzz {
namespace {

// The line number a problem names ("line 3: ..."), or 0.
int line_of_problem(const std::string& problem) {
  if (!problem.starts_with("line ")) return 0;
  int number = 0;
  for (std::size_t i = 5; i < problem.size() && problem[i] >= '0' && problem[i] <= '9' && number < 1'000'000; ++i)
    number = number * 10 + (problem[i] - '0');
  return number;
}

void run(std::string_view text) {
  const std::string input(text);
  const gui::LoadedSettings loaded = gui::parse_settings(input);
  const auto lines = lines_of(text);

  std::set<int> bad;
  for (const std::string& problem : loaded.problems) {
    const int number = line_of_problem(problem);
    if (number < 1 || number > static_cast<int>(lines.size())) fail("a problem does not name a line", problem);
    if (!bad.insert(number).second) fail("a line has two problems", problem);
    const gui::LoadedSettings alone = gui::parse_settings(std::string(lines[static_cast<std::size_t>(number - 1)]));
    if (alone.problems.size() != 1) fail("a bad line alone is not one problem", problem);
    if (!(alone.settings == gui::Settings{})) fail("a bad line alone changed a setting", problem);
  }
  std::string good;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (bad.contains(static_cast<int>(i + 1))) continue;
    good += lines[i];
    good += '\n';
  }
  const gui::LoadedSettings without_bad = gui::parse_settings(good);
  if (!without_bad.problems.empty()) fail("the good lines alone have a problem", without_bad.problems.front());
  if (!(without_bad.settings == loaded.settings)) fail("a bad line changed a setting");

  const std::string written = gui::format_settings(loaded.settings);
  const gui::LoadedSettings reread = gui::parse_settings(written);
  if (!reread.problems.empty()) fail("written settings have a problem", reread.problems.front());
  if (!(reread.settings == loaded.settings)) fail("settings read back different", written);

  static TempFile file("gui.conf");
  if (auto error = gui::save_settings(file.path(), loaded.settings); !error.empty()) fail("cannot save settings", error);
  const gui::LoadedSettings from_file = gui::load_settings(file.path());
  if (!from_file.problems.empty() || !(from_file.settings == loaded.settings)) fail("saved settings load different");
}

}  // namespace
}  // namespace narabe::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  narabe::fuzz::run(narabe::fuzz::as_text(data, size));
  return 0;
}
