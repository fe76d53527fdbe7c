#include "protocol/server/data_files.h"

#include <system_error>

namespace narabe::server {

namespace fs = std::filesystem;

fs::path executable_directory() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

std::vector<fs::path> data_file_candidates(std::string_view name) {
  const fs::path dir = executable_directory();
  if (dir.empty()) return {};
  return {dir / name, dir.parent_path() / "share" / "narabe" / name};
}

}  // namespace narabe::server
