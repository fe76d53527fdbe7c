#pragma once
// The moves a casual level chooses among: every move with the highest score, in
// the order given, so that a random pick among them is fair and repeatable.

namespace narabe::core {

// `score(move, best_so_far)` scores one move; it may use the best score found so
// far as a search window, returning any value below it for a worse move. `lowest`
// is below every score.
template <class MoveList, class ScoreFn>
MoveList moves_with_best_score(const MoveList& moves, int lowest, ScoreFn&& score) {
  MoveList best;
  int best_score = lowest;
  for (const auto m : moves) {
    const int s = score(m, best_score);
    if (s > best_score) {
      best_score = s;
      best.clear();
    }
    if (s == best_score) best.push_back(m);
  }
  return best;
}

}  // namespace narabe::core
