#pragma once
// Reading a tool's command line with Boost.ProgramOptions the same way in every
// developer tool: a bad flag gives one line "program: reason" on standard error,
// then the usage, and the caller exits with 2.

#include <iostream>
#include <optional>
#include <string_view>

#include <boost/program_options.hpp>

#include "narabe/version.h"

namespace narabe::tools {

// The parsed options (bound variables already set), or nullopt after the error and
// `usage` were printed.
inline std::optional<boost::program_options::variables_map> parse_command_line(
    int argc, char** argv, std::string_view program, const boost::program_options::options_description& options,
    const boost::program_options::options_description& usage,
    const boost::program_options::positional_options_description& positional = {}) {
  namespace po = boost::program_options;
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << program << ": " << e.what() << "\n" << usage << "\n";
    return std::nullopt;
  }
  return vm;
}

// With --version given (an option the tool declares): prints "program X.Y.Z", the
// project's version, and returns true, for the caller to exit with 0.
inline bool print_version(const boost::program_options::variables_map& vm, std::string_view program) {
  if (!vm.count("version")) return false;
  std::cout << version_line(program) << "\n";
  return true;
}

}  // namespace narabe::tools
