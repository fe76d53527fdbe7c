#pragma once
// A Player for engines that speak narabe's native protocol (UCI's grammar with
// `newgame <game>`; docs/protocol.md): uci/uciok, setoption, isready/readyok,
// position + go, bestmove.

#include <memory>
#include <string>
#include <vector>

#include "protocol/client/engine_process.h"
#include "tools/match/player.h"

namespace narabe::match {

class NativePlayer final : public Player {
 public:
  NativePlayer(EngineSpec spec, PlayerTimeouts timeouts);
  ~NativePlayer() override;

  std::optional<Failure> start() override;
  std::optional<Failure> new_game(const std::string& newgame_arguments) override;
  MoveReply request_move(const MoveRequest& request) override;
  void quit() override;
  bool usable() override;
  std::string reported_name() const override { return reported_name_; }

  std::vector<std::string> announced_games() const override { return games_; }

 private:
  // After a move that never came: `stop`, and if even that brings no bestmove,
  // the engine is killed (the loop will restart it for the next game).
  void recover_after_timeout();

  EngineSpec spec_;
  PlayerTimeouts timeouts_;
  std::unique_ptr<client::EngineProcess> process_;
  std::string reported_name_;
  std::vector<std::string> games_;
  bool broken_ = false;
};

// The `position` and `go` lines for a request (also used by tests).
std::string position_command(const MoveRequest& request);
std::string go_command(const MoveRequest& request);

}  // namespace narabe::match
