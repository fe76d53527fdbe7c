#pragma once
// The choices of narabe-gui's start screen, and how each becomes the engine's
// `newgame` and `Level` words. Settings are what the config file remembers.

#include <array>
#include <string>
#include <string_view>

#include "engine/core/game_concept.h"
#include "tools/gui/app/game_display.h"

namespace narabe::gui {

enum class GomokuRule { kFreestyle, kStandard, kRenju, kOverlineForbidden };
enum class Mode { kPersonVsEngine, kEngineVsEngine, kTwoPeople };
enum class FirstMover { kPerson, kEngine };
enum class Level { kEasy, kNormal, kHard, kMax };
enum class Language { kEnglish, kJapanese };

// Gomoku's boards that the engine plays (a loaded SGF's SZ[]), and the one
// the start screen plays.
inline constexpr int kMinGomokuSize = 5, kMaxGomokuSize = 22, kStandardGomokuSize = 15;

struct Settings {
  GameKind game = GameKind::kConnect4;
  GomokuRule rule = GomokuRule::kFreestyle;
  Mode mode = Mode::kPersonVsEngine;
  FirstMover first = FirstMover::kPerson;
  Level level = Level::kNormal;
  bool music = true;
  bool effects = true;
  double music_volume = 0.4;  // 0..1
  double effects_volume = 0.8;
  bool hints = true;
  bool analysis = false;
  int text_size = 100;    // percent: 100, 125 or 150  // the engine at max analyses the person's positions (the evaluation bar)
  Language language = Language::kEnglish;

  bool operator==(const Settings&) const = default;
};

// The words of each choice: what the config file stores and the engine reads
// (level words are the Level option's values), in enum order; the games' words
// are in game_display.h.
inline constexpr std::array<std::string_view, 4> kRuleWords = {"freestyle", "standard", "renju",
                                                               "overline-forbidden"};
inline constexpr std::array<std::string_view, 3> kModeWords = {"person-engine", "engine-engine", "two-people"};
inline constexpr std::array<std::string_view, 2> kFirstWords = {"person", "engine"};
inline constexpr std::array<std::string_view, 4> kLevelWords = {"easy", "normal", "hard", "max"};
inline constexpr std::array<std::string_view, 2> kLanguageWords = {"english", "japanese"};

// What a person reads on the start screen.
std::string_view game_title(GameKind game);
std::string_view mode_title(Mode mode);
std::string_view rule_title(GomokuRule rule);

// The game name and variant keys as `newgame` takes them (the table's keys;
// Gomoku 15x15, or a loaded game's size, with its rule).
std::string game_name(GameKind game);
core::VariantArgs variant_args(const Settings& settings, int gomoku_size = kStandardGomokuSize);

// The names of the two sides as the board shows them ("Red", "Yellow").
std::string_view side_name(GameKind game, int side_index);

// The engine's thinking time per move for a level.
int movetime_ms(Level level);

// The least time the engine seems to think at a level: at the casual levels
// it answers in a few milliseconds, and a reply that lands at once reads as a
// double move to a person.
double min_thinking_seconds(Level level);

// The text sizes a person can choose, in percent.
inline constexpr std::array<int, 3> kTextSizes = {100, 125, 150};

// What a level means, in one line, for the start screen.
std::string_view level_description(Level level);

}  // namespace narabe::gui
