// Tests of tools/gui/app/engine_link.h against narabe-fake-engine: replies
// come tagged, a stopped search's answer is dropped, a crash, a hang and a
// missing binary each give a clear failure, and a restart works again.

#include "tools/gui/app/engine_link.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace narabe::gui {
namespace {

// Polls until an event of `kind` arrives (or a generous real-time limit).
std::optional<EngineEvent> wait_for(EngineLink& link, EngineEvent::Kind kind) {
  const auto limit = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < limit) {
    for (auto& event : link.poll()) {
      if (event.kind == kind) return event;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return std::nullopt;
}

MoveRequest request(int id) {
  MoveRequest r;
  r.position_id = id;
  r.newgame = "tictactoe";
  r.level = "easy";
  r.moves = {"b2"};
  r.movetime_ms = 50;
  return r;
}

TEST(ProcessEngineLink, AnswersTaggedWithThePositionId) {
  ProcessEngineLink link({NARABE_FAKE_ENGINE_PATH});
  ASSERT_EQ(link.start(), "");
  link.request_move(request(7));
  const auto best = wait_for(link, EngineEvent::Kind::kBestMove);
  ASSERT_TRUE(best.has_value());
  EXPECT_EQ(best->position_id, 7);
  EXPECT_FALSE(best->move.empty());
}

TEST(ProcessEngineLink, CancelledSearchIsNotReported) {
  ProcessEngineLink link({NARABE_FAKE_ENGINE_PATH, "--late-ms", "300"});
  ASSERT_EQ(link.start(), "");
  link.request_move(request(1));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  link.cancel();
  link.request_move(request(2));
  // Info lines sent before the cancel may still come (the controller drops
  // them by id); the stopped search's bestmove never does.
  const auto best = wait_for(link, EngineEvent::Kind::kBestMove);
  ASSERT_TRUE(best.has_value());
  EXPECT_EQ(best->position_id, 2);
}

TEST(ProcessEngineLink, CrashIsReportedAndRestartWorks) {
  ProcessEngineLink link({NARABE_FAKE_ENGINE_PATH, "--crash-after", "0"});
  ASSERT_EQ(link.start(), "");
  link.request_move(request(1));
  const auto failure = wait_for(link, EngineEvent::Kind::kFailure);
  ASSERT_TRUE(failure.has_value());
  EXPECT_NE(failure->message.find("exited (status 3)"), std::string::npos) << failure->message;
  ASSERT_EQ(link.start(), "");
  link.request_move(request(2));
  // A fresh process: its request 0 crashes again, so a failure, not a hang.
  EXPECT_TRUE(wait_for(link, EngineEvent::Kind::kFailure).has_value());
}

TEST(ProcessEngineLink, NoAnswerInTimeIsReported) {
  ProcessEngineLink link({NARABE_FAKE_ENGINE_PATH, "--hang-after", "0"}, 300);
  ASSERT_EQ(link.start(), "");
  link.request_move(request(1));
  const auto failure = wait_for(link, EngineEvent::Kind::kFailure);
  ASSERT_TRUE(failure.has_value());
  EXPECT_NE(failure->message.find("did not answer within"), std::string::npos) << failure->message;
}

TEST(ProcessEngineLink, MissingBinaryIsAClearError) {
  ProcessEngineLink link({"/nonexistent/narabe"});
  const std::string error = link.start();
  EXPECT_NE(error.find("/nonexistent/narabe"), std::string::npos) << error;
}

}  // namespace
}  // namespace narabe::gui
