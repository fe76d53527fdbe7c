// Tests of tools/gui/app/controller.h with an in-process fake engine: turns,
// input while busy, undo, stale replies, scores, messages, engine failure.

#include "tools/gui/app/controller.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/tools/gui/fake_engine_link.h"

namespace narabe::gui {
namespace {

using test_fakes::FakeEngineLink;

// Past any animation.
constexpr double kLater = 5.0;

struct Fixture {
  explicit Fixture(Settings settings) : controller(settings, engine, sound) {
    controller.handle({CommandKind::kStart}, 0);
  }
  void settle(double& now) {
    now += kLater;
    controller.update(now);
    now += kLater;
    controller.update(now);
  }
  FakeEngineLink engine;
  RecordingSoundSink sound;
  Controller controller;
};

Settings connect4_against_engine() {
  Settings s;
  s.game = GameKind::kConnect4;
  return s;
}

bool has(const std::vector<std::string>& events, const std::string& word) {
  return std::find(events.begin(), events.end(), word) != events.end();
}

TEST(Controller, PersonMovesThenTheEngineIsAskedAfterTheAnimation) {
  Fixture f(connect4_against_engine());
  double now = 0;
  EXPECT_EQ(f.controller.message(), "Your move");
  f.controller.handle({CommandKind::kDropColumn, 3}, now);
  f.controller.update(now);
  ASSERT_TRUE(f.controller.animation().has_value());
  EXPECT_EQ(f.controller.animation()->cell, (CellPos{3, 5}));
  EXPECT_TRUE(f.engine.requests.empty()) << "the engine waits for the disc to land";
  f.settle(now);
  EXPECT_TRUE(has(f.sound.events, "stone-first"));
  ASSERT_EQ(f.engine.requests.size(), 1u);
  EXPECT_EQ(f.engine.requests[0].moves, std::vector<std::string>{"4"});
  EXPECT_EQ(f.engine.requests[0].newgame, "connect4 width 7 height 6");
  EXPECT_EQ(f.engine.requests[0].level, "normal");
  EXPECT_TRUE(f.controller.thinking());
  f.engine.info(9, 35);
  f.engine.answer("4");
  f.settle(now);
  EXPECT_EQ(f.controller.board().board().at(3, 4), 'o');
  EXPECT_EQ(f.controller.last_move(), (CellPos{3, 4}));
  EXPECT_EQ(f.controller.evaluation(), "-0.35");  // +0.35 for the engine is -0.35 for you
  EXPECT_LT(f.controller.evaluation_share(), 0.5);
  EXPECT_EQ(f.controller.depth(), 9);
  EXPECT_EQ(f.controller.message(), "Your move");
  EXPECT_TRUE(has(f.sound.events, "stone-second"));
}

TEST(Controller, InputWhileBusyIsIgnoredNotQueued) {
  Fixture f(connect4_against_engine());
  double now = 0;
  f.controller.handle({CommandKind::kDropColumn, 0}, now);
  f.controller.handle({CommandKind::kDropColumn, 1}, now);  // during the fall
  f.settle(now);
  f.controller.handle({CommandKind::kDropColumn, 2}, now);  // during the engine's turn
  f.engine.answer("7");
  f.settle(now);
  EXPECT_EQ(f.controller.moves(), (std::vector<std::string>{"1", "7"}));
}

TEST(Controller, StaleReplyAfterUndoIsDropped) {
  Fixture f(connect4_against_engine());
  double now = 0;
  f.controller.handle({CommandKind::kDropColumn, 0}, now);
  f.settle(now);
  ASSERT_EQ(f.engine.requests.size(), 1u);
  f.controller.handle({CommandKind::kUndo}, now);
  EXPECT_EQ(f.engine.cancels, 1);
  EXPECT_TRUE(f.controller.moves().empty());
  f.engine.answer("1");  // the answer to the position that is gone
  f.settle(now);
  EXPECT_EQ(f.controller.dropped_replies(), 1);
  EXPECT_TRUE(f.controller.moves().empty());
  EXPECT_EQ(f.controller.message(), "Your move");
}

TEST(Controller, UndoTakesBackYourMoveAndTheReply) {
  Fixture f(connect4_against_engine());
  double now = 0;
  f.controller.handle({CommandKind::kDropColumn, 0}, now);
  f.settle(now);
  f.engine.answer("2");
  f.settle(now);
  f.controller.handle({CommandKind::kDropColumn, 2}, now);
  f.settle(now);
  f.engine.answer("4");
  f.settle(now);
  f.controller.handle({CommandKind::kUndo}, now);
  EXPECT_EQ(f.controller.moves(), (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(f.controller.last_move(), (CellPos{1, 5}));
  f.controller.handle({CommandKind::kUndo}, now);
  f.controller.handle({CommandKind::kUndo}, now);
  EXPECT_TRUE(f.controller.moves().empty());
  EXPECT_EQ(f.controller.message(), "Nothing to undo");
}

TEST(Controller, FullColumnIsRefusedWithAMessage) {
  Settings s = connect4_against_engine();
  s.mode = Mode::kTwoPeople;
  Fixture f(s);
  double now = 0;
  for (int i = 0; i < 6; ++i) {
    f.controller.handle({CommandKind::kPlayCell, 0, 3}, now);
    f.settle(now);
  }
  f.controller.handle({CommandKind::kDropColumn, 0}, now);
  EXPECT_EQ(f.controller.message(), "Column full");
  EXPECT_TRUE(has(f.sound.events, "refused"));
  EXPECT_EQ(f.controller.moves().size(), 6u);
  EXPECT_TRUE(f.engine.requests.empty());
}

TEST(Controller, RenjuForbiddenPointIsNamed) {
  Settings s;
  s.game = GameKind::kGomoku;
  s.rule = GomokuRule::kRenju;
  s.mode = Mode::kTwoPeople;
  Fixture f(s);
  double now = 0;
  // Black g8 h8 i9 i10: i8 would make two open threes.
  for (const char* cell : {"h8", "a1", "g8", "a3", "i9", "a5", "i10", "a7"}) {
    const CellPos pos{cell[0] - 'a', 15 - std::stoi(cell + 1)};
    f.controller.handle({CommandKind::kPlayCell, pos.file, pos.row}, now);
    f.settle(now);
  }
  const auto forbidden = f.controller.forbidden_hints();
  EXPECT_NE(std::find(forbidden.begin(), forbidden.end(), CellPos{8, 7}), forbidden.end());
  f.controller.handle({CommandKind::kPlayCell, 8, 7}, now);
  EXPECT_EQ(f.controller.message(), "Forbidden point (double-three)");
}

TEST(Controller, WinIsScoredOnceAndUndoTakesTheScoreBack) {
  Settings s;
  s.game = GameKind::kTicTacToe;
  Fixture f(s);
  double now = 0;
  const auto play = [&](int file, int row, const char* reply) {
    f.controller.handle({CommandKind::kPlayCell, file, row}, now);
    f.settle(now);
    if (reply != nullptr) {
      f.engine.answer(reply);
      f.settle(now);
    }
  };
  play(0, 2, "a2");     // a1
  play(1, 2, "b2");     // b1
  play(2, 2, nullptr);  // c1: three in a row
  EXPECT_EQ(f.controller.message(), "You win!");
  EXPECT_EQ(f.controller.score(GameKind::kTicTacToe).person, 1);
  EXPECT_EQ(f.controller.winning_cells().size(), 3u);
  EXPECT_TRUE(has(f.sound.events, "win"));
  f.settle(now);
  EXPECT_EQ(f.controller.score(GameKind::kTicTacToe).person, 1);
  f.controller.handle({CommandKind::kUndo}, now);
  EXPECT_EQ(f.controller.score(GameKind::kTicTacToe).person, 0);
  EXPECT_TRUE(f.controller.winning_cells().empty());
  EXPECT_EQ(f.controller.score(GameKind::kConnect4).person, 0);
}

TEST(Controller, EngineFirstAndEngineWins) {
  Settings s;
  s.game = GameKind::kTicTacToe;
  s.first = FirstMover::kEngine;
  Fixture f(s);
  double now = 0;
  f.controller.update(now);
  ASSERT_EQ(f.engine.requests.size(), 1u);
  for (const char* reply : {"a1", "b1", "c1"}) {
    f.engine.answer(reply);
    f.settle(now);
    if (f.controller.game_over()) break;
    f.controller.handle({CommandKind::kPlayCell, f.controller.moves().size() == 1 ? 0 : 1, 0}, now);
    f.settle(now);
  }
  EXPECT_EQ(f.controller.message(), "Engine wins");
  EXPECT_EQ(f.controller.score(GameKind::kTicTacToe).engine, 1);
  EXPECT_TRUE(has(f.sound.events, "loss"));
}

TEST(Controller, EngineFailureKeepsTheGameAndRestartAsksAgain) {
  Fixture f(connect4_against_engine());
  double now = 0;
  f.controller.handle({CommandKind::kDropColumn, 3}, now);
  f.settle(now);
  f.engine.crash("the engine was killed (signal 9)");
  f.settle(now);
  EXPECT_TRUE(f.controller.engine_failed());
  EXPECT_NE(f.controller.message().find("Press R"), std::string::npos);
  EXPECT_EQ(f.controller.moves().size(), 1u);
  EXPECT_EQ(f.engine.requests.size(), 1u) << "no new request to a dead engine";
  f.controller.handle({CommandKind::kRestartEngine}, now);
  EXPECT_EQ(f.engine.starts, 1);
  f.settle(now);
  ASSERT_EQ(f.engine.requests.size(), 2u);
  EXPECT_EQ(f.engine.requests[1].moves, std::vector<std::string>{"4"});
}

TEST(Controller, IllegalEngineMoveIsNotPlayed) {
  Fixture f(connect4_against_engine());
  double now = 0;
  f.controller.handle({CommandKind::kDropColumn, 3}, now);
  f.settle(now);
  f.engine.answer("9");
  f.settle(now);
  EXPECT_TRUE(f.controller.engine_failed());
  EXPECT_EQ(f.controller.moves().size(), 1u);
}

TEST(Controller, ReversiFlipsOneAfterAnotherWithTheChainCue) {
  Settings s;
  s.game = GameKind::kReversi;
  s.mode = Mode::kTwoPeople;
  Fixture f(s);
  double now = 0;
  EXPECT_EQ(f.controller.move_hints().size(), 4u);
  f.controller.handle({CommandKind::kPlayCell, 3, 2}, now);  // d3 flips d4
  ASSERT_TRUE(f.controller.animation().has_value());
  ASSERT_EQ(f.controller.animation()->flips.size(), 1u);
  EXPECT_EQ(f.controller.animation()->flips[0].cell, (CellPos{3, 3}));
  f.settle(now);
  EXPECT_TRUE(has(f.sound.events, "flips 1"));
  EXPECT_EQ(f.controller.message(), "White to move");
}

TEST(Controller, PersonWithNoReversiMovePassesAutomaticallyWithTheMessage) {
  Settings s;
  s.game = GameKind::kReversi;
  Fixture f(s);
  double now = 0;
  // d3 c3 e6 d2 d1 e1 b2 c1 leaves x (the person) without a legal move.
  const std::vector<std::pair<CellPos, std::string>> game = {
      {{3, 2}, "c3"}, {{4, 5}, "d2"}, {{3, 0}, "e1"}, {{1, 1}, "c1"}};
  for (const auto& [cell, reply] : game) {
    f.controller.handle({CommandKind::kPlayCell, cell.file, cell.row}, now);
    f.settle(now);
    f.engine.answer(reply);
    f.settle(now);
  }
  EXPECT_EQ(f.controller.message(), "Reversi: no legal move, you pass");
  ASSERT_FALSE(f.controller.moves().empty());
  EXPECT_EQ(f.controller.moves().back(), "pass");
  ASSERT_EQ(f.engine.requests.size(), 5u) << "after the pass the engine moves again";
  EXPECT_EQ(f.engine.requests.back().moves.back(), "pass");
}

TEST(Controller, NewGameCancelsTheSearchAndBackGoesToTheStartScreen) {
  Fixture f(connect4_against_engine());
  double now = 0;
  f.controller.handle({CommandKind::kDropColumn, 3}, now);
  f.settle(now);
  f.controller.handle({CommandKind::kNewGame}, now);
  EXPECT_EQ(f.engine.cancels, 1);
  EXPECT_TRUE(f.controller.moves().empty());
  f.controller.handle({CommandKind::kBack}, now);
  EXPECT_EQ(f.controller.screen(), Screen::kStart);
  f.controller.handle({CommandKind::kCursor, 0, -1}, now);  // up from Start: the saved game
  f.controller.handle({CommandKind::kCursor, 0, -1}, now);  // the text size
  f.controller.handle({CommandKind::kCursor, 0, -1}, now);  // the language
  f.controller.handle({CommandKind::kCursor, 0, -1}, now);  // effects, at 80 %
  f.controller.handle({CommandKind::kCursor, 1, 0}, now);   // right steps to 100 %
  EXPECT_TRUE(f.controller.settings().effects);
  EXPECT_TRUE(has(f.sound.events, "effects volume 100"));
  f.controller.handle({CommandKind::kCursor, 1, 0}, now);  // past 100 %: off
  EXPECT_FALSE(f.controller.settings().effects);
  f.controller.handle({CommandKind::kCursor, -1, 0}, now);  // left from off: back to 100 %
  EXPECT_TRUE(f.controller.settings().effects);
  EXPECT_DOUBLE_EQ(f.controller.settings().effects_volume, 1.0);
  f.controller.handle({CommandKind::kCursor, 0, -1}, now);  // up: music, at 40 %
  f.controller.handle({CommandKind::kCursor, 1, 0}, now);   // right: 60 %
  EXPECT_DOUBLE_EQ(f.controller.settings().music_volume, 0.6);
  EXPECT_TRUE(has(f.sound.events, "music volume 60"));
  f.controller.handle({CommandKind::kToggleMusic}, now);  // M mutes and keeps the level
  EXPECT_DOUBLE_EQ(f.controller.settings().music_volume, 0.6);
  EXPECT_TRUE(has(f.sound.events, "effects off"));
  EXPECT_TRUE(has(f.sound.events, "music off"));
}

TEST(Controller, EngineAgainstEngineAsksForBothSides) {
  Settings s;
  s.game = GameKind::kTicTacToe;
  s.mode = Mode::kEngineVsEngine;
  Fixture f(s);
  double now = 0;
  f.controller.update(now);
  f.engine.answer("b2");
  f.settle(now);
  ASSERT_EQ(f.engine.requests.size(), 2u);
  EXPECT_EQ(f.engine.requests[1].moves, std::vector<std::string>{"b2"});
  f.controller.handle({CommandKind::kPlayCell, 0, 0}, now);  // no person plays here
  EXPECT_EQ(f.controller.moves().size(), 1u);
}

}  // namespace
}  // namespace narabe::gui
