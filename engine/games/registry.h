#pragma once
// Every game the engine plays, by name. Callers get the game's type through a visitor
// so that each game is instantiated with the generic search exactly once, in
// protocol/server, without the games knowing about the search or the protocol.

#include <string_view>
#include <type_traits>

#include "engine/games/connect4/connect4.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/games/reversi/reversi.h"
#include "engine/games/tictactoe/tictactoe.h"

namespace narabe::games {

template <class... Games>
struct GameList {
  // Calls visitor(std::type_identity<G>{}) for every game, in order.
  template <class Visitor>
  static void for_each(Visitor&& visitor) {
    (visitor(std::type_identity<Games>{}), ...);
  }
  // Calls visitor(std::type_identity<G>{}) for the game named `name`; false if none is.
  template <class Visitor>
  static bool visit(std::string_view name, Visitor&& visitor) {
    return ((name == Games::kName ? (visitor(std::type_identity<Games>{}), true) : false) || ...);
  }
};

using AllGames = GameList<TicTacToe, Connect4, Gomoku, Reversi>;

// The game an engine plays before any `newgame`.
inline constexpr std::string_view kDefaultGame = TicTacToe::kName;

}  // namespace narabe::games
