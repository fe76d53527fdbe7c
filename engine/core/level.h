#pragma once
// Playing strength as the Level option names it. easy, normal and hard are the
// casual strengths a player expects (each game documents what they do); max is
// the full search.

#include <cstdint>
#include <optional>
#include <string_view>

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

}  // namespace narabe::core
