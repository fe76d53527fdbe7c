// The engine as a GUI or tournament manager meets it through the native and NBoard
// front doors, for what issue 20 asked of the host behind them (Gomocup's share is
// in gomocup_test.cpp):
//   - a rejected position or `set game` leaves no position: nothing is
//     searched until a valid one comes (a GUI that ignores the error must not get a
//     move for another board);
//   - the reader never waits for a search: `stop`, `isready`, `quit`, the end of
//     input and ping are heard behind commands that wait for the search, and
//     those run afterwards, in order;
//   - a `go` without a usable limit ends by itself;
//   - the weights are found beside the executable, and a missing file is said on the
//     protocol's own channel;
//   - option names with spaces, option values and moves in any case.
//
// Searches that would take a minute are the hang guards here: every reply must come
// within the driver's 10 s. Nothing measures how fast anything is.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "engine_driver.h"
#include "protocol/client/engine_messages.h"

namespace narabe::client {
namespace {

namespace fs = std::filesystem;
using namespace narabe::integration;

int count_starting(const std::vector<std::string>& lines, std::string_view prefix) {
  return static_cast<int>(
      std::count_if(lines.begin(), lines.end(), [&](const std::string& line) { return starts_with(line, prefix); }));
}

bool contains(const std::vector<std::string>& list, std::string_view item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

class NativeHostTest : public testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(engine_.started()); }
  void TearDown() override {
    if (engine_.started()) engine_.expect_clean_exit();
  }

  // Starts a search that would run for a minute and waits until it is under way.
  void start_long_search() {
    EXPECT_EQ(engine_.replies_to("newgame gomoku"), std::vector<std::string>{});
    engine_.set_position("position startpos moves h8");
    engine_.send("go movetime 60000");
    ASSERT_TRUE(engine_.process().wait_for_line("info", kReplyTimeout).has_value());
  }

  EngineDriver engine_;
};

// --- a rejected position leaves no position ---------------------------------

TEST_F(NativeHostTest, RejectedPositionIsNotSearchedUntilAValidOneComes) {
  EXPECT_EQ(engine_.replies_to("newgame reversi"), std::vector<std::string>{});
  engine_.set_position("position startpos moves f5 d6");
  const SearchOutput first = engine_.go("go depth 3");
  ASSERT_TRUE(first.best.has_value());
  EXPECT_NE(first.best->move, "(none)");

  const std::vector<std::string> rejected = engine_.replies_to("position startpos moves f5 d6 c5 z9");
  ASSERT_EQ(rejected.size(), 1u);
  EXPECT_TRUE(starts_with(rejected[0], "info string error position rejected; no position")) << rejected[0];

  // The go gets its one bestmove, which plays nothing, and an error that says why.
  const SearchOutput none = engine_.go("go depth 3");
  ASSERT_TRUE(none.best.has_value());
  EXPECT_EQ(none.best->move, "(none)");
  EXPECT_EQ(count_starting(none.infos, "info string error no position"), 1) << join(none.infos);
  // So do the commands that read the position.
  for (const char* command : {"d", "legal", "perft 1", "eval"}) {
    const std::vector<std::string> replies = engine_.replies_to(command);
    ASSERT_EQ(replies.size(), 1u) << command << "\n" << join(replies);
    EXPECT_TRUE(starts_with(replies[0], "info string error no position")) << replies[0];
  }

  engine_.set_position("position startpos moves f5 d6 c5");
  const std::vector<std::string> legal = engine_.legal_moves();
  const SearchOutput again = engine_.go("go depth 3");
  ASSERT_TRUE(again.best.has_value());
  EXPECT_TRUE(contains(legal, again.best->move)) << again.best->move;
}

TEST_F(NativeHostTest, NewGameAlsoEndsTheNoPositionState) {
  EXPECT_EQ(engine_.replies_to("newgame gomoku"), std::vector<std::string>{});
  EXPECT_EQ(engine_.replies_to("position startpos moves h8 h8").size(), 1u);
  EXPECT_EQ(engine_.go("go depth 1").best->move, "(none)");
  EXPECT_EQ(engine_.replies_to("ucinewgame"), std::vector<std::string>{});
  const SearchOutput fresh = engine_.go("go depth 1");
  ASSERT_TRUE(fresh.best.has_value());
  EXPECT_NE(fresh.best->move, "(none)");
}

// --- the reader never waits for a search ------------------------------------

TEST_F(NativeHostTest, StopAndIsReadyAreHeardBehindCommandsThatWaitForTheSearch) {
  start_long_search();
  // Each of these waits for the search; none may keep the reader from the lines
  // after it.
  engine_.send("setoption name Hash value 16");
  engine_.send("newgame gomoku");
  engine_.send("setoption name Clear Hash");
  engine_.send("go depth 1");
  engine_.send("perft 1");
  engine_.send("isready");
  const std::vector<std::string> before_ready = engine_.read_through("readyok");
  EXPECT_EQ(count_starting(before_ready, "bestmove"), 0) << join(before_ready);

  engine_.send("stop");
  const std::vector<std::string> stopped = engine_.read_through("bestmove");  // well before the minute
  ASSERT_FALSE(stopped.empty());
  // Then the queued commands run in order: the new game's search, then perft.
  const std::vector<std::string> queued_go = engine_.read_through("bestmove");
  ASSERT_FALSE(queued_go.empty());
  EXPECT_NE(queued_go.back(), "bestmove (none)");
  const std::vector<std::string> perft = engine_.read_through("nodes");
  ASSERT_FALSE(perft.empty());
  EXPECT_EQ(perft.back(), "nodes 225");  // the empty 15x15 board: newgame ran first
  EXPECT_EQ(engine_.sync(), std::vector<std::string>{});
}

TEST_F(NativeHostTest, StopQueuedBehindAGoStopsThatGoToo) {
  start_long_search();
  engine_.send("go movetime 60000");  // waits for the first search
  engine_.send("stop");               // ends the first, and the second once it starts
  const std::vector<std::string> lines = engine_.read_through("bestmove");
  ASSERT_FALSE(lines.empty());
  const std::vector<std::string> second = engine_.read_through("bestmove");
  ASSERT_FALSE(second.empty());
  EXPECT_NE(second.back(), "bestmove (none)");
}

TEST_F(NativeHostTest, QuitBehindQueuedCommandsStillAnswersEveryGo) {
  start_long_search();
  engine_.send("newgame gomoku");
  engine_.send("go movetime 60000");
  engine_.send("quit");
  const std::vector<std::string> rest = engine_.read_to_end();
  EXPECT_EQ(count_starting(rest, "bestmove"), 2) << join(rest);
  engine_.expect_exit_zero();
}

TEST_F(NativeHostTest, EndOfInputBehindQueuedCommandsEndsTheProcess) {
  start_long_search();
  engine_.send("setoption name Hash value 8");
  engine_.send("go depth 99");
  engine_.process().close_input();
  const std::vector<std::string> rest = engine_.read_to_end();
  EXPECT_EQ(count_starting(rest, "bestmove"), 2) << join(rest);
  engine_.expect_exit_zero();
}

// --- go without a usable limit ends by itself ---------------------------------

TEST_F(NativeHostTest, GoWithoutALimitForTheSideToMoveEndsByItself) {
  EXPECT_EQ(engine_.replies_to("newgame gomoku"), std::vector<std::string>{});
  engine_.set_position("position startpos moves h8 i9 h9");  // O (White) to move
  const std::vector<std::string> legal = engine_.legal_moves();
  // Only movestogo; only X's clock (a client that names White's clock wtime sends
  // its own engine's under that name): never a search until stop.
  for (const char* line : {"go movestogo 10", "go wtime 300 winc 0"}) {
    SCOPED_TRACE(line);
    const SearchOutput out = engine_.go(line);  // no stop is ever sent
    ASSERT_TRUE(out.best.has_value());
    EXPECT_TRUE(contains(legal, out.best->move)) << out.best->move;
  }
}

// --- names, values and moves in any case ----------------------------------------

TEST_F(NativeHostTest, OptionNamesWithSpacesAndAnyCaseOfValuesAndMoves) {
  EXPECT_EQ(engine_.replies_to("setoption name clear hash"), std::vector<std::string>{});
  EXPECT_EQ(engine_.replies_to("setoption name LEVEL value Hard"), std::vector<std::string>{});
  EXPECT_EQ(engine_.replies_to("setoption name ownbook value FALSE"), std::vector<std::string>{});
  EXPECT_EQ(engine_.replies_to("setoption name Level value max"), std::vector<std::string>{});
  EXPECT_EQ(engine_.replies_to("setoption name No Such Option value 1"),
            std::vector<std::string>{"info string error unknown option 'No Such Option'"});

  bool button = false;
  engine_.send("uci");
  for (const std::string& line : engine_.read_through("uciok"))
    button = button || line == "option name Clear Hash type button";
  EXPECT_TRUE(button);

  EXPECT_EQ(engine_.replies_to("newgame reversi"), std::vector<std::string>{});
  engine_.set_position("position startpos moves F5 d6 C3");
  const std::string upper = engine_.fen();
  engine_.set_position("position startpos moves f5 d6 c3");
  EXPECT_EQ(engine_.fen(), upper);
}

// --- NBoard ---------------------------------------------------------------------

class NBoardHostTest : public testing::Test {
 protected:
  // Black to move after these.
  static constexpr std::string_view kGame =
      "set game (;GM[Othello]PC[NBoard]BO[8 ---------------------------O*------*O--------------------------- *]"
      "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
  // The same with an illegal last move (A1 flips nothing).
  static constexpr std::string_view kBadGame =
      "set game (;GM[Othello]PC[NBoard]BO[8 ---------------------------O*------*O--------------------------- *]"
      "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4]B[A1];)";

  void SetUp() override { ASSERT_TRUE(engine_.started()); }
  void TearDown() override {
    if (engine_.started()) engine_.expect_clean_exit();
  }

  std::vector<std::string> ping(int n) {
    engine_.send("ping " + std::to_string(n));
    std::vector<std::string> lines = engine_.read_through("pong");
    EXPECT_FALSE(lines.empty());
    if (!lines.empty()) {
      EXPECT_EQ(lines.back(), "pong " + std::to_string(n));
    }
    return lines;
  }

  EngineDriver engine_;
};

TEST_F(NBoardHostTest, RejectedGameLeavesNoPositionUntilAValidOne) {
  engine_.send("nboard 2");
  engine_.send("set depth 2");
  engine_.send(kBadGame);
  const std::vector<std::string> set = ping(1);
  EXPECT_EQ(count_starting(set, "status error: game rejected; no position"), 1) << join(set);
  engine_.send("go");
  engine_.send("move C4");
  const std::vector<std::string> refused = ping(2);
  EXPECT_EQ(count_starting(refused, "status error: no position"), 2) << join(refused);
  EXPECT_EQ(count_starting(refused, "==="), 0) << join(refused);

  engine_.send(kGame);
  engine_.send("go");
  const std::vector<std::string> played = engine_.read_through("===");
  ASSERT_FALSE(played.empty());
}

TEST_F(NBoardHostTest, PingIsHeardBehindCommandsThatWaitForTheSearch) {
  engine_.send("nboard 2");
  engine_.send("set depth 60");
  engine_.send(kGame);
  engine_.send("go");
  ASSERT_TRUE(engine_.process().wait_for_line("status", kReplyTimeout).has_value());  // status thinking
  engine_.send("move C4");
  engine_.send("go");
  // Ends the search, then runs the two queued commands, stopping the second search.
  const std::vector<std::string> lines = ping(3);
  EXPECT_EQ(count_starting(lines, "==="), 2) << join(lines);
}

// --- the weights beside the executable ----------------------------------------------

class CopiedBinaryTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("narabe-copy-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::copy_file(NARABE_ENGINE_PATH, dir_ / "narabe");
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
};

TEST_F(CopiedBinaryTest, MissingWeightsAreSaidOnEachProtocolsChannel) {
  {
    EngineDriver native((dir_ / "narabe").string());
    ASSERT_TRUE(native.started());
    native.send("uci");
    const std::vector<std::string> lines = native.read_through("uciok");
    EXPECT_EQ(count_starting(lines, "info string error reversi evaluation weights: file 'reversi_eval.bin' not found"), 1)
        << join(lines);
    native.expect_clean_exit();
  }
  {
    EngineDriver nboard((dir_ / "narabe").string());
    ASSERT_TRUE(nboard.started());
    nboard.send("nboard 2");
    nboard.send("ping 1");
    const std::vector<std::string> lines = nboard.read_through("pong");
    EXPECT_EQ(count_starting(lines, "status reversi evaluation weights: file 'reversi_eval.bin' not found"), 1)
        << join(lines);
    nboard.expect_clean_exit();
  }
}

TEST_F(CopiedBinaryTest, WeightsBesideTheCopyAreFound) {
  fs::copy_file(fs::path(NARABE_ENGINE_PATH).parent_path() / "reversi_eval.bin", dir_ / "reversi_eval.bin");
  EngineDriver native((dir_ / "narabe").string());
  ASSERT_TRUE(native.started());
  native.send("uci");
  const std::vector<std::string> lines = native.read_through("uciok");
  EXPECT_EQ(count_starting(lines, "info string error"), 0) << join(lines);
  native.expect_clean_exit();
}

}  // namespace
}  // namespace narabe::client
