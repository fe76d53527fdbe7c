#pragma once
// One game between two Players, refereed by the rules library: every move is
// checked, the rules alone end the game (or --maxplies adjudicates a draw), and
// every failure of an engine ends it in the other side's favour, with the cause.

#include <atomic>
#include <functional>
#include <optional>

#include "tools/match/game_record.h"
#include "tools/match/player.h"
#include "engine/games/any_position.h"

namespace narabe::match {

struct GameSetup {
  Player* players[2] = {nullptr, nullptr};       // [0] plays first
  const Limits* limits[2] = {nullptr, nullptr};
  std::string names[2];
  const Opening* opening = nullptr;
  int max_plies = 0;                            // 0: no adjudication
  // Polled between moves; when it turns true the game is abandoned (not scored).
  const std::atomic<bool>* abandon = nullptr;
};

// The finished game (ids, engines and opening fields are left for the caller),
// or nullopt when it was abandoned. `failed_side` tells which side failed, if any.
struct PlayedGame {
  GameRecord record;
  std::optional<int> failed_side;
};
std::optional<PlayedGame> play_game(const GameSetup& setup, games::AnyPosition& referee);

}  // namespace narabe::match
