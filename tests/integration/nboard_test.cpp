// End-to-end tests of the NBoard front door: the narabe binary started as NBoard
// starts an engine, greeted with `nboard 2`, playing Reversi from `set game`.
// Driven through protocol/client like the other integration tests.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine_driver.h"
#include "protocol/client/engine_messages.h"

namespace narabe::client {
namespace {

using namespace narabe::integration;

// NBoard's own example game: after these moves black has d6, c4, ... to play.
constexpr std::string_view kGame =
    "set game (;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

// Black's legal moves after kGame, in NBoard's notation.
const std::set<std::string> kLegal = {"C4", "C6", "D6", "D7", "D8", "E3", "F8", "G3", "G4", "G5", "G6"};

class NBoardIntegrationTest : public testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(engine_.started()); }
  void TearDown() override {
    if (engine_.started()) engine_.expect_clean_exit();
  }

  // Sends the greeting, depth and game and waits until they are handled (the pong).
  void start_game(std::string_view depth = "set depth 4") {
    engine_.send("nboard 2");
    engine_.send(depth);
    engine_.send(kGame);
    engine_.send("ping 100");
    const std::vector<std::string> lines = engine_.read_through("pong");
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back(), "pong 100");
    EXPECT_EQ(lines.front(), "set myname narabe");
  }

  // The lines through the bare `status` that ends a search's replies.
  std::vector<std::string> read_search() {
    std::vector<std::string> lines;
    const ReadResult last = engine_.process().wait_for_line_status(
        [](std::string_view line) { return line == "status"; }, kReplyTimeout, &lines);
    EXPECT_EQ(last.status, ReadStatus::kLine) << "no 'status' line; read so far:\n" << join(lines);
    return lines;
  }

  EngineDriver engine_;
};

TEST_F(NBoardIntegrationTest, GoAnswersALegalMoveAndPingIsPonged) {
  start_game();
  engine_.send("go");
  const std::vector<std::string> lines = engine_.read_through("===");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), "status thinking");
  const std::vector<std::string_view> tokens = split_tokens(lines.back());
  ASSERT_EQ(tokens.size(), 2u) << lines.back();
  const std::string_view reply = tokens[1];
  const std::string move(reply.substr(0, reply.find('/')));
  EXPECT_TRUE(kLegal.count(move)) << lines.back();
  EXPECT_EQ(std::count(reply.begin(), reply.end(), '/'), 2) << lines.back();
  engine_.send("ping 1");
  const std::vector<std::string> after = engine_.read_through("pong");
  ASSERT_FALSE(after.empty());
  EXPECT_EQ(after.back(), "pong 1");
  EXPECT_EQ(after.front(), "status");  // the end of the search's replies
}

TEST_F(NBoardIntegrationTest, HintGivesThreeSearchLines) {
  start_game();
  engine_.send("hint 3");
  const std::vector<std::string> lines = read_search();  // ping would stop the search
  std::set<std::string> moves;
  for (const std::string& line : lines) {
    if (first_token(line) != "search") continue;
    const std::vector<std::string_view> t = split_tokens(line);
    ASSERT_EQ(t.size(), 5u) << line;
    moves.insert(std::string(t[1].substr(0, 2)));
    EXPECT_EQ(t[3], "0");
    EXPECT_EQ(t[4], "4");
  }
  EXPECT_EQ(moves.size(), 3u) << join(lines);
  for (const std::string& move : moves) EXPECT_TRUE(kLegal.count(move)) << move;
}

TEST_F(NBoardIntegrationTest, MovesChangeTheBoardAndBadInputIsHarmlessUntilABadGame) {
  start_game();
  engine_.send("move D6/0.00/1.5");    // black
  engine_.send("move D6");             // d6 is taken now
  engine_.send("move Z9");             // not a move
  engine_.send(std::string(200000, 'x'));  // longer than a line may be
  engine_.send("frobnicate");          // unknown: ignored
  engine_.send("set game (;GM[Othello]BO[8 --;)");  // bad GGF: no position after it
  engine_.send("hint 1");                           // refused
  engine_.send(kGame);
  engine_.send("move D6");
  engine_.send("hint 1");
  const std::vector<std::string> lines = read_search();
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                          [](const std::string& l) { return starts_with(l, "status error: "); }),
            4)
      << join(lines);
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                          [](const std::string& l) { return starts_with(l, "status error: no position"); }),
            1)
      << join(lines);
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return starts_with(l, "search "); }),
            1)
      << join(lines);
}

TEST_F(NBoardIntegrationTest, EndOfInputDuringASearchExitsCleanly) {
  start_game("set depth 30");
  engine_.send("go");
  engine_.process().close_input();
  engine_.read_to_end();
  engine_.expect_exit_zero();
}

}  // namespace
}  // namespace narabe::client
