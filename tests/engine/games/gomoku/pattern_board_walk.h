#pragma once
// A random walk over a Gomoku pattern board for the tests that compare what the
// board keeps incrementally with a board built afresh: mostly places (a random
// colour on a random empty point), sometimes takes back a stone: the last one
// placed (the board restores what placing it overwrote) or, as often, one from
// anywhere in the order of play (the board recomputes).

#include <cstddef>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/gomoku/pattern_board.h"

namespace narabe::test_support {

// size * size / 2 steps on a `size` board; after each, check(step, steps).
// Returns the points still occupied, in the order they were placed.
template <class Check>
std::vector<int> random_pattern_walk(games::gomoku::PatternBoard& board, int size, core::Rng& rng, Check&& check) {
  using namespace games::gomoku;
  std::vector<int> placed;
  const int steps = size * size / 2;
  for (int step = 0; step < steps; ++step) {
    if (!placed.empty() && rng.below(4) == 0) {
      const std::size_t i = rng.below(2) == 0 ? placed.size() - 1 : rng.below(placed.size());
      board.remove(placed[i]);
      placed.erase(placed.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      int at;
      do at = cell_index(static_cast<int>(rng.below(static_cast<std::uint64_t>(size))),
                         static_cast<int>(rng.below(static_cast<std::uint64_t>(size))));
      while (board.cell(at) != kEmpty);
      board.place(at, rng.below(2) == 0 ? kBlack : kWhite);
      placed.push_back(at);
    }
    check(step, steps);
  }
  return placed;
}

}  // namespace narabe::test_support
