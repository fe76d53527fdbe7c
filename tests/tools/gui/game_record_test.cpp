// Tests of saved games (app/game_record.h) and of opening one in the
// controller to step through and play on.

#include "tools/gui/app/game_record.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/tools/gui/controller_fixture.h"
#include "tools/gui/app/move_list.h"
#include "tools/gui/app/controller.h"

namespace narabe::gui {
namespace {

TEST(GameRecord, EachGameRoundTripsInItsFormat) {
  const std::vector<GameRecord> games = {
      {GameKind::kReversi, GomokuRule::kFreestyle, {"f5", "d6", "c3", "pass", "d3"}, {}, kStandardGomokuSize},
      {GameKind::kGomoku, GomokuRule::kRenju, {"h8", "i9", "a15", "o1"}, {}, kStandardGomokuSize},
      {GameKind::kConnect4, GomokuRule::kFreestyle, {"4", "4", "3", "7"}, {}, kStandardGomokuSize},
      {GameKind::kTicTacToe, GomokuRule::kFreestyle, {"b2", "a1", "c3"}, {}, kStandardGomokuSize},
      // Another Reversi start (white to move), a 9x9 Gomoku board.
      {GameKind::kReversi, GomokuRule::kFreestyle, {"f4", "e3"}, "8/8/8/3ox3/3xx3/4x3/8/8 o", kStandardGomokuSize},
      {GameKind::kGomoku, GomokuRule::kFreestyle, {"e5", "a9", "i1"}, {}, 9},
  };
  for (const GameRecord& g : games) {
    const std::string text = format_record(g);
    const auto back = parse_record(text);
    ASSERT_TRUE(back.ok()) << text << back.error();
    EXPECT_EQ(back->game, g.game) << text;
    EXPECT_EQ(back->moves, g.moves) << text;
    EXPECT_EQ(back->start_fen, g.start_fen) << text;
    if (g.game == GameKind::kGomoku) {
      EXPECT_EQ(back->rule, g.rule);
      EXPECT_EQ(back->gomoku_size, g.gomoku_size);
    }
  }
  EXPECT_EQ(format_record(games[2]), "4437\n");
  EXPECT_NE(format_record(games[0]).find("B[F5]W[D6]B[C3]W[PA]B[D3]"), std::string::npos);
  // SGF counts rows from the top: h8 is the centre (hh), a15 the top-left corner (aa).
  EXPECT_NE(format_record(games[1]).find(";B[hh];W[ig];B[aa];W[oo]"), std::string::npos);
  // NBoard's board field: rank 1 first, then the side to move; White moves first from it.
  EXPECT_NE(format_record(games[4]).find("BO[8 ---------------------------O*------**-------*------------------- O]W[F4]B[E3];)"),
            std::string::npos)
      << format_record(games[4]);
  EXPECT_NE(format_record(games[5]).find("SZ[9]"), std::string::npos);
  EXPECT_NE(format_record(games[5]).find(";B[ee];W[aa];B[ii]"), std::string::npos) << format_record(games[5]);
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
  EXPECT_FALSE(parse_record("(;GM[Othello]B[F5]B[F6];)").ok()) << "not alternating";
  EXPECT_FALSE(parse_record("(;GM[Othello]BO[8 ---- *]B[F5];)").ok()) << "too few cells";
  EXPECT_FALSE(parse_record("(;GM[Othello]BO[8 " + std::string(63, '-') + "Z *];)").ok()) << "not a cell";
  EXPECT_FALSE(parse_record("(;GM[Othello]BO[10 " + std::string(100, '-') + " *];)").ok()) << "10x10";
  const auto big = parse_record("(;GM[4]SZ[25];B[aa])");
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().find("25x25"), std::string::npos) << big.error();
  EXPECT_TRUE(parse_record("(;GM[4]SZ[19];B[ss])").ok()) << "19x19, as the engine plays it";
  EXPECT_NE(big.error().find("5x5 to 22x22"), std::string::npos) << big.error();
  EXPECT_FALSE(parse_record("(;GM[4]SZ[15:13];B[aa])").ok()) << "not square";
  EXPECT_FALSE(parse_record("(;GM[4]SZ[9];B[jj])").ok()) << "off the 9x9 board";
  EXPECT_FALSE(parse_record("(;GM[4]SZ[15]AB[hh][ii];W[aa])").ok()) << "set-up stones";
  // NBoard's own start field with another position: the first move is White's.
  const auto other = parse_record("(;GM[Othello]TY[8]BO[8 ---------------------------O*------**-------*------------------- O]W[F4];)");
  ASSERT_TRUE(other.ok()) << other.error();
  EXPECT_EQ(other->start_fen, "8/8/8/3ox3/3xx3/4x3/8/8 o");
  EXPECT_FALSE(parse_record("(;GM[Othello]TY[8]BO[8 ---------------------------O*------**-------*------------------- O]B[F4];)").ok())
      << "Black is not to move";
  EXPECT_FALSE(parse_record("hello world").ok());
  const auto go = parse_record("(;GM[1]FF[4]SZ[19];B[pd];W[dp])");
  ASSERT_FALSE(go.ok());
  EXPECT_EQ(go.error().rfind("a record of another game (GM[1])", 0), 0u) << go.error();
  EXPECT_FALSE(parse_record("").ok());
}

TEST(GameRecord, ALoadedGameStepsBackAndForwardAndPlaysOn) {
  Settings s;
  s.mode = Mode::kPersonVsEngine;
  test_fakes::ControllerWithFakes f(s);
  Controller& c = f.controller;
  EXPECT_NE(c.load_game({GameKind::kTicTacToe, GomokuRule::kFreestyle, {"b2", "b2"}, {}, kStandardGomokuSize}, 0), "")
      << "illegal: taken";
  ASSERT_EQ(c.load_game({GameKind::kTicTacToe, GomokuRule::kFreestyle, {"b2", "a1", "c3"}, {}, kStandardGomokuSize}, 0), "");
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
  EXPECT_TRUE(f.engine.requests.empty()) << "two people: the engine is not asked";
}

TEST(GameRecord, AGameThatDoesNotLoadKeepsTheOneOnTheBoard) {
  Settings s;
  s.game = GameKind::kConnect4;
  s.mode = Mode::kPersonVsEngine;
  s.level = Level::kMax;
  test_fakes::ControllerWithFakes f(s);
  Controller& c = f.controller;
  c.handle({CommandKind::kStart}, 0);
  c.handle({CommandKind::kDropColumn, 3}, 0);
  c.update(5);
  const auto moves = c.moves();
  GameRecord bad;
  bad.game = GameKind::kReversi;
  bad.moves = {"f5", "f5"};
  const std::string error = c.load_game(bad, 5);
  EXPECT_EQ(error.rfind("move 2 (f5) is not legal", 0), 0u) << error;
  bad.moves = {};
  bad.start_fen = "8/8/8/8/8/8/8/8 x";  // an empty centre: no Reversi position
  EXPECT_NE(c.load_game(bad, 5).find("start position"), std::string::npos);
  EXPECT_EQ(c.moves(), moves);
  EXPECT_EQ(c.settings().game, GameKind::kConnect4);
  EXPECT_EQ(c.settings().mode, Mode::kPersonVsEngine);
  EXPECT_EQ(c.board().board().at(3, 5), 'x');
}

TEST(GameRecord, LoadsAnotherReversiStartAndA9x9GomokuBoard) {
  test_fakes::ControllerWithFakes f;
  Controller& c = f.controller;
  const auto reversi = parse_record(
      "(;GM[Othello]TY[8]BO[8 ---------------------------O*------**-------*------------------- O]W[F4]B[E3];)");
  ASSERT_TRUE(reversi.ok()) << reversi.error();
  ASSERT_EQ(c.load_game(*reversi, 0), "");
  EXPECT_EQ(c.board().board().at(5, 3), 'o') << "f4, White's";
  EXPECT_EQ(c.board().board().at(4, 2), 'x') << "e3, Black's";
  EXPECT_EQ(c.record().start_fen, "8/8/8/3ox3/3xx3/4x3/8/8 o");
  EXPECT_EQ(move_list_rows(c.moves(), c.second_moved_first()), (std::vector<std::string>{"1. …  f4", "2. e3"}))
      << "White's move first in the move list";
  c.handle({CommandKind::kStep, -1}, 1);
  c.handle({CommandKind::kStep, -1}, 1);
  EXPECT_EQ(c.board().fen(), "8/8/8/3ox3/3xx3/4x3/8/8 o") << "stepped back to the loaded start";
  // New keeps the loaded start; the engine is asked from it.
  c.handle({CommandKind::kNewGame}, 2);
  EXPECT_EQ(c.board().fen(), "8/8/8/3ox3/3xx3/4x3/8/8 o");

  const auto gomoku = parse_record("(;GM[4]FF[4]SZ[9]RU[freestyle];B[ee];W[de])");
  ASSERT_TRUE(gomoku.ok()) << gomoku.error();
  ASSERT_EQ(c.load_game(*gomoku, 3), "");
  EXPECT_EQ(c.board().board().width, 9);
  EXPECT_EQ(c.board().board().at(4, 4), 'x');
  EXPECT_EQ(c.board().board().at(3, 4), 'o');
  EXPECT_EQ(c.record().gomoku_size, 9);
  // The start screen's games are the usual ones again.
  c.handle({CommandKind::kBack}, 4);
  c.handle({CommandKind::kStart}, 4);
  EXPECT_EQ(c.board().board().width, 15);
}

TEST(GameRecord, AnEngineSearchOfALoadedStartSendsItsFen) {
  test_fakes::ControllerWithFakes f;
  Controller& c = f.controller;
  GameRecord record;
  record.game = GameKind::kReversi;
  record.start_fen = "8/8/8/3ox3/3xx3/4x3/8/8 o";
  ASSERT_EQ(c.load_game(record, 0), "");
  c.handle({CommandKind::kHint}, 0);  // two people: the hint asks the engine
  ASSERT_FALSE(f.engine.requests.empty());
  EXPECT_EQ(f.engine.requests.back().start_fen, record.start_fen);
}

TEST(GameRecord, AFileThatIsNoGameSaysWhy) {
  const auto dir = std::filesystem::temp_directory_path() / ("narabe_record_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  EXPECT_NE(read_record_file((dir / "missing.ggf").string()).error().find("cannot read"), std::string::npos);
  std::ofstream(dir / "big.txt") << std::string(2 << 20, '4');
  EXPECT_NE(read_record_file((dir / "big.txt").string()).error().find("too large"), std::string::npos);
  std::ofstream(dir / "bad.sgf") << "(;GM[4]SZ[15];B[zz])";
  const auto bad = read_record_file((dir / "bad.sgf").string());
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().rfind("bad.sgf: SGF: bad move 'zz'", 0), 0u) << bad.error();
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace narabe::gui
