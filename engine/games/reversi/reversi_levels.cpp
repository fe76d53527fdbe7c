#include "engine/games/reversi/reversi_levels.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>

#include "engine/core/best_moves.h"

namespace narabe::games {

namespace reversi {

namespace {

// A finished game is worth more than any weight sum (64 * 100 at most), so the
// levels take a won ending and avoid a lost one within their horizon; the disc
// margin ranks endings among themselves.
constexpr int kGameOverWorth = 10'000;

// The three cells next to each corner (its C-squares and X-square).
constexpr std::array<std::uint64_t, 4> kCornerNeighbours = {
    Reversi::bit(1) | Reversi::bit(8) | Reversi::bit(9),     // a1: b1, a2, b2
    Reversi::bit(6) | Reversi::bit(15) | Reversi::bit(14),   // h1: g1, h2, g2
    Reversi::bit(48) | Reversi::bit(57) | Reversi::bit(49),  // a8: a7, b8, b7
    Reversi::bit(55) | Reversi::bit(62) | Reversi::bit(54)}; // h8: h7, g8, g7
constexpr std::array<int, 4> kCornerCells = {0, 7, 56, 63};

// The cells whose negative weight no longer applies: next to a corner that is taken.
// The penalty is for handing the corner over, which a taken corner cannot be; without
// this, taking a corner by flipping the X-square beside it would score nothing.
std::uint64_t settled_cells(std::uint64_t occupied) {
  std::uint64_t cells = 0;
  for (std::size_t i = 0; i < kCornerCells.size(); ++i)
    if (occupied & Reversi::bit(kCornerCells[i])) cells |= kCornerNeighbours[i];
  return cells;
}

int weight_sum(std::uint64_t discs, std::uint64_t settled) {
  int total = 0;
  for (std::uint64_t bits = discs & ~settled; bits != 0; bits &= bits - 1)
    total += Reversi::kSquareWeights[std::countr_zero(bits)];
  return total;
}

int score_for(const Reversi& game, core::Side me) {
  const core::Outcome outcome = game.outcome();
  if (core::is_over(outcome)) {
    const int margin = std::popcount(game.discs(me)) - std::popcount(game.discs(core::opposite(me)));
    if (outcome == core::Outcome::kDraw) return 0;
    return outcome == core::win_for(me) ? kGameOverWorth + margin : -kGameOverWorth + margin;
  }
  return weighted_squares(game, me);
}

// Plain minimax from `me`'s view, as the tutorial writes it (no pruning: at 3
// plies there are a few thousand nodes at most). A pass is a ply like any move.
int minimax(Reversi& game, int depth, core::Side me) {
  if (depth == 0 || core::is_over(game.outcome())) return score_for(game, me);
  Reversi::MoveList moves;
  game.generate_moves(moves);
  const bool maximising = game.side_to_move() == me;
  int best = maximising ? std::numeric_limits<int>::min() : std::numeric_limits<int>::max();
  for (const core::Move m : moves) {
    game.make_move(m);
    const int score = minimax(game, depth - 1, me);
    game.unmake_move(m);
    best = maximising ? std::max(best, score) : std::min(best, score);
  }
  return best;
}

}  // namespace

int weighted_squares(const Reversi& game, core::Side me) {
  const std::uint64_t settled = settled_cells(~game.empty_cells());
  return weight_sum(game.discs(me), settled) - weight_sum(game.discs(core::opposite(me)), settled);
}

int level_depth(core::Level level) {
  switch (level) {
    case core::Level::kEasy:
      return 0;
    case core::Level::kNormal:
      return 2;
    case core::Level::kHard:
    case core::Level::kMax:
      break;
  }
  return 3;
}

Reversi::MoveList best_moves(const Reversi& game, int depth) {
  Reversi::MoveList moves;
  game.generate_moves(moves);
  Reversi work = game;
  const core::Side me = game.side_to_move();
  return core::moves_with_best_score(moves, std::numeric_limits<int>::min(), [&](core::Move m, int) {
    work.make_move(m);
    const int score = minimax(work, depth - 1, me);
    work.unmake_move(m);
    return score;
  });
}

}  // namespace reversi

core::Move casual_move(const Reversi& game, core::Level level, core::Rng& rng) {
  Reversi::MoveList moves;
  game.generate_moves(moves);
  if (moves.empty()) return core::Move::null();
  const int depth = reversi::level_depth(level);
  if (depth > 0) moves = reversi::best_moves(game, depth);
  return moves[rng.below(moves.size())];
}

}  // namespace narabe::games
