#include "engine/games/gomoku/gomoku_levels.h"

#include <algorithm>
#include <array>

#include "engine/core/best_moves.h"

#include "engine/games/gomoku/gomoku_eval.h"
#include "engine/games/gomoku/line_patterns.h"
#include "engine/games/gomoku/renju_forbidden.h"

namespace narabe::games {

namespace gomoku {

namespace {

// A finished game is worth more than any shape sum; a nearer win more than a later one.
constexpr core::Score kGameOverWorth = 1'000'000;

// Whether `colour` may put a stone on the empty point `at` (its forbidden points aside).
bool may_play(Cells& scratch, int at, Cell colour, Rule rule) {
  return forbidden_kind(scratch, at, colour, rule) == Forbidden::kNone;
}

// What a stone of `colour` at `at` would threaten next: the distinct points that
// would then complete its five, and the lines where it would make an open three.
struct Threats {
  int win_points = 0;
  int open_threes = 0;
};

Threats threats_of(Cells& scratch, int at, Cell colour, Rule rule) {
  Threats threats;
  const auto slot = static_cast<std::size_t>(at);
  scratch[slot] = colour;
  std::array<int, 4 * 8> seen{};
  int seen_count = 0;
  for (const int step : kDirections) {
    const LinePoints points = win_points_in_line(scratch, at, step, colour, rule);
    for (int i = 0; i < points.count; ++i) {
      const int q = points.at[static_cast<std::size_t>(i)];
      if (std::find(seen.begin(), seen.begin() + seen_count, q) == seen.begin() + seen_count)
        seen[static_cast<std::size_t>(seen_count++)] = q;
    }
    if (points.count > 0) continue;  // a line with a four holds no three besides
    // An open three: one more stone of the line (one it may play) makes a straight four.
    for (int k = -3; k <= 3; ++k) {
      const int q = at + k * step;
      if (k == 0 || scratch[static_cast<std::size_t>(q)] != kEmpty) continue;
      scratch[static_cast<std::size_t>(q)] = colour;
      const bool straight = is_straight_four(scratch, at, step, colour, rule);
      scratch[static_cast<std::size_t>(q)] = kEmpty;
      if (straight && may_play(scratch, q, colour, rule)) {
        ++threats.open_threes;
        break;
      }
    }
  }
  scratch[slot] = kEmpty;
  threats.win_points = seen_count;
  return threats;
}

bool rule_applies(ForcedRule rule, Cells& scratch, int at, Cell own, Rule game_rule) {
  const Cell other = opponent_of(own);
  switch (rule) {
    case ForcedRule::kWin:
      return makes_win(scratch, at, own, game_rule);
    case ForcedRule::kBlockWin:
      return makes_win(scratch, at, other, game_rule);
    case ForcedRule::kBlockOpenThree:
      return may_play(scratch, at, other, game_rule) && threats_of(scratch, at, other, game_rule).win_points >= 2;
    case ForcedRule::kBlockFour:
      return may_play(scratch, at, other, game_rule) && threats_of(scratch, at, other, game_rule).win_points >= 1;
    case ForcedRule::kDoubleThreat: {
      const Threats t = threats_of(scratch, at, own, game_rule);
      return t.win_points >= 2 || (t.win_points >= 1 && t.open_threes >= 1) || t.open_threes >= 2;
    }
  }
  return false;
}

// Plain negamax with alpha-beta from the side to move's view (the same result as
// the tutorial's minimax, found faster).
core::Score negamax(Gomoku& game, int depth, int ply, core::Score alpha, core::Score beta) {
  const core::Outcome outcome = game.outcome();
  if (core::is_over(outcome)) {
    if (outcome == core::Outcome::kDraw) return 0;
    // Only the side that just moved can have won (or Black, to move, has no point).
    return outcome == core::win_for(game.side_to_move()) ? kGameOverWorth - ply : -kGameOverWorth + ply;
  }
  if (depth == 0) return rows_evaluation(game);
  Gomoku::MoveList moves;
  candidate_moves(game, moves, kLevelRadius);
  if (moves.empty()) game.generate_moves(moves);
  core::Score best = -2 * kGameOverWorth;
  for (const core::Move m : moves) {
    game.make_move(m);
    const core::Score score = -negamax(game, depth - 1, ply + 1, -beta, -alpha);
    game.unmake_move(m);
    best = std::max(best, score);
    alpha = std::max(alpha, score);
    if (alpha >= beta) break;
  }
  return best;
}

}  // namespace

std::optional<ForcedMoves> forced_moves(const Gomoku& game) {
  if (core::is_over(game.outcome())) return std::nullopt;
  Cells scratch = game.cells();
  const Cell own = game.colour_to_move();
  for (const ForcedRule rule : {ForcedRule::kWin, ForcedRule::kBlockWin, ForcedRule::kBlockOpenThree,
                                ForcedRule::kBlockFour, ForcedRule::kDoubleThreat}) {
    ForcedMoves forced{rule, {}};
    for (int rank = 0; rank < game.size(); ++rank)
      for (int file = 0; file < game.size(); ++file) {
        const int at = cell_index(file, rank);
        if (game.playable(at) && rule_applies(rule, scratch, at, own, game.rule()))
          forced.points.push_back(core::Move(static_cast<std::uint16_t>(at)));
      }
    if (!forced.points.empty()) return forced;
  }
  return std::nullopt;
}

int level_depth(core::Level level) {
  switch (level) {
    case core::Level::kEasy: return 1;
    case core::Level::kNormal: return 2;
    case core::Level::kHard:
    case core::Level::kMax: break;
  }
  return 3;
}

Gomoku::MoveList best_moves(const Gomoku& game, int depth) {
  Gomoku::MoveList moves;
  candidate_moves(game, moves, kLevelRadius);
  if (moves.empty()) game.generate_moves(moves);
  Gomoku work = game;
  return core::moves_with_best_score(moves, -2 * kGameOverWorth, [&](core::Move m, core::Score best_so_far) {
    work.make_move(m);
    // A window just below the best so far: a move that ties it gets its exact score.
    const core::Score score = -negamax(work, depth - 1, 1, -2 * kGameOverWorth, -(best_so_far - 1));
    work.unmake_move(m);
    return score;
  });
}

}  // namespace gomoku

core::Move casual_move(const Gomoku& game, core::Level level, core::Rng& rng) {
  if (core::is_over(game.outcome())) return core::Move::null();
  if (const auto forced = gomoku::forced_moves(game))
    return forced->points[rng.below(forced->points.size())];
  const Gomoku::MoveList best = gomoku::best_moves(game, gomoku::level_depth(level));
  return best[rng.below(best.size())];
}

}  // namespace narabe::games
