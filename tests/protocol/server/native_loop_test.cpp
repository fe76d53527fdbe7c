// Tests of protocol/server/native_loop.h: the native command loop driven in-process,
// its replies captured by server::CapturedOutput.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "protocol/server/engine_options.h"
#include "protocol/server/native_loop.h"
#include "protocol/server/output_channel.h"
#include "protocol/server/reversi_eval_file.h"
#include "tests/support/text.h"

namespace narabe::server {
namespace {

using test_text::contains;
using test_text::joined;
using test_text::starts_with;
using test_text::words;

using Lines = std::vector<std::string>;


std::size_t count_starting_with(const Lines& lines, std::string_view prefix) {
  return static_cast<std::size_t>(
      std::count_if(lines.begin(), lines.end(), [&](const std::string& l) { return starts_with(l, prefix); }));
}



bool is_number(std::string_view text, bool allow_minus = false) {
  if (allow_minus && !text.empty() && text.front() == '-') text.remove_prefix(1);
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_cell(std::string_view text) {
  return text.size() == 2 && text[0] >= 'a' && text[0] <= 'c' && text[1] >= '1' && text[1] <= '3';
}

// info depth D seldepth S multipv M score (cp|mate) N [lowerbound|upperbound]
//   nodes N nps N time T hashfull H [pv <move>...]
bool is_search_info_line(std::string_view line) {
  const Lines w = words(line);
  std::size_t i = 0;
  auto take = [&](std::string_view key) {
    if (i + 1 >= w.size() || w[i] != key || !is_number(w[i + 1])) return false;
    i += 2;
    return true;
  };
  if (w.empty() || w[0] != "info") return false;
  ++i;
  if (!take("depth") || !take("seldepth") || !take("multipv")) return false;
  if (i + 2 >= w.size() || w[i] != "score" || (w[i + 1] != "cp" && w[i + 1] != "mate") ||
      !is_number(w[i + 2], true))
    return false;
  i += 3;
  if (i < w.size() && (w[i] == "lowerbound" || w[i] == "upperbound")) ++i;
  if (!take("nodes") || !take("nps") || !take("time") || !take("hashfull")) return false;
  if (i == w.size()) return true;
  if (w[i] != "pv" || i + 1 == w.size()) return false;
  return std::all_of(w.begin() + static_cast<std::ptrdiff_t>(i + 1), w.end(),
                     [](const std::string& m) { return is_cell(m); });
}

class NativeLoopTest : public testing::Test {
 protected:
  // Generous: only a guard against a hang, never a performance expectation.
  static constexpr std::chrono::seconds kGuard{10};

  // One engine for the whole suite: building one allocates and clears the default
  // 64 MB table, which would dominate the run time. SetUp puts it back to a fresh game.
  struct Engine {
    CapturedOutput out;  // declared first: outlives the loop's search thread
    NativeLoop loop{out};
  };
  static void SetUpTestSuite() { engine_ = new Engine; }
  static void TearDownTestSuite() {
    delete engine_;
    engine_ = nullptr;
  }
  void SetUp() override {
    for (std::string_view line : {"stop", "setoption name Hash value 1", "setoption name Level value max",
                                  "setoption name MultiPV value 1", "setoption name Seed value 0",
                                  "setoption name OwnBook value true", "setoption name Evaluation value pattern",
                                  "setoption name ProbCut value true",
                                  "newgame tictactoe"})
      loop_.handle_line(line);
    ASSERT_FALSE(loop_.searching());
    out_.take();
  }

  static inline Engine* engine_ = nullptr;
  CapturedOutput& out_ = engine_->out;
  NativeLoop& loop_ = engine_->loop;

  // A command answered synchronously: its reply lines.
  Lines send(std::string_view line) {
    EXPECT_TRUE(loop_.handle_line(line)) << line;
    return out_.take();
  }

  // A command that starts a job (go with a limit, perft, bench): waits for it to end.
  Lines run(std::string_view line) {
    EXPECT_TRUE(loop_.handle_line(line)) << line;
    wait_until_idle();
    return out_.take();
  }

  void wait_until_idle() {
    const auto deadline = std::chrono::steady_clock::now() + kGuard;
    while (loop_.searching()) {
      if (std::chrono::steady_clock::now() > deadline) {
        ADD_FAILURE() << "the job did not end within the guard time";
        loop_.handle_line("stop");
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }

  std::string fen() {
    for (const std::string& line : send("d"))
      if (starts_with(line, "fen ")) return line.substr(4);
    ADD_FAILURE() << "d printed no fen line";
    return {};
  }

  Lines legal_moves() {
    const Lines reply = send("legal");
    EXPECT_EQ(reply.size(), 1u);
    if (reply.empty()) return {};
    Lines moves = words(reply[0]);
    EXPECT_EQ(moves.front(), "legal");
    moves.erase(moves.begin());
    return moves;
  }

  // The move of the only bestmove line; fails unless there is exactly one.
  static std::string best_move(const Lines& lines) {
    std::string move;
    std::size_t count = 0;
    for (const std::string& line : lines) {
      if (!starts_with(line, "bestmove ")) continue;
      ++count;
      move = words(line).at(1);
    }
    EXPECT_EQ(count, 1u) << joined(lines);
    return move;
  }
};

// ---- handshake, isready ----

TEST_F(NativeLoopTest, UciHandshake) {
  const Lines reply = send("uci");
  ASSERT_GE(reply.size(), 4u);
  EXPECT_TRUE(starts_with(reply[0], "id name narabe")) << reply[0];
  EXPECT_TRUE(starts_with(reply[1], "id author ")) << reply[1];
  EXPECT_EQ(reply.back(), "uciok");
  EXPECT_EQ(count_starting_with(reply, "uciok"), 1u);
  EXPECT_NE(std::find(reply.begin(), reply.end(), "game tictactoe"), reply.end()) << joined(reply);
  // Every option line, in order, right before uciok.
  const Lines options = option_lines();
  ASSERT_GE(reply.size(), options.size() + 1);
  EXPECT_TRUE(std::equal(options.begin(), options.end(), reply.end() - 1 - static_cast<std::ptrdiff_t>(options.size())))
      << joined(reply);
  // Nothing but id, game and option lines.
  for (std::size_t i = 0; i + 1 < reply.size(); ++i)
    EXPECT_TRUE(starts_with(reply[i], "id ") || starts_with(reply[i], "game ") || starts_with(reply[i], "option "))
        << reply[i];
}

TEST_F(NativeLoopTest, UgiHandshakeEndsWithUgiok) {
  const Lines uci = send("uci");
  const Lines ugi = send("ugi");
  ASSERT_FALSE(ugi.empty());
  EXPECT_EQ(ugi.back(), "ugiok");
  EXPECT_EQ(Lines(ugi.begin(), ugi.end() - 1), Lines(uci.begin(), uci.end() - 1));
}

TEST_F(NativeLoopTest, IsreadyAnswersReadyok) {
  EXPECT_EQ(send("isready"), Lines{"readyok"});
  EXPECT_EQ(send("  isready \t"), Lines{"readyok"});
}

TEST_F(NativeLoopTest, EmptyLinesAndSilentUciCommandsPrintNothing) {
  EXPECT_TRUE(send("").empty());
  EXPECT_TRUE(send("   \t ").empty());
  EXPECT_TRUE(send("debug on").empty());
  EXPECT_TRUE(send("ponderhit").empty());
}

// ---- newgame, ucinewgame ----

TEST_F(NativeLoopTest, NewgameSelectsTheGameSilentlyAndStartsFresh) {
  send("position startpos moves b2");
  EXPECT_TRUE(send("newgame tictactoe").empty());
  EXPECT_EQ(fen(), "3/3/3 x");
  EXPECT_EQ(loop_.session().position().game_name(), "tictactoe");
}

TEST_F(NativeLoopTest, NewgameOfTheSameGameAndVariantReusesItsTablesAndStartsFresh) {
  EXPECT_TRUE(send("newgame connect4 width 7 height 6").empty());
  const Session* const first = &loop_.session();
  send("position startpos moves 4 4 3");
  ASSERT_NE(best_move(run("go depth 4")), "(none)");
  // The same game and variant, however written: the session and its solver table stay.
  EXPECT_TRUE(send("newgame connect4").empty());
  EXPECT_EQ(&loop_.session(), first);
  EXPECT_EQ(fen(), "7/7/7/7/7/7 x");
  EXPECT_NE(best_move(run("go depth 4")), "(none)");
  // Another variant is another session.
  EXPECT_TRUE(send("newgame connect4 width 6").empty());
  EXPECT_EQ(loop_.session().position().variant_description(), "width 6 height 6");
  EXPECT_EQ(fen(), "6/6/6/6/6/6 x");
}

TEST_F(NativeLoopTest, NewgameErrorsChangeNothing) {
  send("position startpos moves b2");
  for (std::string_view bad : {"newgame", "newgame chess", "newgame tictactoe size", "newgame tictactoe size 4"}) {
    const Lines reply = send(bad);
    ASSERT_EQ(reply.size(), 1u) << bad << "\n" << joined(reply);
    EXPECT_TRUE(starts_with(reply[0], "info string error ")) << reply[0];
    EXPECT_EQ(fen(), "3/1x1/3 o") << "after: " << bad;
  }
}

TEST_F(NativeLoopTest, UcinewgameAndUginewgameKeepTheGameSilently) {
  EXPECT_TRUE(send("ucinewgame").empty());
  EXPECT_TRUE(send("uginewgame").empty());
  EXPECT_EQ(loop_.session().position().game_name(), "tictactoe");
  EXPECT_EQ(send("d").front(), "game tictactoe");
}

// ---- position ----

TEST_F(NativeLoopTest, PositionStartposAndMoves) {
  EXPECT_TRUE(send("position startpos").empty());
  EXPECT_EQ(fen(), "3/3/3 x");
  EXPECT_TRUE(send("position startpos moves b2 a1").empty());
  EXPECT_EQ(fen(), "3/1x1/o2 x");
  EXPECT_TRUE(send("position   startpos\tmoves  b2   a1 c3").empty());
  EXPECT_EQ(fen(), "2x/1x1/o2 o");
}

TEST_F(NativeLoopTest, PositionFenWithAndWithoutMoves) {
  EXPECT_TRUE(send("position fen x2/1o1/3 x").empty());
  EXPECT_EQ(fen(), "x2/1o1/3 x");
  EXPECT_TRUE(send("position fen x2/1o1/3 x moves c1").empty());
  EXPECT_EQ(fen(), "x2/1o1/2x o");
}

TEST_F(NativeLoopTest, RejectedPositionLeavesNoPositionUntilAValidOne) {
  for (std::string_view bad :
       {"position startpos moves a1 a1", "position startpos moves z9", "position fen 4/3/3 x",
        "position fen xxx/3/3 o", "position fen 3/3/3", "position fen 3/3/3 q", "position", "position middle",
        "position startpos b2", "position fen 3/3/3 x b2"}) {
    send("position startpos moves b2");
    ASSERT_EQ(fen(), "3/1x1/3 o");
    const Lines reply = send(bad);
    ASSERT_EQ(reply.size(), 1u) << bad << "\n" << joined(reply);
    EXPECT_TRUE(starts_with(reply[0], "info string error ")) << reply[0];
    EXPECT_FALSE(loop_.has_position()) << bad;
    // Nothing to show, and a go answers its error and a bestmove that plays nothing.
    const Lines d = send("d");
    ASSERT_EQ(d.size(), 1u) << joined(d);
    EXPECT_TRUE(starts_with(d[0], "info string error no position")) << d[0];
    EXPECT_EQ(run("go depth 2"), (Lines{d[0], "bestmove (none)"})) << bad;
  }
  send("position startpos moves b2");
  EXPECT_TRUE(loop_.has_position());
  EXPECT_NE(best_move(run("go depth 2")), "(none)");
}

TEST_F(NativeLoopTest, IllegalMoveErrorNamesTheMoveAndItsIndex) {
  const Lines reply = send("position startpos moves b2 a1 b2");
  ASSERT_EQ(reply.size(), 1u);
  EXPECT_TRUE(contains(reply[0], "'b2'")) << reply[0];
  EXPECT_TRUE(contains(reply[0], "move 3")) << reply[0];
  EXPECT_FALSE(loop_.has_position());
}

TEST_F(NativeLoopTest, MovesAreAcceptedInEitherCase) {
  EXPECT_TRUE(send("newgame reversi").empty());
  EXPECT_TRUE(send("position startpos moves F5 d6 C3").empty());
  const std::string upper = fen();
  EXPECT_TRUE(send("position startpos moves f5 d6 c3").empty());
  EXPECT_EQ(fen(), upper);
}

TEST_F(NativeLoopTest, MovesAfterTheGameEndedAreRejected) {
  const Lines reply = send("position startpos moves a1 a2 b1 b2 c1 c2");
  ASSERT_EQ(reply.size(), 1u) << joined(reply);
  EXPECT_TRUE(contains(reply[0], "'c2'")) << reply[0];
}

TEST_F(NativeLoopTest, DShowsBoardFenSideHashAndResult) {
  send("position startpos moves b2 a1");
  const Lines reply = send("d");
  ASSERT_EQ(reply.size(), 9u) << joined(reply);
  EXPECT_EQ(reply[0], "game tictactoe");
  EXPECT_EQ(reply[1], "  3 . . .");
  EXPECT_EQ(reply[2], "  2 . x .");
  EXPECT_EQ(reply[3], "  1 o . .");
  EXPECT_EQ(reply[4], "    a b c");
  EXPECT_EQ(reply[5], "fen 3/1x1/o2 x");
  EXPECT_EQ(reply[6], "side x");
  EXPECT_TRUE(starts_with(reply[7], "hash ") && reply[7].size() == 5 + 16 &&
              std::all_of(reply[7].begin() + 5, reply[7].end(),
                          [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }))
      << reply[7];
  EXPECT_EQ(reply[8], "result none");
}

TEST_F(NativeLoopTest, TheSamePositionHasTheSameHashWhicheverWayItWasReached) {
  auto hash_line = [&] {
    for (const std::string& line : send("d"))
      if (starts_with(line, "hash ")) return line;
    return std::string();
  };
  send("position startpos moves a1 b2 c3");
  const std::string by_moves = hash_line();
  send("position startpos moves c3 b2 a1");
  const std::string transposed = hash_line();
  send("position fen 2x/1o1/x2 o");
  const std::string by_fen = hash_line();
  EXPECT_EQ(by_moves, transposed);
  EXPECT_EQ(by_moves, by_fen);
}

// ---- go ----

TEST_F(NativeLoopTest, GoDepthGivesOneLegalBestmove) {
  send("position startpos moves b2");
  const Lines legal = legal_moves();
  const Lines reply = run("go depth 3");
  const std::string move = best_move(reply);
  EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << move;
  EXPECT_EQ(reply.back().substr(0, 9), "bestmove ") << "bestmove is the last line";
  EXPECT_GE(count_starting_with(reply, "info depth "), 1u);
}

TEST_F(NativeLoopTest, InfoLinesFollowUciFields) {
  const Lines reply = run("go depth 2");
  ASSERT_GE(count_starting_with(reply, "info "), 1u);
  for (const std::string& line : reply) {
    if (starts_with(line, "info ")) {
      EXPECT_TRUE(is_search_info_line(line)) << line;
    }
  }
}

TEST_F(NativeLoopTest, ForcedWinIsScoredMateOne) {
  // X to move completes the top row at c3.
  send("position fen xx1/oo1/3 x");
  const Lines reply = run("go depth 4");
  EXPECT_EQ(best_move(reply), "c3");
  std::string last_info;
  for (const std::string& line : reply)
    if (starts_with(line, "info depth ")) last_info = line;
  EXPECT_TRUE(contains(last_info, " score mate 1 ")) << joined(reply);
}

TEST_F(NativeLoopTest, ForcedLossIsScoredNegativeMate) {
  // O to move has no threat of its own and cannot block both of X's (b1 and c2):
  // X wins with its first move from here.
  send("position fen o1x/1o1/x1x o");
  ASSERT_EQ(fen(), "o1x/1o1/x1x o");
  const Lines reply = run("go depth 5");
  std::string last_info;
  for (const std::string& line : reply)
    if (starts_with(line, "info depth ")) last_info = line;
  EXPECT_TRUE(contains(last_info, " score mate -1 ")) << joined(reply);
}

TEST_F(NativeLoopTest, GoWhenTheGameIsOverAnswersBestmoveNone) {
  send("position startpos moves a1 a2 b1 b2 c1");
  EXPECT_EQ(best_move(run("go depth 3")), "(none)");
}

TEST_F(NativeLoopTest, GoRejectsBadLimitsWithOneError) {
  for (std::string_view bad : {"go depth", "go depth x", "go depth -1", "go nodes -5", "go movestogo 0", "go sideways 3"}) {
    const Lines reply = send(bad);
    ASSERT_EQ(reply.size(), 1u) << bad << "\n" << joined(reply);
    EXPECT_TRUE(starts_with(reply[0], "info string error go")) << reply[0];
    EXPECT_FALSE(loop_.searching()) << bad;
  }
}

TEST_F(NativeLoopTest, GoWithTinyLimitsStillAnswersOnce) {
  for (std::string_view go : {"go nodes 1", "go movetime 1", "go wtime 1 btime 1", "go p1time 0 p2time 0"}) {
    const Lines reply = run(go);
    best_move(reply);  // exactly one
  }
}

TEST_F(NativeLoopTest, GoInfiniteThenStopGivesExactlyOneBestmove) {
  const Lines legal = legal_moves();
  EXPECT_TRUE(loop_.handle_line("go infinite"));
  EXPECT_TRUE(loop_.searching());
  // isready is answered while the search runs.
  EXPECT_TRUE(loop_.handle_line("isready"));
  EXPECT_TRUE(loop_.handle_line("stop"));
  EXPECT_FALSE(loop_.searching());
  const Lines reply = out_.take();
  EXPECT_EQ(count_starting_with(reply, "readyok"), 1u);
  const std::string move = best_move(reply);
  EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << move;
  // A second stop with nothing running is ignored.
  EXPECT_TRUE(send("stop").empty());
}

TEST_F(NativeLoopTest, NewgameDuringGoInfiniteWaitsForStopAndThenRuns) {
  send("position startpos moves a1");
  ASSERT_TRUE(loop_.handle_line("go infinite"));
  // The search's own info lines may arrive meanwhile: count only the replies.
  const Lines replies = send("newgame tictactoe");
  EXPECT_EQ(count_starting_with(replies, "info string error"), 0u) << joined(replies);
  EXPECT_TRUE(loop_.searching()) << "a waiting command must not stop the search";
  loop_.handle_line("stop");
  best_move(out_.take());
  EXPECT_EQ(fen(), "3/3/3 x");  // the new game ran after the search
}

TEST_F(NativeLoopTest, SetoptionLevelEasyPlaysALegalMoveAndSaysSo) {
  EXPECT_TRUE(send("setoption name Level value easy").empty());
  send("position startpos moves b2");
  const Lines legal = legal_moves();
  const Lines reply = run("go depth 5");
  EXPECT_EQ(count_starting_with(reply, "info string level easy"), 1u) << joined(reply);
  const std::string move = best_move(reply);
  EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << move;
}

TEST_F(NativeLoopTest, TicTacToeLevelsAreTheGamesOwnRuleBasedPlayers) {
  // hard is the classic rule-based player: the centre on the empty board and the
  // centre against a corner opening, whatever the seed (a shallow search would
  // vary); normal completes its own three.
  send("setoption name Level value hard");
  for (int seed = 1; seed <= 8; ++seed) {
    send("setoption name Seed value " + std::to_string(seed));
    send("position startpos");
    EXPECT_EQ(best_move(run("go depth 9")), "b2") << seed;
    send("position startpos moves a1");
    EXPECT_EQ(best_move(run("go depth 9")), "b2") << seed;
    // Against an edge opening several replies draw; the classic player's rule
    // is still the centre.
    send("position startpos moves b1");
    EXPECT_EQ(best_move(run("go depth 9")), "b2") << seed;
  }
  send("setoption name Level value normal");
  send("position startpos moves a1 b1 a2 b2");
  EXPECT_EQ(best_move(run("go depth 9")), "a3");
  send("setoption name Seed value 0");
  send("setoption name Level value max");
}

TEST_F(NativeLoopTest, BadSetoptionKeepsTheOldLevel) {
  send("setoption name Level value easy");
  const Lines error = send("setoption name Level value extreme");
  ASSERT_EQ(error.size(), 1u);
  EXPECT_TRUE(starts_with(error[0], "info string error ")) << error[0];
  const Lines reply = run("go depth 2");
  EXPECT_EQ(count_starting_with(reply, "info string level easy"), 1u) << joined(reply);
}

TEST_F(NativeLoopTest, SetoptionErrorsGetOneReply) {
  for (std::string_view bad : {"setoption", "setoption name Bogus value 1", "setoption name Hash value 0",
                               "setoption name MultiPV value lots"}) {
    const Lines reply = send(bad);
    ASSERT_EQ(reply.size(), 1u) << bad;
    EXPECT_TRUE(starts_with(reply[0], "info string error ")) << reply[0];
  }
  EXPECT_TRUE(send("setoption name Hash value 2").empty());
}

TEST_F(NativeLoopTest, SeededEasyLevelRepeatsAcrossEngines) {
  auto play = [](std::string_view first_line) {
    CapturedOutput out;
    NativeLoop loop(out);
    loop.handle_line(first_line);
    loop.handle_line("setoption name Level value easy");
    Lines moves;
    std::string history = "position startpos moves";
    for (int ply = 0; ply < 9; ++ply) {
      loop.handle_line(history);
      loop.handle_line("go depth 1");
      loop.wait_idle();
      std::string move;
      for (const std::string& line : out.take())
        if (line.rfind("bestmove ", 0) == 0) move = line.substr(9);
      if (move.empty() || move == "(none)") break;
      moves.push_back(move);
      history += " " + move;
    }
    return moves;
  };
  const Lines first = play("setoption name Seed value 1234");
  const Lines second = play("setoption name Seed value 1234");
  EXPECT_FALSE(first.empty());
  EXPECT_EQ(first, second);
}

// ---- tools: perft, result, query, eval, bench ----

TEST_F(NativeLoopTest, PerftTotalsFromTheStart) {
  const std::pair<int, std::string> expected[] = {{1, "nodes 9"}, {2, "nodes 72"}, {3, "nodes 504"}, {4, "nodes 3024"}};
  for (const auto& [depth, total] : expected) {
    const Lines reply = run("perft " + std::to_string(depth));
    ASSERT_FALSE(reply.empty());
    EXPECT_EQ(reply.back(), total) << "depth " << depth;
    EXPECT_EQ(reply.size(), 10u) << "nine root moves and the total\n" << joined(reply);
  }
}

TEST_F(NativeLoopTest, PerftOneListsEveryRootMoveOnce) {
  const Lines reply = run("perft 1");
  Lines moves;
  for (const std::string& line : reply)
    if (line != reply.back()) {
      EXPECT_TRUE(line.size() == 5 && is_cell(line.substr(0, 2)) && line.substr(2) == ": 1") << line;
      moves.push_back(line.substr(0, 2));
    }
  std::sort(moves.begin(), moves.end());
  EXPECT_EQ(moves, (Lines{"a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"}));
}

TEST_F(NativeLoopTest, PerftRejectsBadDepths) {
  // ("perft 2 3" runs perft 2: extra words are ignored, tests/integration/uci_conventions_test.cpp.)
  for (std::string_view bad : {"perft", "perft 0", "perft -1", "perft x", "perft 65"}) {
    const Lines reply = send(bad);
    ASSERT_EQ(reply.size(), 1u) << bad;
    EXPECT_TRUE(starts_with(reply[0], "info string error perft")) << reply[0];
  }
}

TEST_F(NativeLoopTest, ResultShowsTheWinningLine) {
  EXPECT_EQ(send("result"), Lines{"result none"});
  send("position startpos moves a1 a2 b1 b2 c1");
  EXPECT_EQ(send("result"), Lines{"result x line a1 b1 c1"});
  send("position startpos moves a1 b2 a2 a3 c3 c1");
  EXPECT_EQ(send("result"), Lines{"result o line c1 b2 a3"});
}

TEST_F(NativeLoopTest, ResultOfADraw) {
  send("position startpos moves a1 b2 c3 b1 b3 a3 c1 c2 a2");
  EXPECT_EQ(send("result"), Lines{"result draw"});
}

// ---- Gomoku: forbidden points, the winning line ----

TEST_F(NativeLoopTest, ForbiddenListsBlacksRenjuPointsForTheSideToMove) {
  EXPECT_EQ(send("forbidden"), Lines{"forbidden"});  // tic-tac-toe forbids nothing
  EXPECT_TRUE(send("newgame gomoku rule renju").empty());
  EXPECT_EQ(send("forbidden"), Lines{"forbidden"});
  // h8 would make two open threes (f8-g8-h8, h6-h7-h8); b1 an overline (a1, c1..f1).
  send("position startpos moves f8 a3 g8 a5 h6 a7 h7 a9 a1 a11 c1 a13 d1 m3 e1 m5 f1 m7");
  EXPECT_EQ(send("forbidden"), Lines{"forbidden b1 h8"});
  const Lines rejected = send("position startpos moves f8 a3 g8 a5 h6 a7 h7 a9 h8");
  ASSERT_EQ(rejected.size(), 1u);
  EXPECT_TRUE(contains(rejected[0], "'h8' (move 9") && contains(rejected[0], "double-three")) << rejected[0];
  // A rejected position leaves none to ask about until a valid one.
  const Lines none = send("forbidden");
  ASSERT_EQ(none.size(), 1u);
  EXPECT_TRUE(starts_with(none[0], "info string error no position")) << none[0];
  send("position startpos moves f8 a3 g8 a5 h6 a7 h7 a9 a1 a11 c1 a13 d1 m3 e1 m5 f1 m7");
  EXPECT_EQ(send("forbidden"), Lines{"forbidden b1 h8"});
  const Lines legal = legal_moves();
  EXPECT_EQ(std::count(legal.begin(), legal.end(), "h8"), 0);
  EXPECT_EQ(std::count(legal.begin(), legal.end(), "b1"), 0);
  EXPECT_EQ(legal.size(), 225u - 18 - 2);
  // White to move: White has no forbidden points.
  send("position startpos moves f8 a3 g8 a5 h6 a7 h7 a9 a1 a11 c1 a13 d1 m3 e1 m5 f1 m7 o15");
  EXPECT_EQ(send("forbidden"), Lines{"forbidden"});
  // The same stones under freestyle: nothing is forbidden.
  send("newgame gomoku");
  send("position startpos moves f8 a3 g8 a5 h6 a7 h7 a9 a1 a11 c1 a13 d1 m3 e1 m5 f1 m7");
  EXPECT_EQ(send("forbidden"), Lines{"forbidden"});
}

TEST_F(NativeLoopTest, GomokuResultNamesTheFiveAndGoPlaysAtEverySize) {
  send("newgame gomoku size 9 rule standard");
  send("position startpos moves a1 a2 b1 b2 c1 c2 d1 d2 e1");
  EXPECT_EQ(send("result"), Lines{"result x line a1 b1 c1 d1 e1"});
  EXPECT_EQ(send("query result"), Lines{"response p1win"});
  for (const std::string size : {"5", "15", "22"}) {
    send("newgame gomoku size " + size);
    send("position startpos moves c3");
    const Lines legal = legal_moves();
    const std::string move = best_move(run("go depth 2"));
    EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << size << ": " << move;
  }
  EXPECT_EQ(send("newgame gomoku size 23"), Lines{"info string error gomoku size must be 5..22, not 23"});
}

TEST_F(NativeLoopTest, QueryAnswers) {
  EXPECT_EQ(send("query gameover"), Lines{"response false"});
  EXPECT_EQ(send("query p1turn"), Lines{"response true"});
  EXPECT_EQ(send("query result"), Lines{"response none"});

  send("position startpos moves b2");
  EXPECT_EQ(send("query p1turn"), Lines{"response false"});

  send("position startpos moves a1 a2 b1 b2 c1");
  EXPECT_EQ(send("query gameover"), Lines{"response true"});
  EXPECT_EQ(send("query result"), Lines{"response p1win"});

  send("position startpos moves a1 b2 a2 a3 c3 c1");
  EXPECT_EQ(send("query result"), Lines{"response p2win"});

  send("position startpos moves a1 b2 c3 b1 b3 a3 c1 c2 a2");
  EXPECT_EQ(send("query gameover"), Lines{"response true"});
  EXPECT_EQ(send("query result"), Lines{"response draw"});
}

TEST_F(NativeLoopTest, QueryErrors) {
  for (std::string_view bad : {"query", "query weather", "query weather now"}) {
    const Lines reply = send(bad);
    ASSERT_EQ(reply.size(), 1u) << bad;
    EXPECT_TRUE(starts_with(reply[0], "info string error query")) << reply[0];
  }
}

TEST_F(NativeLoopTest, LegalListsMovesAndIsEmptyWhenOver) {
  EXPECT_EQ(legal_moves().size(), 9u);
  send("position startpos moves b2 a1");
  EXPECT_EQ(legal_moves().size(), 7u);
  send("position startpos moves a1 a2 b1 b2 c1");
  EXPECT_EQ(send("legal"), Lines{"legal"});
}

TEST_F(NativeLoopTest, EvalPrintsItsTerms) {
  send("position startpos moves b2");
  const Lines reply = send("eval");
  ASSERT_FALSE(reply.empty());
  for (const std::string& line : reply) {
    const Lines w = words(line);
    EXPECT_TRUE(w.size() >= 3 && w[0] == "eval" && is_number(w[1], true)) << line;
  }
  EXPECT_TRUE(contains(reply.back(), "total")) << reply.back();
}

TEST_F(NativeLoopTest, ReversiEvaluationIsTheTrainedOneUnlessSimpleIsChosen) {
  send("newgame reversi");
  send("position startpos moves f5 d6");
  const Lines pattern = send("eval");
  ASSERT_FALSE(pattern.empty());
  EXPECT_TRUE(contains(pattern.front(), "pattern corner 3x3")) << joined(pattern);
  EXPECT_TRUE(send("setoption name Evaluation value simple").empty());
  const Lines simple = send("eval");
  ASSERT_FALSE(simple.empty());
  EXPECT_TRUE(contains(simple.front(), "mobility (side to move)")) << joined(simple);
  EXPECT_FALSE(send("setoption name Evaluation value clever").empty());
}

TEST_F(NativeLoopTest, BadEvalFileIsAnErrorAndKeepsTheWeights) {
  send("newgame reversi");
  send("position startpos moves f5 d6");
  const Lines before = send("eval");
  const Lines missing = send("setoption name EvalFile value /nonexistent/weights.bin");
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_TRUE(starts_with(missing[0], "info string error reversi evaluation weights: ")) << missing[0];
  EXPECT_TRUE(contains(missing[0], "not found")) << missing[0];
  // A file that is not a weights file.
  const std::string junk = ::testing::TempDir() + "narabe_junk_weights.bin";
  std::ofstream(junk) << "this is not a weights file at all, but it is long enough";
  const Lines corrupt = send("setoption name EvalFile value " + junk);
  ASSERT_EQ(corrupt.size(), 1u);
  EXPECT_TRUE(contains(corrupt[0], "bad magic")) << corrupt[0];
  std::remove(junk.c_str());
  EXPECT_EQ(send("eval"), before);
  // The shipped file by its default name loads again.
  EXPECT_TRUE(send("setoption name EvalFile value reversi_eval.bin").empty());
}

TEST_F(NativeLoopTest, TheShippedBookAnswersOnceBookFileNamesItAndOwnBookOrABadFileChangesThat) {
  send("newgame reversi");
  send("position startpos moves f5");
  // No book by default: the engine searches.
  const Lines searched = run("go movetime 50");
  ASSERT_GE(searched.size(), 2u) << joined(searched);
  EXPECT_FALSE(contains(searched.front(), " nodes 0 ")) << searched.front();
  // The shipped book, by its name: at once, no node searched, a line of its depth.
  EXPECT_TRUE(send("setoption name BookFile value reversi_book.bin").empty());
  const Lines book = run("go movetime 20000");
  ASSERT_EQ(book.size(), 2u) << joined(book);
  EXPECT_TRUE(contains(book[0], " nodes 0 ")) << book[0];
  EXPECT_TRUE(starts_with(book[1], "bestmove ")) << book[1];
  // A bad file is an error, and the book held stays.
  const Lines missing = send("setoption name BookFile value /nonexistent/book.bin");
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_TRUE(starts_with(missing[0], "info string error reversi opening book: ")) << missing[0];
  EXPECT_TRUE(contains(missing[0], "not found")) << missing[0];
  EXPECT_TRUE(contains(missing[0], "; keeping the previous one")) << missing[0];
  const std::string junk = ::testing::TempDir() + "narabe_junk_book.bin";
  std::ofstream(junk) << "this is not a book file at all, but it is long enough";
  const Lines corrupt = send("setoption name BookFile value " + junk);
  ASSERT_EQ(corrupt.size(), 1u);
  EXPECT_TRUE(contains(corrupt[0], "bad magic")) << corrupt[0];
  std::remove(junk.c_str());
  const Lines again = run("go movetime 20000");
  ASSERT_EQ(again.size(), 2u) << joined(again);
  EXPECT_TRUE(contains(again[0], " nodes 0 ")) << again[0];
  EXPECT_EQ(again[1], book[1]);
  // OwnBook off, or the book unset: the engine searches.
  for (const char* off : {"setoption name OwnBook value false", "setoption name BookFile value <empty>"}) {
    EXPECT_TRUE(send(off).empty());
    const Lines lines = run("go movetime 50");
    ASSERT_GE(lines.size(), 2u) << joined(lines);
    EXPECT_FALSE(contains(lines.front(), " nodes 0 ")) << off << ": " << lines.front();
    EXPECT_TRUE(send("setoption name OwnBook value true").empty());
    EXPECT_TRUE(send("setoption name BookFile value reversi_book.bin").empty());
  }
  EXPECT_TRUE(send("setoption name BookFile value <empty>").empty());
}

TEST(ReversiEvalFile, MissingOrEmptyFileIsAnError) {
  EXPECT_FALSE(load_reversi_weights("").ok());
  const auto missing = load_reversi_weights("/nonexistent/reversi_eval.bin");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("not found"), std::string::npos);
  const std::string empty = ::testing::TempDir() + "narabe_empty_weights.bin";
  std::ofstream{empty};
  const auto truncated = load_reversi_weights(empty);
  ASSERT_FALSE(truncated.ok());
  EXPECT_NE(truncated.error().find("truncated"), std::string::npos) << truncated.error();
  std::remove(empty.c_str());
}

// The node count of bench's last line, "bench <nodes> nodes <nps> nps"; empty if malformed.
std::string bench_signature(const Lines& reply) {
  if (reply.empty()) return {};
  const Lines w = words(reply.back());
  if (w.size() != 5 || w[0] != "bench" || !is_number(w[1]) || w[2] != "nodes" || !is_number(w[3]) || w[4] != "nps")
    return {};
  return w[1];
}

TEST_F(NativeLoopTest, BenchEndsWithASignatureThatRepeats) {
  std::string signatures[2];
  for (std::string& signature : signatures) {
    const Lines reply = run("bench");
    ASSERT_FALSE(reply.empty());
    signature = bench_signature(reply);
    ASSERT_FALSE(signature.empty()) << reply.back();
    EXPECT_NE(signature, "0");
    // Every other line is an info string about one position.
    for (std::size_t i = 0; i + 1 < reply.size(); ++i)
      EXPECT_TRUE(starts_with(reply[i], "info string bench ")) << reply[i];
  }
  EXPECT_EQ(signatures[0], signatures[1]);
}

TEST_F(NativeLoopTest, BenchStoppedSaysItsTotalIsPartial) {
  const Lines full = run("bench");
  ASSERT_FALSE(bench_signature(full).empty());
  for (const std::string& line : full) EXPECT_EQ(line.find("stopped"), std::string::npos) << line;

  ASSERT_TRUE(loop_.handle_line("bench"));
  loop_.handle_line("stop");
  wait_until_idle();
  const Lines cut = out_.take();
  ASSERT_GE(cut.size(), 2U);
  EXPECT_EQ(cut[cut.size() - 2], "info string bench stopped; the total is partial");
  const std::string partial = bench_signature(cut);
  ASSERT_FALSE(partial.empty()) << cut.back();
  EXPECT_LT(std::stoull(partial), std::stoull(bench_signature(full)));
}

TEST_F(NativeLoopTest, BenchIsNotDisturbedByTheGameState) {
  // The node count is a signature of the search alone, whatever was played before.
  const Lines fresh = run("bench");
  send("position startpos moves b2 a1");
  run("go depth 4");
  const Lines after_play = run("bench");
  ASSERT_FALSE(bench_signature(fresh).empty());
  EXPECT_EQ(bench_signature(fresh), bench_signature(after_play));
}

// ---- errors, quit ----

TEST_F(NativeLoopTest, UnknownCommandGetsExactlyOneError) {
  EXPECT_EQ(send("frobnicate now please"), Lines{"info string error unknown command frobnicate"});
  EXPECT_EQ(send("UCI"), Lines{"info string error unknown command UCI"}) << "commands are case-sensitive";
}

TEST_F(NativeLoopTest, UnknownCommandIsEchoedSafely) {
  const Lines reply = send(std::string_view("bad\x01\x7f"));
  ASSERT_EQ(reply.size(), 1u);
  EXPECT_EQ(reply[0], "info string error unknown command bad??");
}

TEST_F(NativeLoopTest, OverlongLineGetsOneError) {
  loop_.handle_overlong_line(1 << 20);
  const Lines reply = out_.take();
  ASSERT_EQ(reply.size(), 1u);
  EXPECT_TRUE(starts_with(reply[0], "info string error ")) << reply[0];
  EXPECT_TRUE(contains(reply[0], std::to_string(1 << 20))) << reply[0];
  // And the loop goes on as before.
  EXPECT_EQ(send("isready"), Lines{"readyok"});
}

TEST_F(NativeLoopTest, QuitReturnsFalse) {
  EXPECT_TRUE(loop_.handle_line("isready"));
  EXPECT_FALSE(loop_.handle_line("quit"));
}

TEST_F(NativeLoopTest, QuitDuringGoInfiniteStopsTheSearch) {
  ASSERT_TRUE(loop_.handle_line("go infinite"));
  EXPECT_FALSE(loop_.handle_line("quit"));
  EXPECT_FALSE(loop_.searching());
}

// Connect Four at Level max: the solver proves the position through the protocol.
TEST_F(NativeLoopTest, Connect4MaxProvesAWinAndShowsEveryColumnWithMultiPv) {
  send("newgame connect4");
  send("position startpos moves 4 4 4 4 4 2 2 3 3 5 5 6 6 1 1 7");
  const Lines reply = run("go movetime 20000");
  ASSERT_GE(reply.size(), 2u) << joined(reply);
  const std::string& last_info = reply[reply.size() - 2];
  EXPECT_NE(last_info.find(" score mate 3 "), std::string::npos) << joined(reply);
  EXPECT_EQ(last_info.find("bound"), std::string::npos) << "the last line is exact: " << last_info;
  EXPECT_EQ(best_move(reply), "2");

  send("setoption name MultiPV value 7");
  const Lines all = run("go movetime 20000");
  for (int k = 1; k <= 7; ++k)
    EXPECT_EQ(count_starting_with(all, "info depth 26 seldepth 26 multipv " + std::to_string(k) + " score mate"), 1u)
        << k << "\n" << joined(all);
  EXPECT_EQ(best_move(all), "2");
}

TEST_F(NativeLoopTest, Connect4FromTheStartTheBookAnswersFourWithAProvenWin) {
  send("newgame connect4");
  send("position startpos");
  const Lines reply = run("go movetime 100");
  ASSERT_GE(reply.size(), 2u) << joined(reply);
  EXPECT_NE(reply[reply.size() - 2].find(" score mate 21 "), std::string::npos) << joined(reply);
  EXPECT_EQ(best_move(reply), "4");
  // Without the book the same short search cannot prove it, but still answers in time.
  send("setoption name OwnBook value false");
  const Lines unproven = run("go movetime 100");
  EXPECT_FALSE(best_move(unproven).empty());
  send("setoption name OwnBook value true");
}

TEST_F(NativeLoopTest, Connect4MaxUnderADepthLimitSearchesThatDeepInsteadOfProving) {
  // A horizon short of the game's end: the depth-limited search, bounded like
  // any other `go depth` (tournaments rely on it), not the proof.
  send("newgame connect4");
  send("position startpos moves 4 4 3");
  const Lines shallow = run("go depth 4");
  ASSERT_GE(shallow.size(), 2u) << joined(shallow);
  EXPECT_EQ(count_starting_with(shallow, "info depth 4 "), 1u) << joined(shallow);
  EXPECT_EQ(count_starting_with(shallow, "info depth 5 "), 0u) << joined(shallow);
  EXPECT_EQ(shallow[shallow.size() - 2].find("mate"), std::string::npos) << joined(shallow);
  // A depth that reaches the end of the game still proves.
  send("position startpos moves 4 4 4 4 4 2 2 3 3 5 5 6 6 1 1 7");
  const Lines deep = run("go depth 26");
  ASSERT_GE(deep.size(), 2u) << joined(deep);
  EXPECT_NE(deep[deep.size() - 2].find(" score mate 3 "), std::string::npos) << joined(deep);
}

TEST_F(NativeLoopTest, Connect4OtherBoardSizesPlay) {
  send("newgame connect4 width 9 height 5");
  EXPECT_EQ(fen(), "9/9/9/9/9 x");
  const Lines reply = run("go movetime 200");
  const std::string move = best_move(reply);
  const Lines legal = legal_moves();
  EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << move;
  // A finished game answers at once with (none).
  send("newgame connect4 width 4 height 4");
  send("position startpos moves 1 2 1 2 1 2 1");
  EXPECT_EQ(best_move(run("go movetime 1000")), "(none)");
}

}  // namespace
}  // namespace narabe::server
