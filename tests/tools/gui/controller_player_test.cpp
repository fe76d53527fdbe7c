// Tests of what a player meets in tools/gui/app/controller.h beyond the rules:
// pacing (a visible thinking time, a pass that stays on the board), the
// engine's hint, Esc and resume, Enter on the start screen and after a game,
// the volume, the live score line and when the window must draw.

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/tools/gui/fake_engine_link.h"
#include "tools/gui/app/animation_timing.h"
#include "tools/gui/app/controller.h"

namespace narabe::gui {
namespace {

using test_fakes::FakeEngineLink;

struct Player {
  explicit Player(Settings settings) : controller(settings, engine, sound) { controller.handle({CommandKind::kStart}, 0); }
  // Lets `seconds` pass in small steps, as frames would.
  void run(double& now, double seconds) {
    for (const double end = now + seconds; now < end;) {
      now += 0.02;
      controller.update(now);
    }
  }
  FakeEngineLink engine;
  RecordingSoundSink sound;
  Controller controller;
};

Settings game(GameKind kind, Level level = Level::kEasy) {
  Settings s;
  s.game = kind;
  s.level = level;
  return s;
}

TEST(Pacing, AnInstantReplyAtACasualLevelShowsAfterTheThinkingTime) {
  Player p(game(GameKind::kConnect4, Level::kEasy));
  double now = 0;
  p.controller.handle({CommandKind::kDropColumn, 3}, now);
  while (p.engine.requests.empty() && now < 2) p.run(now, 0.02);  // asked once the disc lands
  ASSERT_EQ(p.engine.requests.size(), 1u);
  const double asked = now;
  p.engine.answer("4");  // at once, as the casual levels do
  p.run(now, 0.1);
  EXPECT_TRUE(p.controller.thinking()) << "held back";
  EXPECT_EQ(p.controller.moves().size(), 1u);
  EXPECT_TRUE(p.controller.animating(now)) << "the thinking dots move";
  p.run(now, min_thinking_seconds(Level::kEasy));
  ASSERT_EQ(p.controller.moves().size(), 2u);
  EXPECT_GE(now - asked, min_thinking_seconds(Level::kEasy) - 0.03);
  // Undo while a reply is held drops it.
  p.run(now, 1.0);  // the engine's disc lands
  p.controller.handle({CommandKind::kDropColumn, 3}, now);
  while (p.engine.requests.size() < 2 && now < 10) p.run(now, 0.02);
  p.engine.answer("4");
  p.run(now, 0.05);
  p.controller.handle({CommandKind::kUndo}, now);
  p.run(now, 1.0);
  EXPECT_EQ(p.controller.moves().size(), 2u);
  EXPECT_FALSE(p.controller.thinking());
}

TEST(Pacing, MaxLevelRepliesAreNotHeld) {
  Player p(game(GameKind::kConnect4, Level::kMax));
  double now = 0;
  p.controller.handle({CommandKind::kDropColumn, 3}, now);
  p.run(now, 1.0);
  p.engine.answer("4");
  p.run(now, 0.02);
  EXPECT_EQ(p.controller.moves().size(), 2u);
}

TEST(Pacing, ForcedPassStaysOnTheBoardAndTheReplyWaitsForIt) {
  Player p(game(GameKind::kReversi));
  double now = 0;
  // d3 c3 e6 d2 d1 e1 b2 c1 leaves x (the person) without a legal move.
  const std::vector<std::pair<CellPos, std::string>> moves = {
      {{3, 2}, "c3"}, {{4, 5}, "d2"}, {{3, 0}, "e1"}, {{1, 1}, "c1"}};
  bool said_your_move_without_a_move = false;
  double passed = -1;
  for (const auto& [cell, reply] : moves) {
    p.controller.handle({CommandKind::kPlayCell, cell.file, cell.row}, now);
    p.run(now, 1.5);
    p.engine.answer(reply);
    for (int i = 0; i < 100 && passed < 0; ++i) {
      p.run(now, 0.02);
      const auto legal = p.controller.board().legal_moves();
      if (p.controller.message() == "Your move" && legal.size() == 1 && legal.front() == "pass")
        said_your_move_without_a_move = true;
      if (!p.controller.moves().empty() && p.controller.moves().back() == "pass") passed = now;
    }
  }
  EXPECT_FALSE(said_your_move_without_a_move);
  ASSERT_GE(passed, 0);
  EXPECT_EQ(p.controller.pass_banner(), "You pass: no legal move");
  ASSERT_EQ(p.engine.requests.back().moves.back(), "pass");
  p.engine.answer(p.controller.board().legal_moves().front());  // an instant reply
  p.run(now, timing::kPassBannerSeconds - 0.1);
  EXPECT_EQ(p.controller.pass_banner(), "You pass: no legal move") << "on the board for 1.5 s";
  EXPECT_EQ(p.controller.moves().back(), "pass");
  p.run(now, 0.2);
  EXPECT_NE(p.controller.moves().back(), "pass") << "then the engine's move";
  EXPECT_TRUE(p.controller.pass_banner().empty());
}

TEST(Hint, TheEngineIsAskedForThePersonAndTheMoveIsMarkedNotPlayed) {
  Player p(game(GameKind::kTicTacToe));
  double now = 0;
  p.controller.handle({CommandKind::kHint}, now);
  ASSERT_EQ(p.engine.requests.size(), 1u);
  EXPECT_TRUE(p.engine.requests[0].moves.empty());
  EXPECT_TRUE(p.controller.hint_pending());
  EXPECT_FALSE(p.controller.accepts_moves(now));
  p.engine.answer("b2");
  p.run(now, 0.05);
  EXPECT_EQ(p.controller.hint_cell(), (CellPos{1, 1}));
  EXPECT_TRUE(p.controller.moves().empty()) << "a hint is not played";
  EXPECT_EQ(p.controller.message(), "Hint: b2 (marked on the board)");
  p.controller.handle({CommandKind::kPlayCell, 0, 0}, now);
  EXPECT_FALSE(p.controller.hint_cell().valid()) << "the mark goes with the next move";
}

TEST(Analysis, TheEngineAtMaxAnalysesThePersonsPositionWithoutHoldingThemUp) {
  Settings s = game(GameKind::kConnect4, Level::kEasy);
  s.analysis = true;
  Player p(s);
  double now = 0;
  p.run(now, 0.05);
  ASSERT_EQ(p.engine.requests.size(), 1u);
  EXPECT_EQ(p.engine.requests[0].level, "max");
  EXPECT_TRUE(p.controller.analysing());
  EXPECT_TRUE(p.controller.accepts_moves(now)) << "the person is not kept waiting";
  p.engine.info(12, 80);
  p.run(now, 0.05);
  EXPECT_EQ(p.controller.evaluation(), "+0.80") << "the person's own position, from the person's side";
  EXPECT_EQ(p.controller.depth(), 12);
  EXPECT_EQ(p.engine.requests.size(), 1u) << "asked once a position";
  p.controller.handle({CommandKind::kDropColumn, 3}, now);
  EXPECT_FALSE(p.controller.analysing());
  EXPECT_EQ(p.engine.cancels, 1) << "a move stops the analysis";
  p.engine.reply("4", p.engine.requests[0].position_id);  // its late answer
  p.run(now, 1.0);
  ASSERT_EQ(p.engine.requests.size(), 2u);
  EXPECT_EQ(p.engine.requests[1].level, "easy") << "the opponent plays at its own level";
  EXPECT_EQ(p.controller.moves().size(), 1u) << "the analysis's move is never played";
}

TEST(Resume, EscPutsTheGameAsideAndEscOrEnterBringsItBack) {
  Player p(game(GameKind::kConnect4, Level::kMax));
  double now = 0;
  p.controller.handle({CommandKind::kDropColumn, 3}, now);
  p.run(now, 1.0);
  ASSERT_TRUE(p.controller.thinking());
  p.controller.handle({CommandKind::kBack}, now);
  EXPECT_EQ(p.controller.screen(), Screen::kStart);
  EXPECT_EQ(p.engine.cancels, 1);
  EXPECT_TRUE(p.controller.resumable());
  EXPECT_EQ(p.controller.start_selection(), StartRow::kResume);
  p.controller.handle({CommandKind::kBack}, now);  // Esc again: resume
  EXPECT_EQ(p.controller.screen(), Screen::kPlaying);
  EXPECT_EQ(p.controller.moves().size(), 1u);
  p.run(now, 0.05);
  ASSERT_EQ(p.engine.requests.size(), 2u) << "the engine is asked again";
  p.controller.handle({CommandKind::kBack}, now);
  p.controller.handle({CommandKind::kActivate}, now);  // Enter on Resume
  EXPECT_EQ(p.controller.moves().size(), 1u);
  // Another game on the start screen drops the one put aside.
  p.controller.handle({CommandKind::kBack}, now);
  p.controller.handle({CommandKind::kChoose, static_cast<int>(StartRow::kGame), 1}, now);
  EXPECT_FALSE(p.controller.resumable());
  EXPECT_FALSE(p.controller.start_row_shown(StartRow::kResume));
}

TEST(StartScreen, EnterStartsFromAnyRowAndArrowsChange) {
  Settings s = game(GameKind::kConnect4, Level::kNormal);
  FakeEngineLink engine;
  RecordingSoundSink sound;
  Controller c(s, engine, sound);
  c.handle({CommandKind::kCursor, 0, -5}, 0);  // up to some choice row
  ASSERT_NE(c.start_selection(), StartRow::kStart);
  c.handle({CommandKind::kChoose, static_cast<int>(StartRow::kLevel), -1}, 0);  // "‹": back a level
  EXPECT_EQ(c.settings().level, Level::kEasy);
  c.handle({CommandKind::kCursor, 1, 0}, 0);  // right: on a level
  EXPECT_EQ(c.settings().level, Level::kNormal);
  c.handle({CommandKind::kChoose, static_cast<int>(StartRow::kTextSize), 1}, 0);
  EXPECT_EQ(c.settings().text_size, 125);
  c.handle({CommandKind::kChoose, static_cast<int>(StartRow::kTextSize), -1}, 0);
  c.handle({CommandKind::kChoose, static_cast<int>(StartRow::kTextSize), -1}, 0);
  EXPECT_EQ(c.settings().text_size, 150) << "round from 100 back to 150";
  c.handle({CommandKind::kActivate}, 0);
  EXPECT_EQ(c.screen(), Screen::kPlaying);
  EXPECT_EQ(c.settings().level, Level::kNormal) << "Enter starts; it does not change the row";
}

TEST(EndOfGame, EnterPlaysAgainAndTheVolumeSteps) {
  Settings s = game(GameKind::kTicTacToe);
  s.mode = Mode::kTwoPeople;
  Player p(s);
  double now = 0;
  for (const CellPos cell : {CellPos{0, 0}, CellPos{0, 1}, CellPos{1, 0}, CellPos{1, 1}, CellPos{2, 0}}) {
    p.controller.handle({CommandKind::kPlayCell, cell.file, cell.row}, now);
    p.run(now, 0.3);
  }
  ASSERT_TRUE(p.controller.game_over());
  EXPECT_EQ(p.controller.score_line(), "5 moves");
  EXPECT_TRUE(p.controller.animating(now)) << "the winning line sweeps";
  p.run(now, timing::kWinSweepSeconds);
  EXPECT_FALSE(p.controller.animating(now)) << "then stays still";
  p.controller.handle({CommandKind::kActivate}, now);
  EXPECT_FALSE(p.controller.game_over());
  EXPECT_TRUE(p.controller.moves().empty());
  EXPECT_EQ(p.controller.score_line(), "Move 1");
  p.controller.handle({CommandKind::kVolume, 1}, now);
  EXPECT_DOUBLE_EQ(p.controller.settings().music_volume, 0.6);
  EXPECT_DOUBLE_EQ(p.controller.settings().effects_volume, 1.0);
  p.controller.handle({CommandKind::kVolume, 1}, now);
  EXPECT_DOUBLE_EQ(p.controller.settings().effects_volume, 1.0) << "at most full";
  for (int i = 0; i < 9; ++i) p.controller.handle({CommandKind::kVolume, -1}, now);
  EXPECT_DOUBLE_EQ(p.controller.settings().music_volume, 0.2) << "never quite silent";
  EXPECT_NE(std::find(p.sound.events.begin(), p.sound.events.end(), "music volume 20"), p.sound.events.end());
}

TEST(Redraw, IdleGameAndStartScreenNeedNoFrames) {
  Player p(game(GameKind::kReversi));
  double now = 0;
  EXPECT_FALSE(p.controller.animating(now)) << "the person to move, nothing moving";
  EXPECT_EQ(p.controller.score_line(), "Black 2 - 2 White");
  const auto before = p.controller.revision();
  p.run(now, 5.0);
  EXPECT_EQ(p.controller.revision(), before) << "time alone changes nothing";
  p.controller.handle({CommandKind::kHover, 0, 0}, now);
  const auto hovered = p.controller.revision();
  EXPECT_GT(hovered, before) << "the cursor moved";
  p.controller.handle({CommandKind::kHover, 0, 0}, now);
  EXPECT_EQ(p.controller.revision(), hovered) << "the mouse within the same cell";
  p.controller.handle({CommandKind::kPlayCell, 3, 2}, now);  // d3
  EXPECT_GT(p.controller.revision(), hovered);
  EXPECT_TRUE(p.controller.animating(now));
  p.run(now, 2.0);
  EXPECT_EQ(p.controller.score_line(), "Black 4 - 1 White");
  p.controller.handle({CommandKind::kHelp}, now);
  p.controller.handle({CommandKind::kHover, 1, 1}, now);
  EXPECT_TRUE(p.controller.help_shown()) << "moving the mouse keeps the help open";
  p.controller.handle({CommandKind::kBack}, now);
  EXPECT_FALSE(p.controller.help_shown());
  p.controller.handle({CommandKind::kBack}, now);
  EXPECT_FALSE(p.controller.animating(now));
}

}  // namespace
}  // namespace narabe::gui
