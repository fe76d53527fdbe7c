#include "engine/games/gomoku/gomoku_eval.h"

#include <algorithm>
#include <array>

namespace narabe::games::gomoku {

Shapes count_shapes(const Gomoku& game, Cell colour) {
  Shapes shapes;
  const Cells& cells = game.cells();
  for (int rank = 0; rank < game.size(); ++rank)
    for (int file = 0; file < game.size(); ++file) {
      const int at = cell_index(file, rank);
      if (cells[static_cast<std::size_t>(at)] != colour) continue;
      for (const int step : kDirections) {
        const std::uint8_t before = cells[static_cast<std::size_t>(at - step)];
        if (before == colour) continue;  // each row is counted from its first stone
        int length = 1;
        while (cells[static_cast<std::size_t>(at + length * step)] == colour) ++length;
        const std::uint8_t after = cells[static_cast<std::size_t>(at + length * step)];
        const int open_ends = (before == kEmpty) + (after == kEmpty);
        if (length >= 5) {
          ++shapes.fives;
        } else if (open_ends > 0) {
          const bool open = open_ends == 2;
          if (length == 4) ++(open ? shapes.open_fours : shapes.closed_fours);
          else if (length == 3) ++(open ? shapes.open_threes : shapes.closed_threes);
          else if (length == 2) ++(open ? shapes.open_twos : shapes.closed_twos);
        }
      }
    }
  return shapes;
}

core::Score shapes_worth(const Shapes& s) {
  return kOpenFourWorth * s.open_fours + kClosedFourWorth * s.closed_fours + kOpenThreeWorth * s.open_threes +
         kClosedThreeWorth * s.closed_threes + kOpenTwoWorth * s.open_twos + kClosedTwoWorth * s.closed_twos;
}

namespace {

core::Score clamp_to_eval_range(core::Score score) {
  return std::clamp(score, -core::kWinBound + 1, core::kWinBound - 1);
}

}  // namespace

core::Score evaluate(const Gomoku& game) {
  const Cell own = game.colour_to_move();
  return clamp_to_eval_range(shapes_worth(count_shapes(game, own)) -
                             shapes_worth(count_shapes(game, opponent_of(own))));
}

std::vector<core::EvalTerm> evaluation_terms(const Gomoku& game) {
  const Cell own = game.colour_to_move();
  const Shapes mine = count_shapes(game, own);
  const Shapes theirs = count_shapes(game, opponent_of(own));
  std::vector<core::EvalTerm> terms;
  auto add = [&](const char* shape, int own_count, int their_count, core::Score worth) {
    terms.push_back({std::string(shape) + " (side to move)", worth * own_count});
    terms.push_back({std::string(shape) + " (opponent)", -worth * their_count});
  };
  add("open fours", mine.open_fours, theirs.open_fours, kOpenFourWorth);
  add("closed fours", mine.closed_fours, theirs.closed_fours, kClosedFourWorth);
  add("open threes", mine.open_threes, theirs.open_threes, kOpenThreeWorth);
  add("closed threes", mine.closed_threes, theirs.closed_threes, kClosedThreeWorth);
  add("open twos", mine.open_twos, theirs.open_twos, kOpenTwoWorth);
  add("closed twos", mine.closed_twos, theirs.closed_twos, kClosedTwoWorth);
  terms.push_back({"total", evaluate(game)});
  return terms;
}

void candidate_moves(const Gomoku& game, Gomoku::MoveList& list, int radius) {
  radius = std::clamp(radius, 1, kPad);
  const int size = game.size();
  if (game.stones() == 0) {
    const int centre = cell_index(size / 2, size / 2);
    if (game.playable(centre)) list.push_back(core::Move(static_cast<std::uint16_t>(centre)));
    return;
  }
  std::array<bool, kCells> near{};
  const Cells& cells = game.cells();
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) {
      const int at = cell_index(file, rank);
      const std::uint8_t c = cells[static_cast<std::size_t>(at)];
      if (c != kBlack && c != kWhite) continue;
      // Up to kPad steps around a stone stay inside the padding.
      for (int dr = -radius; dr <= radius; ++dr)
        for (int df = -radius; df <= radius; ++df) near[static_cast<std::size_t>(at + dr * kStride + df)] = true;
    }
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) {
      const int at = cell_index(file, rank);
      if (near[static_cast<std::size_t>(at)] && game.playable(at))
        list.push_back(core::Move(static_cast<std::uint16_t>(at)));
    }
}

}  // namespace narabe::games::gomoku
