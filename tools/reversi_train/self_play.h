#pragma once
// The trainer's games: the engine plays itself from randomised openings at a shallow
// depth, and every position is labelled with the final disc margin for its side to
// move. From `solve_empties` empty cells on, the endgame solver proves the margin of
// each position and plays a best move, so the late positions carry exact values and
// the earlier ones the result of the game (imperfect play before the solver took
// over, perfect after).

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/games/reversi/reversi.h"

namespace narabe::tools::reversi_train {

struct TrainingPosition {
  std::uint64_t own = 0;    // the side to move's discs
  std::uint64_t other = 0;  // the opponent's
  std::int8_t margin = 0;   // the final margin for the side to move, in discs
  std::uint8_t exact = 0;   // 1: proven by the solver; 0: the game's result
  std::uint8_t last_of_game = 0;  // 1: the game's last record (a resumed run counts these)
};

struct SelfPlaySettings {
  int games = 1000;
  int depth = 4;               // the search's depth for each move
  int random_plies_min = 4;    // the opening: this many random moves, at least
  int random_plies_max = 14;   // ... and at most
  double random_move_rate = 0.05;  // later, a random move instead of the search's
  int solve_empties = 14;      // from here on the solver plays and labels
  std::uint64_t seed = 1;
  int threads = 1;
  // What the search evaluates with (null: the simple evaluation).
  std::shared_ptr<const games::reversi::EvalSettings> eval;
};

// Plays games [first, settings.games) (each seeded by its number and played from
// cleared tables, so a run repeats) on settings.threads threads and hands each
// game's positions to `sink` in the games' order (one call a game, never two at
// once), so a file written game by game holds a prefix of the run at any moment.
void play_games_in_order(const SelfPlaySettings& settings, int first,
                         const std::function<void(int index, std::vector<TrainingPosition>&& positions)>& sink);

}  // namespace narabe::tools::reversi_train
