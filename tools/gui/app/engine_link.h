#pragma once
// The gui's connection to the engine. The UI thread only queues requests and
// polls for replies, never waits: every request carries the id of the
// position it was asked for, so the controller can drop a reply that comes
// for a position no longer on the board (after undo or new game).
//
// EngineLink is the interface the controller sees (tests give it a fake);
// ProcessEngineLink runs a real engine in a child process with a reader thread.

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "protocol/client/engine_process.h"

namespace narabe::gui {

struct MoveRequest {
  int position_id = 0;
  std::string newgame;   // "connect4 width 7 height 6"
  std::string level;     // the Level option's value
  std::string start_fen;           // where the moves start (a loaded game's); empty: the start position
  std::vector<std::string> moves;  // from there
  int movetime_ms = 500;
};

struct EngineEvent {
  enum class Kind { kInfo, kBestMove, kFailure };
  Kind kind = Kind::kInfo;
  int position_id = 0;
  std::string move;                // kBestMove
  std::optional<int> depth;        // kInfo
  std::optional<int> score_cp;     // kInfo, from the side to move's view
  std::optional<int> score_mate;   // kInfo
  std::string message;             // kFailure: what went wrong, for the player
};

class EngineLink {
 public:
  virtual ~EngineLink() = default;
  // Starts (or restarts) the engine; the error says why it could not, empty
  // on success. A restart forgets every request in flight.
  virtual std::string start() = 0;
  virtual void request_move(const MoveRequest& request) = 0;
  // Gives up on the search in flight: `stop`, and its bestmove is not reported.
  virtual void cancel() = 0;
  // Every event since the last poll, in order; never blocks.
  virtual std::vector<EngineEvent> poll() = 0;
};

class ProcessEngineLink final : public EngineLink {
 public:
  // `answer_margin_ms`: how long past the movetime a bestmove may take before
  // the engine counts as not answering.
  ProcessEngineLink(std::vector<std::string> argv, int answer_margin_ms = 10000);
  ~ProcessEngineLink() override;

  std::string start() override;
  void request_move(const MoveRequest& request) override;
  void cancel() override;
  std::vector<EngineEvent> poll() override;
  // SIGKILL to the engine, as a crash would be (for scripted tests); the
  // reader thread then reports the failure as for any crash.
  void kill_engine();

 private:
  void shut_down();
  void run();  // the reader thread
  bool handshake();
  // How the engine process ended, once it has (waiting a moment); nullopt while it runs.
  std::optional<std::string> how_it_ended();
  // Plays one request through to its bestmove (or failure); false when the
  // engine is gone or broken and the thread should stop.
  bool serve(const MoveRequest& request);
  void report(EngineEvent event);
  void fail(std::string message);

  const std::vector<std::string> argv_;
  const int answer_margin_ms_;
  std::unique_ptr<client::EngineProcess> process_;
  std::thread thread_;

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<MoveRequest> requests_;
  std::vector<EngineEvent> events_;
  bool quitting_ = false;
  int cancelled_up_to_ = -1;  // requests with ids up to this are stale
  int last_requested_id_ = -1;  // the newest request the reader took

  // Reader-thread state: what the engine was last told.
  std::string current_newgame_;
  std::string current_level_;
};

}  // namespace narabe::gui
