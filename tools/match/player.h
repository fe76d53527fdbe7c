#pragma once
// One engine as the match loop sees it: started, told about a new game, asked
// for a move in a position under limits, and stopped. Each protocol (native,
// GTP, Gomocup) is a Player; the match loop never sees protocol text.
//
// Every way an engine can fail comes back as a Failure with its kind, so the
// loop can score the game for the other side and say why.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/side.h"
#include "tools/match/engine_spec.h"

namespace narabe::match {

// How a game ended. The first two are the rules' (and the tool's own
// adjudication); the others are an engine's failure, and the game goes to the
// other side.
enum class Termination {
  kNormal,        // won or drawn by the rules
  kAdjudicated,   // drawn by --maxplies
  kResign,        // the engine resigned (GTP's `resign`)
  kCrash,         // the engine process exited
  kStall,         // no readyok (or handshake) within the time-out
  kTimeForfeit,   // the clock (or movetime) ran out, past the margin
  kIllegalMove,   // a move the rules refuse, or one that cannot be read
  kWatchdog,      // no bestmove under a depth or node limit within the watchdog time
};
std::string_view termination_name(Termination t);
std::optional<Termination> termination_from_name(std::string_view name);
inline bool is_failure(Termination t) {
  return t != Termination::kNormal && t != Termination::kAdjudicated && t != Termination::kResign;
}

struct Failure {
  Termination kind;
  std::string detail;
};

// Where the game stands when a move is asked for.
struct MoveRequest {
  std::string newgame_arguments;      // "connect4 width 7 height 6"
  std::string start_fen;              // empty: the variant's start position
  std::vector<std::string> moves;     // played since then, in the game's notation
  core::Side side_to_move = core::Side::kFirst;
  // Clocks left before this move, per side (first, second); set under tc=.
  std::optional<std::int64_t> clock_ms[2];
  std::int64_t increment_ms[2] = {0, 0};
  const Limits* limits = nullptr;     // the moving engine's limits
};

struct MoveReply {
  std::string move;                   // as the engine wrote it (checked by the referee)
  std::int64_t elapsed_ms = 0;
  std::optional<int> score_cp;
  std::optional<int> score_mate;
  std::optional<int> depth;
  std::optional<std::int64_t> nodes;  // the last info line's count: replays compare it
  std::optional<Failure> failure;     // set when no usable reply came
};

struct PlayerTimeouts {
  std::chrono::milliseconds handshake{10000};   // uciok / readyok / GTP / START
  std::chrono::milliseconds watchdog{60000};    // bestmove under depth / node limits
};

class Player {
 public:
  virtual ~Player() = default;

  // Spawns the engine and does the handshake (options included).
  virtual std::optional<Failure> start() = 0;
  // A new game of `newgame_arguments` starts; the engine confirms it is ready.
  virtual std::optional<Failure> new_game(const std::string& newgame_arguments) = 0;
  virtual MoveReply request_move(const MoveRequest& request) = 0;
  // Asks the engine to quit, then makes sure the process is gone.
  virtual void quit() = 0;
  // False once the process has exited or was killed after a failure that left
  // it unusable (a hang): the loop restarts it or stops the run.
  virtual bool usable() = 0;
  // The engine's own name (id name), once started; empty if it gave none.
  virtual std::string reported_name() const { return {}; }
  // The games the engine said it plays (native: its `game` lines); empty when
  // it says nothing, and then any game is tried.
  virtual std::vector<std::string> announced_games() const { return {}; }
};

std::unique_ptr<Player> make_player(const EngineSpec& spec, const PlayerTimeouts& timeouts);

}  // namespace narabe::match
