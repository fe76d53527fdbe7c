#pragma once
// Black's forbidden points (RIF rules, 1996/98 text), and the overline-only variant.
//
// A stone of Black at an empty point p is forbidden when it makes no five (a five
// in a row always wins, whatever else the stone makes) and it makes
//   an overline     - six or more in a row; else
//   a double-four   - two or more fours, counted over all four lines (a four is a
//                     row that one more stone turns into exactly five; a straight
//                     four .XXXX. is one four, X.XXX.X in one line is two); else
//   a double-three  - threes in two or more lines. A three is a row to which Black
//                     can add one stone, WITHOUT at the same time making a five, to
//                     get a straight four, at a point that is itself not forbidden
//                     (checked recursively, with p on the board).
// The reasons are reported in that order when several apply, as the test data does.
//
// The contested reading: a three whose only straight-four point also completes a
// five elsewhere is, by RIF's words ("without at the same time a five in a row is
// made"), not a three. Rapfi, the Gomocup referee (Piskvork) and the test data read
// it so, and so does this checker (docs/gomoku.md has the example).

#include <cstdint>
#include <string_view>

#include "engine/games/gomoku/board_geometry.h"
#include "engine/games/gomoku/pattern_board.h"
#include "engine/games/gomoku/rule.h"

namespace narabe::games::gomoku {

enum class Forbidden : std::uint8_t { kNone, kOverline, kDoubleFour, kDoubleThree };

constexpr std::string_view forbidden_name(Forbidden kind) {
  switch (kind) {
    case Forbidden::kNone: return "none";
    case Forbidden::kOverline: return "overline";
    case Forbidden::kDoubleFour: return "double-four";
    case Forbidden::kDoubleThree: return "double-three";
  }
  return "none";
}

// Why Black may not play the empty point `at` under RIF renju rules (kNone: Black
// may). `cells` is used as scratch (stones are placed and taken back) and is as it
// was on return.
Forbidden renju_forbidden(Cells& cells, int at);

// The same question for the side `colour` under any rule: renju's full check,
// overline-forbidden's overline only, nothing for the others or for White.
Forbidden forbidden_kind(Cells& cells, int at, Cell colour, Rule rule);

// Whether `colour` may play the empty point `at` of `board` under the board's rule
// (false for an occupied point). The board's shapes settle most points; only two
// threes of renju's Black are left to the full check.
bool may_play(const PatternBoard& board, int at, Cell colour);

}  // namespace narabe::games::gomoku
