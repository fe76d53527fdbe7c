// Tests of narabe-gui's Japanese interface (app/translation.h): the lookup,
// the locale, the settings line, and the controller speaking Japanese.

#include "tools/gui/app/translation.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tests/tools/gui/fake_engine_link.h"
#include "tools/gui/app/controller.h"
#include "tools/gui/app/settings_file.h"

namespace narabe::gui {
namespace {

int holes(std::string_view text) {
  int n = 0;
  for (std::size_t at = text.find("{}"); at != std::string_view::npos; at = text.find("{}", at + 2)) ++n;
  return n;
}

TEST(Translation, LooksUpJapaneseAndFallsBackToEnglish) {
  EXPECT_EQ(tr(Language::kJapanese, "Your move"), "あなたの番です");
  EXPECT_EQ(tr(Language::kEnglish, "Your move"), "Your move");
  EXPECT_EQ(tr(Language::kJapanese, "no such text"), "no such text");
}

TEST(Translation, EveryPatternKeepsItsValuesAndEachTextIsThereOnce) {
  // A pattern with fewer or more {} than its English would throw when filled in.
  std::set<std::string_view> seen;
  for (const auto& [english, japanese] : japanese_texts()) {
    EXPECT_EQ(holes(english), holes(japanese)) << english;
    EXPECT_FALSE(japanese.empty()) << english;
    EXPECT_TRUE(seen.insert(english).second) << "twice: " << english;
  }
}

TEST(Translation, TheLocaleChoosesUntilTheSettingsDo) {
  EXPECT_EQ(language_from_locale(nullptr, nullptr, "ja_JP.UTF-8"), Language::kJapanese);
  EXPECT_EQ(language_from_locale("C", nullptr, "ja_JP.UTF-8"), Language::kEnglish) << "LC_ALL first";
  EXPECT_EQ(language_from_locale("", "ja_JP", "en_GB"), Language::kJapanese) << "an empty one does not count";
  EXPECT_EQ(language_from_locale(nullptr, nullptr, nullptr), Language::kEnglish);
  const LoadedSettings none = parse_settings("game = reversi\n");
  EXPECT_FALSE(none.language_given);
  const LoadedSettings ja = parse_settings("language = japanese\n");
  EXPECT_TRUE(ja.language_given);
  EXPECT_EQ(ja.settings.language, Language::kJapanese);
  EXPECT_EQ(parse_settings(format_settings(ja.settings)).settings, ja.settings);
  EXPECT_EQ(parse_settings("language = klingon\n").problems.size(), 1u);
  // The text size and the analysis switch are remembered the same way.
  const LoadedSettings other = parse_settings("text_size = 150\nanalysis = on\n");
  EXPECT_TRUE(other.problems.empty());
  EXPECT_EQ(other.settings.text_size, 150);
  EXPECT_TRUE(other.settings.analysis);
  EXPECT_EQ(parse_settings(format_settings(other.settings)).settings, other.settings);
  EXPECT_EQ(parse_settings("text_size = 90\n").problems.size(), 1u);
}

TEST(Translation, TheControllerSpeaksJapanese) {
  Settings s;
  s.game = GameKind::kReversi;
  s.language = Language::kJapanese;
  test_fakes::FakeEngineLink engine;
  RecordingSoundSink sound;
  Controller c(s, engine, sound);
  c.handle({CommandKind::kStart}, 0);
  EXPECT_EQ(c.message(), "あなたの番です");
  EXPECT_EQ(c.score_line(), "黒 2 - 2 白");
  c.handle({CommandKind::kPlayCell, 0, 0}, 0);  // a corner nothing flips from
  EXPECT_EQ(c.message(), "打てません：裏返る石がありません");
  c.handle({CommandKind::kUndo}, 0);
  EXPECT_EQ(c.message(), "戻せる手がありません");
  // The start screen's language row switches it back.
  c.handle({CommandKind::kBack}, 0);
  c.handle({CommandKind::kChoose, static_cast<int>(StartRow::kLanguage), 1}, 0);
  EXPECT_EQ(c.settings().language, Language::kEnglish);
  c.handle({CommandKind::kStart}, 0);
  EXPECT_EQ(c.message(), "Your move");
}

}  // namespace
}  // namespace narabe::gui
