#pragma once
// Builds Reversi's opening book (engine/games/reversi/opening_book.h) from the
// engine's own searches. Every position up to `full_plies` moves from the start is
// expanded: each of its moves leads to a position searched to `depth`. Past that,
// only the positions on near-best lines are expanded (each move of the line within
// `window` of the best move at its parent, by those searches), up to `line_plies`
// and at most `max_positions` searched positions in all, the closest to best first.
// A position's book value is then the best of its children's (negamax through the
// tree), a leaf's its search's; its move is the one that gives that value.
//
// Searches are deterministic (a fixed depth, one thread each, cleared tables), so
// a run repeats, and one cut short goes on from the positions already searched.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/games/reversi/opening_book.h"
#include "engine/games/reversi/reversi.h"

namespace narabe::tools::reversi_train {

struct BookSettings {
  int depth = 18;
  int full_plies = 6;
  int line_plies = 12;
  int window = 100;  // hundredths of a disc
  std::size_t max_positions = 10000;
  int threads = 1;
  std::shared_ptr<const games::reversi::EvalSettings> eval;  // the weights searched with
};

// One searched position: its least image (OpeningBook::least_image), the search's
// score for the side to move and its move in that image.
struct SearchedPosition {
  std::uint64_t own = 0;
  std::uint64_t other = 0;
  std::int16_t score = 0;
  std::uint8_t cell = 0;
};

struct BookBuild {
  games::reversi::OpeningBook book;
  std::size_t searched_now = 0;  // positions searched by this run (the others were known)
  std::vector<std::size_t> expanded_per_ply;  // positions whose moves were all searched
};

// `known`: positions searched before (a resumed run); `on_searched` gets each new one,
// one call at a time, for the caller to keep.
BookBuild build_book(const BookSettings& settings, const std::vector<SearchedPosition>& known,
                     const std::function<void(const SearchedPosition&)>& on_searched);

}  // namespace narabe::tools::reversi_train
