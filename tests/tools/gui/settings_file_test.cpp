// Tests of tools/gui/app/settings_file.h: round trip, and bad or partial files
// reported line by line with the defaults kept.

#include "tools/gui/app/settings_file.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace narabe::gui {
namespace {

TEST(SettingsFile, RoundTrip) {
  Settings s;
  s.game = GameKind::kGomoku;
  s.rule = GomokuRule::kOverlineForbidden;
  s.mode = Mode::kTwoPeople;
  s.first = FirstMover::kEngine;
  s.level = Level::kMax;
  s.music = false;
  s.hints = false;
  s.music_volume = 0.25;
  const LoadedSettings loaded = parse_settings(format_settings(s));
  EXPECT_TRUE(loaded.problems.empty());
  EXPECT_EQ(loaded.settings, s);
}

TEST(SettingsFile, BadLinesAreReportedAndDefaultsKept) {
  const LoadedSettings loaded = parse_settings(
      "game = reversi\nlevel = impossible\nnonsense\nvolume = 3\nmusic_volume = 150\n# comment\n\nhints = off\n");
  EXPECT_EQ(loaded.settings.game, GameKind::kReversi);
  EXPECT_EQ(loaded.settings.level, Settings{}.level);
  EXPECT_FALSE(loaded.settings.hints);
  EXPECT_EQ(loaded.settings.music_volume, Settings{}.music_volume);
  ASSERT_EQ(loaded.problems.size(), 4u);
  EXPECT_EQ(loaded.problems[0], "line 2: bad level 'impossible' (expected easy, normal, hard, max)");
  EXPECT_EQ(loaded.problems[1], "line 3: expected 'key = value'");
  EXPECT_EQ(loaded.problems[2], "line 4: unknown key 'volume'");
}

TEST(SettingsFile, MissingFileIsTheFirstRunAndSaveCreatesTheFolder) {
  const auto dir = std::filesystem::temp_directory_path() / ("narabe_gui_settings_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const std::string path = (dir / "narabe" / "gui.conf").string();
  const LoadedSettings missing = load_settings(path);
  EXPECT_TRUE(missing.problems.empty());
  Settings s;
  s.level = Level::kHard;
  EXPECT_EQ(save_settings(path, s), "");
  EXPECT_EQ(load_settings(path).settings, s);
  { std::ofstream(path) << "level = ???\n"; }
  const LoadedSettings bad = load_settings(path);
  ASSERT_EQ(bad.problems.size(), 1u);
  EXPECT_NE(bad.problems[0].find("default used"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(SettingsFile, PathFollowsXdgConfigHome) {
  ::setenv("XDG_CONFIG_HOME", "/somewhere", 1);
  EXPECT_EQ(default_settings_path(), "/somewhere/narabe/gui.conf");
  ::unsetenv("XDG_CONFIG_HOME");
  ::setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(default_settings_path(), "/home/someone/.config/narabe/gui.conf");
}

}  // namespace
}  // namespace narabe::gui
