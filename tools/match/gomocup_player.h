#pragma once
// A Player for Gomocup brains (the Gomoku AI protocol, piskvork's): START size,
// INFO for the time limits, BOARD ... DONE with every stone, and the brain's
// "x,y" answer. Cells map to coordinates as file letter a.. = x 0.., rank 1.. =
// y 0.. (a reflection of the board, which changes nothing in these games).

#include <memory>
#include <optional>
#include <string>

#include "protocol/client/engine_process.h"
#include "tools/match/player_io.h"

namespace narabe::match {

class GomocupPlayer final : public ProcessPlayer {
 public:
  GomocupPlayer(EngineSpec spec, PlayerTimeouts timeouts);

  std::optional<Failure> start() override;
  std::optional<Failure> new_game(const std::string& newgame_arguments) override;
  MoveReply request_move(const MoveRequest& request) override;

 private:
  // The next line that is not MESSAGE / DEBUG chatter.
  client::ReadResult read_answer(std::chrono::steady_clock::time_point deadline);

  int size_ = 15;
};

// "h8" -> "7,7" on 15x15 (Gomocup counts y from the top row, narabe ranks from
// the bottom); nullopt for text that is not a cell of a board of `size`.
std::optional<std::string> cell_to_gomocup(std::string_view cell, int size);
// "7,7" -> "h8"; nullopt for text that is not "x,y" on a board of `size`.
std::optional<std::string> gomocup_to_cell(std::string_view text, int size);

}  // namespace narabe::match
