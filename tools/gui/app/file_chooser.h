#pragma once
// The in-window file chooser for loading a saved game (SDL has no native
// dialog): which files it offers, and its selection. No drawing and no SDL;
// the view lays the list out from this state (view/layout.h), so the same
// rows are drawn and clicked.

#include <string>
#include <vector>

namespace narabe::gui {

struct SavedGameFile {
  std::string path;    // to read
  std::string name;    // the file's name, as listed
  std::string folder;  // where it is, as listed ("saved games", "this folder")
  std::string when;    // its modification time, "2026-12-01 23:40"
};

// The saved games to offer: those in the folder where saves go (newest
// first), then the *.ggf, *.sgf and *.txt of `current_dir` (by name).
// Folders that do not exist or cannot be read add nothing.
std::vector<SavedGameFile> list_saved_games(const std::string& records_dir, const std::string& current_dir);

class FileChooser {
 public:
  explicit FileChooser(std::vector<SavedGameFile> files) : files_(std::move(files)) {}

  const std::vector<SavedGameFile>& files() const { return files_; }
  int selected() const { return selected_; }
  // Moves the selection by `delta` rows, within the list.
  void move(int delta);
  // Why the last file chosen did not load; empty when none failed.
  const std::string& error() const { return error_; }
  void set_error(std::string error) { error_ = std::move(error); }

 private:
  std::vector<SavedGameFile> files_;
  int selected_ = 0;
  std::string error_;
};

// The first row shown when `visible` rows fit: the selection stays in view,
// near the middle once the list scrolls.
int first_shown_row(int selected, int count, int visible);

}  // namespace narabe::gui
