#pragma once
// A move as a small integer whose meaning belongs to the game (a cell, a column,
// a pass). The search only stores, compares and replays moves.

#include <cstdint>

namespace narabe::core {

class Move {
 public:
  constexpr Move() = default;  // the null move: "no move"
  constexpr explicit Move(std::uint16_t value) : value_(value) {}

  static constexpr Move null() { return Move(); }
  constexpr std::uint16_t value() const { return value_; }
  constexpr bool is_null() const { return value_ == kNullValue; }

  friend constexpr bool operator==(Move, Move) = default;

 private:
  static constexpr std::uint16_t kNullValue = 0xFFFF;
  std::uint16_t value_ = kNullValue;
};

}  // namespace narabe::core
