#pragma once
// The only place where search results become protocol text.

#include <string>

#include "engine/core/score.h"
#include "protocol/server/session.h"

namespace narabe::server {

// "cp 12", "mate 3", "mate -2"; a proven draw is "cp 0".
std::string format_score(core::Score score);

// "info depth 5 seldepth 7 multipv 1 score cp 12 nodes ... nps ... time ... hashfull ... pv ...";
// with `show_wdl` (the UCI_ShowWDL option) "wdl W D L" after the score.
std::string format_info(const TextLine& line, bool show_wdl = false);

// Win, draw and loss chances of the side to move in permille, summing to 1000, as
// UCI_ShowWDL shows them. A proven result is certain (1000 0 0, 0 0 1000; a proven
// draw cannot be told from a heuristic 0 and gets the curve's value); any other score
// goes through a fixed logistic curve (kWdlScale, kWdlDrawWidth), the same for every
// game and not fitted to game results: it orders positions, it does not predict rates.
struct Wdl {
  int win = 0, draw = 0, loss = 0;
};
inline constexpr double kWdlScale = 150.0;      // score units (hundredths) per e-fold
inline constexpr double kWdlDrawWidth = 100.0;  // half the score band where a draw is likeliest
Wdl wdl_of(core::Score score);

// "bestmove b2" or "bestmove b2 ponder a1".
std::string format_bestmove(const TextResult& result);

// Protocol text must stay printable and short when it echoes what a sender wrote:
// a quoted word loses its spaces and control bytes ('?'), and is cut at max_length.
std::string sanitize_for_echo(std::string_view text, std::size_t max_length = 40);
// A whole message: spaces kept, control and non-ASCII bytes shown as '?'.
std::string printable(std::string_view text, std::size_t max_length);

}  // namespace narabe::server
