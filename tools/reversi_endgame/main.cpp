// narabe-reversi-endgame: Reversi's exact endgame solver on the positions of an
// FFO/OBF file (one position a line: 64 board characters, the side to move, then
// "; MOVE:score" pairs, best first). Prints per position the margin found, the best
// move, whether both agree with the file, the CPU and wall time, the nodes and the
// nodes a CPU second; then totals.
//
//   narabe-reversi-endgame tests/data/reversi/fforum-40-59.obf [--first N] [--skip K]
//       [--hash MB] [--threads N] [--wld] [--eval pattern|simple] [--eval-file FILE]
//
// The solver orders its moves at 18+ empties by shallow searches on Reversi's
// evaluation, so the tool loads the trained weights as the engine does (the same
// file, found the same way) unless told to use the simple evaluation.

#include <time.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "engine/games/reversi/endgame_solver.h"
#include "engine/games/reversi/reversi.h"
#include "protocol/server/reversi_eval_file.h"
#include "tools/command_line.h"
#include "tools/cpu_time.h"

namespace po = boost::program_options;
using narabe::games::Reversi;
using narabe::games::reversi::EndgameSolver;

using narabe::tools::cpu_seconds;
using narabe::tools::wall_seconds;

namespace {

struct Listed {
  int best_score = 0;
  std::vector<std::string> best_moves;  // lower case
};

// The listed best score and every move that has it, from "; A2:+38; C7:+36; ...".
std::optional<Listed> parse_answers(const std::string& line) {
  Listed listed;
  bool first = true;
  std::size_t at = line.find(';');
  while (at != std::string::npos) {
    std::size_t start = at + 1;
    while (start < line.size() && line[start] == ' ') ++start;
    const std::size_t colon = line.find(':', start);
    if (colon == std::string::npos) break;
    std::string move = line.substr(start, colon - start);
    for (char& c : move) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const int score = std::stoi(line.substr(colon + 1));
    if (first) listed.best_score = score;
    if (score == listed.best_score) listed.best_moves.push_back(move);
    first = false;
    at = line.find(';', colon);
  }
  if (first) return std::nullopt;
  return listed;
}

}  // namespace

int main(int argc, char** argv) {
  std::string file;
  int first = 0, skip = 0, threads = 1;
  std::size_t hash_mb = 64;
  std::string evaluation = "pattern";
  std::string eval_file{narabe::server::kDefaultEvalFile};
  po::options_description options("narabe-reversi-endgame FILE [options]");
  options.add_options()("help", "this text")("version", "print the version and exit")("file", po::value(&file), "an FFO/OBF file")(
      "first", po::value(&first), "solve only the first N positions (after --skip)")(
      "skip", po::value(&skip), "skip the first K positions")("hash", po::value(&hash_mb),
                                                               "table size in MB (64)")(
      "threads", po::value(&threads), "threads each solve runs on (1 to 256, default 1; one shared table)")(
      "wld", "prove win/draw/loss only")("eval", po::value(&evaluation),
                                          "the evaluation ordering the moves: pattern (default) or simple")(
      "eval-file", po::value(&eval_file), "the trained weights (default: the engine's reversi_eval.bin)");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto command_line = narabe::tools::parse_command_line(argc, argv, "narabe-reversi-endgame", options, options, positional);
  if (!command_line) return 2;
  const po::variables_map& vm = *command_line;
  if (narabe::tools::print_version(vm, "narabe-reversi-endgame")) return 0;
  if (vm.count("help") || file.empty()) {
    std::cout << options << "\n";
    return vm.count("help") ? 0 : 2;
  }
  const bool wld = vm.count("wld") > 0;
  if (threads < 1 || threads > 256) {
    std::cerr << "narabe-reversi-endgame: --threads is 1 to 256, not " << threads << "\n";
    return 2;
  }
  if (evaluation != "pattern" && evaluation != "simple") {
    std::cerr << "narabe-reversi-endgame: --eval is pattern or simple, not '" << evaluation << "'\n";
    return 2;
  }
  std::shared_ptr<const narabe::games::reversi::PatternWeights> pattern_weights;  // null: the simple evaluation
  if (evaluation == "pattern") {
    auto weights = narabe::server::load_reversi_weights(eval_file);
    if (!weights) {
      std::cerr << "narabe-reversi-endgame: " << weights.error() << "\n";
      return 2;
    }
    pattern_weights = std::move(*weights);
  }
  std::ifstream in(file);
  if (!in) {
    std::cerr << "narabe-reversi-endgame: cannot read " << file << "\n";
    return 2;
  }

  EndgameSolver solver(hash_mb);
  solver.set_weights(pattern_weights.get());
  solver.set_threads(threads);
  std::string line;
  int index = 0, solved = 0, agreed = 0;
  double total_cpu = 0, total_wall = 0;
  std::uint64_t total_nodes = 0;
  std::cout << fmt::format("{:>4} {:>7} {:>6} {:>5} {:>5} {:>9} {:>9} {:>14} {:>8}\n", "line", "empties", "score",
                           "move", "check", "cpu s", "wall s", "nodes", "Mn/s");
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    ++index;
    if (index <= skip) continue;
    if (first > 0 && index > skip + first) break;
    const auto position = Reversi::from_obf(line);
    if (!position) {
      std::cerr << "narabe-reversi-endgame: line " << index << ": " << position.error() << "\n";
      return 1;
    }
    solver.clear_table();
    solver.reset_nodes();
    const double start = cpu_seconds();
    const double wall_start = wall_seconds();
    const auto score = wld ? solver.solve_wld(position->player(), position->opponent())
                           : solver.solve(position->player(), position->opponent());
    const double cpu = cpu_seconds() - start;
    const double wall = wall_seconds() - wall_start;
    const int cell = solver.best_move();
    const std::string move = cell == EndgameSolver::kPass ? "pass" : cell < 0 ? "-" : Reversi::cell_name(cell);
    const auto listed = parse_answers(line);
    std::string check = "-";
    if (listed && score) {
      const int expected = wld ? (listed->best_score > 0 ? 2 : listed->best_score < 0 ? -2 : 0) : listed->best_score;
      bool move_ok = false;
      for (const auto& m : listed->best_moves) move_ok = move_ok || m == move;
      check = *score == expected && move_ok ? "ok" : "WRONG";
      if (check == "ok") ++agreed;
    }
    ++solved;
    total_cpu += cpu;
    total_wall += wall;
    total_nodes += solver.nodes();
    std::cout << fmt::format("{:>4} {:>7} {:>+6} {:>5} {:>5} {:>9.3f} {:>9.3f} {:>14} {:>8.2f}\n", index,
                             position->empties(), score.value_or(0), move, check, cpu, wall, solver.nodes(),
                             cpu > 0 ? static_cast<double>(solver.nodes()) / cpu / 1e6 : 0.0);
    std::cout.flush();
  }
  std::cout << fmt::format(
      "total: {} positions, {} agree with the file, {:.3f} s CPU, {:.3f} s wall, {} nodes, {:.2f} Mn/s, {} thread{}\n",
      solved, agreed, total_cpu, total_wall, total_nodes,
      total_cpu > 0 ? static_cast<double>(total_nodes) / total_cpu / 1e6 : 0.0, threads, threads == 1 ? "" : "s");
  return agreed == solved ? 0 : 1;
}
