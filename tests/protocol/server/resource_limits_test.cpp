// Resource limits through the command loops, in-process: the Hash option caps the
// memory of every search table (the shared table and a game's exact solver), a
// Threads value beyond the machine is clamped with a note, and a search with no
// time, nodes or depth left answers at once with a legal move in every game and
// through every front door. "At once" is checked by what the search did (no
// iteration reported), never by a clock.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstddef>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "protocol/server/gomocup_loop.h"
#include "protocol/server/native_loop.h"
#include "protocol/server/nboard_loop.h"
#include "protocol/server/output_channel.h"
#include "tests/protocol/server/loop_test_support.h"
#include "tests/support/text.h"

namespace narabe::server {
namespace {

using test_text::joined;
using test_text::starts_with;

using testing_support::Lines;

constexpr std::size_t kMiB = std::size_t{1} << 20;



bool has_solver(std::string_view game) { return game != "tictactoe"; }

class ResourceLimitsTest : public testing::Test {
 protected:
  void SetUp() override {
    send("setoption name Hash value 2");  // small tables: quick to make and clear
    out_.take();
  }

  CapturedOutput out_;  // declared first: outlives the loop's search thread
  NativeLoop loop_{out_};

  Lines send(std::string_view line) { return testing_support::send_line(loop_, out_, line); }
  Lines run(std::string_view line) { return testing_support::run_line(loop_, out_, line, "stop"); }

  // Plays `plies` moves of the loaded game from the start, spread over the legal
  // moves, stopping short of the end of the game.
  void play_into_game(int plies) {
    std::vector<std::string> moves;
    for (int ply = 0; ply < plies; ++ply) {
      const std::vector<std::string> legal = loop_.session().position().legal_moves();
      if (legal.empty()) break;
      moves.push_back(legal[static_cast<std::size_t>(ply * 7 + 3) % legal.size()]);
      std::string line = "position startpos moves";
      for (const std::string& m : moves) line += " " + m;
      ASSERT_TRUE(send(line).empty()) << line;
      if (loop_.session().position().legal_moves().empty()) {  // that move ended the game: take it back
        moves.pop_back();
        line = "position startpos moves";
        for (const std::string& m : moves) line += " " + m;
        send(line);
        break;
      }
    }
  }

  // `go` answers one legal bestmove without having finished a single iteration.
  void expect_answers_at_once(std::string_view go) {
    const std::vector<std::string> legal = loop_.session().position().legal_moves();
    ASSERT_FALSE(legal.empty());
    const Lines reply = run(go);
    std::size_t bestmoves = 0;
    for (const std::string& line : reply) {
      EXPECT_FALSE(starts_with(line, "info depth")) << go << ": searched\n" << joined(reply);
      EXPECT_FALSE(starts_with(line, "info string error")) << go << "\n" << joined(reply);
      if (!starts_with(line, "bestmove ")) continue;
      ++bestmoves;
      const std::string move = line.substr(9, line.find(' ', 9) - 9);
      EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << go << ": " << line;
    }
    EXPECT_EQ(bestmoves, 1u) << go << "\n" << joined(reply);
  }
};

constexpr std::string_view kNoTimeLeft[] = {
    "go wtime 0 btime 0",         "go p1time 0 p2time 0", "go wtime 0 winc 0 btime 0 binc 0",
    "go movetime 0",              "go movetime -20",      "go wtime -500 btime -500",
    "go nodes 0",                 "go depth 0",           "go wtime 0 btime 0 movestogo 1",
    "go wtime 1 btime 1 winc 0",
};

struct GamePosition {
  std::string_view game;
  int plies;  // into the game: a solver's position for Connect Four and Reversi
};

constexpr GamePosition kPositions[] = {
    {"tictactoe", 0}, {"tictactoe", 3}, {"connect4", 0}, {"connect4", 12}, {"gomoku", 0},
    {"gomoku", 9},    {"reversi", 0},   {"reversi", 52},
};

TEST_F(ResourceLimitsTest, NoTimeLeftAnswersALegalMoveAtOnceInEveryGame) {
  for (const GamePosition& p : kPositions) {
    SCOPED_TRACE(std::string(p.game) + " after " + std::to_string(p.plies) + " plies");
    ASSERT_TRUE(send("newgame " + std::string(p.game)).empty());
    play_into_game(p.plies);
    for (std::string_view go : kNoTimeLeft) expect_answers_at_once(go);
  }
}

TEST_F(ResourceLimitsTest, NoTimeLeftAtACasualLevelStillAnswers) {
  send("setoption name Level value easy");
  for (std::string_view game : {"connect4", "gomoku", "reversi"}) {
    ASSERT_TRUE(send("newgame " + std::string(game)).empty());
    const std::vector<std::string> legal = loop_.session().position().legal_moves();
    const Lines reply = run("go movetime 0");
    const auto best = std::find_if(reply.begin(), reply.end(), [](const std::string& l) { return starts_with(l, "bestmove "); });
    ASSERT_NE(best, reply.end()) << joined(reply);
    const std::string move = best->substr(9, best->find(' ', 9) - 9);
    EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << *best;
  }
}

TEST_F(ResourceLimitsTest, NegativeNodesAndDepthStayErrors) {
  for (std::string_view bad : {"go nodes -1", "go depth -1"}) {
    const Lines reply = send(bad);
    ASSERT_EQ(reply.size(), 1u) << joined(reply);
    EXPECT_TRUE(starts_with(reply[0], "info string error go")) << reply[0];
    EXPECT_FALSE(loop_.searching());
  }
}

TEST_F(ResourceLimitsTest, HashCapsEveryTableOfEveryGame) {
  for (std::size_t hash : {1u, 2u, 3u, 16u}) {
    ASSERT_TRUE(send("setoption name Hash value " + std::to_string(hash)).empty());
    for (std::string_view game : {"tictactoe", "connect4", "gomoku", "reversi"}) {
      SCOPED_TRACE(std::string(game) + " at Hash " + std::to_string(hash));
      ASSERT_TRUE(send("newgame " + std::string(game)).empty());
      // A search made after the Hash change (the solver's table is made for it).
      play_into_game(game == "reversi" ? 52 : 4);
      run("go nodes 2000");
      const std::size_t bytes = loop_.session().table_bytes();
      // Each table is at least 1 MB: Hash 1 is the one value a solver's game exceeds.
      const std::size_t cap = (has_solver(game) ? std::max<std::size_t>(hash, 2) : hash) * kMiB;
      EXPECT_LE(bytes, cap);
      EXPECT_GE(bytes, hash * kMiB / 2);  // and the budget is used, not left idle
    }
  }
}

TEST_F(ResourceLimitsTest, ThreadsBeyondTheMachineAreClampedWithANote) {
  const unsigned hardware = std::max(std::thread::hardware_concurrency(), 1u);
  const Lines many = send("setoption name Threads value 64");
  ASSERT_EQ(many.size(), 1u) << joined(many);
  if (hardware < 64) {
    EXPECT_EQ(many[0], "info string Threads 64 clamped to " + std::to_string(hardware) +
                           " (hardware threads); searches run on " + std::to_string(hardware) +
                           (hardware == 1 ? " thread" : " threads"));
  }
  const Lines one = send("setoption name Threads value 1");
  EXPECT_EQ(one, Lines{"info string Threads 1; searches run on 1 thread"});
  // Outside the accepted range: the usual error, nothing changed.
  for (std::string_view bad : {"setoption name Threads value 1025", "setoption name Threads value 0"}) {
    const Lines reply = send(bad);
    ASSERT_EQ(reply.size(), 1u) << joined(reply);
    EXPECT_TRUE(starts_with(reply[0], "info string error option Threads must be from 1 to 1024")) << reply[0];
  }
}

// ---- the other front doors ----

TEST(ResourceLimitsGomocupTest, NoTimeLeftAnswersAnEmptyPointAtOnce) {
  CapturedOutput out;  // declared first: outlives the loop's search thread
  GomocupLoop loop{out};
  const auto send = [&](std::string_view line) { return testing_support::send_line(loop, out, line); };
  send("INFO max_memory 70000000");
  ASSERT_EQ(send("START 15"), Lines{"OK"});
  for (std::string_view info : {"INFO time_left 0", "INFO time_left -100"}) {
    send(info);
    const Lines reply = testing_support::run_line(loop, out, "TURN 7,7", "YXSTOP");
    // The move, after the search's MESSAGE: a one-ply search (no time to search,
    // but never a point chosen without looking), next to the stone.
    ASSERT_EQ(reply.size(), 2u) << info << "\n" << joined(reply);
    EXPECT_TRUE(starts_with(reply[0], "MESSAGE depth 1 ")) << reply[0];
    EXPECT_NE(reply[1], "7,7") << info;
    const auto point = parse_gomocup_point(reply[1]);
    ASSERT_TRUE(point) << reply[1];
    EXPECT_LE(std::abs(point->x - 7), 2) << reply[1];
    EXPECT_LE(std::abs(point->y - 7), 2) << reply[1];
    ASSERT_TRUE(send("RESTART") == Lines{"OK"});
  }
  // timeout_turn 0 is "as fast as possible": a one-ply search.
  send("INFO time_left 100000");
  send("INFO timeout_turn 0");
  const Lines reply = testing_support::run_line(loop, out, "BEGIN", "YXSTOP");
  ASSERT_FALSE(reply.empty());
  EXPECT_TRUE(parse_gomocup_point(reply.back())) << joined(reply);
}

TEST(ResourceLimitsNBoardTest, DepthOneNearTheEndAnswersALegalMove) {
  CapturedOutput out;  // declared first: outlives the loop's search thread
  NBoardLoop loop{out};
  const auto send = [&](std::string_view line) { return testing_support::send_line(loop, out, line); };
  send("nboard 2");
  send("set depth 1");
  // Near the end: play spread moves until a dozen empties are left.
  std::string moves;
  std::vector<std::string> played;
  for (int ply = 0; ply < 52; ++ply) {
    const std::vector<std::string> legal = loop.session().position().legal_moves();
    if (legal.empty()) break;
    std::string move = legal[static_cast<std::size_t>(ply * 7 + 3) % legal.size()];
    std::string nboard = move == "pass" ? "PA" : move;
    for (char& c : nboard) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    const Lines reply = send("move " + nboard);
    ASSERT_TRUE(reply.empty()) << joined(reply);
    if (loop.session().position().legal_moves().empty()) break;
  }
  const std::vector<std::string> legal = loop.session().position().legal_moves();
  ASSERT_FALSE(legal.empty());
  const Lines reply = testing_support::run_line(loop, out, "go", "ping 1");
  const auto answer = std::find_if(reply.begin(), reply.end(), [](const std::string& l) { return starts_with(l, "=== "); });
  ASSERT_NE(answer, reply.end()) << joined(reply);
  std::string move = answer->substr(4, answer->find('/') - 4);
  for (char& c : move) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (move == "pa") move = "pass";
  EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << *answer;
}

}  // namespace
}  // namespace narabe::server
