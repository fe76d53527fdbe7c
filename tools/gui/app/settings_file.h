#pragma once
// The start screen's choices, remembered between runs in a small text file of
// `key = value` lines ($XDG_CONFIG_HOME/narabe/gui.conf, else
// ~/.config/narabe/gui.conf). A bad or partial file never stops the program:
// every bad line is reported and the default kept for what it would have set.

#include <string>
#include <vector>

#include "tools/gui/app/game_setup.h"

namespace narabe::gui {

struct LoadedSettings {
  Settings settings;
  std::vector<std::string> problems;  // one sentence per bad line; empty when all was fine
  bool language_given = false;        // else the program takes the locale's
};

// The config file's path from the environment; empty when neither
// XDG_CONFIG_HOME nor HOME is set (then nothing is remembered).
std::string default_settings_path();

// A missing file is not a problem (first run): the defaults, silently.
LoadedSettings load_settings(const std::string& path);
LoadedSettings parse_settings(const std::string& text);
std::string format_settings(const Settings& settings);
// Creates the folder when needed; the error says what failed, empty on success.
std::string save_settings(const std::string& path, const Settings& settings);

}  // namespace narabe::gui
