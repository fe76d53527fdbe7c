// narabe-gomoku-mate: the Gomoku threat solver (engine/games/gomoku/threat_solver.h)
// on the renju mate problems of a JSON-lines file (tests/data/gomoku/README.md).
// Per problem it runs VCF and then, if the problem is a VCT one, VCT with quiet VCF
// threats (up to 400,000 nodes) and plain VCT (the rest of the time), each
// deepened one attacker move at a time, with one thread and a CPU-time budget; it replays the
// proven line through the rules (legal moves, Black never on a forbidden point, the
// attacker's five at the end) and prints: proved or not, the plies to the five, the
// first move, the CPU time to the first proof, the nodes, and Rapfi's answer.
//
//   narabe-gomoku-mate FILE [--time-ms 8000] [--max-moves 40] [--hash 64] [--only ID]

#include <time.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <iostream>
#include <string>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "engine/games/gomoku/threat_solver.h"
#include "tools/command_line.h"
#include "tools/cpu_time.h"
#include "tools/gomoku_mate/mate_problem.h"

namespace po = boost::program_options;
using narabe::games::gomoku::ThreatMode;
using narabe::games::gomoku::ThreatResult;
using narabe::games::gomoku::ThreatSolver;
using Problem = narabe::tools::MateProblem;

using narabe::tools::cpu_seconds;

namespace {

constexpr int kVcfMoves = 120;
constexpr std::uint64_t kQuietNodes = 400'000;

}  // namespace

int main(int argc, char** argv) {
  std::string file, only;
  int time_ms = 8000, max_moves = 40;
  std::size_t hash_mb = 64;
  po::options_description options("narabe-gomoku-mate FILE [options]");
  options.add_options()("help", "this text")("version", "print the version and exit")("file", po::value(&file), "renju_mate_problems.jsonl")(
      "time-ms", po::value(&time_ms), "wall-clock budget per problem in ms (8000)")(
      "max-moves", po::value(&max_moves), "most attacker moves a VCT searches (40; VCF goes to 120)")(
      "hash", po::value(&hash_mb), "table size in MB (64)")("only", po::value(&only), "solve only this id")(
      "lines", "print each proven line")(
      "speed", "instead: place+remove stones on the pattern board (the solver's make/unmake) a second")(
      "values", "with --speed: the board also keeps the trained evaluation's pattern codes and value sums");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto command_line = narabe::tools::parse_command_line(argc, argv, "narabe-gomoku-mate", options, options, positional);
  if (!command_line) return 2;
  const po::variables_map& vm = *command_line;
  if (narabe::tools::print_version(vm, "narabe-gomoku-mate")) return 0;
  if (vm.count("help") || file.empty()) {
    std::cout << options;
    return file.empty() && !vm.count("help") ? 2 : 0;
  }
  if (time_ms <= 0 || max_moves <= 0 || max_moves > 250 || hash_mb == 0 || hash_mb > 4096) {
    std::cerr << "narabe-gomoku-mate: --time-ms and --max-moves (1..250) must be positive, --hash 1..4096\n";
    return 2;
  }
  std::ifstream in(file);
  if (!in) {
    std::cerr << "narabe-gomoku-mate: cannot read " << file << "\n";
    return 2;
  }

  if (vm.count("speed")) {
    // Every empty point of every problem in turn, a stone of the side to move placed
    // and removed, until a second of CPU time has gone.
    std::vector<Problem> problems;
    for (std::string text; std::getline(in, text);)
      if (auto problem = narabe::tools::parse_mate_problem(text)) problems.push_back(*problem);
    // Any values do: the work per stone does not depend on them.
    narabe::games::gomoku::CodeValues codes{};
    for (auto& colour : codes)
      for (std::size_t code = 0; code < colour[0].size(); ++code) {
        colour[0][code] = static_cast<std::int32_t>(code % 97);
        colour[1][code] = -static_cast<std::int32_t>(code % 89);
      }
    const auto values = std::make_unique<narabe::games::gomoku::PointValues>(
        narabe::games::gomoku::PointValues::from_codes(codes));
    const bool with_values = vm.count("values") != 0;
    std::uint64_t count = 0;
    const double start = cpu_seconds();
    while (cpu_seconds() - start < 1.0)
      for (const Problem& problem : problems) {
        narabe::games::gomoku::PatternBoard board(problem.cells, Problem::kRule);
        if (with_values) board.set_values(values.get());
        for (int at = 0; at < narabe::games::gomoku::kCells; ++at)
          if (board.cell(at) == narabe::games::gomoku::kEmpty) {
            board.place(at, problem.to_move);
            board.remove(at);
            ++count;
          }
      }
    const double cpu = cpu_seconds() - start;
    fmt::print("{} place+remove in {:.3f} s CPU: {:.2f} M/s\n", count, cpu, static_cast<double>(count) / cpu / 1e6);
    return 0;
  }

  ThreatSolver solver(hash_mb);
  const narabe::games::Gomoku names(narabe::games::Gomoku::Variant{Problem::kSize, Problem::kRule});
  int total = 0, proved = 0, bad = 0;
  std::string line;
  int line_number = 0;
  fmt::print("{:<44} {:>4} {:>6} {:>6} {:>5} {:>9} {:>11}  {}\n", "id", "mode", "proved", "plies", "move",
             "cpu_s", "nodes", "rapfi");
  while (std::getline(in, line)) {
    ++line_number;
    if (line.empty()) continue;
    auto problem = narabe::tools::parse_mate_problem(line);
    if (!problem) {
      std::cerr << "narabe-gomoku-mate: line " << line_number << ": " << problem.error() << "\n";
      ++bad;
      continue;
    }
    if (!only.empty() && problem->id != only) continue;
    ++total;
    solver.clear();
    solver.reset_nodes();
    const auto deadline = narabe::core::SteadyClock::now() + std::chrono::milliseconds(time_ms);
    solver.set_interrupts(nullptr, std::nullopt, deadline);
    const double start = cpu_seconds();
    auto solve = [&](ThreatMode mode, int moves) {
      return solver.solve(problem->cells, Problem::kSize, Problem::kRule, problem->to_move, mode, moves);
    };
    // VCF is cheap enough to go deep (one problem's VCF has 74 moves).
    ThreatResult result = solve(ThreatMode::kVcf, kVcfMoves);
    if (!result.proven && !result.interrupted && problem->mode == "VCT") {
      // The VCT with quiet VCF threats (far costlier to deepen) gets a share of
      // nodes, the plain VCT the rest of the time.
      solver.set_interrupts(nullptr, solver.nodes() + kQuietNodes, deadline);
      result = solve(ThreatMode::kVctQuiet, max_moves);
      if (!result.proven && narabe::core::SteadyClock::now() < deadline) {
        solver.set_interrupts(nullptr, std::nullopt, deadline);
        result = solve(ThreatMode::kVct, max_moves);
      }
    }
    const double cpu = cpu_seconds() - start;
    const bool verified = result.proven && narabe::tools::line_wins(*problem, result.line);
    if (verified) ++proved;
    const std::string status = verified ? "yes" : result.proven ? "BADLINE" : result.interrupted ? fmt::format("time{}", result.depth_completed) : "no";
    const int plies = verified ? 2 * result.attacker_moves - 1 : 0;
    fmt::print("{:<44} {:>4} {:>6} {:>6} {:>5} {:>9.3f} {:>11}  {}\n", problem->id, problem->mode, status,
               verified ? std::to_string(plies) : "-",
               verified ? names.move_to_string(result.move) : "-", cpu, solver.nodes(),
               problem->rapfi_eval);
    if (result.proven && (!verified || vm.count("lines"))) {
      std::string moves;
      for (const auto m : result.line) {
        moves += ' ';
        moves += names.move_to_string(m);
      }
      fmt::print("  line:{}\n", moves);
    }
    std::cout.flush();
  }
  fmt::print("proved {} of {}\n", proved, total);
  return bad > 0 ? 1 : 0;
}
