// narabe-gui run headless (SDL's dummy video driver, software renderer) with
// scripted input against the real narabe: whole games through the child
// process, a killed engine, and screenshots whose pixels are checked at known
// points (the layout says where cells are, the same code the program draws with).

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/engine/games/slow_build.h"
#include "tools/gui/app/file_chooser.h"
#include "tools/gui/view/buttons.h"
#include "tools/gui/view/layout.h"

namespace narabe::gui {
namespace {

namespace fs = std::filesystem;

constexpr int kWidth = 640, kHeight = 420;

class GuiScript : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("narabe_gui_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs narabe-gui with `config` and `script`; its exit status.
  int run(const std::string& config, const std::string& script, const std::string& extra_flags = "") {
    std::ofstream(dir_ / "gui.conf") << config;
    std::ofstream(dir_ / "run.script") << script;
    // Saved games go to the test's folder, and it is the folder the chooser lists too.
    const std::string command = "cd " + dir_.string() + " && XDG_DATA_HOME=" + dir_.string() +
                                " LC_ALL=C.UTF-8 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy " +
                                std::string(NARABE_GUI_PATH) + " " + extra_flags +
                                " --engine " + NARABE_ENGINE_PATH + " --size " + size_ + " --config " + (dir_ / "gui.conf").string() +
                                " --script " + (dir_ / "run.script").string() + " > " + (dir_ / "out.log").string() +
                                " 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream out(dir_ / "out.log");
    output_.assign(std::istreambuf_iterator<char>(out), {});
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  std::string shot() const { return (dir_ / "shot.bmp").string(); }

  fs::path dir_;
  std::string size_ = std::to_string(kWidth) + "x" + std::to_string(kHeight);
  std::string output_;
};

struct Pixel {
  int r = 0, g = 0, b = 0;
};

// SDL_SaveBMP of a 32-bit surface: BGRA rows, bottom row first.
Pixel pixel_at(const std::string& path, float fx, float fy) {
  std::ifstream in(path, std::ios::binary);
  std::vector<unsigned char> data((std::istreambuf_iterator<char>(in)), {});
  auto u32 = [&](std::size_t at) {
    return static_cast<std::uint32_t>(data[at] | data[at + 1] << 8 | data[at + 2] << 16 | data[at + 3] << 24);
  };
  if (data.size() < 54 || data[0] != 'B' || data[1] != 'M') return {-1, -1, -1};
  const std::uint32_t offset = u32(10);
  const int width = static_cast<int>(u32(18));
  const int height = static_cast<int>(u32(22));
  const int x = static_cast<int>(fx), y = static_cast<int>(fy);
  if ((data[28] | data[29] << 8) != 32 || x < 0 || y < 0 || x >= width || y >= height)
    return {-1, -1, -1};
  const std::size_t at = offset + (static_cast<std::size_t>(height - 1 - y) * width + x) * 4;
  if (at + 3 >= data.size()) return {-1, -1, -1};
  return {data[at + 2], data[at + 1], data[at]};
}

TEST_F(GuiScript, ConnectFourDiscLandsAtTheBottomAndTheEngineReplies) {
  ASSERT_EQ(run("game = connect4\nlevel = easy\nmode = person-engine\nfirst = person\n",
                "key Return\nidle\nkey 4\nidle\nexpect-cell 3 5 x\nexpect-message Your move\nscreenshot " + shot() + "\n"),
            0)
      << output_;
  const view::BoardLayout layout = view::layout_board(GameKind::kConnect4, 7, 6, kWidth, kHeight);
  const view::Point p = layout.center(3, 5);
  const Pixel red = pixel_at(shot(), p.x + layout.cell * 0.1f, p.y + layout.cell * 0.15f);
  EXPECT_GT(red.r, 170);
  EXPECT_LT(red.g, 90);
  EXPECT_LT(red.b, 90);
  // The frame is blue between holes.
  const view::Point q = layout.center(0, 0);
  const Pixel frame = pixel_at(shot(), q.x + layout.cell * 0.5f, q.y + layout.cell * 0.5f);
  EXPECT_GT(frame.b, 150);
  EXPECT_LT(frame.r, 80);
}

TEST_F(GuiScript, TicTacToeWinningLineGlows) {
  // Two people: X takes the bottom row (row 2 as drawn).
  ASSERT_EQ(run("game = tictactoe\nmode = two-people\n",
                "key Return\ncell 0 2\nwait 300\ncell 0 1\nwait 300\ncell 1 2\nwait 300\ncell 1 1\nwait 300\n"
                "cell 2 2\nwait 900\nexpect-over\nexpect-message X wins\nscreenshot " + shot() + "\n"),
            0)
      << output_;
  const view::BoardLayout layout = view::layout_board(GameKind::kTicTacToe, 3, 3, kWidth, kHeight);
  const view::Point a = layout.center(0, 2), b = layout.center(1, 2);
  // Halfway between two winning cells, on the grid line: the glowing stroke.
  const Pixel glow = pixel_at(shot(), (a.x + b.x) / 2, a.y);
  EXPECT_GT(glow.r, 200);
  EXPECT_GT(glow.g, 150);
  EXPECT_LT(glow.b, 140);
  // An empty cell stays paper.
  const view::Point e = layout.center(2, 0);
  const Pixel paper = pixel_at(shot(), e.x, e.y);
  EXPECT_GT(paper.r, 220);
  EXPECT_GT(paper.b, 200);
}

TEST_F(GuiScript, ReversiFlipsAndShowsLegalMoves) {
  ASSERT_EQ(run("game = reversi\nmode = two-people\nhints = on\n",
                "key Return\ncell 3 2\nwait 600\nexpect-cell 3 3 x\nscreenshot " + shot() + "\n"),
            0)
      << output_;
  const view::BoardLayout layout = view::layout_board(GameKind::kReversi, 8, 8, kWidth, kHeight);
  const view::Point flipped = layout.center(3, 3);
  const Pixel black = pixel_at(shot(), flipped.x + layout.cell * 0.15f, flipped.y + layout.cell * 0.15f);
  EXPECT_LT(black.r + black.g + black.b, 150);
  // White's legal moves after d3 include c3, e3 and c5: faint dots on the felt.
  const view::Point dot = layout.center(2, 2);
  const view::Point felt = layout.center(0, 0);
  const Pixel at_dot = pixel_at(shot(), dot.x, dot.y);
  const Pixel at_felt = pixel_at(shot(), felt.x, felt.y);
  EXPECT_GT(at_dot.r + at_dot.g + at_dot.b, at_felt.r + at_felt.g + at_felt.b + 30);
}

// A click at the centre of a rectangle, as a script's step.
std::string click_at(const view::Rect& r) {
  return "click " + std::to_string(static_cast<int>(r.x + r.w / 2)) + " " + std::to_string(static_cast<int>(r.y + r.h / 2)) +
         "\n";
}

// The pixel centre of a button, as a script's click.
std::string click_on(view::ButtonId id, const view::BoardLayout& layout, bool over) {
  for (const view::Button& b : view::game_buttons(layout, over))
    if (b.id == id)
      return "click " + std::to_string(static_cast<int>(b.rect.x + b.rect.w / 2)) + " " +
             std::to_string(static_cast<int>(b.rect.y + b.rect.h / 2)) + "\n";
  return "no-such-button\n";
}

TEST_F(GuiScript, MouseAloneStartsPlaysUsesTheButtonsAndResumes) {
  const view::BoardLayout board = view::layout_board(GameKind::kConnect4, 7, 6, kWidth, kHeight);
  // Connect Four against the engine shows eleven start rows; Start is the last.
  const view::Rect start = view::start_row_rect(10, 11, kWidth, kHeight);
  const std::string click_start = "click " + std::to_string(static_cast<int>(start.x + start.w / 2)) + " " +
                                  std::to_string(static_cast<int>(start.y + start.h / 2)) + "\n";
  const std::string script = click_start + "idle\ncell 3 5\nidle\nexpect-cell 3 5 x\n" +
                             click_on(view::ButtonId::kMenu, board, false) +
                             // The start screen now offers Resume, one row below Start.
                             "click " + std::to_string(static_cast<int>(start.x + start.w / 2)) + " " +
                             std::to_string(static_cast<int>(view::start_row_rect(11, 12, kWidth, kHeight).y + start.h / 2)) +
                             "\nidle\nexpect-cell 3 5 x\n" + click_on(view::ButtonId::kNewGame, board, false) +
                             "idle\nexpect-cell 3 5 .\nexpect-message Your move\n" +
                             click_on(view::ButtonId::kMusic, board, false) + "expect-message Music off\n";
  ASSERT_EQ(run("game = connect4\nlevel = easy\nmode = person-engine\nfirst = person\n", script), 0) << output_ << script;
}

TEST_F(GuiScript, MouseAloneReachesEveryStartRowInTheSmallestWindow) {
  // 320x240 shows five of the eleven rows, from Start up; ▲ scrolls to Game,
  // a click makes it Gomoku (twelve rows with the rule), ▼ back down to Start.
  size_ = "320x240";
  const view::Rect top = view::start_row_rect(0, 5, 320, 240), bottom = view::start_row_rect(4, 5, 320, 240);
  std::string script;
  for (int i = 0; i < 10; ++i) script += click_at(view::start_scroll_arrow_rect(top));
  script += click_at({top.x + top.w * 0.9f, top.y, 1, top.h});  // the game's value, right half: the next game
  for (int i = 0; i < 11; ++i) script += click_at(view::start_scroll_arrow_rect(bottom));
  script += click_at(bottom) + "idle\nexpect-message Your move\ncell 7 7\nidle\nexpect-cell 7 7 x\n";
  ASSERT_EQ(run("game = connect4\nlevel = easy\nmode = person-engine\nfirst = person\n", script), 0) << output_ << script;
}

TEST_F(GuiScript, AnIdleWindowDrawsNoFrames) {
  // The start screen, then a game waiting for the person: nothing moves, so
  // three seconds draw nothing (one frame at most, the first).
  ASSERT_EQ(run("game = reversi\nlevel = easy\nmode = person-engine\nfirst = person\n",
                "wait 3000\nexpect-redraws-at-most 1\nkey Return\nidle\nexpect-redraws-at-most 100000\n"
                "wait 3000\nexpect-redraws-at-most 1\n"),
            0)
      << output_;
  // While a disc turns the window does draw.
  EXPECT_EQ(run("game = reversi\nmode = two-people\n", "key Return\nwait 100\ncell 3 2\nwait 500\nexpect-redraws-at-most 5\n"),
            1);
  EXPECT_NE(output_.find("expected at most 5 frames drawn"), std::string::npos) << output_;
}

TEST_F(GuiScript, CursorRingShowsOverADiscAndTheEndStripIsLit) {
  // Reversi: the cursor starts on a legal move; one step down is a disc.
  ASSERT_EQ(run("game = reversi\nmode = two-people\n", "key Return\nkey Down\nkey Down\nscreenshot " + shot() + "\n"), 0)
      << output_;
  const view::BoardLayout layout = view::layout_board(GameKind::kReversi, 8, 8, kWidth, kHeight);
  const view::Point p = layout.center(3, 4);  // d4: a disc under the cursor
  const float radius = std::min(layout.cell * 0.47f, layout.cell * 0.41f * 1.12f);
  // Its light inner band, somewhere across the ring's width above the disc.
  Pixel light;
  for (float dy = 0; dy < 3 * std::max(2.0f, layout.cell * 0.045f); dy += 0.5f) {
    const Pixel here = pixel_at(shot(), p.x, p.y - radius + dy);
    if (here.r + here.g > light.r + light.g) light = here;
  }
  EXPECT_GT(light.r, 220);
  EXPECT_GT(light.g, 200);
  EXPECT_LT(light.b, 170);
  // Tic-tac-toe won: the end strip's "Play again" is in the accent colour.
  ASSERT_EQ(run("game = tictactoe\nmode = two-people\n",
                "key Return\ncell 0 0\nwait 300\ncell 0 1\nwait 300\ncell 1 0\nwait 300\ncell 1 1\nwait 300\n"
                "cell 2 0\nwait 900\nexpect-over\nscreenshot " + shot() + "\n"),
            0)
      << output_;
  const view::BoardLayout ttt = view::layout_board(GameKind::kTicTacToe, 3, 3, kWidth, kHeight);
  for (const view::Button& b : view::game_buttons(ttt, true)) {
    if (b.id != view::ButtonId::kPlayAgain) continue;
    const Pixel lit = pixel_at(shot(), b.rect.x + b.rect.w / 2, b.rect.y + 3);  // above the label
    EXPECT_GT(lit.r, 230);
    EXPECT_GT(lit.g, 170);
    EXPECT_LT(lit.b, 120);
  }
}

TEST_F(GuiScript, ASavedGameLoadsBackAndStepsThrough) {
  // Reversi between two people: d3 c5, saved with F2 as GGF.
  ASSERT_EQ(run("game = reversi\nmode = two-people\n", "key Return\ncell 3 2\nwait 600\ncell 2 4\nwait 600\nkey F2\n"
                                                         "expect-message Saved: *\n"),
            0)
      << output_;
  std::string saved;
  for (const auto& entry : fs::directory_iterator(dir_ / "narabe" / "games")) saved = entry.path().string();
  ASSERT_NE(saved.find(".ggf"), std::string::npos) << saved;
  std::ifstream in(saved);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(text.find("B[D3]W[C5];)"), std::string::npos) << text;
  // Loaded (as tic-tac-toe in the settings: the file says Reversi), then a step back and forward.
  ASSERT_EQ(run("game = tictactoe\n", "expect-cell 3 2 x\nexpect-cell 2 4 o\nkey PageUp\nexpect-cell 2 4 .\n"
                                      "key PageDown\nwait 600\nexpect-cell 2 4 o\nexpect-message Black to move\n",
                "--load " + saved),
            0)
      << output_;
  EXPECT_EQ(run("", "", "--load " + (dir_ / "gui.conf").string()), 1) << "not a game record";
}

TEST_F(GuiScript, TheChooserLoadsBySavedGameByKeyboardAndMouseAndAFailureKeepsTheGame) {
  // A Reversi game saved with F2, and two files in the folder narabe-gui starts in
  // that do not load: a damaged GGF and a tic-tac-toe game with an illegal move.
  ASSERT_EQ(run("game = reversi\nmode = two-people\n", "key Return\ncell 3 2\nwait 600\ncell 2 4\nwait 600\nkey F2\n"), 0)
      << output_;
  std::ofstream(dir_ / "broken.ggf") << "(;GM[Othello]TY[8]BO[8 -*- *]B[F5];)";
  std::ofstream(dir_ / "illegal.txt") << "b2 b2\n";
  const std::string connect4 = "game = connect4\nlevel = easy\nmode = person-engine\nfirst = person\n";
  // By keyboard, during a game against the engine: L opens the list (the save
  // first, then this folder's files by name), each failure is said in the
  // chooser and the game stays; Esc closes it; F3 and Enter load the save.
  ASSERT_EQ(run(connect4,
                "key Return\nidle\nkey 4\nidle\nkey L\nexpect-chooser 3\nkey Down\nkey Return\n"
                "expect-chooser-error Not loaded: broken.ggf: GGF: BO[] needs 64 cells*\nexpect-cell 3 5 x\n"
                "key Down\nkey Return\nexpect-chooser-error Not loaded: illegal.txt: move 2 (b2) is not legal*\n"
                "key Escape\nexpect-cell 3 5 x\nexpect-message Your move\n"
                "key F3\nkey Home\nkey Return\nexpect-message Loaded: reversi-*\nexpect-cell 3 2 x\nexpect-cell 2 4 o\n"),
            0)
      << output_;
  // By mouse: the Load button, the wheel, a click on the save's row.
  const view::BoardLayout board = view::layout_board(GameKind::kConnect4, 7, 6, kWidth, kHeight);
  FileChooser three(std::vector<SavedGameFile>(3));
  const view::ChooserLayout chooser = view::layout_chooser(three, 100, kWidth, kHeight);
  ASSERT_EQ(run(connect4, "key Return\nidle\n" + click_on(view::ButtonId::kLoad, board, false) + "expect-chooser 3\n" +
                              // Open and still, it draws nothing.
                              "expect-redraws-at-most 100000\nwait 3000\nexpect-redraws-at-most 1\n"
                              "wheel -2\nscreenshot " + shot() + "\n" + click_at(chooser.row(0)) +
                              "expect-message Loaded: reversi-*\nexpect-cell 2 4 o\n"),
            0)
      << output_;
  // From the start screen by mouse alone: its "Saved game" row (the tenth of eleven).
  ASSERT_EQ(run(connect4, click_at(view::start_row_rect(9, 11, kWidth, kHeight)) + "expect-chooser 3\n" +
                              click_at(chooser.row(0)) + "expect-message Loaded: reversi-*\nexpect-cell 3 2 x\n"),
            0)
      << output_;
  // The chooser drawn: the selected row (the wheel moved it to the third) is lit.
  const Pixel lit = pixel_at(shot(), chooser.row(2).x + 3, chooser.row(2).y + chooser.row(2).h / 2);
  const Pixel plain = pixel_at(shot(), chooser.row(1).x + 3, chooser.row(1).y + chooser.row(1).h / 2);
  EXPECT_GT(lit.r + lit.g + lit.b, plain.r + plain.g + plain.b + 20);
}

TEST_F(GuiScript, TheRealEngineSearchesALoadedStartAndBoardSize) {
  // Reversi from NBoard's BO[] with White to move (the engine gets `position
  // fen`), and a 9x9 Gomoku board (`newgame gomoku size 9`): the hint (T) comes back.
  std::ofstream(dir_ / "other.ggf") << "(;GM[Othello]TY[8]BO[8 ------------------------"
                                       "---O*------**-------*------------------- O]W[F4]B[E3];)";
  ASSERT_EQ(run("level = easy\n", "expect-cell 4 2 x\nkey t\nidle\nexpect-message Hint: *\n", "--load other.ggf"), 0)
      << output_;
  std::ofstream(dir_ / "small.sgf") << "(;GM[4]FF[4]SZ[9]RU[freestyle];B[ee];W[de])";
  ASSERT_EQ(run("level = easy\n", "expect-cell 4 4 x\nkey t\nidle\nexpect-message Hint: *\n", "--load small.sgf"), 0)
      << output_;
}

TEST_F(GuiScript, TheRealEngineAnalysesThePersonsPosition) {
  // Analysis on, against the engine at an easy level: after the engine's
  // reply, the engine at max looks at the person's position and its depth and
  // evaluation reach the panel.
  ASSERT_EQ(run("game = reversi\nlevel = easy\nmode = person-engine\nfirst = person\nanalysis = on\n",
                "key Return\nidle\nkey Return\nidle\nawait-evaluation\nscreenshot " + shot() + "\n"),
            0)
      << output_;
}

TEST_F(GuiScript, ThePanelFitsItsWindowAtEveryTextSizeInBothLanguages) {
  size_ = "320x240";
  for (const char* language : {"english", "japanese"}) {
    for (const int text_size : kTextSizes) {
      SCOPED_TRACE(::testing::Message() << language << " " << text_size);
      const std::string looks = std::string("language = ") + language + "\ntext_size = " + std::to_string(text_size) + "\n";
      // Reversi against the engine (its turn, then yours), and a won game of tic-tac-toe.
      EXPECT_EQ(run(looks + "game = reversi\nlevel = easy\nmode = person-engine\nfirst = person\n",
                    "key Return\nexpect-panel-inside\nkey Return\nexpect-panel-inside\nidle\nexpect-panel-inside\n"),
                0)
          << output_;
      EXPECT_EQ(run(looks + "game = tictactoe\nmode = two-people\n",
                    "key Return\ncell 0 0\nwait 300\ncell 0 1\nwait 300\ncell 1 0\nwait 300\ncell 1 1\nwait 300\n"
                    "cell 2 0\nwait 900\nexpect-over\nexpect-panel-inside\n"),
                0)
          << output_;
    }
    // The larger windows at the largest text: the evaluation and the session's
    // score take their room too (analysis on).
    for (const char* size : {"640x420", "1040x700", "320x480"}) {
      size_ = size;
      EXPECT_EQ(run(std::string("language = ") + language + "\ntext_size = 150\ngame = reversi\nlevel = easy\n"
                    "mode = person-engine\nfirst = person\nanalysis = on\n",
                    "key Return\nidle\nkey Return\nidle\nawait-evaluation\nexpect-panel-inside\n"),
                0)
          << size << output_;
    }
    size_ = "320x240";
  }
}

// A whole game of each kind through the real engine process (engine against
// engine, level easy: fast and still the real protocol, turns and outcome).
class WholeGame : public GuiScript, public ::testing::WithParamInterface<const char*> {};

TEST_P(WholeGame, PlaysToTheEnd) {
  const std::string config = std::string("game = ") + GetParam() + "\nrule = renju\nlevel = easy\nmode = engine-engine\n";
  ASSERT_EQ(run(config, "key Return\nidle\nexpect-over\n"), 0) << output_;
}

// The sanitizer and debug builds play the two short games only (Gomoku and
// Reversi take a few seconds in release, many times that there).
#if NARABE_SLOW_BUILD
INSTANTIATE_TEST_SUITE_P(Games, WholeGame, ::testing::Values("tictactoe", "connect4"));
#else
INSTANTIATE_TEST_SUITE_P(Games, WholeGame, ::testing::Values("tictactoe", "connect4", "gomoku", "reversi"));
#endif

// Killed in the middle of a search: Gomoku at level max searches its whole
// move time and reports each depth, so the first report proves it is busy.
TEST_F(GuiScript, KilledEngineIsReportedAndRestartedWithoutLosingTheGame) {
  ASSERT_EQ(run("game = gomoku\nrule = freestyle\nlevel = max\nmode = person-engine\nfirst = person\n",
                "key Return\nidle\ncell 7 7\nawait-evaluation\nkill-engine\nidle\n"
                "expect-message Engine problem: the engine was killed*\n"
                "expect-cell 7 7 x\nkey r\nidle\nexpect-cell 7 7 x\nexpect-message Your move\n"),
            0)
      << output_;
}

// Killed before it finished the handshake (while the person's stone still
// falls): the problem stays on screen once the stone lands, and R restarts.
TEST_F(GuiScript, EngineKilledBeforeItsHandshakeIsReportedOnceTheStoneLands) {
  ASSERT_EQ(run("game = connect4\nlevel = hard\nmode = person-engine\nfirst = person\n",
                "key Return\nkey 4\nkill-engine\nidle\nexpect-message Engine problem: the engine was killed*\n"
                "expect-cell 3 5 x\nkey r\nidle\nexpect-cell 3 5 x\nexpect-message Your move\n"),
            0)
      << output_;
}

TEST_F(GuiScript, BadScriptAndBadFlagsAreClearErrors) {
  EXPECT_EQ(run("", "key Return\nfrobnicate 3\n"), 1);
  EXPECT_NE(output_.find("script line 2: unknown step 'frobnicate'"), std::string::npos) << output_;
  const std::string bad_flag = std::string(NARABE_GUI_PATH) + " --size 12 > /dev/null 2>&1";
  EXPECT_EQ(WEXITSTATUS(std::system(bad_flag.c_str())), 2);
  const std::string no_engine =
      std::string(NARABE_GUI_PATH) + " --engine /nonexistent/narabe > " + (dir_ / "e.txt").string() + " 2>&1";
  EXPECT_EQ(WEXITSTATUS(std::system(no_engine.c_str())), 1);
  std::ifstream in(dir_ / "e.txt");
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(text.find("no engine at /nonexistent/narabe"), std::string::npos) << text;
}

}  // namespace
}  // namespace narabe::gui
