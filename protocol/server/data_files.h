#pragma once
// Where the engine's data files (the trained weights) are found at run time: beside
// the running executable (the build copies them there) or in an installed data
// directory next to it, `<exe dir>/../share/narabe`. Never a path compiled in: a
// binary copied elsewhere with its files keeps finding them, and one copied without
// them says so instead of reading the source tree it was built from.

#include <filesystem>
#include <string_view>
#include <vector>

namespace narabe::server {

// The directory of the running executable (empty when /proc/self/exe cannot be read).
std::filesystem::path executable_directory();

// The directories data files are looked for in, in order: the executable's own (the
// build tree) and ../share/narabe from it (the installed layout, cmake/NarabeInstall.cmake).
std::vector<std::filesystem::path> data_directories();

// The places a data file named `name` is looked for, in order.
std::vector<std::filesystem::path> data_file_candidates(std::string_view name);

}  // namespace narabe::server
