#include "protocol/server/data_files.h"

#include <system_error>

namespace narabe::server {

namespace fs = std::filesystem;

fs::path executable_directory() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

std::vector<fs::path> data_directories() {
  const fs::path dir = executable_directory();
  if (dir.empty()) return {};
  return {dir, dir.parent_path() / "share" / "narabe"};
}

std::vector<fs::path> data_file_candidates(std::string_view name) {
  std::vector<fs::path> paths = data_directories();
  for (fs::path& path : paths) path /= name;
  return paths;
}

}  // namespace narabe::server
