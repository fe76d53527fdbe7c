// End-to-end tests of the Gomocup front door: the narabe binary (and its
// pbrain-narabe name) started as a Gomocup manager starts a brain, its first line a
// Gomocup command. Driven through protocol/client like the other integration tests.

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine_driver.h"
#include "protocol/client/engine_messages.h"

namespace narabe::client {
namespace {

using namespace narabe::integration;

class GomocupIntegrationTest : public testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(engine_.started()); }

  // The next reply that is not MESSAGE / DEBUG chatter.
  std::string reply() {
    std::vector<std::string> seen;
    const ReadResult read = engine_.process().wait_for_line_status(
        [](std::string_view line) { return !starts_with(line, "MESSAGE") && !starts_with(line, "DEBUG"); },
        kReplyTimeout, &seen);
    EXPECT_EQ(read.status, ReadStatus::kLine) << "no reply; read so far:\n" << join(seen);
    return read.line;
  }

  std::string ask(std::string_view line) {
    engine_.send(line);
    return reply();
  }

  // A 15x15 game whose search after TURN 7,7 would run for a minute (not BEGIN: on
  // the empty board the centre is answered at once).
  void start_long_turn() {
    EXPECT_EQ(ask("START 15"), "OK");
    engine_.send("INFO timeout_turn 60000");
    engine_.send("TURN 7,7");
  }

  // END: the engine exits with status 0 and writes nothing more.
  void end() {
    engine_.send("END");
    const std::vector<std::string> after = engine_.read_to_end();
    EXPECT_TRUE(after.empty()) << join(after);
    engine_.expect_exit_zero();
  }

  EngineDriver engine_;
};

TEST_F(GomocupIntegrationTest, AGameThroughStartBeginTurnTakebackRestartEnd) {
  engine_.send("INFO timeout_match 100000");
  engine_.send("INFO timeout_turn 300");
  EXPECT_EQ(ask("START 20"), "OK");
  engine_.send("INFO time_left 100000");
  const std::string first = ask("BEGIN");
  EXPECT_TRUE(gomocup_point(first, 20)) << first;
  const std::string second = ask("TURN 0,0");
  ASSERT_TRUE(gomocup_point(second, 20)) << second;
  EXPECT_NE(second, "0,0");
  EXPECT_EQ(ask("TAKEBACK " + second), "OK");
  EXPECT_EQ(ask("TAKEBACK 0,0"), "OK");
  const std::string again = ask("TURN 19,19");
  EXPECT_TRUE(gomocup_point(again, 20)) << again;
  EXPECT_EQ(ask("RESTART"), "OK");
  engine_.send("BOARD");
  engine_.send("10,10,1");
  engine_.send("10,11,2");
  engine_.send("11,11,1");
  engine_.send("9,10,2");
  const std::string answer = ask("DONE");
  EXPECT_TRUE(gomocup_point(answer, 20)) << answer;
  EXPECT_EQ(ask("ABOUT").substr(0, 14), R"(name="narabe",)");
  end();
}

TEST_F(GomocupIntegrationTest, BadInputIsAnErrorAndTheGameGoesOn) {
  engine_.send("INFO timeout_turn 200");
  EXPECT_EQ(ask("START 15"), "OK");
  const std::string first = ask("TURN 7,7");
  ASSERT_TRUE(gomocup_point(first, 15)) << first;
  for (const char* line : {"TURN 7,7", "TURN 15,15", "TURN x", "TAKEBACK 7,7", "START 99", "RECTSTART 20,10"})
    EXPECT_EQ(ask(line).substr(0, 6), "ERROR ") << line;
  EXPECT_EQ(ask(std::string(100'000, '7')).substr(0, 6), "ERROR ");
  EXPECT_EQ(ask("FROBNICATE").substr(0, 8), "UNKNOWN ");
  engine_.send("INFO timeout_turn banana");  // told in a MESSAGE, no reply of its own
  // The board was kept: 7,7 and the engine's move are still there.
  const std::string second = ask("TURN 0,0");
  ASSERT_TRUE(gomocup_point(second, 15)) << second;
  EXPECT_NE(second, first);
  EXPECT_NE(second, "7,7");
  end();
}

TEST_F(GomocupIntegrationTest, YxStopAndEndWhileThinking) {
  engine_.send("INFO timeout_turn 600000");
  EXPECT_EQ(ask("START 15"), "OK");
  // Not BEGIN: on the empty board the centre is the only move searched, which is
  // answered at once.
  engine_.send("TURN 7,7");
  EXPECT_EQ(ask("ABOUT").substr(0, 5), "name=");  // answered while it thinks
  const std::string move = ask("YXSTOP");
  EXPECT_TRUE(gomocup_point(move, 15)) << move;
  engine_.send(move == "0,0" ? "TURN 1,1" : "TURN 0,0");
  end();  // during the search of TURN: no move is written
}

TEST_F(GomocupIntegrationTest, RenjuForbiddenPointsInYixinsFormat) {
  engine_.send("INFO rule 4");
  EXPECT_EQ(ask("START 15"), "OK");
  // A double-three at 7,7 for black, who is to move.
  engine_.send("YXBOARD");
  for (const char* stone : {"7,8,1", "0,14,2", "7,6,1", "0,12,2", "6,7,1", "14,14,2", "8,7,1", "14,12,2"})
    engine_.send(stone);
  engine_.send("DONE");
  const std::string forbid = ask("YXSHOWFORBID");
  EXPECT_EQ(forbid.substr(0, 7), "FORBID ") << forbid;
  EXPECT_NE(forbid.find("0707"), std::string::npos) << forbid;
  EXPECT_EQ(forbid.back(), '.') << forbid;
  end();
}

TEST_F(GomocupIntegrationTest, RejectedBoardLeavesNoBoardUntilAValidOne) {
  EXPECT_EQ(ask("START 15"), "OK");
  for (const char* line : {"BOARD", "7,7,1", "7,7,2", "DONE"}) engine_.send(line);
  const std::string rejected = reply();
  EXPECT_TRUE(starts_with(rejected, "ERROR BOARD rejected; no board")) << rejected;
  const std::string turn = ask("TURN 8,8");
  EXPECT_TRUE(starts_with(turn, "ERROR no board")) << turn;
  EXPECT_TRUE(starts_with(ask("BEGIN"), "ERROR"));
  for (const char* line : {"BOARD", "7,7,2", "DONE"}) engine_.send(line);
  const std::string move = reply();
  EXPECT_TRUE(gomocup_point(move, 15).has_value()) << move;
  end();
}

TEST_F(GomocupIntegrationTest, YxStopIsHeardBehindRestartAndBoard) {
  start_long_turn();
  // These wait for TURN's minute-long search; the YXSTOP behind them ends it (well
  // within the reply guard), and the search BOARD starts after them.
  for (const char* line : {"RESTART", "BOARD", "7,7,2", "DONE", "YXSTOP"}) engine_.send(line);
  const std::string first = reply();
  EXPECT_TRUE(gomocup_point(first, 15).has_value()) << first;
  EXPECT_EQ(reply(), "OK");
  const std::string second = reply();
  EXPECT_TRUE(gomocup_point(second, 15).has_value()) << second;
  end();
}

TEST_F(GomocupIntegrationTest, EndIsHeardBehindACommandThatWaits) {
  start_long_turn();
  engine_.send("RESTART");
  end();  // within the guard, not after the minute
}

TEST(GomocupNameTest, PbrainNarabeIsTheSameEngine) {
  const std::filesystem::path pbrain = std::filesystem::path(NARABE_ENGINE_PATH).parent_path() / "pbrain-narabe";
  ASSERT_TRUE(std::filesystem::exists(pbrain)) << pbrain;
  EngineDriver engine(pbrain.string());
  ASSERT_TRUE(engine.started());
  engine.send("ABOUT");
  const std::vector<std::string> lines = engine.read_through(R"(name="narabe",)");
  engine.send("END");
  engine.expect_exit_zero();
}

}  // namespace
}  // namespace narabe::client
