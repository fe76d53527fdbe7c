#pragma once
// How a game stands: still running, won by one side, or drawn.

#include <cstdint>

#include "engine/core/side.h"

namespace narabe::core {

enum class Outcome : std::uint8_t { kNone, kFirstWins, kSecondWins, kDraw };

constexpr Outcome win_for(Side s) {
  return s == Side::kFirst ? Outcome::kFirstWins : Outcome::kSecondWins;
}
constexpr bool is_over(Outcome o) { return o != Outcome::kNone; }

}  // namespace narabe::core
