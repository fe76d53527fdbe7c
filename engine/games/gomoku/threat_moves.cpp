#include "engine/games/gomoku/threat_moves.h"

#include <algorithm>
#include <cstdlib>

namespace narabe::games::gomoku {

namespace {

bool is_four(Shape s) { return s == kFour || s == kFlexFour || s == kDoubleFour; }

// Whether `to` lies within two points of `from` (a 5x5 square) or four along one
// of its lines.
bool attack_reach(int from, int to) {
  const int files = std::abs(file_of(from) - file_of(to));
  const int ranks = std::abs(rank_of(from) - rank_of(to));
  if (files <= 2 && ranks <= 2) return true;
  return (files == 0 || ranks == 0 || files == ranks) && std::max(files, ranks) <= 4;
}

}  // namespace

bool has_winning_move(const Gomoku& game) { return game.patterns().count(game.colour_to_move(), kFive) > 0; }

bool must_answer(const Gomoku& game) {
  return game.patterns().count(opponent_of(game.colour_to_move()), kFive) > 0;
}

void quiescence_moves(const Gomoku& game, Gomoku::MoveList& list) {
  list.clear();
  const PatternBoard& board = game.patterns();
  const Cell own = game.colour_to_move();
  if (!board.has_four_point(own) || must_answer(game)) return;
  // Only the fours around the side's last stone (within two steps, or four along
  // its lines): an attack goes on where it stands, and a four far away is the main
  // search's to find (the strongest open engines do the same).
  const int anchor = game.last_own_stone();
  for_each_near_point(game, [&](int at) {
    if (anchor >= 0 && !attack_reach(anchor, at)) return;
    for (int d = 0; d < 4; ++d)
      if (is_four(board.shape(at, d, own))) {
        if (game.playable(at)) list.push_back(core::Move(static_cast<std::uint16_t>(at)));
        return;
      }
  });
}

bool is_tactical(const Gomoku& game, int at) {
  const PatternBoard& board = game.patterns();
  const Cell own = game.colour_to_move();
  return board.best_shape(at, own) >= kThree || board.best_shape(at, opponent_of(own)) >= kFlexFour;
}

core::Selectivity selectivity(const Gomoku& game) {
  // In the hand-set evaluation's units (a three is worth 40, an open-four point
  // 4000); the trained values are of the same order. Freestyle's first player
  // wins its threat races sooner, so its late moves are reduced the most, and
  // its nodes fail high on the static evaluation deeper, with a ply less of
  // margin when improving (under renju the first played level, the second lost).
  const int divisor = game.rule() == Rule::kFreestyle ? 100 : game.rule() == Rule::kStandard ? 128 : 133;
  return core::Selectivity{.lmr_min_depth = 2,
                           .lmr_first_moves = 1,
                           .lmr_base_percent = 0,
                           .lmr_divisor_percent = divisor,
                           .futility_depth = 3,
                           .futility_margin = 120,
                           .fail_high_depth = game.rule() == Rule::kFreestyle ? 8 : 3,
                           .fail_high_improving_plies = game.rule() == Rule::kFreestyle ? 1 : 0,
                           .razor_depth = 2,
                           .razor_margin = 200,
                           .lmp_base = 3,
                           .lmp_exponent_percent = 132,
                           .aspiration_min_depth = 5,
                           .aspiration_delta = 60,
                           .quiescence_plies = 12,
                           .null_move_depth = game.rule() == Rule::kRenju ? 3 : 0,
                           .null_move_margin = 0,
                           .null_move_reduction = 3,
                           .null_move_depth_divisor = 3,
                           .singular_depth = 7,
                           .singular_margin = 2};
}

}  // namespace narabe::games::gomoku
