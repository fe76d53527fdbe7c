#pragma once
// What the typed tests (game_typed_test.cpp) need to know of each game: known perft
// counts, fens that must load and fens and moves that must be rejected. Every game
// adds a specialisation here.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/games/tictactoe/tictactoe.h"

namespace narabe::testing {

template <class G>
struct GameTestData;

template <>
struct GameTestData<games::TicTacToe> {
  static std::vector<std::uint64_t> perft_from_start() {
    return {9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
  }
  static std::vector<std::string> valid_fens() {
    return {"3/3/3 x", "3/1x1/3 o", "xo1/1x1/2o x", "xxx/oo1/3 o", "xox/xoo/oxx o",
            "ooo/xx1/x2 x", "xxx/oo1/ox1 o", "x1x/1o1/x1o o"};
  }
  static std::vector<std::string> invalid_fens() {
    return {"",          "3/3/3",      "3/3/3 y",     "3/3 x",       "3/3/3/3 x",   "4/3/3 x",
            "2/3/3 x",   "xxxx/3/3 o", "3/3/3 xo",    "3/3/3  x",    "0/3/3 x",     "a2/3/3 x",
            "x2/3/3 x",  "3/3/3 o",    "xo1/3/3 o",   "xxx/ooo/3 o", "xxx/ooo/x2 o", "xxx/oo1/3 x",
            "ooo/xx1/xx1 o", "xxx/3/ooo x", "3/3/3 x extra", "3//3 x",  "x2/x2/x2 o"};
  }
  static std::vector<std::string> malformed_moves() {
    return {"", "a", "a0", "a4", "d1", "A1", "b22", "11", "pass", "b2 ", "-1", "\x01\x02"};
  }
};

}  // namespace narabe::testing
