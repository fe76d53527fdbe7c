#include "tools/gui/app/game_setup.h"

#include <vector>

namespace narabe::gui {

std::string_view game_title(GameKind game) { return display_of(game).title; }

std::string_view mode_title(Mode mode) {
  switch (mode) {
    case Mode::kPersonVsEngine: return "You vs engine";
    case Mode::kEngineVsEngine: return "Engine vs engine";
    case Mode::kTwoPeople: return "Two people";
  }
  return "";
}

std::string_view rule_title(GomokuRule rule) {
  switch (rule) {
    case GomokuRule::kFreestyle: return "freestyle";
    case GomokuRule::kStandard: return "standard";
    case GomokuRule::kRenju: return "renju";
    case GomokuRule::kOverlineForbidden: return "overline forbidden";
  }
  return "";
}

std::string game_name(GameKind game) { return std::string(display_of(game).word); }

core::VariantArgs variant_args(const Settings& settings, int gomoku_size) {
  core::VariantArgs args;
  // The table's fixed keys come as "key value key value".
  std::string_view words = display_of(settings.game).variant;
  std::vector<std::string> split;
  while (!words.empty()) {
    const std::size_t space = words.find(' ');
    split.emplace_back(words.substr(0, space));
    words = space == std::string_view::npos ? std::string_view{} : words.substr(space + 1);
  }
  for (std::size_t i = 0; i + 1 < split.size(); i += 2) args.emplace_back(split[i], split[i + 1]);
  if (display_of(settings.game).has_rules) {
    args.emplace_back("size", std::to_string(gomoku_size));
    args.emplace_back("rule", std::string(kRuleWords[static_cast<std::size_t>(settings.rule)]));
  }
  return args;
}

std::string_view side_name(GameKind game, int side_index) { return display_of(game).sides[side_index == 0 ? 0 : 1]; }

int movetime_ms(Level level) {
  switch (level) {
    case Level::kEasy: return 200;
    case Level::kNormal: return 500;
    case Level::kHard: return 1000;
    case Level::kMax: return 2000;
  }
  return 500;
}

double min_thinking_seconds(Level level) {
  switch (level) {
    case Level::kEasy: return 0.6;
    case Level::kNormal: return 0.5;
    case Level::kHard: return 0.4;
    case Level::kMax: return 0.0;  // the full search takes its own time
  }
  return 0.0;
}

std::string_view level_description(Level level) {
  switch (level) {
    case Level::kEasy: return "Easy: plays loosely, for learning the game";
    case Level::kNormal: return "Normal: sees the simple threats";
    case Level::kHard: return "Hard: looks further ahead, a real fight";
    case Level::kMax: return "Max: full-strength search (the solver where there is one)";
  }
  return "";
}

}  // namespace narabe::gui
