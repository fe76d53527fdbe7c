#include "tools/gui/app/file_chooser.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>

namespace narabe::gui {
namespace {

namespace fs = std::filesystem;

struct Found {
  SavedGameFile file;
  fs::file_time_type modified;
};

std::string local_time(fs::file_time_type when) {
  const auto system = std::chrono::time_point_cast<std::chrono::system_clock::duration>(std::chrono::file_clock::to_sys(when));
  const std::time_t t = std::chrono::system_clock::to_time_t(system);
  char text[32] = "";
  std::tm parts{};
  if (localtime_r(&t, &parts) != nullptr) std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", &parts);
  return text;
}

// The regular files of `dir` whose extension is a record's, unsorted.
std::vector<Found> records_in(const std::string& dir, const std::string& folder_label) {
  std::vector<Found> found;
  std::error_code ec;
  if (dir.empty()) return found;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& path = it->path();
    const std::string ext = path.extension().string();
    if (ext != ".ggf" && ext != ".sgf" && ext != ".txt") continue;
    std::error_code file_ec;
    if (!it->is_regular_file(file_ec) || file_ec) continue;
    const auto modified = it->last_write_time(file_ec);
    if (file_ec) continue;
    found.push_back({{path.string(), path.filename().string(), folder_label, local_time(modified)}, modified});
  }
  return found;
}

}  // namespace

std::vector<SavedGameFile> list_saved_games(const std::string& records_dir, const std::string& current_dir) {
  auto saved = records_in(records_dir, "saved games");
  std::sort(saved.begin(), saved.end(), [](const Found& a, const Found& b) {
    return a.modified != b.modified ? a.modified > b.modified : a.file.name < b.file.name;
  });
  std::error_code ec;
  const bool same = !records_dir.empty() && fs::equivalent(records_dir, current_dir, ec);
  auto here = same ? std::vector<Found>{} : records_in(current_dir, "this folder");
  std::sort(here.begin(), here.end(), [](const Found& a, const Found& b) { return a.file.name < b.file.name; });
  std::vector<SavedGameFile> files;
  for (auto* list : {&saved, &here})
    for (auto& f : *list) files.push_back(std::move(f.file));
  return files;
}

void FileChooser::move(int delta) {
  if (files_.empty()) return;
  const long target = static_cast<long>(selected_) + delta;
  selected_ = static_cast<int>(std::clamp(target, 0L, static_cast<long>(files_.size()) - 1));
  error_.clear();
}

int first_shown_row(int selected, int count, int visible) {
  if (visible <= 0 || count <= visible) return 0;
  return std::clamp(selected - visible / 2, 0, count - visible);
}

}  // namespace narabe::gui
