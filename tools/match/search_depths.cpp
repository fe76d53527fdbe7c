#include "tools/match/search_depths.h"

#include <fmt/format.h>

#include "protocol/common/parse_number.h"

namespace narabe::match {

core::Expected<PlySpan> parse_ply_span(const std::string& text) {
  const auto colon = text.find(':');
  PlySpan span;
  const std::string_view all(text);
  if (colon == std::string::npos || !protocol::parse_int(all.substr(0, colon), span.first) ||
      !protocol::parse_int(all.substr(colon + 1), span.last) || span.first < 1 || span.last < span.first)
    return core::make_error(fmt::format("'{}' is not a span of plies FIRST:LAST (1 <= FIRST <= LAST)", text));
  return span;
}

std::vector<SearchDepths> search_depths(const Tally& tally, int engines, PlySpan span) {
  struct Sums {
    long long moves = 0, with_nodes = 0;
    double depth = 0, nodes = 0;
  };
  std::vector<Sums> sums(static_cast<std::size_t>(engines));
  for (const auto& [id, game] : tally.games()) {
    const auto opening = static_cast<long long>(game.opening.moves.size());
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
      // The players alternate from the first move after the opening (a pass is a move).
      const long long ply = opening + static_cast<long long>(i) + 1;
      const MoveRecord& move = game.moves[i];
      const int engine = game.engines[i % 2];
      if (ply < span.first || ply > span.last || !move.depth || engine < 0 || engine >= engines) continue;
      Sums& s = sums[static_cast<std::size_t>(engine)];
      ++s.moves;
      s.depth += *move.depth;
      if (move.nodes) {
        ++s.with_nodes;
        s.nodes += static_cast<double>(*move.nodes);
      }
    }
  }
  std::vector<SearchDepths> result;
  for (const Sums& s : sums)
    result.push_back({s.moves, s.moves ? s.depth / static_cast<double>(s.moves) : 0.0,
                      s.with_nodes ? s.nodes / static_cast<double>(s.with_nodes) : 0.0});
  return result;
}

}  // namespace narabe::match
