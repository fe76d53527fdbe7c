#pragma once
// An independent, brute-force tic-tac-toe solver for the tests: plain recursive
// negamax over every line of play (no pruning, no hashing, no shared code with the
// engine's search), memoised by board. Scores use the engine's convention so the
// two can be compared exactly: win_in(plies) / loss_in(plies) / 0, from the side to
// move's view, with the shortest win and the longest loss preferred.

#include <unordered_map>
#include <vector>

#include "engine/core/score.h"
#include "engine/games/tictactoe/tictactoe.h"

namespace narabe::test_games {

class TicTacToeOracle {
 public:
  // The exact value of `game` for its side to move.
  core::Score value(games::TicTacToe game) {
    const auto key = key_of(game);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    core::Score best;
    const core::Outcome outcome = game.outcome();
    if (outcome == core::Outcome::kDraw) {
      best = 0;
    } else if (core::is_over(outcome)) {
      best = outcome == core::win_for(game.side_to_move()) ? core::win_in(0) : core::loss_in(0);
    } else {
      best = -core::kInfinity;
      for (int cell = 0; cell < 9; ++cell) {
        if (!(game.empty_cells() >> cell & 1)) continue;
        const core::Move m(static_cast<std::uint16_t>(cell));
        game.make_move(m);
        best = std::max(best, child_score(value(game)));
        game.unmake_move(m);
      }
    }
    memo_.emplace(key, best);
    return best;
  }

  // The value of playing `m` in `game`, from the mover's view.
  core::Score value_after(games::TicTacToe game, core::Move m) {
    game.make_move(m);
    return child_score(value(game));
  }

  // Every position reachable from the empty board by legal play, finished ones included.
  static std::vector<games::TicTacToe> reachable_positions() {
    std::vector<games::TicTacToe> all;
    std::unordered_map<std::uint32_t, bool> seen;
    collect(games::TicTacToe(), all, seen);
    return all;
  }

 private:
  // A child's value seen one ply further from the root.
  static core::Score child_score(core::Score child) {
    if (core::is_win(child)) return -(child - 1);
    if (core::is_loss(child)) return -(child + 1);
    return -child;
  }

  static std::uint32_t key_of(const games::TicTacToe& game) {
    return static_cast<std::uint32_t>(game.stones(core::Side::kFirst)) |
           static_cast<std::uint32_t>(game.stones(core::Side::kSecond)) << 9;
  }

  static void collect(games::TicTacToe game, std::vector<games::TicTacToe>& all,
                      std::unordered_map<std::uint32_t, bool>& seen) {
    if (!seen.emplace(key_of(game), true).second) return;
    all.push_back(game);
    if (core::is_over(game.outcome())) return;
    for (int cell = 0; cell < 9; ++cell) {
      if (!(game.empty_cells() >> cell & 1)) continue;
      const core::Move m(static_cast<std::uint16_t>(cell));
      game.make_move(m);
      collect(game, all, seen);
      game.unmake_move(m);
    }
  }

  std::unordered_map<std::uint32_t, core::Score> memo_;
};

}  // namespace narabe::test_games
