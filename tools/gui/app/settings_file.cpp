#include "tools/gui/app/settings_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "protocol/common/parse_number.h"

namespace narabe::gui {
namespace {

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r");
  return std::string(text.substr(first, last - first + 1));
}

template <class E, std::size_t N>
bool set_word(const std::array<std::string_view, N>& words, const std::string& value, E& out) {
  for (std::size_t i = 0; i < N; ++i) {
    if (words[i] == value) {
      out = static_cast<E>(i);
      return true;
    }
  }
  return false;
}

bool set_bool(const std::string& value, bool& out) {
  if (value == "on") out = true;
  else if (value == "off") out = false;
  else return false;
  return true;
}

bool set_text_size(const std::string& value, int& out) {
  for (const int size : kTextSizes)
    if (value == std::to_string(size)) {
      out = size;
      return true;
    }
  return false;
}

bool set_volume(const std::string& value, double& out) {
  int percent = 0;
  if (!protocol::parse_int(value, percent) || percent < 0 || percent > 100) return false;
  out = percent / 100.0;
  return true;
}

template <std::size_t N>
std::string choices(const std::array<std::string_view, N>& words) {
  return fmt::format("{}", fmt::join(words, ", "));
}

}  // namespace

std::string default_settings_path() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg != nullptr && *xdg != '\0') return std::string(xdg) + "/narabe/gui.conf";
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home != '\0') return std::string(home) + "/.config/narabe/gui.conf";
  return {};
}

LoadedSettings parse_settings(const std::string& text) {
  LoadedSettings loaded;
  Settings& s = loaded.settings;
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    const std::string content = trim(line);
    if (content.empty() || content[0] == '#') continue;
    const auto equals = content.find('=');
    if (equals == std::string::npos) {
      loaded.problems.push_back(fmt::format("line {}: expected 'key = value'", number));
      continue;
    }
    const std::string key = trim(std::string_view(content).substr(0, equals));
    const std::string value = trim(std::string_view(content).substr(equals + 1));
    bool ok = true;
    std::string expected;
    if (key == "game") ok = set_word(kGameWords, value, s.game), expected = choices(kGameWords);
    else if (key == "rule") ok = set_word(kRuleWords, value, s.rule), expected = choices(kRuleWords);
    else if (key == "mode") ok = set_word(kModeWords, value, s.mode), expected = choices(kModeWords);
    else if (key == "first") ok = set_word(kFirstWords, value, s.first), expected = choices(kFirstWords);
    else if (key == "level") ok = set_word(kLevelWords, value, s.level), expected = choices(kLevelWords);
    else if (key == "music") ok = set_bool(value, s.music), expected = "on, off";
    else if (key == "effects") ok = set_bool(value, s.effects), expected = "on, off";
    else if (key == "hints") ok = set_bool(value, s.hints), expected = "on, off";
    else if (key == "analysis") ok = set_bool(value, s.analysis), expected = "on, off";
    else if (key == "text_size") ok = set_text_size(value, s.text_size), expected = "100, 125, 150";
    else if (key == "language") ok = loaded.language_given = set_word(kLanguageWords, value, s.language), expected = choices(kLanguageWords);
    else if (key == "music_volume") ok = set_volume(value, s.music_volume), expected = "0..100";
    else if (key == "effects_volume") ok = set_volume(value, s.effects_volume), expected = "0..100";
    else {
      loaded.problems.push_back(fmt::format("line {}: unknown key '{}'", number, key.substr(0, 40)));
      continue;
    }
    if (!ok) {
      loaded.problems.push_back(
          fmt::format("line {}: bad {} '{}' (expected {})", number, key, value.substr(0, 40), expected));
    }
  }
  return loaded;
}

LoadedSettings load_settings(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    LoadedSettings defaults;
    if (std::filesystem::exists(path)) defaults.problems.push_back("cannot read " + path);
    return defaults;
  }
  std::ostringstream text;
  text << in.rdbuf();
  LoadedSettings loaded = parse_settings(text.str());
  for (auto& problem : loaded.problems) problem = path + ": " + problem + "; default used";
  return loaded;
}

std::string format_settings(const Settings& s) {
  auto word = [](const auto& words, auto value) { return words[static_cast<std::size_t>(value)]; };
  auto percent = [](double v) { return static_cast<int>(v * 100.0 + 0.5); };
  return fmt::format(
      "# narabe-gui settings (rewritten on exit)\n"
      "game = {}\nrule = {}\nmode = {}\nfirst = {}\nlevel = {}\n"
      "music = {}\neffects = {}\nhints = {}\nmusic_volume = {}\neffects_volume = {}\nlanguage = {}\nanalysis = {}\ntext_size = {}\n",
      word(kGameWords, s.game), word(kRuleWords, s.rule), word(kModeWords, s.mode), word(kFirstWords, s.first),
      word(kLevelWords, s.level), s.music ? "on" : "off", s.effects ? "on" : "off", s.hints ? "on" : "off",
      percent(s.music_volume), percent(s.effects_volume), word(kLanguageWords, s.language), s.analysis ? "on" : "off", s.text_size);
}

std::string save_settings(const std::string& path, const Settings& settings) {
  if (path.empty()) return "no config folder (neither XDG_CONFIG_HOME nor HOME is set)";
  std::error_code ec;
  const auto folder = std::filesystem::path(path).parent_path();
  if (!folder.empty()) std::filesystem::create_directories(folder, ec);
  if (ec) return fmt::format("cannot create {}: {}", folder.string(), ec.message());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << format_settings(settings);
  out.flush();
  if (!out) return fmt::format("cannot write {}: {}", path, std::strerror(errno));
  return {};
}

}  // namespace narabe::gui
