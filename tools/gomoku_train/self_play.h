#pragma once
// The trainer's games: narabe's Level max search (threat solver first, then the
// generic search) plays itself at a small node budget from random openings near the
// centre (after an opening of a file, when given), under one rule on 15x15. A game is
// one line of the data file:
//
//   <index> <result> <opening plies> <move>:<score> <move>:<score> ...
//
// result is x (Black won), o (White won) or draw; each move is in the game's
// notation (h8) with the search's score for the side that played it (the side to
// move of the position before it; `-` for the random opening moves). Games are
// numbered and each is seeded by its number, so a run repeats and a file can be
// extended: games whose index is already in it are skipped.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/games/gomoku/gomoku.h"

namespace narabe::tools::gomoku_train {

struct SelfPlaySettings {
  games::gomoku::Rule rule = games::gomoku::Rule::kFreestyle;
  int size = 15;
  std::uint64_t nodes = 3000;   // per move
  int opening_min = 2;          // random opening stones, at least
  int opening_max = 6;          // ... and at most
  int opening_radius = 3;       // within this many steps of the centre
  // Openings played before the random stones, game `index` taking openings[index %
  // size] (empty: none). Balanced openings keep the games from being mostly won by
  // the side a random opening favours (Black, under renju).
  std::vector<std::vector<core::Move>> openings;
  std::uint64_t seed = 1;
  std::shared_ptr<const games::gomoku::EvalWeights> weights;  // null: the hand-set evaluation
};

struct GameRecord {
  int index = 0;
  char result = 'd';  // 'x', 'o' or 'd' (draw)
  int opening = 0;
  std::vector<core::Move> moves;
  std::vector<std::optional<int>> scores;  // per move, the mover's view
};

// Plays the games of one settings, keeping its table and search between them.
class SelfPlayer {
 public:
  explicit SelfPlayer(const SelfPlaySettings& settings);
  ~SelfPlayer();
  // Game `index`: the same game every time (the table is cleared first).
  GameRecord play(int index);

 private:
  struct Engine;
  SelfPlaySettings settings_;
  std::unique_ptr<Engine> engine_;
};

std::string format_game(const games::Gomoku& start, const GameRecord& game);
// Reads a line written by format_game; nullopt for a malformed line.
std::optional<GameRecord> parse_game(const games::Gomoku& start, const std::string& line);

}  // namespace narabe::tools::gomoku_train
