#pragma once
// A file holding the fuzz input, for the readers that take a path (results files,
// openings files): one path per process and purpose, rewritten for every input,
// removed at exit.

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "tests/fuzz/fuzz_support.h"

namespace narabe::fuzz {

class TempFile {
 public:
  explicit TempFile(std::string_view purpose)
      : path_((std::filesystem::temp_directory_path() /
               ("narabe-fuzz-" + std::to_string(::getpid()) + "-" + std::string(purpose)))
                  .string()) {}
  ~TempFile() { std::remove(path_.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  // Replaces the file's contents; the path, for the reader under test.
  const std::string& write(std::string_view bytes) {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) fail("cannot write the temporary file", path_);
    return path_;
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace narabe::fuzz
