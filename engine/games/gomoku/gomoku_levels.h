#pragma once
// Gomoku's casual levels, the computer opponent of the Gomoku tutorial game. Each
// level first takes the first forced move that applies, in this order:
//   1. win         - a point that completes its own five;
//   2. block win   - a point where the opponent would complete a five;
//   3. block three - a point where the opponent would make an open four (two or
//                    more points to complete a five: what an open three threatens);
//   4. block four  - a point where the opponent would make a four (one point to
//                    complete a five next move);
//   5. double      - a point giving itself a double threat: two or more points to
//                    complete a five, or one and an open three, or two open threes;
// choosing at random among the points of that rule. Only points the level's side
// may play count (Black's forbidden points under renju are never chosen); a point
// counts as the opponent's threat only if the opponent may play it. Otherwise it
// plays the best move of a minimax of 1 (easy), 2 (normal) or 3 (hard) plies over
// the empty points next to a stone, on the open/closed threes and fours evaluation
// (gomoku_eval.h); moves of equal score are chosen among at random, so games vary
// but repeat under a Seed. Level max is the generic search.

#include <optional>

#include "engine/core/level.h"
#include "engine/core/rng.h"
#include "engine/games/gomoku/gomoku.h"

namespace narabe::games {

namespace gomoku {

enum class ForcedRule : std::uint8_t { kWin, kBlockWin, kBlockOpenThree, kBlockFour, kDoubleThreat };

struct ForcedMoves {
  ForcedRule rule;
  Gomoku::MoveList points;  // every point of that rule, in board order
};

// The first forced rule that applies to the side to move, with its points.
std::optional<ForcedMoves> forced_moves(const Gomoku& game);

// The minimax depth of a level: 1, 2 or 3 plies.
int level_depth(core::Level level);

// The radius of the levels' candidates: the empty points next to a stone.
inline constexpr int kLevelRadius = 1;

// Every candidate move of the best minimax score at `depth` plies, in board order.
Gomoku::MoveList best_moves(const Gomoku& game, int depth);

}  // namespace gomoku

// Found by the generic level play (engine/search/level_play.h) through ADL.
core::Move casual_move(const Gomoku& game, core::Level level, core::Rng& rng);

}  // namespace narabe::games
