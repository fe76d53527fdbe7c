#pragma once
// How deep and how wide each engine searched in a match: the mean depth and
// nodes of its moves over a span of plies, from the `info` the results file
// keeps with every move. The figure beside a thread-scaling result (two threads
// searched 1.04 plies deeper with 1.75 times the nodes): `narabe-match merge
// --depths FIRST:LAST`.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/expected.h"
#include "tools/match/results.h"

namespace narabe::match {

struct PlySpan {
  int first = 1;  // plies of the game, the opening's moves counted, 1 the first move
  int last = 1;
};
// "FIRST:LAST", 1 <= FIRST <= LAST.
core::Expected<PlySpan> parse_ply_span(const std::string& text);

struct SearchDepths {
  long long moves = 0;  // the engine's moves in the span with a depth reported
  double depth = 0;     // their mean depth
  double nodes = 0;     // their mean nodes (over those that reported nodes)
};
// One entry per engine, in the run's order.
std::vector<SearchDepths> search_depths(const Tally& tally, int engines, PlySpan span);

}  // namespace narabe::match
