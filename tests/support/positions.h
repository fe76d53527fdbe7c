#pragma once
// Positions the tests write as text, for every game: a text the parser refuses, or a
// move name the game refuses, fails the test with the reason and the test goes on
// from the position so far. One copy for all suites (the test targets are built as
// CMake unity builds, where two files' helpers of one name would meet).

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/expected.h"
#include "engine/games/connect4/connect4.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/games/reversi/reversi.h"
#include "tests/support/text.h"

namespace narabe::test_positions {

// The position `parsed` holds, or `fallback` (and a failure naming `text`).
template <class G>
G expect_parsed(const core::Expected<G>& parsed, std::string_view text, G fallback) {
  EXPECT_TRUE(parsed.ok()) << text << ": " << (parsed.ok() ? "" : parsed.error());
  return parsed.ok() ? *parsed : fallback;
}

// `game` after the moves named, in order (any range of names, or a braced list).
template <class G, class Names = std::initializer_list<std::string_view>>
G after_moves(G game, const Names& moves) {
  for (const auto& name : moves) {
    auto move = game.parse_move(name);
    EXPECT_TRUE(move.ok()) << name << ": " << (move.ok() ? "" : move.error());
    if (!move.ok()) break;
    game.make_move(*move);
  }
  return game;
}

// The names of `list`'s moves in `game`, in the list's order.
template <class G>
std::vector<std::string> move_names(const G& game, const typename G::MoveList& list) {
  std::vector<std::string> out;
  for (const core::Move m : list) out.push_back(game.move_to_string(m));
  return out;
}

// Connect Four after `moves` (columns 1-9, "4453").
inline games::Connect4 connect4_after(std::string_view moves, const games::Connect4::Variant& variant = {}) {
  return expect_parsed(games::Connect4::from_move_string(variant, moves), moves, games::Connect4(variant));
}

inline games::Reversi reversi_from_fen(std::string_view fen) {
  return expect_parsed(games::Reversi::from_fen({}, fen), fen, games::Reversi());
}

// Gomoku on 15x15 after `moves` (names separated by spaces) from the empty board.
inline games::Gomoku gomoku_after(std::string_view moves, games::gomoku::Rule rule = games::gomoku::Rule::kFreestyle) {
  return after_moves(games::Gomoku(games::Gomoku::Variant{15, rule}), test_text::words(moves));
}

inline games::Gomoku gomoku_from_fen(std::string_view fen, games::gomoku::Rule rule, int size = 15) {
  const games::Gomoku::Variant variant{size, rule};
  return expect_parsed(games::Gomoku::from_fen(variant, fen), fen, games::Gomoku(variant));
}

}  // namespace narabe::test_positions
