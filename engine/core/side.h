#pragma once
// The two players. "First" is the player who moves from the start position:
// X in tic-tac-toe, the first dropper in Connect Four, Black in Gomoku and Reversi.

#include <cstdint>

namespace narabe::core {

enum class Side : std::uint8_t { kFirst = 0, kSecond = 1 };

constexpr Side opposite(Side s) { return s == Side::kFirst ? Side::kSecond : Side::kFirst; }
constexpr int index_of(Side s) { return static_cast<int>(s); }

// The fen letter of a side: x for the first player, o for the second.
constexpr char fen_letter(Side s) { return s == Side::kFirst ? 'x' : 'o'; }

}  // namespace narabe::core
