#pragma once
// An in-process EngineLink for the controller's tests: it records requests
// and replies only when the test says so.

#include <string>
#include <utility>
#include <vector>

#include "tools/gui/app/engine_link.h"

namespace narabe::gui::test_fakes {

class FakeEngineLink final : public EngineLink {
 public:
  std::string start() override {
    ++starts;
    return start_error;
  }
  void request_move(const MoveRequest& request) override { requests.push_back(request); }
  void cancel() override { ++cancels; }
  std::vector<EngineEvent> poll() override { return std::exchange(pending, {}); }

  void reply(const std::string& move, int position_id) {
    EngineEvent event;
    event.kind = EngineEvent::Kind::kBestMove;
    event.move = move;
    event.position_id = position_id;
    pending.push_back(event);
  }
  // Answers the last request.
  void answer(const std::string& move) { reply(move, requests.back().position_id); }
  void info(int depth, int cp) {
    EngineEvent event;
    event.position_id = requests.back().position_id;
    event.depth = depth;
    event.score_cp = cp;
    pending.push_back(event);
  }
  void crash(const std::string& message) {
    EngineEvent event;
    event.kind = EngineEvent::Kind::kFailure;
    event.message = message;
    pending.push_back(event);
  }

  std::vector<MoveRequest> requests;
  std::vector<EngineEvent> pending;
  std::string start_error;
  int starts = 0;
  int cancels = 0;
};

}  // namespace narabe::gui::test_fakes
