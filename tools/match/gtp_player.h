#pragma once
// A Player for GTP engines (the Go Text Protocol, which Reversi engines such as
// grhino's gtp-rhino speak too): boardsize, clear_board, play, genmove, and
// time_settings / time_left for clocks. Vertices are the game's cell names
// ("d3"); colour black is the first player.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/client/engine_process.h"
#include "tools/match/player_io.h"

namespace narabe::match {

class GtpPlayer final : public ProcessPlayer {
 public:
  GtpPlayer(EngineSpec spec, PlayerTimeouts timeouts);

  std::optional<Failure> start() override;
  std::optional<Failure> new_game(const std::string& newgame_arguments) override;
  MoveReply request_move(const MoveRequest& request) override;

 private:
  struct Response {
    bool success = false;  // '=' rather than '?'
    std::string text;      // after the status character (and id), trimmed
  };
  // Sends one command and reads its response (up to the blank line ending it).
  std::optional<Response> command(const std::string& line, std::chrono::milliseconds timeout,
                                  Termination on_timeout, std::optional<Failure>& failure);
  // A command that must succeed within the handshake time-out.
  std::optional<Failure> must(const std::string& line);

  std::vector<std::string> on_board_;  // the moves the engine's board holds now
  bool time_settings_sent_ = false;    // once per game, with the first move
};

}  // namespace narabe::match
