#pragma once
// The four Gomoku rules `newgame gomoku rule R` offers, and what each makes a win:
//   freestyle           - five or more in a row wins, for both players;
//   standard            - exactly five wins; an overline (six or more) does not;
//   renju               - RIF: Black wins with exactly five and may not play an
//                         overline, a double-four or a double-three (forbidden
//                         points, renju_forbidden.h); White wins with five or more;
//   overline-forbidden  - the tutorial game's rule: only Black's overline is
//                         forbidden (Black wins with exactly five); White wins with
//                         five or more.
// In renju and overline-forbidden a five made at the same time as a forbidden shape
// still wins: a five is never forbidden.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/games/gomoku/board_geometry.h"

namespace narabe::games::gomoku {

enum class Rule : std::uint8_t { kFreestyle, kStandard, kRenju, kOverlineForbidden };

inline constexpr std::array<Rule, 4> kAllRules = {Rule::kFreestyle, Rule::kStandard, Rule::kRenju,
                                                  Rule::kOverlineForbidden};

constexpr std::string_view rule_name(Rule rule) {
  switch (rule) {
    case Rule::kFreestyle: return "freestyle";
    case Rule::kStandard: return "standard";
    case Rule::kRenju: return "renju";
    case Rule::kOverlineForbidden: return "overline-forbidden";
  }
  return "freestyle";
}

constexpr std::optional<Rule> parse_rule(std::string_view text) {
  for (const Rule rule : kAllRules)
    if (rule_name(rule) == text) return rule;
  return std::nullopt;
}

// Whether a run of `length` stones of `colour` wins under `rule`.
constexpr bool run_wins(Rule rule, Cell colour, int length) {
  if (length < 5) return false;
  switch (rule) {
    case Rule::kFreestyle: return true;
    case Rule::kStandard: return length == 5;
    case Rule::kRenju:
    case Rule::kOverlineForbidden: return colour == kWhite || length == 5;
  }
  return false;
}

// Whether `colour` has forbidden points at all under `rule`.
constexpr bool has_forbidden_points(Rule rule, Cell colour) {
  return colour == kBlack && (rule == Rule::kRenju || rule == Rule::kOverlineForbidden);
}

}  // namespace narabe::games::gomoku
