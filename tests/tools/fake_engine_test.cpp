// Tests of narabe-fake-engine, the misbehaving engine the tool tests drive: that
// it plays its deterministic moves in all three protocols, and that every flag
// really makes it misbehave as documented (tests/tools/fake_engine.cpp).
//
// "Nothing arrives" is watched for kSilence; everything else has the generous
// kReply as a failure guard only. The whole suite takes about two seconds.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol/client/engine_process.h"

namespace {

using namespace std::chrono_literals;
using narabe::client::EngineProcess;
using narabe::client::ReadStatus;

constexpr std::chrono::milliseconds kReply{5000};
constexpr std::chrono::milliseconds kSilence{200};

std::unique_ptr<EngineProcess> start(std::vector<std::string> flags) {
  flags.insert(flags.begin(), NARABE_FAKE_ENGINE_PATH);
  narabe::client::SpawnOptions options;
  options.discard_stderr = true;  // the bad-flag messages
  std::string error;
  auto engine = EngineProcess::start(flags, options, &error);
  if (!engine) ADD_FAILURE() << "cannot start " << NARABE_FAKE_ENGINE_PATH << ": " << error;
  return engine;
}

// Every line that arrives within `window` (the engine stays silent otherwise).
std::vector<std::string> lines_within(EngineProcess& engine, std::chrono::milliseconds window) {
  std::vector<std::string> lines;
  const auto deadline = std::chrono::steady_clock::now() + window;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left <= 0ms) return lines;
    auto r = engine.read_line_status(left);
    if (r.status != ReadStatus::kLine) return lines;
    lines.push_back(std::move(r.line));
  }
}

bool has_prefix(const std::vector<std::string>& lines, std::string_view prefix) {
  for (const std::string& line : lines)
    if (line.starts_with(prefix)) return true;
  return false;
}

// Sends `go` (after `position`, when given) and returns the move of the bestmove.
std::string bestmove(EngineProcess& engine, std::string_view position = "") {
  if (!position.empty()) {
    EXPECT_TRUE(engine.send_line(position));
  }
  EXPECT_TRUE(engine.send_line("go depth 1 wtime 1000 btime 1000"));
  const auto line = engine.wait_for_line("bestmove", kReply);
  if (!line) {
    ADD_FAILURE() << "no bestmove";
    return "";
  }
  return line->substr(std::string_view("bestmove ").size());
}

// The exit status once the engine has exited within kReply.
std::optional<int> exit_code(EngineProcess& engine) {
  if (!engine.wait_exit(kReply)) return std::nullopt;
  return engine.exit_status();
}

// One GTP command; the reply's first line. Also checks the empty line after it.
std::string gtp(EngineProcess& engine, std::string_view command) {
  EXPECT_TRUE(engine.send_line(command));
  const auto reply = engine.read_line(kReply);
  if (!reply) {
    ADD_FAILURE() << "no reply to " << command;
    return "";
  }
  std::string line = *reply;
  while (true) {  // the rest of a multi-line reply, through its empty line
    const auto next = engine.read_line(kReply);
    if (!next || next->empty()) break;
  }
  return line;
}

std::string gomocup(EngineProcess& engine, std::string_view command) {
  EXPECT_TRUE(engine.send_line(command));
  return engine.read_line(kReply).value_or("<nothing>");
}

// ---- native, well behaved -------------------------------------------------------

TEST(FakeEngine, HandshakeNamesItselfAndTheGames) {
  auto engine = start({"--name", "Foo Bar"});
  ASSERT_TRUE(engine);
  ASSERT_TRUE(engine->send_line("uci"));
  std::vector<std::string> lines;
  ASSERT_TRUE(engine->wait_for_line("uciok", kReply, &lines));
  EXPECT_EQ(lines, (std::vector<std::string>{"id name Foo Bar", "game tictactoe",
                                             "game connect4 variants width 4..9 height 4..9",
                                             "game gomoku variants size 5..22 rule freestyle|standard|renju|overline-forbidden",
                                             "game reversi"}));
  ASSERT_TRUE(engine->send_line("setoption name Hash value 16"));
  ASSERT_TRUE(engine->send_line("isready"));
  EXPECT_EQ(engine->read_line(kReply), "readyok");
  ASSERT_TRUE(engine->send_line("quit"));
  EXPECT_EQ(exit_code(*engine), 0);
}

TEST(FakeEngine, PlaysTheFirstLegalMove) {
  auto engine = start({});
  ASSERT_TRUE(engine);
  ASSERT_TRUE(engine->send_line("go movetime 10"));
  std::vector<std::string> seen;
  EXPECT_EQ(engine->wait_for_line("bestmove", kReply, &seen), "bestmove a1");
  EXPECT_EQ(seen, std::vector<std::string>{"info depth 1 score cp 0 nodes 1 pv a1"});
  EXPECT_EQ(bestmove(*engine, "position startpos moves a1 b1"), "c1");
  EXPECT_EQ(bestmove(*engine, "position fen 3/1x1/3 o moves a1"), "b1");
  EXPECT_EQ(bestmove(*engine, "position fen xxx/oo1/3 o"), "(none)");
  ASSERT_TRUE(engine->send_line("position startpos moves b2 b2"));  // rejected, position kept
  EXPECT_TRUE(engine->read_line(kReply)->starts_with("info string error"));
  EXPECT_EQ(bestmove(*engine), "(none)");  // still the finished game
}

TEST(FakeEngine, PlaysConnectFourVariants) {
  auto engine = start({});
  ASSERT_TRUE(engine);
  ASSERT_TRUE(engine->send_line("newgame connect4"));
  EXPECT_EQ(bestmove(*engine), "4");
  ASSERT_TRUE(engine->send_line("newgame connect4 width 5 height 4"));
  EXPECT_EQ(bestmove(*engine), "3");
  EXPECT_EQ(bestmove(*engine, "position startpos moves 3 3 3 3"), "2");
  ASSERT_TRUE(engine->send_line("newgame connect4 width 10"));
  EXPECT_TRUE(engine->read_line(kReply)->starts_with("info string error"));
  ASSERT_TRUE(engine->send_line("ucinewgame"));
  EXPECT_EQ(bestmove(*engine), "3");  // the 5x4 game is kept
}

TEST(FakeEngine, RandomMovesRepeatPerSeedAndNewGame) {
  auto game = [](std::vector<std::string> flags) {
    auto engine = start(std::move(flags));
    std::vector<std::string> moves;
    if (!engine) return moves;
    for (int ply = 0; ply < 9; ++ply) {
      std::string position = "position startpos moves";
      for (const std::string& m : moves) position += " " + m;
      const std::string move = bestmove(*engine, position);
      if (move == "(none)") break;
      moves.push_back(move);
    }
    engine->send_line("ucinewgame");
    moves.push_back(bestmove(*engine, "position startpos"));  // the first move again
    return moves;
  };
  const std::vector<std::string> first = game({"--random", "12345"});
  ASSERT_GE(first.size(), 6u);
  EXPECT_EQ(first.back(), first.front());
  EXPECT_EQ(game({"--random", "12345"}), first);
  EXPECT_NE(game({}).front(), "");
}

TEST(FakeEngine, EndOfInputAndQuitExitWithZero) {
  auto engine = start({});
  ASSERT_TRUE(engine);
  engine->close_input();
  EXPECT_EQ(exit_code(*engine), 0);
}

// ---- native misbehaviour --------------------------------------------------------

TEST(FakeEngine, CrashAfterExitsThreeInsteadOfAnswering) {
  auto engine = start({"--crash-after=2", "--proto=native"});  // --flag=value works too
  ASSERT_TRUE(engine);
  EXPECT_EQ(bestmove(*engine), "a1");
  EXPECT_EQ(bestmove(*engine), "a1");
  ASSERT_TRUE(engine->send_line("go depth 1"));
  EXPECT_EQ(engine->read_line_status(kReply).status, ReadStatus::kClosed);
  EXPECT_EQ(exit_code(*engine), 3);
}

TEST(FakeEngine, CrashOnStartExitsAfterTheFirstLine) {
  auto engine = start({"--crash-on-start"});
  ASSERT_TRUE(engine);
  ASSERT_TRUE(engine->send_line("uci"));
  EXPECT_EQ(engine->read_line_status(kReply).status, ReadStatus::kClosed);
  EXPECT_EQ(exit_code(*engine), 3);
}

TEST(FakeEngine, HangAfterIgnoresEverythingUntilEndOfInput) {
  const std::string log = testing::TempDir() + "fake_engine_hang.log";
  std::remove(log.c_str());
  auto engine = start({"--hang-after", "1", "--log", log});
  ASSERT_TRUE(engine);
  EXPECT_EQ(bestmove(*engine), "a1");
  for (const char* line : {"go depth 1", "isready", "stop", "uci", "quit"})
    ASSERT_TRUE(engine->send_line(line));
  EXPECT_EQ(lines_within(*engine, kSilence), std::vector<std::string>{});
  EXPECT_TRUE(engine->is_alive());  // even quit is ignored
  engine->close_input();
  EXPECT_EQ(exit_code(*engine), 0);
  std::ifstream in(log);
  const std::string logged((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(logged, "go depth 1 wtime 1000 btime 1000\ngo depth 1\nisready\nstop\nuci\nquit\n");
  std::remove(log.c_str());
}

TEST(FakeEngine, NoReadyokNeverAnswersIsready) {
  auto engine = start({"--no-readyok"});
  ASSERT_TRUE(engine);
  ASSERT_TRUE(engine->send_line("isready"));
  ASSERT_TRUE(engine->send_line("uci"));
  std::vector<std::string> seen;
  ASSERT_TRUE(engine->wait_for_line("uciok", kReply, &seen));
  EXPECT_FALSE(has_prefix(seen, "readyok"));
  ASSERT_TRUE(engine->send_line("isready"));
  EXPECT_EQ(lines_within(*engine, kSilence), std::vector<std::string>{});
  EXPECT_EQ(bestmove(*engine), "a1");
}

TEST(FakeEngine, LateMsDelaysTheBestmovesFromLateAfter) {
  auto engine = start({"--late-ms", "300", "--late-after", "1"});
  ASSERT_TRUE(engine);
  ASSERT_TRUE(engine->send_line("go depth 1"));
  EXPECT_TRUE(engine->wait_for_line("bestmove", 250ms));  // the first is on time
  const auto sent = std::chrono::steady_clock::now();
  ASSERT_TRUE(engine->send_line("go depth 1"));
  EXPECT_EQ(engine->wait_for_line("bestmove", kReply), "bestmove a1");
  EXPECT_GE(std::chrono::steady_clock::now() - sent, 300ms);
}

TEST(FakeEngine, IllegalAfterAnswersAnOccupiedCellOrOffTheBoard) {
  auto engine = start({"--illegal-after", "1"});
  ASSERT_TRUE(engine);
  EXPECT_EQ(bestmove(*engine), "a1");
  EXPECT_EQ(bestmove(*engine, "position startpos moves b2 a1"), "a1");  // occupied
  EXPECT_EQ(bestmove(*engine), "b1");                                   // only once

  engine = start({"--illegal-after", "0"});
  ASSERT_TRUE(engine);
  EXPECT_EQ(bestmove(*engine), "z9");  // no cell is occupied

  engine = start({"--illegal-after", "0"});
  ASSERT_TRUE(engine);
  ASSERT_TRUE(engine->send_line("newgame connect4 width 4 height 4"));
  EXPECT_EQ(bestmove(*engine, "position startpos moves 2 2 2 2"), "2");  // the full column

  engine = start({"--illegal-after", "0"});
  ASSERT_TRUE(engine);
  ASSERT_TRUE(engine->send_line("newgame connect4"));
  EXPECT_EQ(bestmove(*engine), "99");
}

TEST(FakeEngine, GarbageAfterAnswersAnUnparsableMoveOnce) {
  auto engine = start({"--garbage-after", "1"});
  ASSERT_TRUE(engine);
  EXPECT_EQ(bestmove(*engine), "a1");
  EXPECT_EQ(bestmove(*engine), "?\?\?!");
  EXPECT_EQ(bestmove(*engine), "a1");
}

TEST(FakeEngine, NoBestmoveAfterWaitsForStop) {
  auto engine = start({"--no-bestmove-after", "1"});
  ASSERT_TRUE(engine);
  EXPECT_EQ(bestmove(*engine), "a1");
  for (const std::string expected : {"b1", "c1"}) {  // from the second go on
    ASSERT_TRUE(engine->send_line("position startpos moves a1" +
                                  std::string(expected == "c1" ? " b1" : "")));
    ASSERT_TRUE(engine->send_line("go depth 1 nodes 1"));
    const std::vector<std::string> lines = lines_within(*engine, kSilence);
    EXPECT_GE(lines.size(), 2u);
    for (const std::string& line : lines) EXPECT_TRUE(line.starts_with("info depth 1 ")) << line;
    ASSERT_TRUE(engine->send_line("isready"));
    EXPECT_TRUE(engine->wait_for_line("readyok", kReply));
    ASSERT_TRUE(engine->send_line("stop"));
    EXPECT_EQ(engine->wait_for_line("bestmove", kReply), "bestmove " + expected);
  }
}

TEST(FakeEngine, IgnoreStopNeverAnswers) {
  auto engine = start({"--no-bestmove-after", "0", "--ignore-stop"});
  ASSERT_TRUE(engine);
  ASSERT_TRUE(engine->send_line("go depth 1"));
  ASSERT_TRUE(engine->send_line("stop"));
  const std::vector<std::string> lines = lines_within(*engine, kSilence);
  EXPECT_FALSE(lines.empty());
  EXPECT_FALSE(has_prefix(lines, "bestmove"));
  ASSERT_TRUE(engine->send_line("isready"));
  std::vector<std::string> seen;
  EXPECT_TRUE(engine->wait_for_line("readyok", kReply, &seen));
  EXPECT_FALSE(has_prefix(seen, "bestmove"));
  ASSERT_TRUE(engine->send_line("quit"));
  EXPECT_EQ(exit_code(*engine), 0);
}

TEST(FakeEngine, ExitOnQuitDelayLingers) {
  for (const bool by_quit : {true, false}) {
    auto engine = start({"--exit-on-quit-delay", "250"});
    ASSERT_TRUE(engine);
    ASSERT_TRUE(engine->send_line("isready"));
    ASSERT_TRUE(engine->wait_for_line("readyok", kReply));
    if (by_quit)
      ASSERT_TRUE(engine->send_line("quit"));
    else
      engine->close_input();
    EXPECT_FALSE(engine->wait_exit(100ms));
    EXPECT_EQ(exit_code(*engine), 0);
  }
}

TEST(FakeEngine, LogAppendsEveryReceivedLine) {
  const std::string log = testing::TempDir() + "fake_engine_log.log";
  std::ofstream(log) << "earlier\n";
  auto engine = start({"--log", log});
  ASSERT_TRUE(engine);
  for (const char* line : {"uci", "", "position startpos moves a1", "go depth 1", "quit"})
    ASSERT_TRUE(engine->send_line(line));
  EXPECT_EQ(exit_code(*engine), 0);
  std::ifstream in(log);
  const std::string logged((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(logged, "earlier\nuci\n\nposition startpos moves a1\ngo depth 1\nquit\n");
  std::remove(log.c_str());
}

TEST(FakeEngine, BadFlagsExitWithTwo) {
  const std::vector<std::vector<std::string>> bad = {
      {"--bogus"},
      {"--proto", "uci"},
      {"--crash-after"},
      {"--hang-after", "-1"},
      {"--late-ms", "x"},
      {"--no-readyok=yes"},
      {"--log", "/nonexistent/dir/x"},
  };
  for (const auto& flags : bad) {
    auto engine = start(flags);
    ASSERT_TRUE(engine);
    EXPECT_EQ(exit_code(*engine), 2) << flags[0];
  }
  auto engine = start({"--help"});
  ASSERT_TRUE(engine);
  EXPECT_TRUE(engine->read_line(kReply)->starts_with("usage: narabe-fake-engine"));
  EXPECT_EQ(exit_code(*engine), 0);
}

// ---- GTP ------------------------------------------------------------------------

TEST(FakeEngine, GtpPlaysTicTacToe) {
  auto engine = start({"--proto", "gtp", "--name", "gfake"});
  ASSERT_TRUE(engine);
  EXPECT_EQ(gtp(*engine, "protocol_version"), "= 2");
  EXPECT_EQ(gtp(*engine, "7 name"), "=7 gfake");
  EXPECT_EQ(gtp(*engine, "version"), "= 1");
  EXPECT_EQ(gtp(*engine, "boardsize 19"), "? unacceptable size");
  EXPECT_EQ(gtp(*engine, "boardsize 3"), "=");
  EXPECT_EQ(gtp(*engine, "clear_board"), "=");
  EXPECT_EQ(gtp(*engine, "komi 6.5"), "=");
  EXPECT_EQ(gtp(*engine, "time_settings 0 1 1"), "=");
  EXPECT_EQ(gtp(*engine, "play black B2"), "=");
  EXPECT_EQ(gtp(*engine, "play b a1"), "? illegal move");      // white's turn
  EXPECT_EQ(gtp(*engine, "play white B2"), "? illegal move");  // occupied
  EXPECT_EQ(gtp(*engine, "time_left white 10 0"), "=");
  EXPECT_EQ(gtp(*engine, "genmove white"), "= a1");
  EXPECT_EQ(gtp(*engine, "genmove W"), "? not w's turn");
  EXPECT_EQ(gtp(*engine, "play B c1"), "=");
  EXPECT_EQ(gtp(*engine, "genmove w"), "= b1");
  EXPECT_EQ(gtp(*engine, "list_commands"), "= protocol_version");
  EXPECT_EQ(gtp(*engine, "frobnicate"), "? unknown command");
  EXPECT_EQ(gtp(*engine, "quit"), "=");
  EXPECT_EQ(exit_code(*engine), 0);
}

TEST(FakeEngine, GtpMisbehaves) {
  auto engine = start(
      {"--proto", "gtp", "--illegal-after", "1", "--garbage-after", "2", "--crash-after", "3"});
  ASSERT_TRUE(engine);
  EXPECT_EQ(gtp(*engine, "genmove b"), "= a1");
  EXPECT_EQ(gtp(*engine, "play w b2"), "=");
  EXPECT_EQ(gtp(*engine, "genmove b"), "= a1");  // illegal: a1 is taken
  EXPECT_EQ(gtp(*engine, "genmove b"), "= ?\?\?!");
  ASSERT_TRUE(engine->send_line("genmove b"));
  EXPECT_EQ(exit_code(*engine), 3);
}

// ---- Gomocup --------------------------------------------------------------------

TEST(FakeEngine, GomocupPlaysTicTacToe) {
  auto engine = start({"--proto", "gomocup"});
  ASSERT_TRUE(engine);
  EXPECT_EQ(gomocup(*engine, "ABOUT"), "name=\"fake\", version=\"1\"");
  EXPECT_EQ(gomocup(*engine, "START 15"), "ERROR unsupported size");
  EXPECT_EQ(gomocup(*engine, "START 3"), "OK");
  ASSERT_TRUE(engine->send_line("INFO timeout_turn 1000"));
  // y counts from the top row: a1 is 0,2 and c3 is 2,0.
  EXPECT_EQ(gomocup(*engine, "BEGIN"), "0,2");     // a1
  EXPECT_EQ(gomocup(*engine, "TURN 1,1"), "1,2");  // b2, then b1
  EXPECT_EQ(gomocup(*engine, "TURN 1,2"), "ERROR illegal move");
  EXPECT_EQ(gomocup(*engine, "RESTART"), "OK");
  EXPECT_EQ(gomocup(*engine, "TURN 0,2"), "1,2");  // the opponent took a1
  for (const char* line : {"BOARD", "0,2,2", "1,1,1", "2,0,2"})
    ASSERT_TRUE(engine->send_line(line));
  EXPECT_EQ(gomocup(*engine, "DONE"), "1,2");  // own stone o on b2; a1 and c3 are x
  for (const char* line : {"BOARD", "0,0,1", "0,0,2"}) ASSERT_TRUE(engine->send_line(line));
  EXPECT_EQ(gomocup(*engine, "DONE"), "ERROR bad board");
  ASSERT_TRUE(engine->send_line("END"));
  EXPECT_EQ(exit_code(*engine), 0);
}

TEST(FakeEngine, GomocupMisbehaves) {
  auto engine = start(
      {"--proto", "gomocup", "--illegal-after", "0", "--garbage-after", "1", "--hang-after", "2"});
  ASSERT_TRUE(engine);
  EXPECT_EQ(gomocup(*engine, "START 3"), "OK");
  EXPECT_EQ(gomocup(*engine, "BEGIN"), "9,9");  // illegal on an empty board: off it
  EXPECT_EQ(gomocup(*engine, "RESTART"), "OK");
  EXPECT_EQ(gomocup(*engine, "TURN 2,2"), "?\?\?!");
  EXPECT_EQ(gomocup(*engine, "RESTART"), "OK");
  ASSERT_TRUE(engine->send_line("BEGIN"));
  ASSERT_TRUE(engine->send_line("ABOUT"));
  ASSERT_TRUE(engine->send_line("END"));
  EXPECT_EQ(lines_within(*engine, kSilence), std::vector<std::string>{});
  engine->close_input();
  EXPECT_EQ(exit_code(*engine), 0);
}

}  // namespace
