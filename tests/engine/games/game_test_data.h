#pragma once
// What the typed tests (game_typed_test.cpp) need to know of each game: known perft
// counts, fens that must load and fens and moves that must be rejected. Every game
// adds a specialisation here.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/games/connect4/connect4.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/games/reversi/reversi.h"
#include "engine/games/tictactoe/tictactoe.h"

namespace narabe::test_games {

template <class G>
struct GameTestData;

template <>
struct GameTestData<games::TicTacToe> {
  // The game is won by the player who completes a line, which winning_line() names.
  static constexpr bool kWonByLine = true;
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

template <>
struct GameTestData<games::Connect4> {
  static constexpr bool kWonByLine = true;
  // The published counts; they leave out games that ended before the depth
  // (kPerftCountsEndedGames = false): the 13032 wins of x's 4th disc at ply 7.
  static std::vector<std::uint64_t> perft_from_start() {
    return {7, 49, 343, 2401, 16807, 117649, 823536, 5673234};
  }
  static std::vector<std::string> valid_fens() {
    return {"7/7/7/7/7/7 x",
            "7/7/7/7/7/3x3 o",
            "7/7/7/7/3o3/2oxx2 x",
            "3o3/3x3/3o3/3x3/3o3/3x3 x",                        // a full column
            "7/7/7/7/3ooo1/3xxxx o",                            // x won along the bottom
            "7/7/7/x6/x6/xx1oooo x",                            // o won along the bottom
            "7/7/3x3/2xx3/1xxo3/xooo2o o",                      // x won on a diagonal
            "xxooxox/oxxxoxx/xxoooxo/xoxooox/ooxoxxo/oxxxooo x"};  // full board, drawn
  }
  static std::vector<std::string> invalid_fens() {
    return {"",
            "7/7/7/7/7/7",
            "7/7/7/7/7/7 y",
            "7/7/7/7/7/7 xo",
            "7/7/7/7/7 x",                        // 5 rows
            "7/7/7/7/7/7/7 x",                    // 7 rows
            "8/7/7/7/7/7 x",                      // a row too long
            "7/7/7/7/7/6 x",                      // a row too short
            "7/7/7/7/7/xxxxxxxx o",
            "7/7/7/7/7/3a3 x",
            "7/7/7/7/3x3/7 o",                    // floating disc
            "x6/7/7/7/7/o6 x",                    // floating disc high up
            "7/7/7/7/7/7 o",                      // o to move on the empty board
            "7/7/7/7/7/3x3 x",                    // x dropped twice in a row
            "7/7/7/7/7/2xx3 o",
            "7/7/7/7/7/3o3 x",                    // o dropped first
            "7/7/7/7/oooo3/xxxx3 x",              // two winners
            "7/7/7/7/oo1o3/xxxxo2 x",             // the side to move has a four
            "7/7/6x/6x/ooo1oox/xxxxoox o",        // two fours no single drop makes
            "7/7/7/7/7/7 x moves"};
  }
  static std::vector<std::string> malformed_moves() {
    return {"", "0", "8", "9", "10", "04", "44", "a", "d1", "4 ", " 4", "-1", "+4", "pass", "\x01\x02"};
  }
};

template <>
struct GameTestData<games::Gomoku> {
  static constexpr bool kWonByLine = true;
  // A random game on 15x15 lasts a hundred plies or more, and every ply checks every
  // move: a few games are plenty (gomoku_test.cpp plays more on small boards).
  static constexpr int kRandomPlayouts = 4;
  // 225 * 224; depth 3 (11239200) is too slow for the sanitizer build.
  static std::vector<std::uint64_t> perft_from_start() { return {225, 50400}; }
  static std::vector<std::string> valid_fens() {
    return {"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x",
            "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 o",
            "15/15/15/15/15/15/6o8/6xo7/5ox1x6/6x8/15/15/15/15/15 o",
            "15/15/15/15/15/15/15/15/15/15/15/15/oooo11/xxxxx10/15 o",      // x won along rank 2
            "x14/1x13/2x12/3x11/4x10/15/15/15/15/15/15/15/15/15/oooo11 o",  // x won on a diagonal
            "15/15/15/15/15/15/15/15/15/15/15/15/15/xxxx1x9/ooooo10 x",     // o won
            "15/15/15/15/15/15/15/15/15/15/15/15/15/xxx1xxx8/oooooo9 x"};   // o's overline wins (freestyle)
  }
  static std::vector<std::string> invalid_fens() {
    return {"",
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15",
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 y",
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15 x",         // 14 rows
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x",   // 16 rows
            "16/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x",      // a row too long
            "14/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x",      // a row too short
            "15/15/15/15/15/15/15/7X7/15/15/15/15/15/15/15 o",     // upper case
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 o",      // o to move on the empty board
            "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 x",     // x played twice
            "15/15/15/15/15/15/15/7o7/15/15/15/15/15/15/15 x",     // o played first
            "15/15/15/15/15/15/15/15/15/15/15/15/15/ooooo10/xxxxx10 x",  // both won
            "15/15/15/15/15/15/15/15/15/15/15/15/15/oooo11/xxxxx10 x",   // the side to move won
            "15/15/15/15/15/15/15/15/15/15/15/15/oooo1oooo6/xxxxx1xxxxx4/o14 o",  // two fives, no one last stone
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x moves"};
  }
  static std::vector<std::string> malformed_moves() {
    return {"",   "a",    "a0",  "a16", "p1",  "A1",  "h08", "11", "h8 ", " h8",
            "H8", "pass", "h",   "8h",  "-1",  "h-8", "h+8", "\x01\x02", "h8h", "v1"};
  }
};

template <>
struct GameTestData<games::Reversi> {
  // Won by the disc count: the last mover may lose, and there is no line.
  static constexpr bool kWonByLine = false;
  // perft.tsv (a pass is a ply, a finished game one leaf). Depths 8 to 10 are in
  // reversi_test.cpp, so that this stays quick under the sanitizers.
  static std::vector<std::uint64_t> perft_from_start() { return {4, 12, 56, 244, 1396, 8200, 55092}; }
  static std::vector<std::string> valid_fens() {
    return {"8/8/8/3ox3/3xo3/8/8/8 x",                       // the start
            "8/8/8/3ox3/3xxx2/8/8/8 o",                      // after f5
            "4oxxx/4o1x1/2o1oxox/1oooo1o1/3oooo1/2o5/8/8 o",  // o must pass
            "x7/1xx5/2xx4/2xxx3/2xxxx2/1x2x1x1/5x2/6x1 o",   // over: o has no disc
            "8/8/8/3oo3/3oo3/8/8/8 x",                       // over at once, o wins
            "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/oooooooo/oooooooo/oooooooo/oooooooo x",  // full, drawn
            "o6x/8/8/3xx3/3xx3/8/8/x6o o"};                  // over: no disc can be flanked
  }
  static std::vector<std::string> invalid_fens() {
    return {"",
            "8/8/8/3ox3/3xo3/8/8/8",                          // no side
            "8/8/8/3ox3/3xo3/8/8/8 y",
            "8/8/8/3ox3/3xo3/8/8/8 X",
            "8/8/8/3ox3/3xo3/8/8 x",                          // 7 rows
            "8/8/8/3ox3/3xo3/8/8/8/8 x",                      // 9 rows
            "9/8/8/3ox3/3xo3/8/8/8 x",                        // a row too long
            "8/8/8/3ox3/3xo2/8/8/8 x",                        // a row too short
            "8/8/8/3oX3/3xo3/8/8/8 x",                        // upper case
            "8/8/8/3o.3/3xo3/8/8/8 x",
            "8/8/8/3ob3/3xo3/8/8/8 x",
            "8/8/8/8/8/8/8/8 x",                              // empty centre
            "8/8/8/3o4/3xo3/8/8/8 x",                         // e4 empty
            "8/8/8/3ox3/4o3/8/8/8 o",                         // d5 empty
            "xxxxxxxx/8/8/8/8/8/8/8 x",                       // discs, but none in the centre
            "8/8/8/3ox3/3xo3/8/8/8 x moves"};
  }
  static std::vector<std::string> malformed_moves() {
    return {"",   "a",    "a0",   "a9",  "i1",    "A1",    "d33",   "11",   "d3 ",   " d3",
            "D3", "PASS", "pass ", "ps", "d4",    "e5",    "d6",    "a1",   "pass",  "\x01\x02"};
  }
};

}  // namespace narabe::test_games
