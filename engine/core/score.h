#pragma once
// Scores, always from the side to move's point of view. Ordinary evaluations are
// centipawn-like ("cp") numbers well inside +-kWinBound; a decided game is encoded as
// kWin minus the number of plies from the search root to the end, so a nearer win
// scores higher and a later loss scores higher (less negative).

#include <cstdint>
#include <cstdlib>

namespace narabe::core {

using Score = std::int32_t;

inline constexpr int kMaxPly = 256;
inline constexpr Score kInfinity = 32000;
inline constexpr Score kWin = 31000;
inline constexpr Score kWinBound = kWin - kMaxPly;  // |score| >= this: decided
inline constexpr Score kDrawScore = 0;

constexpr Score win_in(int ply) { return kWin - ply; }
constexpr Score loss_in(int ply) { return -kWin + ply; }
constexpr bool is_decisive(Score s) { return s >= kWinBound || s <= -kWinBound; }
constexpr bool is_win(Score s) { return s >= kWinBound; }
constexpr bool is_loss(Score s) { return s <= -kWinBound; }

// Plies from the root to the end of the game for a decisive score.
constexpr int plies_to_end(Score s) { return kWin - (s < 0 ? -s : s); }

// UCI's "mate N": N > 0 the side to move wins with its N-th own move; N < 0 the
// opponent wins with its -N-th move. Only meaningful for decisive scores.
constexpr int mate_moves(Score s) {
  const int plies = plies_to_end(s);
  return s > 0 ? (plies + 1) / 2 : -(plies / 2);
}

// The transposition table stores decided scores relative to the node, not the root,
// so that an entry found at another distance from the root still means the same.
constexpr Score score_to_table(Score s, int ply) {
  if (is_win(s)) return s + ply;
  if (is_loss(s)) return s - ply;
  return s;
}
constexpr Score score_from_table(Score s, int ply) {
  if (is_win(s)) return s - ply;
  if (is_loss(s)) return s + ply;
  return s;
}

}  // namespace narabe::core
