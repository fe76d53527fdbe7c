// Tests of tools/match/match_game.h, with in-process Players that reply from a
// script (no processes, no clocks: every elapsed time is scripted), and of the
// protocol helpers the Players share: the native position/go lines, the move
// deadline, board sizes and Gomocup coordinates.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/text.h"
#include "tools/match/gomocup_player.h"
#include "tools/match/match_game.h"
#include "tools/match/native_player.h"
#include "tools/match/player_io.h"

namespace narabe::match {
namespace {

using test_text::contains;

using games::make_position;
using games::AnyPosition;

using core::Outcome;
using core::Side;
using Words = std::vector<std::string>;


MoveReply reply(std::string move, std::int64_t elapsed_ms = 0) {
  MoveReply r;
  r.move = std::move(move);
  r.elapsed_ms = elapsed_ms;
  return r;
}

MoveReply failed(Termination kind, std::string detail, std::int64_t elapsed_ms = 0) {
  MoveReply r;
  r.failure = Failure{kind, std::move(detail)};
  r.elapsed_ms = elapsed_ms;
  return r;
}

// A Player that answers from a script and remembers what it was asked.
class ScriptedPlayer final : public Player {
 public:
  explicit ScriptedPlayer(std::vector<MoveReply> script) : script_(std::move(script)) {}

  std::optional<Failure> start() override { return std::nullopt; }
  std::optional<Failure> new_game(const std::string& newgame_arguments) override {
    new_games.push_back(newgame_arguments);
    return new_game_failure;
  }
  MoveReply request_move(const MoveRequest& request) override {
    requests.push_back(request);
    if (on_request) on_request();
    if (next_ >= script_.size()) return failed(Termination::kCrash, "the script ran out");
    return script_[next_++];
  }
  void quit() override {}
  bool usable() override { return true; }

  std::optional<Failure> new_game_failure;
  std::function<void()> on_request;
  std::vector<std::string> new_games;
  std::vector<MoveRequest> requests;

 private:
  std::vector<MoveReply> script_;
  std::size_t next_ = 0;
};

// Two scripted players, their limits, and a tic-tac-toe referee.
struct Match {
  Match(std::vector<MoveReply> first, std::vector<MoveReply> second)
      : one(std::move(first)), two(std::move(second)), referee(std::move(*make_position("tictactoe", {}))) {
    limits[0].depth = 3;
    limits[1].depth = 3;
  }
  std::optional<PlayedGame> play() {
    GameSetup setup;
    setup.players[0] = &one;
    setup.players[1] = &two;
    setup.limits[0] = &limits[0];
    setup.limits[1] = &limits[1];
    setup.names[0] = "one";
    setup.names[1] = "two";
    setup.opening = &opening;
    setup.max_plies = max_plies;
    setup.abandon = &abandon;
    return play_game(setup, *referee);
  }

  ScriptedPlayer one, two;
  Limits limits[2];
  Opening opening;
  int max_plies = 0;
  std::atomic<bool> abandon{false};
  std::unique_ptr<AnyPosition> referee;
};

Words moves_of(const GameRecord& r) {
  Words moves;
  for (const auto& m : r.moves) moves.push_back(m.move);
  return moves;
}

// ---------------------------------------------------------------- play_game

TEST(PlayGame, FirstPlayerWinsByTheRules) {
  MoveReply scored = reply("b1", 7);
  scored.score_cp = 250;
  scored.depth = 4;
  scored.nodes = 321;
  Match m({reply("a1", 5), scored, reply("c1", 9)}, {reply("a2", 6), reply("b2", 8)});
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  const GameRecord& r = played->record;
  EXPECT_EQ(r.outcome, Outcome::kFirstWins);
  EXPECT_EQ(r.termination, Termination::kNormal);
  EXPECT_EQ(r.reason, "one wins by the rules");
  EXPECT_EQ(played->failed_side, std::nullopt);
  EXPECT_EQ(moves_of(r), (Words{"a1", "a2", "b1", "b2", "c1"}));
  EXPECT_EQ(r.moves[0].time_ms, 5);
  EXPECT_EQ(r.moves[1].time_ms, 6);
  EXPECT_EQ(r.moves[2], (MoveRecord{"b1", 7, 250, std::nullopt, 4, 321}));
  EXPECT_EQ(r.final_fen, "3/oo1/xxx o");
  EXPECT_EQ(r.winning_line, (Words{"a1", "b1", "c1"}));
  EXPECT_EQ(r.started.size(), 20u);  // 2024-05-01T12:00:00Z
  EXPECT_EQ(r.started.back(), 'Z');
  EXPECT_GE(r.duration_ms, 0);

  EXPECT_EQ(m.one.new_games, Words{"tictactoe"});
  EXPECT_EQ(m.two.new_games, Words{"tictactoe"});
  ASSERT_EQ(m.one.requests.size(), 3u);
  ASSERT_EQ(m.two.requests.size(), 2u);
  EXPECT_EQ(m.one.requests[0].moves, Words{});
  EXPECT_EQ(m.two.requests[0].moves, Words{"a1"});
  EXPECT_EQ(m.one.requests[2].moves, (Words{"a1", "a2", "b1", "b2"}));
  EXPECT_EQ(m.one.requests[0].side_to_move, Side::kFirst);
  EXPECT_EQ(m.two.requests[1].side_to_move, Side::kSecond);
  EXPECT_EQ(m.one.requests[0].newgame_arguments, "tictactoe");
  EXPECT_EQ(m.one.requests[0].start_fen, "");
  EXPECT_EQ(m.one.requests[0].limits, &m.limits[0]);
  EXPECT_EQ(m.two.requests[0].limits, &m.limits[1]);
  // No clock under depth limits.
  EXPECT_EQ(m.one.requests[0].clock_ms[0], std::nullopt);
  EXPECT_EQ(m.one.requests[0].clock_ms[1], std::nullopt);
}

TEST(PlayGame, SecondPlayerWins) {
  Match m({reply("a1"), reply("b1"), reply("a3")}, {reply("a2"), reply("b2"), reply("c2")});
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  EXPECT_EQ(played->record.outcome, Outcome::kSecondWins);
  EXPECT_EQ(played->record.reason, "two wins by the rules");
  EXPECT_EQ(played->record.winning_line, (Words{"a2", "b2", "c2"}));
}

TEST(PlayGame, Draw) {
  Match m({reply("a1"), reply("c3"), reply("b3"), reply("c1"), reply("a2")},
          {reply("b2"), reply("b1"), reply("a3"), reply("c2")});
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  EXPECT_EQ(played->record.outcome, Outcome::kDraw);
  EXPECT_EQ(played->record.termination, Termination::kNormal);
  EXPECT_EQ(played->record.reason, "draw by the rules");
  EXPECT_EQ(played->record.moves.size(), 9u);
  EXPECT_TRUE(played->record.winning_line.empty());
  EXPECT_EQ(played->failed_side, std::nullopt);
}

TEST(PlayGame, IllegalMoveLosesForTheMover) {
  Match m({reply("a1"), reply("c3")}, {reply("a1")});
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  const GameRecord& r = played->record;
  EXPECT_EQ(r.outcome, Outcome::kFirstWins);
  EXPECT_EQ(r.termination, Termination::kIllegalMove);
  EXPECT_EQ(played->failed_side, 1);
  EXPECT_EQ(r.reason, "two (second player) illegal move: 'a1' in 3/3/x2 o: cell a1 is occupied");
  EXPECT_EQ(moves_of(r), Words{"a1"});
  EXPECT_EQ(r.final_fen, "3/3/x2 o");  // the refused move changed nothing
  EXPECT_EQ(m.one.requests.size(), 1u);
}

TEST(PlayGame, UnreadableMoveByTheFirstPlayer) {
  Match m({reply("e2e4")}, {});
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  EXPECT_EQ(played->record.outcome, Outcome::kSecondWins);
  EXPECT_EQ(played->record.termination, Termination::kIllegalMove);
  EXPECT_EQ(played->failed_side, 0);
  EXPECT_TRUE(contains(played->record.reason, "one (first player) illegal move: 'e2e4' in 3/3/3 x"))
      << played->record.reason;
  EXPECT_TRUE(played->record.moves.empty());
}

TEST(PlayGame, LongIllegalMovesAreShortenedInTheReason) {
  Match m({reply(std::string(100, 'z'))}, {});
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  EXPECT_TRUE(contains(played->record.reason, "'" + std::string(40, 'z') + "' in"));
  EXPECT_FALSE(contains(played->record.reason, std::string(41, 'z')));
}

TEST(PlayGame, FailureReplyLosesForTheFailingSide) {
  Match m({reply("a1"), failed(Termination::kCrash, "exited with code 1 while we waited for bestmove")},
          {reply("b2")});
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  const GameRecord& r = played->record;
  EXPECT_EQ(r.outcome, Outcome::kSecondWins);
  EXPECT_EQ(r.termination, Termination::kCrash);
  EXPECT_EQ(played->failed_side, 0);
  EXPECT_EQ(r.reason, "one (first player) crash: exited with code 1 while we waited for bestmove");
  EXPECT_EQ(moves_of(r), (Words{"a1", "b2"}));
  EXPECT_EQ(r.final_fen, "3/1o1/x2 x");

  Match second({reply("a1")}, {failed(Termination::kWatchdog, "no bestmove")});
  auto watchdog = second.play();
  ASSERT_TRUE(watchdog.has_value());
  EXPECT_EQ(watchdog->record.outcome, Outcome::kFirstWins);
  EXPECT_EQ(watchdog->record.termination, Termination::kWatchdog);
  EXPECT_EQ(watchdog->failed_side, 1);
  EXPECT_EQ(watchdog->record.reason, "two (second player) watchdog: no bestmove");
}

TEST(PlayGame, ClocksRunDownAndGainTheIncrement) {
  Match m({reply("a1", 300), reply("b1", 100), reply("c1", 10)}, {reply("a2", 200), reply("b2", 1000)});
  for (Limits& l : m.limits) {
    l = Limits{};
    l.base_ms = 1000;
    l.increment_ms = 100;
    l.margin_ms = 50;
  }
  m.limits[1].base_ms = 2000;  // time odds
  m.limits[1].increment_ms = 0;
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  ASSERT_EQ(m.one.requests.size(), 3u);
  ASSERT_EQ(m.two.requests.size(), 2u);
  auto clocks = [](const MoveRequest& r) { return std::make_pair(r.clock_ms[0], r.clock_ms[1]); };
  using Clocks = std::pair<std::optional<std::int64_t>, std::optional<std::int64_t>>;
  EXPECT_EQ(clocks(m.one.requests[0]), (Clocks{1000, 2000}));
  EXPECT_EQ(clocks(m.two.requests[0]), (Clocks{800, 2000}));   // 1000 - 300 + 100
  EXPECT_EQ(clocks(m.one.requests[1]), (Clocks{800, 1800}));   // 2000 - 200
  EXPECT_EQ(clocks(m.two.requests[1]), (Clocks{800, 1800}));   // 800 - 100 + 100
  EXPECT_EQ(clocks(m.one.requests[2]), (Clocks{800, 800}));    // 1800 - 1000
  EXPECT_EQ(m.one.requests[0].increment_ms[0], 100);
  EXPECT_EQ(m.one.requests[0].increment_ms[1], 0);
  EXPECT_EQ(played->record.outcome, Outcome::kFirstWins);
  EXPECT_EQ(played->record.termination, Termination::kNormal);
  EXPECT_EQ(played->failed_side, std::nullopt);
}

TEST(PlayGame, TimeForfeitPastClockAndMargin) {
  // X: 1000 - 300 + 100 = 800 left; then 851 ms is 51 past its clock, beyond the 50 ms margin.
  Match m({reply("a1", 300), reply("b1", 851)}, {reply("a2", 10)});
  for (Limits& l : m.limits) {
    l = Limits{};
    l.base_ms = 1000;
    l.increment_ms = 100;
    l.margin_ms = 50;
  }
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  const GameRecord& r = played->record;
  EXPECT_EQ(r.outcome, Outcome::kSecondWins);
  EXPECT_EQ(r.termination, Termination::kTimeForfeit);
  EXPECT_EQ(played->failed_side, 0);
  EXPECT_EQ(r.reason, "one (first player) time forfeit: used 851 ms, 51 ms past its clock");
  EXPECT_EQ(moves_of(r), (Words{"a1", "a2"}));  // the late move is not played
}

TEST(PlayGame, WithinTheMarginIsInTime) {
  // 850 ms on an 800 ms clock ends exactly at the margin: in time, and the
  // increment comes on top of the overdraft (-50 + 100).
  Match m({reply("a1", 300), reply("b1", 850), reply("c1", 0)}, {reply("a2", 10), reply("b2", 10)});
  for (Limits& l : m.limits) {
    l = Limits{};
    l.base_ms = 1000;
    l.increment_ms = 100;
    l.margin_ms = 50;
  }
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  EXPECT_EQ(played->record.termination, Termination::kNormal);
  ASSERT_EQ(m.one.requests.size(), 3u);
  EXPECT_EQ(m.one.requests[2].clock_ms[0], 50);
}

TEST(PlayGame, SecondPlayerTimeForfeit) {
  Match m({reply("a1", 0)}, {reply("b2", 1201)});
  m.limits[1] = Limits{};
  m.limits[1].base_ms = 1000;
  m.limits[1].margin_ms = 200;
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  EXPECT_EQ(played->record.outcome, Outcome::kFirstWins);
  EXPECT_EQ(played->record.termination, Termination::kTimeForfeit);
  EXPECT_EQ(played->failed_side, 1);
  EXPECT_EQ(played->record.reason, "two (second player) time forfeit: used 1201 ms, 201 ms past its clock");
  // Only the second player has a clock; the first is under depth.
  EXPECT_EQ(m.one.requests[0].clock_ms[0], std::nullopt);
  EXPECT_EQ(m.one.requests[0].clock_ms[1], 1000);
}

TEST(PlayGame, MovetimeExceeded) {
  Match in_time({reply("a1", 150), reply("b1", 0), reply("c1", 0)}, {reply("a2", 0), reply("b2", 0)});
  in_time.limits[0] = Limits{};
  in_time.limits[0].movetime_ms = 100;
  in_time.limits[0].margin_ms = 50;
  auto ok = in_time.play();
  ASSERT_TRUE(ok.has_value());
  EXPECT_EQ(ok->record.termination, Termination::kNormal);
  EXPECT_EQ(ok->record.outcome, Outcome::kFirstWins);

  Match late({reply("a1", 151)}, {});
  late.limits[0] = Limits{};
  late.limits[0].movetime_ms = 100;
  late.limits[0].margin_ms = 50;
  auto played = late.play();
  ASSERT_TRUE(played.has_value());
  EXPECT_EQ(played->record.outcome, Outcome::kSecondWins);
  EXPECT_EQ(played->record.termination, Termination::kTimeForfeit);
  EXPECT_EQ(played->failed_side, 0);
  EXPECT_EQ(played->record.reason, "one (first player) time forfeit: used 151 ms of a 100 ms movetime");
  EXPECT_TRUE(played->record.moves.empty());
}

TEST(PlayGame, MaxPliesAdjudicatesADraw) {
  Match m({reply("a1"), reply("b1"), reply("c3")}, {reply("a2"), reply("b2")});
  m.max_plies = 4;
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  EXPECT_EQ(played->record.outcome, Outcome::kDraw);
  EXPECT_EQ(played->record.termination, Termination::kAdjudicated);
  EXPECT_EQ(played->record.reason, "draw adjudicated after 4 plies");
  EXPECT_EQ(moves_of(played->record), (Words{"a1", "a2", "b1", "b2"}));
  EXPECT_EQ(played->failed_side, std::nullopt);
  EXPECT_EQ(m.one.requests.size(), 2u);  // never asked for the fifth ply

  // A game the rules end on the last allowed ply keeps its result.
  Match won({reply("a1"), reply("b1"), reply("c1")}, {reply("a2"), reply("b2")});
  won.max_plies = 5;
  auto rules = won.play();
  ASSERT_TRUE(rules.has_value());
  EXPECT_EQ(rules->record.outcome, Outcome::kFirstWins);
  EXPECT_EQ(rules->record.termination, Termination::kNormal);
}

TEST(PlayGame, MaxPliesCountsOnlyTheGamesOwnMoves) {
  Match m({reply("c3"), reply("a3")}, {reply("c1"), reply("b3")});
  m.opening = Opening{"", {"a1", "b2"}};
  m.max_plies = 3;
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  EXPECT_EQ(played->record.termination, Termination::kAdjudicated);
  EXPECT_EQ(moves_of(played->record), (Words{"c3", "c1", "a3"}));
}

TEST(PlayGame, AbandonedGamesAreNotScored) {
  Match before({reply("a1")}, {reply("b2")});
  before.abandon = true;
  EXPECT_FALSE(before.play().has_value());
  EXPECT_TRUE(before.one.requests.empty());

  Match during({reply("a1"), reply("b1")}, {reply("b2"), reply("c3")});
  during.two.on_request = [&] { during.abandon = true; };
  EXPECT_FALSE(during.play().has_value());
  EXPECT_EQ(during.one.requests.size(), 1u);
  EXPECT_EQ(during.two.requests.size(), 1u);
}

TEST(PlayGame, OpeningMovesComeFirst) {
  Match m({reply("c3"), reply("a3"), reply("a2")}, {reply("c1"), reply("b3")});
  m.opening = Opening{"", {"a1", "b2"}};
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  ASSERT_FALSE(m.one.requests.empty());
  EXPECT_EQ(m.one.requests[0].moves, (Words{"a1", "b2"}));
  EXPECT_EQ(m.one.requests[0].start_fen, "");
  EXPECT_EQ(m.two.requests[0].moves, (Words{"a1", "b2", "c3"}));
  // The record holds the game's own moves; the opening is the caller's to fill in.
  EXPECT_EQ(moves_of(played->record), (Words{"c3", "c1", "a3", "b3", "a2"}));
  EXPECT_EQ(played->record.outcome, Outcome::kFirstWins);
  EXPECT_EQ(played->record.winning_line, (Words{"a1", "a2", "a3"}));
  EXPECT_TRUE(played->record.opening.moves.empty());
}

TEST(PlayGame, OddOpeningLetsTheSecondPlayerMoveFirst) {
  Match m({reply("b1"), reply("c1")}, {reply("a1"), reply("a2")});
  m.opening = Opening{"x2/3/3 o", {}};  // x on a3, o to move
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  ASSERT_FALSE(m.two.requests.empty());
  EXPECT_EQ(m.two.requests[0].start_fen, "x2/3/3 o");
  EXPECT_EQ(m.two.requests[0].side_to_move, Side::kSecond);
  EXPECT_EQ(m.two.requests[0].moves, Words{});
  EXPECT_EQ(m.one.requests[0].moves, Words{"a1"});
  EXPECT_EQ(moves_of(played->record).front(), "a1");
}

TEST(PlayGame, BadOpeningIsAbandoned) {
  Match m({reply("a1")}, {reply("b2")});
  m.opening = Opening{"", {"a1", "a1"}};
  EXPECT_FALSE(m.play().has_value());
  EXPECT_TRUE(m.one.new_games.empty());
}

TEST(PlayGame, NewGameFailureLosesForThatSide) {
  Match m({reply("a1")}, {reply("b2")});
  m.two.new_game_failure = Failure{Termination::kStall, "no readyok after newgame within the time-out"};
  auto played = m.play();
  ASSERT_TRUE(played.has_value());
  EXPECT_EQ(played->record.outcome, Outcome::kFirstWins);
  EXPECT_EQ(played->record.termination, Termination::kStall);
  EXPECT_EQ(played->failed_side, 1);
  EXPECT_EQ(played->record.reason, "two (second player) stall: no readyok after newgame within the time-out");
  EXPECT_TRUE(played->record.moves.empty());
  EXPECT_TRUE(m.one.requests.empty());
  EXPECT_EQ(played->record.final_fen, "3/3/3 x");

  Match first({reply("a1")}, {reply("b2")});
  first.one.new_game_failure = Failure{Termination::kCrash, "gone"};
  auto lost = first.play();
  ASSERT_TRUE(lost.has_value());
  EXPECT_EQ(lost->record.outcome, Outcome::kSecondWins);
  EXPECT_EQ(lost->failed_side, 0);
  EXPECT_TRUE(first.two.new_games.empty());  // side 1 was never told
}

// ---------------------------------------------------------------- native lines

MoveRequest request_with(const Limits& limits) {
  MoveRequest r;
  r.limits = &limits;
  return r;
}

TEST(NativeCommands, Position) {
  Limits limits;
  MoveRequest r = request_with(limits);
  EXPECT_EQ(position_command(r), "position startpos");
  r.moves = {"a1", "b2"};
  EXPECT_EQ(position_command(r), "position startpos moves a1 b2");
  r.start_fen = "3/1x1/3 o";
  r.moves = {};
  EXPECT_EQ(position_command(r), "position fen 3/1x1/3 o");
  r.moves = {"a1"};
  EXPECT_EQ(position_command(r), "position fen 3/1x1/3 o moves a1");
}

TEST(NativeCommands, Go) {
  Limits limits;
  limits.base_ms = 1000;
  MoveRequest r = request_with(limits);
  r.clock_ms[0] = 1000;
  r.clock_ms[1] = 2000;
  r.increment_ms[0] = 100;
  EXPECT_EQ(go_command(r), "go wtime 1000 winc 100 btime 2000");
  r.increment_ms[1] = 50;
  r.clock_ms[0] = -20;  // an overdrawn clock is sent as 0
  EXPECT_EQ(go_command(r), "go wtime 0 winc 100 btime 2000 binc 50");
  r.clock_ms[0] = std::nullopt;
  EXPECT_EQ(go_command(r), "go btime 2000 binc 50");

  Limits fixed;
  fixed.movetime_ms = 250;
  fixed.depth = 7;
  fixed.nodes = 5000;
  EXPECT_EQ(go_command(request_with(fixed)), "go movetime 250 depth 7 nodes 5000");
  Limits depth;
  depth.depth = 2;
  EXPECT_EQ(go_command(request_with(depth)), "go depth 2");
  EXPECT_EQ(go_command(request_with(Limits{})), "go");
}

// ---------------------------------------------------------------- deadlines

TEST(MoveDeadline, ClockMovetimeAndWatchdog) {
  using std::chrono::milliseconds;
  PlayerTimeouts timeouts;
  timeouts.watchdog = milliseconds(9000);

  Limits limits;
  limits.margin_ms = 100;
  MoveRequest r = request_with(limits);
  EXPECT_EQ(move_deadline(r, timeouts), milliseconds(9000));  // no time limit: the watchdog

  r.clock_ms[0] = 1000;
  r.clock_ms[1] = 300;
  EXPECT_EQ(move_deadline(r, timeouts), milliseconds(1100));
  r.side_to_move = Side::kSecond;
  EXPECT_EQ(move_deadline(r, timeouts), milliseconds(400));
  r.clock_ms[1] = -50;
  EXPECT_EQ(move_deadline(r, timeouts), milliseconds(100));

  limits.movetime_ms = 200;
  r.clock_ms[1] = 5000;
  EXPECT_EQ(move_deadline(r, timeouts), milliseconds(300));  // the smaller of clock and movetime
  r.clock_ms[1] = 150;
  EXPECT_EQ(move_deadline(r, timeouts), milliseconds(250));
  r.clock_ms[1] = std::nullopt;
  EXPECT_EQ(move_deadline(r, timeouts), milliseconds(300));
  r.clock_ms[0] = 10;  // the other side's clock does not count
  EXPECT_EQ(move_deadline(r, timeouts), milliseconds(300));
}

TEST(BoardSize, FromVariantOrGame) {
  EXPECT_EQ(board_size_of("tictactoe"), 3);
  EXPECT_EQ(board_size_of("gomoku"), 15);
  EXPECT_EQ(board_size_of("renju"), 15);
  EXPECT_EQ(board_size_of("reversi"), 8);
  EXPECT_EQ(board_size_of("othello"), 8);
  EXPECT_EQ(board_size_of("gomoku size 19"), 19);
  EXPECT_EQ(board_size_of("gomoku rule 1 size 20"), 20);
  EXPECT_EQ(board_size_of("gomoku size x"), 15);
  EXPECT_EQ(board_size_of("connect4 width 7 height 6"), std::nullopt);
  EXPECT_EQ(board_size_of("go size 9"), 9);
  EXPECT_EQ(board_size_of(""), std::nullopt);
  EXPECT_EQ(board_size_of("chess"), std::nullopt);
}

// ---------------------------------------------------------------- Gomocup cells

TEST(GomocupCells, Conversions) {
  // Gomocup's y counts from the top row; narabe's ranks from the bottom.
  EXPECT_EQ(cell_to_gomocup("h8", 15), "7,7");
  EXPECT_EQ(cell_to_gomocup("a1", 15), "0,14");
  EXPECT_EQ(cell_to_gomocup("a15", 15), "0,0");
  EXPECT_EQ(cell_to_gomocup("o15", 15), "14,0");
  EXPECT_EQ(cell_to_gomocup("c1", 3), "2,2");
  EXPECT_EQ(gomocup_to_cell("7,7", 15), "h8");
  EXPECT_EQ(gomocup_to_cell("0,0", 15), "a15");
  EXPECT_EQ(gomocup_to_cell("14,14", 15), "o1");
  EXPECT_EQ(gomocup_to_cell(" 3 , 4 \r", 15), "d11");
  EXPECT_EQ(gomocup_to_cell("2,0", 3), "c3");
}

TEST(GomocupCells, RoundTripsEveryCell) {
  for (const int size : {3, 15, 20}) {
    for (int x = 0; x < size; ++x) {
      for (int y = 0; y < size; ++y) {
        const std::string coords = std::to_string(x) + "," + std::to_string(y);
        const auto cell = gomocup_to_cell(coords, size);
        ASSERT_TRUE(cell.has_value()) << coords;
        EXPECT_EQ(cell_to_gomocup(*cell, size), coords);
      }
    }
  }
}

TEST(GomocupCells, Rejects) {
  for (const char* bad : {"", "h", "H8", "8h", "h0", "h-1", "hx", "h8x", "h 8", "#1", "h+8"})
    EXPECT_EQ(cell_to_gomocup(bad, 15), std::nullopt) << bad;
  EXPECT_EQ(cell_to_gomocup("p1", 15), std::nullopt);   // off the board
  EXPECT_EQ(cell_to_gomocup("a16", 15), std::nullopt);
  for (const char* bad : {"", "7", "7;7", "7,", ",7", "a,b", "-1,0", "0,-1", "15,0", "0,15", "7,7,7", "1.5,2",
                          "7 7", "x,7"})
    EXPECT_EQ(gomocup_to_cell(bad, 15), std::nullopt) << bad;
  EXPECT_EQ(gomocup_to_cell("26,0", 30), std::nullopt);  // no letter past z
  EXPECT_EQ(gomocup_to_cell("25,29", 30), "z1");
  EXPECT_EQ(gomocup_to_cell("3,0", 3), std::nullopt);
}

}  // namespace
}  // namespace narabe::match
