#pragma once
// A reader for GGF, the Generic Game Format of the Othello servers, as far as the
// NBoard protocol's `set game` needs it: one Othello game on the 8x8 board,
//
//   (;GM[Othello]PC[NBoard]DT[...]PB[..]PW[..]RE[?]TI[15:00]TY[8]
//     BO[8 ---------------------------O*------*O--------------------------- *]
//     B[F5]W[F6//1.2]B[PA]...;)
//
// BO gives the start: the board size (8), 64 cells from A1 to H8 (rank 1 at the
// top, like Reversi's notation) as `*` black, `O` white, `-` empty (whitespace
// between cells is allowed), then the side to move `*` or `O`. B[..] and W[..] are
// the moves in order, each `<move>[/<eval>[/<time>]]` with `PA` (or `pass`) for a
// pass; they must alternate from the side BO names. Every other property is read
// and ignored. Without BO the game starts from the standard position, black to move.
//
// The result is a Reversi fen and a move list in Reversi's notation; whether the
// board is a legal Reversi position and the moves are legal is the game's to say.

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/expected.h"

namespace narabe::server {

struct GgfGame {
  std::string fen;                 // the start position, e.g. "8/8/8/3ox3/3xo3/8/8/8 x"
  std::vector<std::string> moves;  // "f5", "pass", ... in order
};

core::Expected<GgfGame> parse_ggf(std::string_view text);

// One move as NBoard writes it ("F5", "f5", "PA", "pass", optionally followed by
// "/<eval>/<time>") in Reversi's notation ("f5", "pass"); an error for anything else.
core::Expected<std::string> nboard_move_to_reversi(std::string_view text);

// A move in Reversi's notation ("f5", "pass") as NBoard writes it ("F5", "PA").
std::string reversi_move_to_nboard(std::string_view move);

}  // namespace narabe::server
