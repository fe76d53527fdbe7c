#include "tools/gui/app/game_setup.h"

namespace narabe::gui {

std::string_view game_title(GameKind game) {
  switch (game) {
    case GameKind::kTicTacToe: return "Tic-tac-toe";
    case GameKind::kConnect4: return "Connect Four";
    case GameKind::kGomoku: return "Gomoku";
    case GameKind::kReversi: return "Reversi";
  }
  return "";
}

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

std::string game_name(GameKind game) { return std::string(kGameWords[static_cast<std::size_t>(game)]); }

core::VariantArgs variant_args(const Settings& settings, int gomoku_size) {
  switch (settings.game) {
    case GameKind::kConnect4: return {{"width", "7"}, {"height", "6"}};
    case GameKind::kGomoku:
      return {{"size", std::to_string(gomoku_size)}, {"rule", std::string(kRuleWords[static_cast<std::size_t>(settings.rule)])}};
    case GameKind::kTicTacToe:
    case GameKind::kReversi: return {};
  }
  return {};
}

std::string_view side_name(GameKind game, int side_index) {
  switch (game) {
    case GameKind::kTicTacToe: return side_index == 0 ? "X" : "O";
    case GameKind::kConnect4: return side_index == 0 ? "Red" : "Yellow";
    case GameKind::kGomoku:
    case GameKind::kReversi: return side_index == 0 ? "Black" : "White";
  }
  return "";
}

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
