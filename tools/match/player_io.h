#pragma once
// What every Player does the same way, whatever its protocol: starting the
// process, naming what went wrong when an expected line did not come, and how
// long a move may take.

#include <chrono>
#include <memory>
#include <string>

#include "protocol/client/engine_process.h"
#include "tools/match/player.h"

namespace narabe::match {

// What every Player is beside its protocol: an engine process, its spec and
// time-outs, and whether a failure left it unusable (a hang it was killed for).
class ProcessPlayer : public Player {
 public:
  ~ProcessPlayer() override;
  // Sends the protocol's goodbye, gives the engine a second, then kills it.
  void quit() override;
  bool usable() override;
  std::string reported_name() const override { return reported_name_; }

 protected:
  ProcessPlayer(EngineSpec spec, PlayerTimeouts timeouts, std::string goodbye_line);
  // Starts the process afresh; a program that cannot be started is a crash.
  std::optional<Failure> spawn();

  EngineSpec spec_;
  PlayerTimeouts timeouts_;
  std::unique_ptr<client::EngineProcess> process_;
  std::string reported_name_;
  bool broken_ = false;

 private:
  std::string goodbye_line_;
};

// Starts the engine of `spec` (stderr discarded: engines' debug output must not
// garble the tool's report). nullptr and `error` on failure.
std::unique_ptr<client::EngineProcess> spawn_engine(const EngineSpec& spec, std::string* error);

// Why a wait for `what` ended without it: the process exited (crash, with its
// exit code or signal), its output could not be read (the process is killed),
// or nothing came in time (`on_timeout`).
Failure describe_missing(client::EngineProcess& process, client::ReadStatus status, const std::string& what,
                         Termination on_timeout);

// How long the mover may take before its move is lost on time: its clock or
// movetime (the smaller) plus the margin; without a time limit, the watchdog.
std::chrono::milliseconds move_deadline(const MoveRequest& request, const PlayerTimeouts& timeouts);

// The board size for protocols that need one (GTP's boardsize, Gomocup's
// START): the variant's `size` key when given, else the game's usual board.
// nullopt for a game such a protocol cannot play.
std::optional<int> board_size_of(const std::string& newgame_arguments);

}  // namespace narabe::match
