// narabe-bench-solve: the Connect Four solver on test sets in Pascal Pons' format
// (one position a line: the moves played as 1-based columns, a space, the exact
// score for the side to move). Prints, per file, how many scores it reproduced, the
// mean CPU time and the mean node count per position.
//
//   narabe-bench-solve tests/data/connect4/Test_L3_R1 [more files] [--weak] [--threads N] [--each]
//   narabe-bench-solve --moves "" (the empty board) / --moves 4453

#include <time.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
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
using narabe::tools::wall_seconds;

namespace {

struct Totals {
  int positions = 0;
  int correct = 0;
  double cpu = 0;
  double wall = 0;
  std::uint64_t nodes = 0;
};

int sign(int v) { return (v > 0) - (v < 0); }

// A position of a test file, parsed before any timing.
struct Case {
  Connect4 position;
  int line_number = 0;
  std::string line;
  int expected = 0;
};

// The position of a move string, or nothing (reported) when it is bad or over.
std::optional<Connect4> parse_position(const narabe::games::connect4::Solver& solver, const std::string& moves) {
  auto position = Connect4::from_move_string(Connect4::Variant{solver.width(), solver.height()}, moves);
  if (!position) {
    std::cerr << "narabe-bench-solve: bad position '" << moves << "': " << position.error() << "\n";
    return std::nullopt;
  }
  if (narabe::core::is_over(position->outcome())) {
    std::cerr << "narabe-bench-solve: position '" << moves << "' is already over\n";
    return std::nullopt;
  }
  return std::move(*position);
}

// The first `first` lines of a test file (all when 0), or nothing (reported).
std::optional<std::vector<Case>> read_cases(const narabe::games::connect4::Solver& solver, const std::string& path,
                                            int first) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "narabe-bench-solve: cannot read " << path << "\n";
    return std::nullopt;
  }
  std::vector<Case> cases;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line) && (first == 0 || line_number < first)) {
    ++line_number;
    const auto space = line.find(' ');
    int expected = 0;
    if (space == std::string::npos || std::sscanf(line.c_str() + space, "%d", &expected) != 1) {
      std::cerr << fmt::format("narabe-bench-solve: {}:{}: not '<moves> <score>'\n", path, line_number);
      return std::nullopt;
    }
    auto position = parse_position(solver, line.substr(0, space));
    if (!position) return std::nullopt;
    cases.push_back(Case{std::move(*position), line_number, line, expected});
  }
  return cases;
}

// Solves every position; the scores, in order. The CPU time is read around the
// whole run: reading the process's CPU clock is a system call of over a
// microsecond here, a fifth of the time of an easy position (`each` reads it
// around every position and prints its figures). A cold run clears the table
// before each position, outside the timing.
std::vector<std::optional<int>> solve_all(narabe::games::connect4::Solver& solver, const std::vector<Case>& cases,
                                          bool weak, bool cold, bool each, Totals& totals) {
  std::vector<std::optional<int>> scores;
  scores.reserve(cases.size());
  double start = cpu_seconds();
  double wall_start = wall_seconds();
  for (const Case& c : cases) {
    if (cold) {
      totals.cpu += cpu_seconds() - start;
      totals.wall += wall_seconds() - wall_start;
      solver.clear_table();
      start = cpu_seconds();
      wall_start = wall_seconds();
    }
    solver.reset_nodes();
    const double position_cpu = each ? cpu_seconds() : 0;
    const double position_wall = each ? wall_seconds() : 0;
    scores.push_back(solver.solve(c.position.current(), c.position.mask(), c.position.moves_played(), weak));
    totals.nodes += solver.nodes();
    if (each) {
      const double cpu = cpu_seconds() - position_cpu;
      const double wall = wall_seconds() - position_wall;
      fmt::print("line {} score {} cpu {:.6f} s wall {:.6f} s nodes {} {:.2f} Mn/s\n", c.line_number,
                 scores.back() ? fmt::to_string(*scores.back()) : std::string("none"), cpu, wall, solver.nodes(),
                 wall > 0 ? static_cast<double>(solver.nodes()) / wall / 1e6 : 0.0);
    }
  }
  totals.cpu += cpu_seconds() - start;
  totals.wall += wall_seconds() - wall_start;
  totals.positions += static_cast<int>(cases.size());
  return scores;
}

// The totals' line after a file: CPU, wall time, nodes and nodes a wall second.
std::string totals_text(const Totals& totals, int threads) {
  return fmt::format("total {:.3f} s CPU, {:.3f} s wall, {} nodes, {:.2f} Mn/s, {} thread{}", totals.cpu, totals.wall,
                     totals.nodes, totals.wall > 0 ? static_cast<double>(totals.nodes) / totals.wall / 1e6 : 0.0,
                     threads, threads == 1 ? "" : "s");
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description visible(
      "Usage: narabe-bench-solve FILE... [options]\n"
      "Solves every line of Pons-format Connect Four test files and compares the scores.\n"
      "Options");
  visible.add_options()("help,h", "print this help")("version", "print the version and exit")(
      "weak", "only win/draw/loss (the sign of the score)")(
      "first", po::value<int>()->default_value(0), "only the first N lines of each file (0: all)")(
      "cold", "clear the table before every position (as Pons measures); default: warm")(
      "threads", po::value<int>()->default_value(1), "threads each solve runs on (1 to 256; one shared table)")(
      "each", "print every position's score, CPU and wall time, nodes")(
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
  if (narabe::tools::print_version(vm, "narabe-bench-solve")) return 0;
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
  const int threads = vm["threads"].as<int>();
  const bool each = vm.count("each") > 0;
  if (threads < 1 || threads > 256) {
    std::cerr << "narabe-bench-solve: --threads is 1 to 256, not " << threads << "\n";
    return 2;
  }
  if (!Connect4::parse_variant({{"width", std::to_string(width)}, {"height", std::to_string(height)}}) ||
      hash < 1 || hash > 65536 || first < 0) {
    std::cerr << "narabe-bench-solve: bad --width/--height/--hash/--first\n";
    return 2;
  }
  narabe::games::connect4::Solver solver(width, height, static_cast<std::size_t>(hash));
  solver.set_threads(threads);

  if (vm.count("moves")) {
    const auto position = parse_position(solver, vm["moves"].as<std::string>());
    if (!position) return 1;
    Totals totals;
    const auto score = solve_all(solver, {Case{*position, 1, "", 0}}, weak, cold, false, totals).front();
    if (!score) return 1;
    fmt::print("score {} best column {} time {:.3f} s nodes {}\n", *score, solver.best_column() + 1,
               totals.cpu, totals.nodes);
    if (threads > 1) fmt::print("{}\n", totals_text(totals, threads));
    return 0;
  }

  bool all_correct = true;
  for (const std::string& path : vm["file"].as<std::vector<std::string>>()) {
    const auto cases = read_cases(solver, path, first);
    if (!cases) return 1;
    Totals totals;
    const auto scores = solve_all(solver, *cases, weak, cold, each, totals);
    for (std::size_t i = 0; i < cases->size(); ++i) {
      const Case& c = (*cases)[i];
      const int want = weak ? sign(c.expected) : c.expected;
      if (scores[i] == want) ++totals.correct;
      else
        fmt::print("wrong: {}:{} '{}' expected {} got {}\n", path, c.line_number, c.line, want,
                   scores[i] ? fmt::to_string(*scores[i]) : std::string("none"));
    }
    all_correct = all_correct && totals.correct == totals.positions;
    const double n = std::max(totals.positions, 1);
    fmt::print("{}: {}/{} correct ({}), mean time {:.2f} us, mean nodes {:.0f}\n", path, totals.correct,
               totals.positions, weak ? "weak" : "strong", totals.cpu * 1e6 / n,
               static_cast<double>(totals.nodes) / n);
    if (threads > 1 || each) fmt::print("{}: {}\n", path, totals_text(totals, threads));
  }
  return all_correct ? 0 : 1;
}
