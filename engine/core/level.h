#pragma once
// Playing strength as the Level option names it. easy, normal and hard are the
// casual strengths a player expects (each game documents what they do); max is
// the full search.

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/core/score.h"

namespace narabe::core {

enum class Level : std::uint8_t { kEasy, kNormal, kHard, kMax };

constexpr std::string_view level_name(Level level) {
  switch (level) {
    case Level::kEasy: return "easy";
    case Level::kNormal: return "normal";
    case Level::kHard: return "hard";
    case Level::kMax: return "max";
  }
  return "max";
}

constexpr std::optional<Level> parse_level(std::string_view text) {
  for (Level l : {Level::kEasy, Level::kNormal, Level::kHard, Level::kMax})
    if (level_name(l) == text) return l;
  return std::nullopt;
}

// How a generic casual level plays (engine/search/level_play.h): a search of `depth`
// plies, then a random choice among the moves scoring within `margin` of the best.
struct CasualSettings {
  int depth;
  Score margin;
};

}  // namespace narabe::core
