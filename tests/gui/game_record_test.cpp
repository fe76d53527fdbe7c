// Tests of saved games (app/game_record.h) and of opening one in the
// controller to step through and play on.

#include "tools/gui/app/game_record.h"

#include <gtest/gtest.h>

#include "tests/gui/fake_engine_link.h"
#include "tools/gui/app/controller.h"

namespace narabe::gui {
namespace {

TEST(GameRecord, EachGameRoundTripsInItsFormat) {
  const std::vector<GameRecord> games = {
      {GameKind::kReversi, GomokuRule::kFreestyle, {"f5", "d6", "c3", "pass", "d3"}},
      {GameKind::kGomoku, GomokuRule::kRenju, {"h8", "i9", "a15", "o1"}},
      {GameKind::kConnect4, GomokuRule::kFreestyle, {"4", "4", "3", "7"}},
      {GameKind::kTicTacToe, GomokuRule::kFreestyle, {"b2", "a1", "c3"}},
  };
  for (const GameRecord& g : games) {
    const std::string text = format_record(g);
    const auto back = parse_record(text);
    ASSERT_TRUE(back.ok()) << text << back.error();
    EXPECT_EQ(back->game, g.game) << text;
    EXPECT_EQ(back->moves, g.moves) << text;
    if (g.game == GameKind::kGomoku) {
      EXPECT_EQ(back->rule, g.rule);
    }
  }
  EXPECT_EQ(format_record(games[2]), "4437\n");
  EXPECT_NE(format_record(games[0]).find("B[F5]W[D6]B[C3]W[PA]B[D3]"), std::string::npos);
  // SGF counts rows from the top: h8 is the centre (hh), a15 the top-left corner (aa).
  EXPECT_NE(format_record(games[1]).find(";B[hh];W[ig];B[aa];W[oo]"), std::string::npos);
  EXPECT_EQ(record_file_name(GameKind::kReversi, "20261201-180000"), "reversi-20261201-180000.ggf");
}

TEST(GameRecord, ReadsWhatNBoardAndRenLibWriteAndRefusesTheRest) {
  const auto nboard = parse_record(
      "(;GM[Othello]PC[NBoard]DT[2026]PB[me]PW[you]RE[?]TI[15:00]TY[8]"
      "BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6//1.2]B[E6/0.5/3];)");
  ASSERT_TRUE(nboard.ok()) << nboard.error();
  EXPECT_EQ(nboard->moves, (std::vector<std::string>{"f5", "f6", "e6"}));
  const auto sgf = parse_record("(;GM[4]FF[4]SZ[15]RU[Renju];B[hh];W[hg])");
  ASSERT_TRUE(sgf.ok()) << sgf.error();
  EXPECT_EQ(sgf->rule, GomokuRule::kRenju);
  EXPECT_EQ(sgf->moves, (std::vector<std::string>{"h8", "h9"}));
  EXPECT_FALSE(parse_record("(;GM[Othello]BO[8 " + std::string(64, '-') + " *]B[F5];)").ok()) << "another start";
  EXPECT_FALSE(parse_record("(;GM[Othello]B[F5]B[F6];)").ok()) << "not alternating";
  EXPECT_FALSE(parse_record("(;GM[4]SZ[19];B[aa])").ok());
  EXPECT_FALSE(parse_record("hello world").ok());
  EXPECT_FALSE(parse_record("").ok());
}

TEST(GameRecord, ALoadedGameStepsBackAndForwardAndPlaysOn) {
  Settings s;
  s.mode = Mode::kPersonVsEngine;
  testing::FakeEngineLink engine;
  RecordingSoundSink sound;
  Controller c(s, engine, sound);
  EXPECT_NE(c.load_game({GameKind::kTicTacToe, GomokuRule::kFreestyle, {"b2", "b2"}}, 0), "") << "illegal: taken";
  ASSERT_EQ(c.load_game({GameKind::kTicTacToe, GomokuRule::kFreestyle, {"b2", "a1", "c3"}}, 0), "");
  EXPECT_EQ(c.screen(), Screen::kPlaying);
  EXPECT_EQ(c.settings().mode, Mode::kTwoPeople);
  EXPECT_EQ(c.board().board().at(1, 1), 'x');
  EXPECT_EQ(c.last_move(), (CellPos{2, 0}));  // c3: tic-tac-toe's rank 3 is the top row
  c.handle({CommandKind::kStep, -1}, 1);
  c.handle({CommandKind::kStep, -1}, 1);
  EXPECT_EQ(c.moves(), std::vector<std::string>{"b2"});
  EXPECT_EQ(c.record().moves, (std::vector<std::string>{"b2", "a1", "c3"})) << "a save keeps the whole line";
  c.handle({CommandKind::kStep, 1}, 1);
  EXPECT_EQ(c.moves(), (std::vector<std::string>{"b2", "a1"}));
  c.update(2);                                  // the stepped-forward stone lands
  c.handle({CommandKind::kPlayCell, 0, 0}, 2);  // a3 instead of c3: the line ahead is dropped
  EXPECT_EQ(c.record().moves, (std::vector<std::string>{"b2", "a1", "a3"}));
  EXPECT_TRUE(engine.requests.empty()) << "two people: the engine is not asked";
}

}  // namespace
}  // namespace narabe::gui
