// Tests of protocol/server/nboard_loop.h: the NBoard loop driven in-process, its
// replies captured by server::CapturedOutput; and of the front door (server.h)
// choosing it by the first line.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/core/score.h"
#include "engine/core/transposition_table.h"
#include "protocol/server/line_reader.h"
#include "protocol/server/nboard_loop.h"
#include "protocol/server/output_channel.h"
#include "protocol/server/server.h"
#include "protocol/server/session_factory.h"
#include "tests/protocol/server/loop_test_support.h"
#include "tests/support/text.h"

namespace narabe::server {
namespace {

using test_text::joined;
using test_text::starts_with;
using test_text::words;

using Lines = std::vector<std::string>;

constexpr std::string_view kStartBoard = "8 ---------------------------O*------*O--------------------------- *";
// White (O) to move must pass; black can move (docs/reversi.md).
constexpr std::string_view kPassBoard = "8 ----O***----O-*---O-O*O*-OOOO-O----OOOO---O--------------------- O";
// Nobody can move: white has won.
constexpr std::string_view kOverBoard = "8 ---------------------------OO------OO--------------------------- *";

std::string ggf(std::string_view board, std::string_view moves = "") {
  return "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[a]PW[b]RE[?]TI[15:00]TY[8]BO[" + std::string(board) +
         "]" + std::string(moves) + ";)";
}




// Reversi's fen after `moves` (Reversi notation) from the start.
std::string reversi_fen_after(const std::vector<std::string>& moves) {
  core::TranspositionTable table(1);
  auto session = create_session("reversi", {}, table);
  EXPECT_TRUE((*session)->set_position(std::nullopt, moves));
  return (*session)->position().fen();
}

// "D6" -> "d6", "PA" -> "pass".
std::string to_reversi(std::string_view nboard) {
  if (nboard == "PA") return "pass";
  std::string out(nboard);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_eval(std::string_view text) {
  if (!text.empty() && text.front() == '-') text.remove_prefix(1);
  const std::size_t dot = text.find('.');
  return dot != std::string_view::npos && dot > 0 && text.size() == dot + 3 &&
         std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || c == '.'; });
}

class NBoardLoopTest : public testing::Test {
 protected:
  // One loop for the suite (it allocates the default table); SetUp resets it.
  struct Engine {
    CapturedOutput out;  // declared first: outlives the loop's search thread
    NBoardLoop loop{out};
  };
  static void SetUpTestSuite() { engine_ = new Engine; }
  static void TearDownTestSuite() {
    delete engine_;
    engine_ = nullptr;
  }
  void SetUp() override {
    loop_.handle_line("ping 0");
    loop_.handle_line("set depth 4");
    loop_.handle_line("set game " + ggf(kStartBoard));
    ASSERT_FALSE(loop_.searching());
    out_.take();
  }

  static inline Engine* engine_ = nullptr;
  CapturedOutput& out_ = engine_->out;
  NBoardLoop& loop_ = engine_->loop;

  Lines send(std::string_view line) { return testing_support::send_line(loop_, out_, line); }
  Lines run(std::string_view line) { return testing_support::run_line(loop_, out_, line, "ping 99"); }

  std::vector<std::string> legal() const { return loop_.session().position().legal_moves(); }
};

TEST_F(NBoardLoopTest, GreetingNamesTheEngine) {
  EXPECT_EQ(send("nboard 2"), Lines{"set myname narabe"});
}

TEST_F(NBoardLoopTest, SetGameLoadsTheBoardAndPlaysItsMoves) {
  EXPECT_EQ(send("set game " + ggf(kStartBoard, "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4]")), Lines{});
  EXPECT_EQ(loop_.session().position().fen(), reversi_fen_after({"f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"}));
}

TEST_F(NBoardLoopTest, GoAnswersALegalMoveWithEvalAndTimeAndKeepsTheBoard) {
  send("set game " + ggf(kStartBoard, "B[F5]W[F6]B[D3]W[C5]"));
  const std::string fen = loop_.session().position().fen();
  const std::vector<std::string> moves = legal();
  const Lines lines = run("go");
  ASSERT_GE(lines.size(), 4u) << joined(lines);
  EXPECT_EQ(lines.front(), "status thinking");
  EXPECT_EQ(lines.back(), "status");
  const auto answer = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return starts_with(l, "=== "); });
  ASSERT_NE(answer, lines.end()) << joined(lines);
  const std::string reply = answer->substr(4);
  const std::size_t slash = reply.find('/');
  const std::size_t slash2 = reply.rfind('/');
  ASSERT_NE(slash, std::string::npos);
  ASSERT_NE(slash, slash2) << reply;
  const std::string move = reply.substr(0, slash);
  EXPECT_EQ(move.size(), 2u);
  EXPECT_NE(std::find(moves.begin(), moves.end(), to_reversi(move)), moves.end()) << reply;
  EXPECT_TRUE(is_eval(reply.substr(slash + 1, slash2 - slash - 1))) << reply;
  EXPECT_TRUE(is_eval(reply.substr(slash2 + 1))) << reply;
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return starts_with(l, "nodestats "); }),
            1);
  EXPECT_EQ(loop_.session().position().fen(), fen);  // go does not play its move
}

TEST_F(NBoardLoopTest, HintGivesOneSearchLinePerMoveAsked) {
  send("set game " + ggf(kStartBoard, "B[F5]W[F6]B[D3]W[C5]"));
  const std::vector<std::string> moves = legal();
  ASSERT_GE(moves.size(), 3u);
  const Lines lines = run("hint 3");
  EXPECT_EQ(lines.front(), "status thinking");
  EXPECT_EQ(lines.back(), "status");
  std::set<std::string> seen;
  for (const std::string& line : lines) {
    if (!starts_with(line, "search ")) continue;
    const Lines w = words(line);
    ASSERT_EQ(w.size(), 5u) << line;
    const std::string first = to_reversi(w[1].substr(0, 2));
    EXPECT_NE(std::find(moves.begin(), moves.end(), first), moves.end()) << line;
    seen.insert(first);
    EXPECT_TRUE(is_eval(w[2])) << line;
    EXPECT_EQ(w[3], "0") << line;
    EXPECT_EQ(w[4], "4") << line;
  }
  EXPECT_EQ(seen.size(), 3u) << joined(lines);
}

TEST_F(NBoardLoopTest, HintForMoreMovesThanThereAreGivesEveryMove) {
  const Lines lines = run("hint 10");  // 4 moves at the start
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return starts_with(l, "search "); }),
            4)
      << joined(lines);
}

TEST_F(NBoardLoopTest, PingStopsASearchAndPongsAfterItsReplies) {
  send("set depth 60");
  send("set game " + ggf(kStartBoard, "B[F5]W[F6]B[D3]W[C5]"));
  EXPECT_TRUE(loop_.handle_line("go"));
  const Lines lines = send("ping 7");
  EXPECT_FALSE(loop_.searching());
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "pong 7");
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return starts_with(l, "=== "); }), 1)
      << joined(lines);
}

TEST_F(NBoardLoopTest, PingWhileIdleIsAnsweredAtOnce) {
  EXPECT_EQ(send("ping 12"), Lines{"pong 12"});
  EXPECT_EQ(send("ping"), Lines{"pong"});
}

TEST_F(NBoardLoopTest, MovePlaysAMoveInAnyOfNBoardsForms) {
  EXPECT_EQ(send("move F5"), Lines{});
  EXPECT_EQ(send("move f6/-1.50/2.25"), Lines{});
  EXPECT_EQ(send("D3"), Lines{});  // NBoard 1.1's bare move
  EXPECT_EQ(loop_.session().position().fen(), reversi_fen_after({"f5", "f6", "d3"}));
}

TEST_F(NBoardLoopTest, PassIsPA) {
  send("set game " + ggf(kPassBoard));
  EXPECT_EQ(legal(), std::vector<std::string>{"pass"});
  const Lines lines = run("go");
  EXPECT_NE(std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return starts_with(l, "=== PA/"); }),
            lines.end())
      << joined(lines);
  EXPECT_EQ(send("move PA"), Lines{});
  EXPECT_EQ(loop_.session().position().side_to_move(), core::Side::kFirst);
}

TEST_F(NBoardLoopTest, IllegalMovesAreOneStatusErrorAndKeepTheBoard) {
  const std::string fen = loop_.session().position().fen();
  for (std::string_view line : {"move A1", "move PA", "move Z9", "move", "move F5F5", "move D4"}) {
    const Lines lines = send(line);
    ASSERT_EQ(lines.size(), 1u) << line << "\n" << joined(lines);
    EXPECT_TRUE(starts_with(lines[0], "status error: ")) << lines[0];
    EXPECT_EQ(loop_.session().position().fen(), fen) << line;
  }
}

TEST_F(NBoardLoopTest, BadGamesAreOneStatusErrorAndKeepThePosition) {
  send("move F5");
  const std::string fen = loop_.session().position().fen();
  const std::vector<std::string> bad = {
      "set game",
      "set game garbage",
      "set game (;GM[Othello]BO[8 ---;)",
      "set game " + ggf(kStartBoard, "B[F5]B[F6]"),
      "set game " + ggf(kStartBoard, "B[A1]"),  // well-formed, illegal in Reversi
      "set game " + ggf("8 ---------------------------O-------*O--------------------------- *"),  // empty centre
      "set game " + std::string(60000, '('),
  };
  for (const std::string& line : bad) {
    const Lines lines = send(line);
    ASSERT_EQ(lines.size(), 1u) << line.substr(0, 80) << "\n" << joined(lines);
    EXPECT_TRUE(starts_with(lines[0], "status error: ")) << lines[0];
    EXPECT_LE(lines[0].size(), 300u);
    EXPECT_EQ(loop_.session().position().fen(), fen) << line.substr(0, 80);
  }
}

TEST_F(NBoardLoopTest, SetDepthAndContempt) {
  EXPECT_EQ(send("set depth 9"), Lines{});
  EXPECT_EQ(loop_.depth(), 9);
  EXPECT_EQ(send("set depth 1000"), Lines{});
  EXPECT_EQ(loop_.depth(), NBoardLoop::kMaxDepth);
  for (std::string_view line : {"set depth 0", "set depth x", "set depth"}) {
    const Lines lines = send(line);
    ASSERT_EQ(lines.size(), 1u) << line;
    EXPECT_TRUE(starts_with(lines[0], "status error: ")) << lines[0];
  }
  EXPECT_EQ(loop_.depth(), NBoardLoop::kMaxDepth);
  EXPECT_EQ(send("set contempt 3"), Lines{});
  EXPECT_EQ(loop_.contempt(), 3);
}

TEST_F(NBoardLoopTest, SetThreadsSearchesOnThemAndSaysWhatItKept) {
  EXPECT_EQ(send("set threads 1"), Lines{"status Threads 1; searches run on 1 thread"});
  const Lines two = send("set threads 2");
  ASSERT_EQ(two.size(), 1u) << joined(two);
  EXPECT_TRUE(starts_with(two[0], "status Threads 2")) << two[0];
  // A search on them answers as usual.
  send("set game " + ggf(kStartBoard, "B[F5]W[F6]B[D3]W[C5]"));
  const Lines lines = run("go");
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return starts_with(l, "=== "); }), 1)
      << joined(lines);
  for (std::string_view bad : {"set threads 0", "set threads x", "set threads", "set threads 1025"}) {
    const Lines reply = send(bad);
    ASSERT_EQ(reply.size(), 1u) << bad;
    EXPECT_TRUE(starts_with(reply[0], "status error: ")) << reply[0];
  }
  send("set threads 1");
}

TEST_F(NBoardLoopTest, UnknownLinesAndAnalyzeAreIgnoredSilently) {
  const std::string fen = loop_.session().position().fen();
  for (std::string_view line : {"analyze", "isready", "uci", "frobnicate 1 2", "set myname x", "set",
                                "\x01\x02\xff", "   "})
    EXPECT_EQ(send(line), Lines{}) << line;
  loop_.handle_overlong_line(1 << 20);
  EXPECT_EQ(out_.take(), Lines{});
  EXPECT_EQ(loop_.session().position().fen(), fen);
}

TEST_F(NBoardLoopTest, LearnIsAnswered) { EXPECT_EQ(send("learn"), Lines{"learned"}); }

TEST_F(NBoardLoopTest, GoAndHintOnAFinishedGame) {
  send("set game " + ggf(kOverBoard));
  const Lines go = send("go");
  ASSERT_EQ(go.size(), 1u) << joined(go);
  EXPECT_TRUE(starts_with(go[0], "status error: "));
  EXPECT_EQ(send("hint 2"), (Lines{"status thinking", "status"}));
  EXPECT_FALSE(loop_.searching());
}

TEST(NBoardEvalTest, HundredthsOfADiscBecomeDiscs) {
  EXPECT_EQ(format_nboard_eval(125), "1.25");
  EXPECT_EQ(format_nboard_eval(-50), "-0.50");
  EXPECT_EQ(format_nboard_eval(0), "0.00");
  EXPECT_EQ(format_nboard_eval(core::win_in(5)), "64.00");
  EXPECT_EQ(format_nboard_eval(core::loss_in(4)), "-64.00");
}

using testing_support::serve_text;

TEST(NBoardServeTest, FirstLineNboardChoosesTheNBoardLoop) {
  const Lines lines = serve_text("\n  \nnboard 2\nset depth 2\nisready\nping 1\n");
  EXPECT_EQ(lines, (Lines{"set myname narabe", "pong 1"}));
}

TEST(NBoardServeTest, AnyOtherFirstLineKeepsTheNativeLoop) {
  EXPECT_EQ(serve_text("isready\nnboard 2\n"),
            (Lines{"readyok", "info string error unknown command nboard"}));
  EXPECT_EQ(serve_text("nboardx\nisready\n"),
            (Lines{"info string error unknown command nboardx", "readyok"}));
  EXPECT_EQ(serve_text(""), Lines{});
}

}  // namespace
}  // namespace narabe::server
