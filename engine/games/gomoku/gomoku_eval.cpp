#include "engine/games/gomoku/gomoku_eval.h"

#include <algorithm>
#include <array>

#include "engine/games/gomoku/renju_forbidden.h"
#include "engine/games/gomoku/threat_moves.h"

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

using ShapeWorth = std::array<core::Score, kShapeCount>;
// Indexed by Shape: none, blocked three, three, four, flex four, double four, five,
// overline (see the header).
constexpr ShapeWorth kOwnWorth = {0, 8, 40, 160, 4000, 4000, 20000, 0};
constexpr ShapeWorth kOpponentWorth = {0, 6, 30, 120, 1500, 1500, 8000, 0};

constexpr std::array<const char*, kShapeCount> kShapePoints = {
    "",           "blocked-three points", "three points", "four points", "open-four points",
    "double-four points", "five points", "overline points"};

core::Score patterns_worth(const PatternBoard& board, Cell colour, const ShapeWorth& worth) {
  core::Score sum = 0;
  for (int s = 1; s < kShapeCount; ++s)
    sum += worth[static_cast<std::size_t>(s)] * board.count(colour, static_cast<Shape>(s));
  return sum;
}

// Whether a stone of `colour` on the empty point `at` makes `weakest` or a stronger
// threat (an overline is none) in some line.
bool makes_at_least(const PatternBoard& board, int at, Cell colour, Shape weakest) {
  for (int d = 0; d < 4; ++d) {
    const Shape s = board.shape(at, d, colour);
    if (s >= weakest && s != kOverline) return true;
  }
  return false;
}

bool has_open_four_point(const PatternBoard& board, Cell colour) {
  return board.count(colour, kFlexFour) + board.count(colour, kDoubleFour) > 0;
}

// Whether the opponent has a point it may play that makes an open four: the
// threat every move but a defence or an own four loses to. Under renju such a
// point of Black's may be forbidden, so Black's points are checked one by one.
bool opponent_open_four_pending(const Gomoku& game, Cell opponent) {
  const PatternBoard& board = game.patterns();
  if (!has_open_four_point(board, opponent)) return false;
  if (!has_forbidden_points(game.rule(), opponent)) return true;
  bool pending = false;
  for_each_near_point(game, [&](int at) {
    if (pending || !makes_at_least(board, at, opponent, kFlexFour)) return;
    pending = may_play(board, at, opponent);
  });
  return pending;
}

void push_centre(const Gomoku& game, Gomoku::MoveList& list) {
  const int centre = cell_index(game.size() / 2, game.size() / 2);
  if (game.playable(centre)) list.push_back(core::Move(static_cast<std::uint16_t>(centre)));
}

// The trained evaluation of a board's state for the side `own` (0 black, 1 white)
// to move: its codes' sums and its threat mask's value.
core::Score trained_value(const PatternBoard::EvalState& state, const EvalWeights& weights, int own) {
  return state.sums[static_cast<std::size_t>(own)][0] + state.sums[static_cast<std::size_t>(1 - own)][1] +
         weights.threats()[static_cast<std::size_t>(threat_mask(state.threats, own))];
}

}  // namespace

core::Score rows_evaluation(const Gomoku& game) {
  const Cell own = game.colour_to_move();
  return shapes_worth(count_shapes(game, own)) - shapes_worth(count_shapes(game, opponent_of(own)));
}

core::Score evaluate(const Gomoku& game) {
  const Cell own = game.colour_to_move();
  const PatternBoard& board = game.patterns();
  if (const EvalWeights* weights = game.eval_weights())
    return clamp_to_eval_range(trained_value(board.eval_state(), *weights, own == kBlack ? 0 : 1));
  return clamp_to_eval_range(patterns_worth(board, own, kOwnWorth) -
                             patterns_worth(board, opponent_of(own), kOpponentWorth));
}

std::vector<core::EvalTerm> evaluation_terms(const Gomoku& game) {
  const Cell own = game.colour_to_move();
  const PatternBoard& board = game.patterns();
  std::vector<core::EvalTerm> terms;
  if (game.eval_weights() != nullptr) {
    terms.push_back({"trained patterns (side to move's points)", board.value_sum(own, 0)});
    terms.push_back({"trained patterns (opponent's points)", board.value_sum(opponent_of(own), 1)});
    const int o = own == kBlack ? 0 : 1;
    const int mask = threat_mask(board.eval_state().threats, o);
    terms.push_back({"threats (mask " + std::to_string(mask) + ")", game.eval_weights()->threats()[static_cast<std::size_t>(mask)]});
    terms.push_back({"total", evaluate(game)});
    return terms;
  }
  for (int s = kShapeCount - 1; s >= 1; --s) {
    const auto shape = static_cast<Shape>(s);
    const auto i = static_cast<std::size_t>(s);
    if (kOwnWorth[i] == 0) continue;
    terms.push_back({std::string(kShapePoints[i]) + " (side to move)", kOwnWorth[i] * board.count(own, shape)});
    terms.push_back(
        {std::string(kShapePoints[i]) + " (opponent)", -kOpponentWorth[i] * board.count(opponent_of(own), shape)});
  }
  terms.push_back({"total", evaluate(game)});
  return terms;
}

void search_moves(const Gomoku& game, Gomoku::MoveList& list) {
  const PatternBoard& board = game.patterns();
  const Cell own = game.colour_to_move();
  const Cell opponent = opponent_of(own);
  auto collect = [&](auto&& wanted) {
    for_each_near_point(game, [&](int at) {
      if (wanted(at) && game.playable(at)) list.push_back(core::Move(static_cast<std::uint16_t>(at)));
    });
  };
  if (board.count(own, kFive) > 0) {
    collect([&](int at) { return board.makes_five(at, own); });
    if (!list.empty()) return;
  }
  if (board.count(opponent, kFive) > 0) {
    collect([&](int at) { return board.makes_five(at, opponent); });
    if (!list.empty()) return;
  } else if (opponent_open_four_pending(game, opponent)) {
    collect([&](int at) {
      return makes_at_least(board, at, opponent, kFour) || makes_at_least(board, at, own, kFour);
    });
    if (!list.empty()) return;
  } else if (board.count(opponent, kFour) + board.count(opponent, kDoubleFour) > 0) {
    // A four-three (or four-four) point of the opponent wins next move unless a
    // stone lands on it or on the lines of its threats, or an own four gains the tempo.
    std::array<bool, kCells> defends{};
    bool threatened = false;
    for_each_near_point(game, [&](int at) {
      const PatternBoard::PointThreat t = board.threat(at, opponent);
      if (t.fours == 0 || t.fours + t.threes < 2 || !may_play(board, at, opponent)) return;
      threatened = true;
      defends[static_cast<std::size_t>(at)] = true;
      for (int d = 0; d < 4; ++d) {
        const Shape s = board.shape(at, d, opponent);
        if (s != kThree && s != kFour && s != kDoubleFour) continue;
        for (int k = -4; k <= 4; ++k) {
          const int q = at + k * kDirections[static_cast<std::size_t>(d)];
          if (q >= 0 && q < kCells) defends[static_cast<std::size_t>(q)] = true;
        }
      }
    });
    if (threatened) {
      collect([&](int at) { return defends[static_cast<std::size_t>(at)] || makes_at_least(board, at, own, kFour); });
      if (!list.empty()) return;
    }
  }
  collect([](int) { return true; });
  if (list.empty() && game.stones() == 0) push_centre(game, list);
}

int move_order_bonus(const Gomoku& game, int at) {
  // Indexed by Shape, as the worths above; making a threat ranks above stopping
  // the same one.
  constexpr std::array<int, kShapeCount> kMakes = {0, 2, 12, 16, 60, 60, 400, 0};
  constexpr std::array<int, kShapeCount> kStops = {0, 1, 8, 10, 40, 40, 200, 0};
  const PatternBoard& board = game.patterns();
  const Cell own = game.colour_to_move();
  const Cell opponent = opponent_of(own);
  int bonus = 0;
  int threats = 0;
  for (int d = 0; d < 4; ++d) {
    const Shape made = board.shape(at, d, own);
    bonus += kMakes[made] + kStops[board.shape(at, d, opponent)];
    if (made >= kThree && made != kOverline) ++threats;
  }
  if (threats >= 2) bonus += 80;  // a four-three or a double three: a winning threat
  // Above the history scores (at most 2^20) for any threat, below the killers (2^28).
  bonus <<= 12;
  if (board.values() != nullptr) {
    // The trained values of the point for the side to move (what a stone there
    // would build) and against the opponent (what it would stop) rank the quiet
    // moves, twos and blocked shapes included, that the threat table leaves equal.
    const int worth = board.point_value(at, own, 0) - board.point_value(at, opponent, 1);
    bonus += std::clamp(worth, 0, 4000) << 7;
  }
  return bonus;
}

void candidate_moves(const Gomoku& game, Gomoku::MoveList& list, int radius) {
  radius = std::clamp(radius, 1, kPad);
  const int size = game.size();
  if (game.stones() == 0) {
    push_centre(game, list);
    return;
  }
  std::array<bool, kCells> near{};
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) {
      const int at = cell_index(file, rank);
      const Cell c = game.cell(at);
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
