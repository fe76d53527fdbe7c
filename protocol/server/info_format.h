#pragma once
// The only place where search results become protocol text.

#include <string>

#include "engine/core/score.h"
#include "protocol/server/session.h"

namespace narabe::server {

// "cp 12", "mate 3", "mate -2"; a proven draw is "cp 0".
std::string format_score(core::Score score);

// "info depth 5 seldepth 7 multipv 1 score cp 12 nodes ... nps ... time ... hashfull ... pv ..."
std::string format_info(const TextLine& line);

// "bestmove b2" or "bestmove b2 ponder a1".
std::string format_bestmove(const TextResult& result);

// Protocol text must stay printable and short when it echoes what a sender wrote:
// a quoted word loses its spaces and control bytes ('?'), and is cut at max_length.
std::string sanitize_for_echo(std::string_view text, std::size_t max_length = 40);
// A whole message: spaces kept, control and non-ASCII bytes shown as '?'.
std::string printable(std::string_view text, std::size_t max_length);

}  // namespace narabe::server
