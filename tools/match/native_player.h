#pragma once
// A Player for engines that speak narabe's native protocol (UCI's grammar with
// `newgame <game>`; docs/protocol.md): uci/uciok, setoption, isready/readyok,
// position + go, bestmove.

#include <memory>
#include <string>
#include <vector>

#include "protocol/client/engine_process.h"
#include "tools/match/player_io.h"

namespace narabe::match {

class NativePlayer final : public ProcessPlayer {
 public:
  NativePlayer(EngineSpec spec, PlayerTimeouts timeouts);

  std::optional<Failure> start() override;
  std::optional<Failure> new_game(const std::string& newgame_arguments) override;
  MoveReply request_move(const MoveRequest& request) override;

  std::vector<std::string> announced_games() const override { return games_; }

 private:
  // After a move that never came: `stop`, and if even that brings no bestmove,
  // the engine is killed (the loop will restart it for the next game).
  void recover_after_timeout();

  std::vector<std::string> games_;
};

// The `position` and `go` lines for a request (also used by tests).
std::string position_command(const MoveRequest& request);
std::string go_command(const MoveRequest& request);

}  // namespace narabe::match
