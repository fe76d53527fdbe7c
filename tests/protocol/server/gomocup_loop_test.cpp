// Tests of protocol/server/gomocup_loop.h: the Gomocup loop driven in-process, its
// replies captured by server::CapturedOutput; its coordinate, rule and time helpers;
// and the front door (server.h) choosing it by the first line.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "engine/search/time_manager.h"
#include "narabe/version.h"
#include "protocol/server/gomocup_loop.h"
#include "protocol/server/output_channel.h"
#include "tests/protocol/server/loop_test_support.h"
#include "tests/support/text.h"

namespace narabe::server {
namespace {

using test_text::joined;
using test_text::starts_with;

using Lines = std::vector<std::string>;

// ABOUT's answer, with the project's version (cmake/version.h.in).
const std::string kAbout = fmt::format(R"(name="narabe", version="{}", author="the narabe developers")", kVersion);



// The lines that are not MESSAGE / DEBUG chatter (what a manager reads as replies).
Lines replies(const Lines& lines) {
  Lines out;
  for (const std::string& line : lines)
    if (!starts_with(line, "MESSAGE ") && !starts_with(line, "DEBUG ")) out.push_back(line);
  return out;
}

// A renju double-three at h8 (7,7): black h7 h9 g8 i8, white far away, black to
// move. In play order; the brain is black (field 1).
const Lines kDoubleThreeBoard = {"7,8,1", "0,14,2", "7,6,1", "0,12,2", "6,7,1", "14,14,2", "8,7,1", "14,12,2"};

class GomocupLoopTest : public testing::Test {
 protected:
  void SetUp() override {
    send("INFO max_memory 70000000");  // a small table: quick to clear
    send("INFO timeout_turn 200");
    ASSERT_EQ(send("START 15"), Lines{"OK"});
  }

  Lines send(std::string_view line) { return testing_support::send_line(loop_, out_, line); }
  // Sends `line` and waits for the search it starts to end.
  Lines run(std::string_view line) { return testing_support::run_line(loop_, out_, line, "YXSTOP"); }

  // BOARD (or YXBOARD) with `stones`, then DONE.
  Lines board(const Lines& stones, std::string_view command = "BOARD") {
    EXPECT_EQ(send(command), Lines{});
    for (const std::string& stone : stones) EXPECT_EQ(send(stone), Lines{}) << stone;
    return run("DONE");
  }

  // The move of a reply, checked to be one point of the board.
  static GomocupPoint move_of(const Lines& lines) {
    const Lines answer = replies(lines);
    EXPECT_EQ(answer.size(), 1u) << joined(lines);
    if (answer.empty()) return {-1, -1};
    const auto point = parse_gomocup_point(answer.back());
    EXPECT_TRUE(point) << answer.back();
    if (!point) return {-1, -1};
    EXPECT_TRUE(point->x >= 0 && point->x < 15 && point->y >= 0 && point->y < 15) << answer.back();
    return *point;
  }

  std::string fen() const { return loop_.session()->position().fen(); }

  CapturedOutput out_;  // declared first: outlives the loop's search thread
  GomocupLoop loop_{out_};
};

TEST(GomocupCoordinatesTest, XIsTheFileAndYCountsRowsFromTheTop) {
  EXPECT_EQ(gomocup_point_to_cell({0, 0}, 15), "a15");
  EXPECT_EQ(gomocup_point_to_cell({7, 7}, 15), "h8");
  EXPECT_EQ(gomocup_point_to_cell({14, 14}, 15), "o1");
  EXPECT_EQ(gomocup_point_to_cell({19, 0}, 20), "t20");
  EXPECT_EQ(cell_to_gomocup_point("a15", 15), (GomocupPoint{0, 0}));
  EXPECT_EQ(cell_to_gomocup_point("o1", 15), (GomocupPoint{14, 14}));
  EXPECT_EQ(cell_to_gomocup_point("p1", 15), std::nullopt);
  EXPECT_EQ(cell_to_gomocup_point("a16", 15), std::nullopt);
  EXPECT_EQ(cell_to_gomocup_point("(none)", 15), std::nullopt);
  EXPECT_EQ(parse_gomocup_point("10,11"), (GomocupPoint{10, 11}));
  EXPECT_EQ(parse_gomocup_point(" 10 , 11 "), (GomocupPoint{10, 11}));
  EXPECT_EQ(parse_gomocup_point("10"), std::nullopt);
  EXPECT_EQ(parse_gomocup_point("10,11,1"), std::nullopt);
  EXPECT_EQ(parse_gomocup_point("a,b"), std::nullopt);
  EXPECT_EQ(parse_gomocup_point("10,"), std::nullopt);
}

TEST(GomocupRuleTest, BitsChooseTheRule) {
  std::int64_t ignored = -1;
  EXPECT_EQ(gomocup_rule(0, ignored), "freestyle");
  EXPECT_EQ(ignored, 0);
  EXPECT_EQ(gomocup_rule(1, ignored), "standard");
  EXPECT_EQ(gomocup_rule(2, ignored), "renju");  // Yixin-Board's and Rapfi's renju
  EXPECT_EQ(gomocup_rule(4, ignored), "renju");
  EXPECT_EQ(gomocup_rule(5, ignored), "renju");
  EXPECT_EQ(ignored, 0);
  EXPECT_EQ(gomocup_rule(9, ignored), "standard");
  EXPECT_EQ(ignored, 8);  // caro is not played
}

// The deadlines a plan gives the search (search::plan_time), for black to move.
search::Deadlines deadlines(const GomocupLimits& limits, std::int64_t spent_ms = 0) {
  return search::plan_time(plan_gomocup_search(limits, core::Side::kFirst, spent_ms), core::Side::kFirst);
}

TEST(GomocupTimeTest, TheTurnAndTheMatchClockBothLimitTheMove) {
  GomocupLimits limits;
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kFirst).movetime, 5000 - 30 - 250);  // nothing said: 5 s
  limits.timeout_turn = 1000;
  const search::SearchLimits turn_only = plan_gomocup_search(limits, core::Side::kFirst);
  EXPECT_EQ(turn_only.movetime, 1000 - 30 - 50);
  EXPECT_FALSE(turn_only.time[0] || turn_only.time[1]);
  EXPECT_FALSE(deadlines(limits).adjustable);  // a turn time alone is spent as given

  // The match clock is planned like a `go` clock (less 50 ms kept back), capped by
  // the turn: soft and hard deadlines, both within the turn's limit.
  limits.time_left = 3050;
  const search::SearchLimits both = plan_gomocup_search(limits, core::Side::kFirst);
  EXPECT_EQ(both.movetime, 920);
  EXPECT_EQ(both.time[0], 3000);
  EXPECT_FALSE(both.time[1]);
  const search::Deadlines d = deadlines(limits);
  EXPECT_TRUE(d.adjustable);
  EXPECT_EQ(d.hard_ms, (3000 - 10) / 25 * 3);
  EXPECT_EQ(d.soft_ms, (3000 - 10) / 25 / 2);
  // White's clock is the second one.
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kSecond).time[1], 3000);
  // A larger match clock: the turn caps the hard deadline; the soft one is the
  // clock's (30000 - 50 - 10) / 25 / 2.
  limits.time_left = 30000;
  EXPECT_EQ(deadlines(limits).hard_ms, 920);
  EXPECT_EQ(deadlines(limits).soft_ms, (30000 - 50 - 10) / 25 / 2);
  EXPECT_TRUE(deadlines(limits).adjustable);
  // A large one: the turn caps both, and is spent like a movetime.
  limits.time_left = 1'000'000;
  EXPECT_EQ(deadlines(limits).hard_ms, 920);
  EXPECT_EQ(deadlines(limits).soft_ms, 920);
  EXPECT_FALSE(deadlines(limits).adjustable);

  limits.time_left = 2147483647;  // unlimited: the turn alone
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kFirst).movetime, 920);
  EXPECT_FALSE(plan_gomocup_search(limits, core::Side::kFirst).time[0]);

  limits.time_left.reset();
  limits.timeout_turn.reset();
  limits.max_node = 5000;
  limits.max_depth = 7;
  const search::SearchLimits yixin = plan_gomocup_search(limits, core::Side::kFirst);
  EXPECT_EQ(yixin.nodes, 5000u);
  EXPECT_EQ(yixin.depth, 7);
  EXPECT_FALSE(yixin.movetime);
}

TEST(GomocupTimeTest, NoTimeToSearchMeansOnePlyAtOnce) {
  GomocupLimits limits;
  limits.timeout_turn = 0;  // as fast as possible
  const search::SearchLimits fast = plan_gomocup_search(limits, core::Side::kFirst);
  EXPECT_EQ(fast.depth, 1);
  EXPECT_FALSE(fast.movetime);
  EXPECT_FALSE(fast.time[0]);
  limits.max_depth = 9;
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kFirst).depth, 1);

  // Out of match time, or a turn the margins use up: one ply too, never a move
  // chosen without looking (the first point of the board).
  for (std::int64_t left : {-500, 0, 60, 150}) {
    GomocupLimits out;
    out.timeout_turn = 5000;
    out.time_left = left;
    const search::SearchLimits plan = plan_gomocup_search(out, core::Side::kFirst);
    EXPECT_EQ(plan.depth, 1) << left;
    EXPECT_FALSE(plan.movetime) << left;
    EXPECT_FALSE(plan.time[0]) << left;
  }
  GomocupLimits tiny;
  tiny.timeout_turn = 40;
  EXPECT_EQ(plan_gomocup_search(tiny, core::Side::kFirst).depth, 1);
}

TEST(GomocupTimeTest, TimeSpentBeforeTheSearchComesOffTheBudget) {
  GomocupLimits limits;
  limits.timeout_turn = 500;
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kFirst, 0).movetime, 500 - 30 - 25);
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kFirst, 100).movetime, 500 - 30 - 25 - 100);
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kFirst, -5).movetime, 500 - 30 - 25);  // clock skew: none
  // All of it spent already: one ply.
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kFirst, 480).depth, 1);
  limits.time_left = 100'000;
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kFirst, 100).time[0], 100'000 - 50 - 100);
  // Whatever was spent, the hard deadline plus what was spent stays inside the
  // turn's margin.
  for (std::int64_t spent : {0, 10, 100, 300, 440}) {
    const search::Deadlines d = deadlines(limits, spent);
    if (d.hard_ms) {
      EXPECT_LE(*d.hard_ms + spent, 500 - 30 - 25) << spent;
    }
  }
}

TEST(GomocupTimeTest, TimeoutMatchAloneIsTheMatchClock) {
  GomocupLimits limits;
  limits.timeout_turn = 30000;
  limits.timeout_match = 180000;
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kFirst).time[0], 180000 - 50);
  limits.match_spent = 20000;  // what this game's searches took
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kFirst).time[0], 160000 - 50);
  limits.time_left = 90000;  // the manager's word wins
  EXPECT_EQ(plan_gomocup_search(limits, core::Side::kFirst).time[0], 90000 - 50);
}

TEST_F(GomocupLoopTest, AboutNamesTheEngine) {
  EXPECT_EQ(send("ABOUT"), Lines{kAbout});
}

TEST_F(GomocupLoopTest, BeginPlaysAMoveOnTheEmptyBoardAndKeepsIt) {
  const GomocupPoint move = move_of(run("BEGIN"));
  ASSERT_EQ(loop_.moves().size(), 1u);
  EXPECT_EQ(loop_.moves()[0], gomocup_point_to_cell(move, 15));
  // A second BEGIN: the board is no longer empty.
  const Lines again = send("BEGIN");
  ASSERT_EQ(again.size(), 1u);
  EXPECT_TRUE(starts_with(again[0], "ERROR ")) << again[0];
  EXPECT_EQ(loop_.moves().size(), 1u);
}

TEST_F(GomocupLoopTest, TurnPlaysTheOpponentsMoveThenAnswers) {
  const GomocupPoint move = move_of(run("TURN 7,7"));
  ASSERT_EQ(loop_.moves().size(), 2u);
  EXPECT_EQ(loop_.moves()[0], "h8");
  EXPECT_EQ(loop_.moves()[1], gomocup_point_to_cell(move, 15));
  EXPECT_NE(move, (GomocupPoint{7, 7}));
  // Rows count from the top: TURN 0,0 is the top-left corner, a15.
  run("TURN 0,0");
  ASSERT_EQ(loop_.moves().size(), 4u);
  EXPECT_EQ(loop_.moves()[2], "a15");
}

TEST_F(GomocupLoopTest, ABadTurnIsAnErrorAndKeepsTheBoard) {
  run("TURN 7,7");
  const std::vector<std::string> moves = loop_.moves();
  const std::string position = fen();
  for (const char* line : {"TURN 7,7", "TURN 15,0", "TURN -1,3", "TURN 3", "TURN a,b", "TURN", "TURN 1,2,3",
                           "TURN 99999999999999999999,1"}) {
    const Lines lines = send(line);
    ASSERT_EQ(lines.size(), 1u) << line << "\n" << joined(lines);
    EXPECT_TRUE(starts_with(lines[0], "ERROR ")) << line << " -> " << lines[0];
    EXPECT_FALSE(loop_.searching()) << line;
  }
  EXPECT_EQ(loop_.moves(), moves);
  EXPECT_EQ(fen(), position);
  // The game goes on from the kept board.
  move_of(run("TURN 0,0"));
  EXPECT_EQ(loop_.moves().size(), moves.size() + 2);
}

TEST_F(GomocupLoopTest, BoardLoadsTheStonesAndAsksForAMove) {
  // Own stones are black when both sides have as many; the brain is to move.
  const GomocupPoint move = move_of(board({"7,7,1", "8,8,2"}));
  ASSERT_EQ(loop_.moves().size(), 3u);
  EXPECT_EQ(loop_.moves()[0], "h8");
  EXPECT_EQ(loop_.moves()[1], "i7");
  EXPECT_EQ(loop_.moves()[2], gomocup_point_to_cell(move, 15));
  // One fewer own stone: the brain is white.
  send("RESTART");
  move_of(board({"7,7,2"}));
  ASSERT_EQ(loop_.moves().size(), 2u);
  EXPECT_EQ(loop_.moves()[0], "h8");
}

TEST_F(GomocupLoopTest, FreestyleBoardTakesTheStonesInAnyOrder) {
  // Black's (own) stones first, then White's: not the play order.
  const Lines lines = board({"7,7,1", "7,8,1", "3,3,2", "4,4,2"});
  move_of(lines);
  ASSERT_EQ(loop_.moves().size(), 5u);
  EXPECT_EQ(Lines(loop_.moves().begin(), loop_.moves().begin() + 4), (Lines{"h8", "d12", "h7", "e11"}));
}

TEST_F(GomocupLoopTest, ABadBoardIsAnErrorAndKeepsTheBoard) {
  run("TURN 7,7");
  const std::vector<std::string> moves = loop_.moves();
  const std::vector<Lines> bad_boards = {
      {"7,7,1", "7,7,2"},           // a point twice
      {"7,7,1", "15,0,2"},          // off the board
      {"7,7,1", "1,1,4"},           // no such field
      {"7,7,1", "nonsense"},        // not X,Y,field
      {"7,7,1", "1,1,1", "2,2,2"},  // two own stones to one: the brain would not be to move
  };
  for (const Lines& stones : bad_boards) {
    const Lines lines = board(stones);
    ASSERT_EQ(lines.size(), 1u) << joined(stones) << joined(lines);
    EXPECT_TRUE(starts_with(lines[0], "ERROR ")) << lines[0];
    EXPECT_EQ(loop_.moves(), moves);
  }
}

TEST_F(GomocupLoopTest, FieldThreeStonesAreLeftOut) {
  const Lines lines = board({"7,7,1", "8,8,2", "1,1,3"});
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return starts_with(l, "MESSAGE "); }));
  move_of(lines);
  EXPECT_EQ(loop_.moves().size(), 3u);
}

TEST_F(GomocupLoopTest, RenjuBoardIsReplayedInTheOrderGiven) {
  send("INFO rule 4");
  // h8 first: legal. h8 last would be a double-three, forbidden for black.
  const Lines in_order = {"7,7,1", "0,14,2", "7,8,1", "0,12,2", "7,6,1", "14,14,2", "6,7,1", "14,12,2", "8,7,1",
                          "14,10,2"};
  board(in_order, "YXBOARD");
  EXPECT_EQ(loop_.rule(), "renju");
  ASSERT_EQ(loop_.moves().size(), 10u);
  EXPECT_EQ(loop_.moves()[0], "h8");
  EXPECT_EQ(loop_.moves()[8], "i8");

  const Lines h8_last = {"7,8,1", "0,14,2", "7,6,1", "0,12,2", "6,7,1", "14,14,2", "8,7,1", "14,12,2", "7,7,1",
                         "14,10,2"};
  const Lines refused = board(h8_last, "YXBOARD");
  ASSERT_EQ(refused.size(), 1u) << joined(refused);
  EXPECT_TRUE(starts_with(refused[0], "ERROR ")) << refused[0];
  EXPECT_EQ(loop_.moves()[0], "h8");  // the board is kept

  // Renju needs the play order: own stones first is refused...
  const Lines grouped = {"7,7,1", "7,8,1", "0,14,2", "0,12,2"};
  const Lines not_in_order = board(grouped, "YXBOARD");
  ASSERT_EQ(not_in_order.size(), 1u) << joined(not_in_order);
  EXPECT_TRUE(starts_with(not_in_order[0], "ERROR ")) << not_in_order[0];
  // ...and under freestyle the same h8-last list is a position like any other.
  send("INFO rule 0");
  EXPECT_EQ(board(h8_last, "YXBOARD"), Lines{});
  EXPECT_EQ(loop_.moves().size(), 10u);
}

TEST_F(GomocupLoopTest, YxShowForbidListsBlacksForbiddenPoints) {
  send("INFO rule 2");  // Yixin-Board's renju
  EXPECT_EQ(board(kDoubleThreeBoard, "YXBOARD"), Lines{});
  const Lines forbid = send("YXSHOWFORBID");
  ASSERT_EQ(forbid.size(), 1u);
  EXPECT_TRUE(starts_with(forbid[0], "FORBID ")) << forbid[0];
  EXPECT_EQ(forbid[0].back(), '.');
  std::string expected = "FORBID ";
  for (const std::string& cell : loop_.session()->position().forbidden_points()) {
    const auto point = cell_to_gomocup_point(cell, 15);
    ASSERT_TRUE(point);
    expected += fmt::format("{:02}{:02}", point->x, point->y);
  }
  EXPECT_EQ(forbid[0], expected + ".");
  EXPECT_NE(forbid[0].find("0707"), std::string::npos) << forbid[0];
  // White to move has none; neither has freestyle.
  run("PLAY 3,3");
  EXPECT_EQ(send("YXSHOWFORBID"), Lines{"FORBID ."});
  send("INFO rule 0");
  board(kDoubleThreeBoard, "YXBOARD");
  EXPECT_EQ(send("YXSHOWFORBID"), Lines{"FORBID ."});
}

TEST_F(GomocupLoopTest, RenjuBlackNeverPlaysAForbiddenPoint) {
  send("INFO rule 4");
  board(kDoubleThreeBoard, "YXBOARD");
  // A move imposed on the brain is checked too.
  const Lines imposed = send("PLAY 7,7");
  ASSERT_EQ(imposed.size(), 1u);
  EXPECT_TRUE(starts_with(imposed[0], "ERROR ")) << imposed[0];
  EXPECT_EQ(loop_.moves().size(), kDoubleThreeBoard.size());
  EXPECT_NE(move_of(board(kDoubleThreeBoard)), (GomocupPoint{7, 7}));
}

TEST_F(GomocupLoopTest, TakebackRemovesTheLastMoveOnly) {
  run("TURN 7,7");
  ASSERT_EQ(loop_.moves().size(), 2u);
  const auto last = cell_to_gomocup_point(loop_.moves()[1], 15);
  ASSERT_TRUE(last);
  // Not the last move: refused.
  const Lines wrong = send("TAKEBACK 7,7");
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_TRUE(starts_with(wrong[0], "ERROR ")) << wrong[0];
  EXPECT_EQ(send("TAKEBACK " + std::to_string(last->x) + "," + std::to_string(last->y)), Lines{"OK"});
  EXPECT_EQ(send("TAKEBACK 7,7"), Lines{"OK"});
  EXPECT_TRUE(loop_.moves().empty());
  const Lines empty = send("TAKEBACK 7,7");
  ASSERT_EQ(empty.size(), 1u);
  EXPECT_TRUE(starts_with(empty[0], "ERROR ")) << empty[0];
}

TEST_F(GomocupLoopTest, PlayImposesTheBrainsMove) {
  run("TURN 7,7");
  send("TAKEBACK " + [&] {
    const auto p = cell_to_gomocup_point(loop_.moves()[1], 15);
    return std::to_string(p->x) + "," + std::to_string(p->y);
  }());
  EXPECT_EQ(send("PLAY 8,8"), Lines{"8,8"});
  EXPECT_EQ(loop_.moves(), (Lines{"h8", "i7"}));
  const Lines occupied = send("PLAY 8,8");
  ASSERT_EQ(occupied.size(), 1u);
  EXPECT_TRUE(starts_with(occupied[0], "ERROR ")) << occupied[0];
}

TEST_F(GomocupLoopTest, StartAndRectStartCheckTheSize) {
  EXPECT_EQ(send("START 20"), Lines{"OK"});
  EXPECT_EQ(loop_.session()->position().variant_description(), "size 20 rule freestyle");
  for (const char* line : {"START 4", "START 23", "START", "START x", "RECTSTART 20,15", "RECTSTART 20"}) {
    const Lines lines = send(line);
    ASSERT_EQ(lines.size(), 1u) << line;
    EXPECT_TRUE(starts_with(lines[0], "ERROR ")) << line << " -> " << lines[0];
  }
  EXPECT_EQ(loop_.session()->position().variant_description(), "size 20 rule freestyle");  // kept
  EXPECT_EQ(send("RECTSTART 17,17"), Lines{"OK"});
  EXPECT_EQ(loop_.session()->position().variant_description(), "size 17 rule freestyle");
}

TEST_F(GomocupLoopTest, RestartClearsTheBoard) {
  run("TURN 7,7");
  const Session* const session = loop_.session();
  EXPECT_EQ(send("RESTART"), Lines{"OK"});
  EXPECT_TRUE(loop_.moves().empty());
  EXPECT_EQ(loop_.session(), session);  // the same size and rule: its tables are reused
  EXPECT_EQ(loop_.session()->position().fen(), "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x");
  move_of(run("BEGIN"));
}

TEST_F(GomocupLoopTest, ThreadNumSearchesOnThatManyThreads) {
  EXPECT_EQ(send("INFO thread_num 2"), Lines{});
  const GomocupPoint move = move_of(run("TURN 7,7"));
  EXPECT_NE(move, (GomocupPoint{7, 7}));
  EXPECT_EQ(send("INFO thread_num 1"), Lines{});
}

TEST_F(GomocupLoopTest, InfoSetsLimitsAndRulesWithoutAReply) {
  EXPECT_EQ(send("INFO timeout_turn 1234"), Lines{});
  EXPECT_EQ(send("INFO timeout_match 60000"), Lines{});
  EXPECT_EQ(send("INFO time_left 50000"), Lines{});
  EXPECT_EQ(send("INFO max_node 100000"), Lines{});
  EXPECT_EQ(send("INFO max_depth 9"), Lines{});
  EXPECT_EQ(send("INFO thread_num 4"), Lines{});
  EXPECT_EQ(send("INFO game_type 1"), Lines{});
  EXPECT_EQ(send("INFO folder /tmp"), Lines{});
  EXPECT_EQ(send("INFO some_future_key 3"), Lines{});
  EXPECT_EQ(send("info Rule 1"), Lines{});
  const GomocupLimits limits = loop_.limits();
  EXPECT_EQ(limits.timeout_turn, 1234);
  EXPECT_EQ(limits.timeout_match, 60000);
  EXPECT_EQ(limits.time_left, 50000);
  EXPECT_EQ(limits.max_node, 100000u);
  EXPECT_EQ(limits.max_depth, 9);
  EXPECT_EQ(loop_.thread_num(), 4);
  // The rule applies from the next command that uses the board.
  EXPECT_EQ(send("RESTART"), Lines{"OK"});
  EXPECT_EQ(loop_.rule(), "standard");
  EXPECT_EQ(loop_.session()->position().variant_description(), "size 15 rule standard");
}

TEST_F(GomocupLoopTest, ABadInfoIsToldBeforeTheNextReply) {
  EXPECT_EQ(send("INFO timeout_turn soon"), Lines{});
  EXPECT_EQ(send("INFO rule 8"), Lines{});
  const Lines lines = send("ABOUT");
  ASSERT_EQ(lines.size(), 3u) << joined(lines);
  EXPECT_TRUE(starts_with(lines[0], "MESSAGE INFO timeout_turn")) << lines[0];
  EXPECT_TRUE(starts_with(lines[1], "MESSAGE INFO rule 8")) << lines[1];
  EXPECT_TRUE(starts_with(lines[2], "name=")) << lines[2];
  EXPECT_EQ(loop_.limits().timeout_turn, 200);  // kept
}

TEST_F(GomocupLoopTest, UnknownCommandsGetUnknown) {
  for (const char* line : {"FOO", "SWAP2BOARD", "isready", "\x01\x02"}) {
    const Lines lines = send(line);
    ASSERT_EQ(lines.size(), 1u) << line;
    EXPECT_TRUE(starts_with(lines[0], "UNKNOWN ")) << lines[0];
  }
  EXPECT_EQ(send(""), Lines{});
  EXPECT_EQ(send("   "), Lines{});
}

TEST_F(GomocupLoopTest, ABoardBeforeStartIsAnError) {
  CapturedOutput out;
  GomocupLoop fresh(out);
  for (const char* line : {"BEGIN", "TURN 1,1", "RESTART", "TAKEBACK 1,1", "YXSHOWFORBID"}) {
    EXPECT_TRUE(fresh.handle_line(line));
    const Lines lines = out.take();
    ASSERT_EQ(lines.size(), 1u) << line;
    EXPECT_TRUE(starts_with(lines[0], "ERROR ")) << lines[0];
  }
}

TEST_F(GomocupLoopTest, YxStopEndsTheSearchWithAMoveAtOnce) {
  send("INFO timeout_turn 600000");
  // Not BEGIN: on the empty board the centre is the only move searched, which is
  // answered at once.
  EXPECT_TRUE(loop_.handle_line("TURN 7,7"));
  EXPECT_TRUE(loop_.searching());
  // Commands that do not touch the board are answered while it thinks.
  EXPECT_EQ(send("INFO time_left 100000"), Lines{});
  const Lines about = send("ABOUT");
  ASSERT_EQ(about.size(), 1u);
  EXPECT_TRUE(starts_with(about[0], "name=")) << about[0];
  const Lines stopped = send("YXSTOP");
  EXPECT_FALSE(loop_.searching());
  const GomocupPoint move = move_of(stopped);
  EXPECT_EQ(loop_.moves(), (Lines{"h8", gomocup_point_to_cell(move, 15)}));
  EXPECT_EQ(send("YXSTOP"), Lines{});  // nothing to stop
}

TEST_F(GomocupLoopTest, EndWhileThinkingEndsAtOnceAndSilently) {
  send("INFO timeout_turn 600000");
  // Not BEGIN: on the empty board the centre is the only move searched, which is
  // answered at once.
  EXPECT_TRUE(loop_.handle_line("TURN 7,7"));
  EXPECT_FALSE(loop_.handle_line("END"));
  EXPECT_FALSE(loop_.searching());
  EXPECT_EQ(out_.take(), Lines{});
}

TEST_F(GomocupLoopTest, EndInsideABoardEndsToo) {
  EXPECT_TRUE(loop_.handle_line("BOARD"));
  EXPECT_TRUE(loop_.handle_line("7,7,1"));
  EXPECT_FALSE(loop_.handle_line("END"));
  EXPECT_EQ(out_.take(), Lines{});
}

TEST_F(GomocupLoopTest, ABoardCommandWhileThinkingIsQueuedBehindTheMove) {
  send("INFO timeout_turn 300");
  EXPECT_TRUE(loop_.handle_line("BEGIN"));
  // RESTART waits for the search without holding up the reader; the move of BEGIN
  // comes first, then RESTART's OK.
  EXPECT_TRUE(loop_.handle_line("RESTART"));
  loop_.wait_idle();
  const Lines lines = replies(out_.take());
  ASSERT_EQ(lines.size(), 2u) << joined(lines);
  EXPECT_TRUE(parse_gomocup_point(lines[0])) << lines[0];
  EXPECT_EQ(lines[1], "OK");
}

TEST_F(GomocupLoopTest, AFinishedGameGetsAnError) {
  // Black (own) has five in a row: the game is over.
  const Lines lines = board({"0,0,1", "0,14,2", "1,0,1", "1,14,2", "2,0,1", "2,14,2", "3,0,1", "3,14,2", "4,0,1",
                             "5,14,2"});
  ASSERT_EQ(lines.size(), 1u) << joined(lines);
  EXPECT_TRUE(starts_with(lines[0], "ERROR ")) << lines[0];
}

using testing_support::serve_text;

TEST(GomocupServeTest, AGomocupCommandFirstChoosesTheGomocupLoop) {
  EXPECT_EQ(serve_text("\nSTART 15\r\nABOUT\nEND\nABOUT\n"),
            (Lines{"OK", kAbout}));
  EXPECT_EQ(serve_text("INFO timeout_turn 100\nSTART 9\nEND\n"), Lines{"OK"});
  EXPECT_EQ(serve_text("ABOUT\n"), Lines{kAbout});
}

TEST(GomocupServeTest, LowercaseWordsKeepTheNativeLoop) {
  EXPECT_EQ(serve_text("start 15\nisready\n"),
            (Lines{"info string error unknown command start", "readyok"}));
}

}  // namespace
}  // namespace narabe::server
