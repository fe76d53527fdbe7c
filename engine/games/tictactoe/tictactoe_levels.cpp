#include "engine/games/tictactoe/tictactoe_levels.h"

#include <bit>

namespace narabe::games {

namespace {

using Mask = std::uint16_t;

constexpr Mask kCentre = 1u << 4;
constexpr Mask kCorners = (1u << 0) | (1u << 2) | (1u << 6) | (1u << 8);
constexpr Mask kSides = (1u << 1) | (1u << 3) | (1u << 5) | (1u << 7);

// Empty cells that would complete a line of `own` (lines free of `other`).
Mask winning_cells(Mask own, Mask other) {
  const Mask empty = static_cast<Mask>(0777 & ~(own | other));
  Mask cells = 0;
  for (Mask line : TicTacToe::kLines)
    if ((line & other) == 0 && std::popcount(static_cast<unsigned>(line & own)) == 2)
      cells |= static_cast<Mask>(line & empty);
  return cells;
}

// Empty cells where `own` would make two threats at once.
Mask fork_cells(Mask own, Mask other) {
  const Mask empty = static_cast<Mask>(0777 & ~(own | other));
  Mask cells = 0;
  for (unsigned bits = empty; bits != 0; bits &= bits - 1) {
    const Mask cell = static_cast<Mask>(1u << std::countr_zero(bits));
    if (std::popcount(static_cast<unsigned>(winning_cells(own | cell, other))) >= 2) cells |= cell;
  }
  return cells;
}

// Whether playing `cell` leaves the opponent no way to a fork: either our new threat
// forces their reply, and that reply must not fork (nor win), or without a threat
// they must have no fork move at all. Forced sequences are followed to the end,
// which is what keeps this rule sound from any position, not only the opening.
bool keeps_opponent_forkless(Mask own, Mask other, Mask cell) {
  own |= cell;
  if (TicTacToe::has_line(own)) return true;
  const Mask threats = winning_cells(own, other);
  if (threats == 0) return fork_cells(other, own) == 0 && winning_cells(other, own) == 0;
  if (std::popcount(static_cast<unsigned>(threats)) >= 2) return true;  // we fork: they cannot hold both
  if (winning_cells(other, own) != 0) return false;                      // they win instead of blocking
  // They must block; then it is our turn again against whatever they threaten.
  const Mask reply = threats;
  const Mask after = static_cast<Mask>(other | reply);
  const Mask their_threats = winning_cells(after, own);
  if (std::popcount(static_cast<unsigned>(their_threats)) >= 2) return false;
  const Mask empty = static_cast<Mask>(0777 & ~(own | after));
  if (empty == 0) return true;
  if (their_threats != 0) return keeps_opponent_forkless(own, after, their_threats);
  // No forced reply: any free choice of ours must leave them forkless; one is enough.
  for (unsigned bits = empty; bits != 0; bits &= bits - 1)
    if (keeps_opponent_forkless(own, after, static_cast<Mask>(1u << std::countr_zero(bits)))) return true;
  return false;
}

core::Move pick(Mask cells, core::Rng& rng) {
  const int count = std::popcount(static_cast<unsigned>(cells));
  int skip = static_cast<int>(rng.below(static_cast<std::uint64_t>(count)));
  unsigned bits = cells;
  while (skip-- > 0) bits &= bits - 1;
  return core::Move(static_cast<std::uint16_t>(std::countr_zero(bits)));
}

Mask opposite_corners(Mask corners) {
  Mask result = 0;
  if (corners & (1u << 0)) result |= 1u << 8;
  if (corners & (1u << 8)) result |= 1u << 0;
  if (corners & (1u << 2)) result |= 1u << 6;
  if (corners & (1u << 6)) result |= 1u << 2;
  return result;
}

}  // namespace

std::uint16_t hard_level_choices(const TicTacToe& game) {
  const Mask empty = game.empty_cells();
  if (core::is_over(game.outcome()) || empty == 0) return 0;
  const Mask own = game.stones(game.side_to_move());
  const Mask other = game.stones(core::opposite(game.side_to_move()));
  if (Mask win = winning_cells(own, other) & empty) return win;
  if (Mask block = winning_cells(other, own) & empty) return block;
  if (Mask fork = fork_cells(own, other)) return fork;

  // From here on, only moves after which the opponent cannot fork are considered
  // (when any exists): this is the "stop the opponent's fork" rule.
  Mask safe = 0;
  for (unsigned bits = empty; bits != 0; bits &= bits - 1) {
    const Mask cell = static_cast<Mask>(1u << std::countr_zero(bits));
    if (keeps_opponent_forkless(own, other, cell)) safe |= cell;
  }
  const Mask allowed = safe != 0 ? safe : empty;

  const int stones = std::popcount(static_cast<unsigned>(own | other));
  if (stones == 1 && (other & kCorners) && (allowed & kCentre)) return kCentre;
  if (stones == 1 && other == kCentre && (allowed & kCorners)) return allowed & kCorners;
  if (allowed & kCentre) return kCentre;
  if (Mask opposite = opposite_corners(other & kCorners) & allowed) return opposite;
  if (Mask corner = allowed & kCorners) return corner;
  if (Mask side = allowed & kSides) return side;
  return allowed;
}


core::Move casual_move(const TicTacToe& game, core::Level level, core::Rng& rng) {
  const Mask empty = game.empty_cells();
  if (core::is_over(game.outcome()) || empty == 0) return core::Move::null();
  const Mask own = game.stones(game.side_to_move());
  const Mask other = game.stones(core::opposite(game.side_to_move()));
  switch (level) {
    case core::Level::kEasy:
      return pick(empty, rng);
    case core::Level::kNormal:
      if (Mask win = winning_cells(own, other) & empty) return pick(win, rng);
      if (Mask block = winning_cells(other, own) & empty) return pick(block, rng);
      return pick(empty, rng);
    case core::Level::kHard:
    case core::Level::kMax:
      break;
  }
  return pick(hard_level_choices(game), rng);
}

}  // namespace narabe::games
