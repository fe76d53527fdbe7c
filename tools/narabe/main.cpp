// narabe: the headless engine. With no arguments it speaks the protocol on stdin and
// stdout (docs/protocol.md); `narabe bench` prints the bench signature and exits.

#include <unistd.h>

#include <iostream>
#include <string>

#include <boost/program_options.hpp>

#include "narabe/version.h"
#include "protocol/server/line_reader.h"
#include "protocol/server/output_channel.h"
#include "protocol/server/server.h"

namespace po = boost::program_options;

int main(int argc, char** argv) {
  po::options_description visible("Usage: narabe [options] [bench]\n\n"
                                  "Reads protocol commands on stdin (start with 'uci').\nOptions");
  visible.add_options()("help,h", "print this help and exit")("version", "print the version and exit");
  po::options_description all;
  all.add(visible).add_options()("command", po::value<std::string>(), "bench");
  po::positional_options_description positional;
  positional.add("command", 1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "narabe: " << e.what() << "\n" << visible << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << visible << "\nCommands:\n  bench    search the fixed bench positions and print "
                            "'bench <nodes> nodes <nps> nps'\n";
    return 0;
  }
  if (vm.count("version")) {
    std::cout << narabe::version_line("narabe") << "\n";
    return 0;
  }

  narabe::server::FdOutput output(STDOUT_FILENO);
  if (vm.count("command")) {
    const std::string command = vm["command"].as<std::string>();
    if (command != "bench") {
      std::cerr << "narabe: unknown command '" << command << "' (try --help)\n";
      return 2;
    }
    return narabe::server::run_bench_command(output);
  }
  if (isatty(STDIN_FILENO))  // a person at a terminal: say what to type (stderr, not the protocol)
    std::cerr << narabe::version_line("narabe")
              << ": type 'uci', then e.g. 'position startpos moves b2' and 'go depth 9'; 'quit' ends\n";
  narabe::server::LineReader input(STDIN_FILENO);
  return narabe::server::serve(input, output);
}
