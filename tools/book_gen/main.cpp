// narabe-book-gen: builds Connect Four's opening book (engine/games/connect4/
// book_7x6.bin) with the project's own solver. Every 7x6 position with up to
// depth + 1 discs (mirror images once) gets its exact score: those with depth + 1
// discs by the solver, the shallower ones from their children's scores (the best
// move's value is the position's), so only the deepest layer costs search time.
// The book is saved after every
// position (to a temporary file, then renamed), so an interrupted run loses nothing
// and a later run with the same --out continues where it stopped.
//
//   narabe-book-gen --depth 2 --out engine/games/connect4/book_7x6.bin

#include <time.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "engine/games/connect4/connect4.h"
#include "engine/games/connect4/exact_solver.h"
#include "engine/games/connect4/opening_book.h"
#include "engine/games/connect4/solver.h"
#include "tools/command_line.h"
#include "tools/cpu_time.h"

namespace po = boost::program_options;
using narabe::games::Connect4;
using narabe::games::connect4::OpeningBook;

using narabe::tools::cpu_seconds;

namespace {

bool save(const OpeningBook& book, const std::string& path) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    const auto bytes = book.serialize();
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) return false;
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  return !error;
}

// The positions with `discs` discs that are not over and follow from `start`, one
// per mirror pair.
std::vector<Connect4> positions_with(int discs, const Connect4& start = Connect4()) {
  std::vector<Connect4> layer{start};
  for (int d = start.moves_played(); d < discs; ++d) {
    std::vector<Connect4> next;
    std::set<std::uint64_t> seen;
    for (const Connect4& position : layer) {
      Connect4::MoveList moves;
      position.generate_moves(moves);
      for (narabe::core::Move m : moves) {
        Connect4 child = position;
        child.make_move(m);
        if (narabe::core::is_over(child.outcome())) continue;
        if (seen.insert(OpeningBook::canonical_key(child.current(), child.mask())).second) next.push_back(child);
      }
    }
    layer = std::move(next);
  }
  return layer;
}

// Puts first the positions of the layer that follow the first player's proven
// first move, the centre. A run cut short then may already let the engine answer
// every reply to its first move from the book (the engine answers any position
// whose moves all lead to scored ones, one disc past the book's depth too).
void centre_line_first(std::vector<Connect4>& layer, int discs) {
  if (discs < 1) return;
  Connect4 centre;
  centre.make_move(narabe::core::Move(3));
  std::set<std::uint64_t> line;
  for (const Connect4& position : positions_with(discs, centre))
    line.insert(OpeningBook::canonical_key(position.current(), position.mask()));
  std::stable_partition(layer.begin(), layer.end(), [&](const Connect4& position) {
    return line.count(OpeningBook::canonical_key(position.current(), position.mask())) > 0;
  });
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description options(
      "Usage: narabe-book-gen --depth D --out FILE [options]\n"
      "Solves every 7x6 Connect Four position with up to D + 1 discs into an opening book.\nOptions");
  options.add_options()("help,h", "print this help")("version", "print the version and exit")(
      "depth", po::value<int>(), "answer every position with up to this many discs")(
      "out", po::value<std::string>(), "the book file to write (continued if it exists)")(
      "hash", po::value<int>()->default_value(64),
      "solver table size in MiB (larger is not faster: see docs/connect4.md)");
  const auto command_line = narabe::tools::parse_command_line(argc, argv, "narabe-book-gen", options, options);
  if (!command_line) return 2;
  const po::variables_map& vm = *command_line;
  if (narabe::tools::print_version(vm, "narabe-book-gen")) return 0;
  if (vm.count("help") || !vm.count("depth") || !vm.count("out")) {
    std::cout << options << "\n";
    return vm.count("help") ? 0 : 2;
  }
  const int depth = vm["depth"].as<int>();
  const std::string path = vm["out"].as<std::string>();
  const int hash = vm["hash"].as<int>();
  if (depth < 0 || depth > 12 || hash < 1 || hash > 65536) {
    std::cerr << "narabe-book-gen: --depth is 0..12 and --hash 1..65536\n";
    return 2;
  }

  OpeningBook book;
  if (std::ifstream in{path, std::ios::binary}) {
    const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    auto parsed = OpeningBook::parse(bytes);
    if (!parsed) {
      std::cerr << "narabe-book-gen: " << path << ": " << parsed.error() << " (not overwritten)\n";
      return 1;
    }
    book = *parsed;
    fmt::print(stderr, "continuing {}: {} positions\n", path, book.size());
  }

  narabe::games::connect4::Solver solver(7, 6, static_cast<std::size_t>(hash));
  const double start = cpu_seconds();
  for (int discs = depth + 1; discs >= 0; --discs) {
    std::vector<Connect4> layer = positions_with(discs);
    centre_line_first(layer, discs);
    int solved = 0;
    for (const Connect4& position : layer) {
      if (book.score(position.current(), position.mask())) continue;
      solver.reset_nodes();
      const double before = cpu_seconds();
      // Shallower positions take the best child's score (every child is in the book).
      std::optional<int> score;
      if (discs <= depth)
        if (const auto answer = narabe::games::connect4::ExactSolver::best_from_book(book, position))
          score = answer->score;
      if (!score) score = solver.solve(position.current(), position.mask(), position.moves_played());
      if (!score) return 1;  // nothing interrupts it here
      book.add(position.current(), position.mask(), *score);
      // The depth in the file only grows once every position it promises is in.
      if (!save(book, path)) {
        std::cerr << "narabe-book-gen: cannot write " << path << "\n";
        return 1;
      }
      ++solved;
      fmt::print(stderr, "{} discs: {} score {} ({:.1f} s, {} nodes)\n", discs, position.to_fen(), *score,
                 cpu_seconds() - before, solver.nodes());
    }
    fmt::print(stderr, "{} discs: {} positions, {} solved now\n", discs, layer.size(), solved);
  }
  book.set_depth(std::max(book.depth(), depth));
  if (!save(book, path)) {
    std::cerr << "narabe-book-gen: cannot write " << path << "\n";
    return 1;
  }
  fmt::print("book {}: depth {}, {} positions, {:.1f} s CPU\n", path, book.depth(), book.size(),
             cpu_seconds() - start);
  return 0;
}
