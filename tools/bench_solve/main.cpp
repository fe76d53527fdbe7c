// narabe-bench-solve: the Connect Four solver on test sets in Pascal Pons' format
// (one position a line: the moves played as 1-based columns, a space, the exact
// score for the side to move). Prints, per file, how many scores it reproduced, the
// mean CPU time and the mean node count per position.
//
//   narabe-bench-solve ../shared/data/connect4/Test_L3_R1 [more files] [--weak]
//   narabe-bench-solve --moves "" (the empty board) / --moves 4453

#include <time.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "engine/games/connect4/connect4.h"
#include "engine/games/connect4/solver.h"
#include "tools/command_line.h"
#include "tools/cpu_time.h"

namespace po = boost::program_options;
using narabe::games::Connect4;

using narabe::tools::cpu_seconds;

namespace {

struct Totals {
  int positions = 0;
  int correct = 0;
  double cpu = 0;
  std::uint64_t nodes = 0;
};

int sign(int v) { return (v > 0) - (v < 0); }

// Solves one position; returns the score or nothing (bad line already reported).
std::optional<int> solve(narabe::games::connect4::Solver& solver, const std::string& moves, bool weak,
                         Totals& totals, bool cold) {
  auto position = Connect4::from_move_string(Connect4::Variant{solver.width(), solver.height()}, moves);
  if (!position) {
    std::cerr << "narabe-bench-solve: bad position '" << moves << "': " << position.error() << "\n";
    return std::nullopt;
  }
  if (narabe::core::is_over(position->outcome())) {
    std::cerr << "narabe-bench-solve: position '" << moves << "' is already over\n";
    return std::nullopt;
  }
  if (cold) solver.clear_table();
  solver.reset_nodes();
  const double start = cpu_seconds();
  const auto score = solver.solve(position->current(), position->mask(), position->moves_played(), weak);
  totals.cpu += cpu_seconds() - start;
  totals.nodes += solver.nodes();
  ++totals.positions;
  return score;
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description visible(
      "Usage: narabe-bench-solve FILE... [options]\n"
      "Solves every line of Pons-format Connect Four test files and compares the scores.\n"
      "Options");
  visible.add_options()("help,h", "print this help")(
      "weak", "only win/draw/loss (the sign of the score)")(
      "first", po::value<int>()->default_value(0), "only the first N lines of each file (0: all)")(
      "cold", "clear the table before every position (as Pons measures); default: warm")(
      "hash", po::value<int>()->default_value(64), "table size in MiB")(
      "moves", po::value<std::string>(), "solve this one position (1-based columns; \"\" = empty board)")(
      "width", po::value<int>()->default_value(7), "board width")(
      "height", po::value<int>()->default_value(6), "board height");
  po::options_description all;
  all.add(visible).add_options()("file", po::value<std::vector<std::string>>(), "test files");
  po::positional_options_description positional;
  positional.add("file", -1);
  const auto command_line = narabe::tools::parse_command_line(argc, argv, "narabe-bench-solve", all, visible, positional);
  if (!command_line) return 2;
  const po::variables_map& vm = *command_line;
  if (vm.count("help") || (!vm.count("file") && !vm.count("moves"))) {
    std::cout << visible << "\n";
    return vm.count("help") ? 0 : 2;
  }
  const bool weak = vm.count("weak") > 0;
  const bool cold = vm.count("cold") > 0;
  const int first = vm["first"].as<int>();
  const int width = vm["width"].as<int>();
  const int height = vm["height"].as<int>();
  const int hash = vm["hash"].as<int>();
  if (!Connect4::parse_variant({{"width", std::to_string(width)}, {"height", std::to_string(height)}}) ||
      hash < 1 || hash > 65536 || first < 0) {
    std::cerr << "narabe-bench-solve: bad --width/--height/--hash/--first\n";
    return 2;
  }
  narabe::games::connect4::Solver solver(width, height, static_cast<std::size_t>(hash));

  if (vm.count("moves")) {
    Totals totals;
    const auto score = solve(solver, vm["moves"].as<std::string>(), weak, totals, cold);
    if (!score) return 1;
    fmt::print("score {} best column {} time {:.3f} s nodes {}\n", *score, solver.best_column() + 1,
               totals.cpu, totals.nodes);
    return 0;
  }

  bool all_correct = true;
  for (const std::string& path : vm["file"].as<std::vector<std::string>>()) {
    std::ifstream in(path);
    if (!in) {
      std::cerr << "narabe-bench-solve: cannot read " << path << "\n";
      return 1;
    }
    Totals totals;
    std::string line;
    int line_number = 0;
    while (std::getline(in, line) && (first == 0 || line_number < first)) {
      ++line_number;
      const auto space = line.find(' ');
      int expected = 0;
      if (space == std::string::npos || std::sscanf(line.c_str() + space, "%d", &expected) != 1) {
        std::cerr << fmt::format("narabe-bench-solve: {}:{}: not '<moves> <score>'\n", path, line_number);
        return 1;
      }
      const auto score = solve(solver, line.substr(0, space), weak, totals, cold);
      if (!score) return 1;
      const int want = weak ? sign(expected) : expected;
      if (*score == want) ++totals.correct;
      else fmt::print("wrong: {}:{} '{}' expected {} got {}\n", path, line_number, line, want, *score);
    }
    all_correct = all_correct && totals.correct == totals.positions;
    const double n = std::max(totals.positions, 1);
    fmt::print("{}: {}/{} correct ({}), mean time {:.2f} us, mean nodes {:.0f}\n", path, totals.correct,
               totals.positions, weak ? "weak" : "strong", totals.cpu * 1e6 / n,
               static_cast<double>(totals.nodes) / n);
  }
  return all_correct ? 0 : 1;
}
