// End-to-end tests of time management through real pipes: the narabe binary under
// the Gomocup protocol (turn and match clocks, the turn counted from when the
// command was written) and under the native `go` (a default budget when no limit
// applies to the side to move, forced moves).
//
// The only times asserted are upper bounds far above what the engine needs (the
// turn limit plus 150 ms, or seconds where the limit would allow minutes), so a
// loaded machine cannot make them flaky; what is checked is behaviour: the engine
// keeps to the limits it was given and stops early when there is nothing to think
// about.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine_driver.h"
#include "protocol/client/engine_messages.h"

namespace narabe::client {
namespace {

using namespace narabe::integration;
using Clock = std::chrono::steady_clock;
using Point = std::pair<int, int>;

std::string text(Point p) { return std::to_string(p.first) + "," + std::to_string(p.second); }

// Whether `p` is within two points (in both directions) of a stone of `stones`.
bool near(Point p, const std::set<Point>& stones) {
  for (const Point& s : stones)
    if (std::abs(s.first - p.first) <= 2 && std::abs(s.second - p.second) <= 2) return true;
  return false;
}

class GomocupTimeTest : public testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(engine_.started()); }

  struct Timed {
    std::string line;
    std::chrono::milliseconds took{};
  };

  // Sends `line` and reads the next reply that is not MESSAGE / DEBUG chatter, timed
  // from just before the line was written.
  Timed ask(std::string_view line) {
    const Clock::time_point written = Clock::now();
    engine_.send(line);
    std::vector<std::string> seen;
    const ReadResult read = engine_.process().wait_for_line_status(
        [](std::string_view l) { return !starts_with(l, "MESSAGE") && !starts_with(l, "DEBUG"); }, kReplyTimeout,
        &seen);
    EXPECT_EQ(read.status, ReadStatus::kLine) << "no reply to " << line << "; read so far:\n" << join(seen);
    return {read.line, std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - written)};
  }

  // A move of the engine: a free point, which it adds to `stones_`.
  Point engine_move(const Timed& reply) {
    const std::optional<Point> p = gomocup_point(reply.line, kSize);
    EXPECT_TRUE(p) << reply.line;
    if (!p) return {-1, -1};
    EXPECT_FALSE(stones_.count(*p)) << reply.line << " is taken";
    stones_.insert(*p);
    return *p;
  }

  // The opponent's next move: the first free point of a spiral around the centre.
  Point opponent_move() {
    for (int r = 0; r < kSize; ++r)
      for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx) {
          const Point p{7 + dx, 7 + dy};
          if (std::max(std::abs(dx), std::abs(dy)) != r || p.first < 0 || p.second < 0 || p.first >= kSize ||
              p.second >= kSize || stones_.count(p))
            continue;
          // Every other point of the ring, so the opponent does not build lines of
          // its own too fast and the games stay ordinary.
          if ((dx + dy) % 2 != 0) continue;
          stones_.insert(p);
          return p;
        }
    ADD_FAILURE() << "the board is full";
    return {-1, -1};
  }

  void end() {
    engine_.send("END");
    engine_.read_to_end();
    engine_.expect_exit_zero();
  }

  static constexpr int kSize = 15;
  EngineDriver engine_{std::string(NARABE_ENGINE_PATH)};
  std::set<Point> stones_;
};

TEST_F(GomocupTimeTest, EveryMoveArrivesWithinTheTurnLimitCountedFromTheCommand) {
  constexpr auto kTurn = std::chrono::milliseconds(300);
  constexpr auto kBound = kTurn + std::chrono::milliseconds(150);  // the pipe, a loaded machine
  engine_.send("INFO timeout_turn 300");
  engine_.send("INFO timeout_match 10000000");
  ASSERT_EQ(ask("START 15").line, "OK");
  // Games of four moves each (no one can make five yet).
  for (int game = 0; game < 3; ++game) {
    if (game > 0) {
      ASSERT_EQ(ask("RESTART").line, "OK");
      stones_.clear();
    }
    for (int turn = 0; turn < 4; ++turn) {
      SCOPED_TRACE("game " + std::to_string(game) + " turn " + std::to_string(turn));
      // Mid-game changes whose set-up the turn pays for: a new rule (new tables, the
      // game replayed) and a new table size.
      if (game == 1 && turn == 2) engine_.send("INFO rule 1");
      if (game == 2 && turn == 1) engine_.send("INFO max_memory 120000000");
      if (game == 2 && turn == 3) engine_.send("INFO rule 0");
      engine_.send("INFO time_left 10000000");
      const Timed reply = ask("TURN " + text(opponent_move()));
      engine_move(reply);
      EXPECT_LE(reply.took, kBound) << reply.line;
    }
  }
  // BOARD: counted from its first line.
  ASSERT_EQ(ask("RESTART").line, "OK");
  stones_.clear();
  engine_.send("INFO rule 4");
  const Clock::time_point written = Clock::now();
  engine_.send("BOARD");
  for (const char* stone : {"7,7,1", "8,8,2", "6,8,1", "8,6,2", "7,9,1", "9,7,2"}) engine_.send(stone);
  const Timed reply = ask("DONE");
  EXPECT_TRUE(gomocup_point(reply.line, kSize)) << reply.line;
  EXPECT_LE(Clock::now() - written, kBound + std::chrono::milliseconds(50)) << reply.line;
  end();
}

TEST_F(GomocupTimeTest, TimeoutTurnZeroAnswersAtOnceNearTheStones) {
  engine_.send("INFO timeout_turn 0");
  ASSERT_EQ(ask("START 15").line, "OK");
  for (int turn = 0; turn < 4; ++turn) {
    SCOPED_TRACE("turn " + std::to_string(turn));
    const Timed reply = ask("TURN " + text(opponent_move()));
    const std::set<Point> before = stones_;
    const Point p = engine_move(reply);
    EXPECT_TRUE(near(p, before)) << reply.line;
    EXPECT_LE(reply.took, std::chrono::milliseconds(1000)) << reply.line;
  }
  end();
}

TEST_F(GomocupTimeTest, LittleMatchTimeLeftMakesMovesFast) {
  // 30 s a turn, but 1.5 s left of the match: each move takes a small share of it.
  engine_.send("INFO timeout_turn 30000");
  engine_.send("INFO timeout_match 180000");
  ASSERT_EQ(ask("START 15").line, "OK");
  std::int64_t left = 1500;
  for (int turn = 0; turn < 4; ++turn) {
    SCOPED_TRACE("turn " + std::to_string(turn));
    engine_.send("INFO time_left " + std::to_string(left));
    const Timed reply = ask("TURN " + text(opponent_move()));
    engine_move(reply);
    EXPECT_LE(reply.took, std::chrono::milliseconds(1000)) << reply.line;
    left -= reply.took.count();
    ASSERT_GT(left, 0) << "the match time ran out";
  }
  // None left at all: still a move, at once, near the stones.
  engine_.send("INFO time_left 0");
  const Timed reply = ask("TURN " + text(opponent_move()));
  const std::set<Point> before = stones_;
  EXPECT_TRUE(near(engine_move(reply), before)) << reply.line;
  EXPECT_LE(reply.took, std::chrono::milliseconds(1000)) << reply.line;
  end();
}

TEST_F(GomocupTimeTest, AForcedMoveIsAnsweredQuickly) {
  // White (the opponent) has four in a row on row 3, x = 3..6, closed at 2,3 by
  // black: black, the engine, must block at 7,3. With 30 s a turn it need not think.
  engine_.send("INFO timeout_turn 30000");
  ASSERT_EQ(ask("START 15").line, "OK");
  engine_.send("BOARD");
  for (const char* stone : {"2,3,1", "3,3,2", "10,10,1", "4,3,2", "12,7,1", "5,3,2", "8,12,1", "6,3,2"})
    engine_.send(stone);
  const Timed reply = ask("DONE");
  EXPECT_EQ(reply.line, "7,3");
  EXPECT_LE(reply.took, std::chrono::milliseconds(5000)) << reply.line;
  end();
}

class NativeTimeTest : public testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(engine_.started()); }
  void TearDown() override { engine_.expect_clean_exit(); }

  // A `go` that must end by itself: its bestmove, read with the usual guard (10 s).
  std::string go(std::string_view line) {
    const SearchOutput out = engine_.go(line);
    EXPECT_TRUE(out.best.has_value()) << line;
    return out.best ? out.best->move : std::string();
  }

  EngineDriver engine_;
};

TEST_F(NativeTimeTest, AnIncrementAloneIsABudget) {
  EXPECT_EQ(engine_.replies_to("newgame gomoku"), std::vector<std::string>{});
  engine_.set_position("position startpos moves h8 h9 i9");
  const std::vector<std::string> legal = engine_.legal_moves();
  for (const char* line : {"go winc 100 binc 100", "go binc 100"}) {  // O to move
    SCOPED_TRACE(line);
    const std::string move = go(line);  // no stop is ever sent
    EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << move;
  }
}

TEST_F(NativeTimeTest, GoAloneAndTheOpponentsClockAloneEndByThemselves) {
  // Tic-tac-toe: the default budget is far more than the whole game tree needs, so
  // these end as soon as the search has seen every game, without `stop`.
  engine_.set_position("position startpos moves b2");
  const std::vector<std::string> legal = engine_.legal_moves();
  for (const char* line : {"go", "go wtime 1000", "go wtime 1000 winc 100"}) {  // O to move
    SCOPED_TRACE(line);
    const std::string move = go(line);
    EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << move;
  }
  // `go infinite` still waits for stop.
  engine_.send("go infinite");
  for (const std::string& line : engine_.sync()) EXPECT_FALSE(starts_with(line, "bestmove")) << line;
  const SearchOutput stopped = engine_.go("stop");
  EXPECT_TRUE(stopped.best.has_value());
}

TEST_F(NativeTimeTest, AForcedMoveIsAnsweredQuickly) {
  EXPECT_EQ(engine_.replies_to("newgame gomoku"), std::vector<std::string>{});
  // O has four in a row, d12-g12, closed at c12 by X: X must block at h12.
  engine_.set_position("position startpos moves c12 d12 k5 e12 m8 f12 i3 g12");
  const Clock::time_point written = Clock::now();
  EXPECT_EQ(go("go wtime 600000 btime 600000"), "h12");
  EXPECT_LE(Clock::now() - written, std::chrono::milliseconds(5000));
}

}  // namespace
}  // namespace narabe::client
