// narabe-reversi-perft: perft of Reversi through the engine's generic perft (the
// same make/unmake the search uses), one line per depth with the count, the CPU
// time and whether the count is the published one (a pass is a ply, a finished
// game one leaf: Aart Bik's "Perft for Reversi", Egaroucid; the counts are in
// tests/data/reversi/perft.tsv).
//
//   narabe-reversi-perft                 depths 1..12 from the start
//   narabe-reversi-perft --depth 11 --from 11
//   narabe-reversi-perft --fen "8/8/8/3ox3/3xxx2/8/8/8 o" --depth 8

#include <time.h>

#include <array>
#include <cstdio>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "engine/core/perft.h"
#include "engine/games/reversi/reversi.h"
#include "tools/command_line.h"
#include "tools/cpu_time.h"

namespace po = boost::program_options;
using narabe::games::Reversi;

using narabe::tools::cpu_seconds;

namespace {

// The published counts from the start, depths 1..15 (perft.tsv, pass_is_move).
constexpr std::array<std::uint64_t, 15> kKnown = {
    4ULL,         12ULL,         56ULL,          244ULL,          1396ULL,
    8200ULL,      55092ULL,      390216ULL,      3005288ULL,      24571284ULL,
    212258800ULL, 1939886636ULL, 18429641748ULL, 184042084512ULL, 1891832540064ULL};

}  // namespace

int main(int argc, char** argv) {
  po::options_description visible(
      "Usage: narabe-reversi-perft [options]\n"
      "Counts Reversi move sequences (a pass is a ply, a finished game one leaf) and times them.\n"
      "Options");
  visible.add_options()("help,h", "print this help")("version", "print the version and exit")(
      "depth", po::value<int>()->default_value(12), "the deepest depth (1..20)")(
      "from", po::value<int>()->default_value(1), "the first depth")(
      "fen", po::value<std::string>(), "start from this position instead (no known counts)");
  const auto command_line = narabe::tools::parse_command_line(argc, argv, "narabe-reversi-perft", visible, visible);
  if (!command_line) return 2;
  const po::variables_map& vm = *command_line;
  if (narabe::tools::print_version(vm, "narabe-reversi-perft")) return 0;
  if (vm.count("help")) {
    std::cout << visible << "\n";
    return 0;
  }
  const int deepest = vm["depth"].as<int>();
  const int from = vm["from"].as<int>();
  if (deepest < 1 || deepest > 20 || from < 1 || from > deepest) {
    std::cerr << "narabe-reversi-perft: --depth must be 1..20 and --from 1..depth\n";
    return 2;
  }
  Reversi game;
  const bool from_start = !vm.count("fen");
  if (!from_start) {
    auto loaded = Reversi::from_fen({}, vm["fen"].as<std::string>());
    if (!loaded) {
      std::cerr << "narabe-reversi-perft: bad fen: " << loaded.error() << "\n";
      return 2;
    }
    game = *loaded;
  }

  bool all_known = true;
  fmt::print("{:>5} {:>16} {:>10} {:>14}  {}\n", "depth", "count", "cpu s", "leaves/s", "check");
  for (int depth = from; depth <= deepest; ++depth) {
    const double start = cpu_seconds();
    const std::uint64_t count = narabe::core::perft(game, depth);
    const double seconds = cpu_seconds() - start;
    std::string check = "-";
    if (from_start && depth <= static_cast<int>(kKnown.size())) {
      const bool ok = count == kKnown[static_cast<std::size_t>(depth - 1)];
      all_known = all_known && ok;
      check = ok ? "ok" : fmt::format("WRONG (published {})", kKnown[static_cast<std::size_t>(depth - 1)]);
    }
    const double rate = seconds > 0 ? static_cast<double>(count) / seconds : 0.0;
    fmt::print("{:>5} {:>16} {:>10.3f} {:>14.0f}  {}\n", depth, count, seconds, rate, check);
    std::fflush(stdout);
  }
  return all_known ? 0 : 1;
}
