// Tests of the chooser of saved games (app/file_chooser.h): the files it
// offers, its selection and scrolling, its layout (view/layout.h) and the
// controller while it is open. No SDL.

#include "tools/gui/app/file_chooser.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/tools/gui/controller_fixture.h"
#include "tools/gui/app/controller.h"
#include "tools/gui/view/layout.h"

namespace narabe::gui {
namespace {

namespace fs = std::filesystem;

class ChooserFolders : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("narabe_chooser_" + std::to_string(::getpid()));
    fs::create_directories(root_ / "games");
    fs::create_directories(root_ / "here");
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const fs::path& path, int age_seconds) {
    std::ofstream(path) << "4453\n";
    fs::last_write_time(path, fs::file_time_type::clock::now() - std::chrono::seconds(age_seconds));
  }
  fs::path root_;
};

TEST_F(ChooserFolders, OffersTheSavesNewestFirstThenThisFoldersRecords) {
  write(root_ / "games" / "reversi-1.ggf", 300);
  write(root_ / "games" / "gomoku-2.sgf", 10);
  write(root_ / "games" / "notes.md", 1);
  write(root_ / "here" / "b.txt", 5);
  write(root_ / "here" / "a.ggf", 500);
  write(root_ / "here" / "image.png", 1);
  fs::create_directories(root_ / "here" / "folder.sgf");  // a folder is no file
  const auto files = list_saved_games((root_ / "games").string(), (root_ / "here").string());
  ASSERT_EQ(files.size(), 4u);
  EXPECT_EQ(files[0].name, "gomoku-2.sgf");
  EXPECT_EQ(files[1].name, "reversi-1.ggf");
  EXPECT_EQ(files[2].name, "a.ggf");
  EXPECT_EQ(files[3].name, "b.txt");
  EXPECT_EQ(files[0].folder, "saved games");
  EXPECT_EQ(files[2].folder, "this folder");
  EXPECT_EQ(files[2].path, (root_ / "here" / "a.ggf").string());
  EXPECT_EQ(files[0].when.size(), 16u) << files[0].when;  // "2026-12-01 23:40"
  // The same folder twice is listed once; folders that are not there add nothing.
  EXPECT_EQ(list_saved_games((root_ / "games").string(), (root_ / "games").string()).size(), 2u);
  EXPECT_TRUE(list_saved_games((root_ / "none").string(), "").empty());
}

TEST(FileChooser, TheSelectionStaysInTheListAndInView) {
  std::vector<SavedGameFile> files(30);
  FileChooser chooser(files);
  chooser.move(-1);
  EXPECT_EQ(chooser.selected(), 0);
  chooser.move(1 << 20);
  EXPECT_EQ(chooser.selected(), 29);
  chooser.set_error("damaged");
  chooser.move(-3);
  EXPECT_EQ(chooser.selected(), 26);
  EXPECT_EQ(chooser.error(), "") << "a new choice clears the last error";
  for (int selected = 0; selected < 30; ++selected) {
    const int first = first_shown_row(selected, 30, 7);
    EXPECT_GE(selected, first);
    EXPECT_LT(selected, first + 7);
    EXPECT_LE(first, 30 - 7);
  }
  EXPECT_EQ(first_shown_row(3, 5, 7), 0);
  FileChooser empty({});
  empty.move(1);
  EXPECT_EQ(empty.selected(), 0);
}

TEST(FileChooser, ItsRowsLieInsideItsBoxAndAreHitWhereDrawn) {
  std::vector<SavedGameFile> files(40);
  FileChooser chooser(files);
  chooser.move(25);
  for (const auto& [w, h] : {std::pair{320, 240}, std::pair{1040, 700}, std::pair{480, 760}}) {
    for (const int size : kTextSizes) {
      SCOPED_TRACE(::testing::Message() << w << "x" << h << " " << size);
      const view::ChooserLayout L = view::layout_chooser(chooser, size, w, h);
      EXPECT_GE(L.shown, 2);
      EXPECT_GE(L.box.x, 0.0f);
      EXPECT_LE(L.box.x + L.box.w, static_cast<float>(w));
      EXPECT_LE(L.box.y + L.box.h, static_cast<float>(h));
      EXPECT_LE(L.list.y + L.list.h, L.cancel.y) << "the list above the foot";
      EXPECT_LE(L.cancel.y + L.cancel.h, L.box.y + L.box.h);
      EXPECT_GE(L.first, 0);
      EXPECT_TRUE(chooser.selected() >= L.first && chooser.selected() < L.first + L.shown);
      for (int i = L.first; i < L.first + L.shown; ++i) {
        const view::Rect r = L.row(i);
        EXPECT_EQ(L.row_at(r.x + r.w / 2, r.y + r.h / 2), i);
      }
      EXPECT_EQ(L.row_at(L.cancel.x + 1, L.cancel.y + 1), -1);
    }
  }
}

TEST(FileChooser, TheControllerGivesItTheKeysAndKeepsTheGame) {
  Settings s;
  s.game = GameKind::kTicTacToe;
  s.mode = Mode::kTwoPeople;
  test_fakes::ControllerWithFakes f(s);
  Controller& c = f.controller;
  c.handle({CommandKind::kStart}, 0);
  c.open_chooser(std::vector<SavedGameFile>(3));
  ASSERT_NE(c.chooser(), nullptr);
  EXPECT_FALSE(c.accepts_moves(1)) << "no moves under the chooser";
  c.handle({CommandKind::kCursor, 0, 1}, 1);
  c.handle({CommandKind::kPlayCell, 1, 1}, 1);
  EXPECT_EQ(c.chooser()->selected(), 1);
  EXPECT_EQ(c.board().board().at(1, 1), '.') << "the click went to the chooser, not the board";
  c.chooser_failed("b.txt: not a game record");
  EXPECT_EQ(c.chooser()->error(), "b.txt: not a game record");
  c.handle({CommandKind::kBack}, 1);
  EXPECT_EQ(c.chooser(), nullptr) << "Esc closes it";
  EXPECT_EQ(c.screen(), Screen::kPlaying) << "and the game is still on";
  // A game loaded from it closes it.
  c.open_chooser(std::vector<SavedGameFile>(1));
  ASSERT_EQ(c.load_game({GameKind::kConnect4, GomokuRule::kFreestyle, {"4"}, {}, kStandardGomokuSize}, 2), "");
  EXPECT_EQ(c.chooser(), nullptr);
}

TEST(FileChooser, EnterOnTheStartScreensSavedGameRowStartsNothing) {
  test_fakes::ControllerWithFakes f;
  Controller& c = f.controller;
  c.handle({CommandKind::kCursor, 0, -1}, 0);  // up from Start: the saved game's row
  ASSERT_EQ(c.start_selection(), StartRow::kLoad);
  c.handle({CommandKind::kActivate}, 0);  // key_map.h makes it kLoad; the controller starts nothing
  EXPECT_EQ(c.screen(), Screen::kStart);
  c.open_chooser({});
  c.handle({CommandKind::kBack}, 0);
  EXPECT_EQ(c.screen(), Screen::kStart) << "Esc closes the chooser, not the start screen";
}

}  // namespace
}  // namespace narabe::gui
