#include "protocol/server/info_format.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace narabe::server {

std::string format_score(core::Score score) {
  if (core::is_decisive(score)) return fmt::format("mate {}", core::mate_moves(score));
  return fmt::format("cp {}", score);
}

Wdl wdl_of(core::Score score) {
  if (core::is_win(score)) return {1000, 0, 0};
  if (core::is_loss(score)) return {0, 0, 1000};
  const double s = static_cast<double>(score);
  const int win = static_cast<int>(std::lround(1000.0 / (1.0 + std::exp(-(s - kWdlDrawWidth) / kWdlScale))));
  const int loss = static_cast<int>(std::lround(1000.0 / (1.0 + std::exp((s + kWdlDrawWidth) / kWdlScale))));
  return {win, 1000 - win - loss, loss};
}

std::string format_info(const TextLine& line, bool show_wdl) {
  const search::LineReport& r = line.report;
  const std::int64_t nps = static_cast<std::int64_t>(r.nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(r.time_ms, 1)));
  std::string text = fmt::format("info depth {} seldepth {} multipv {} score {}", r.depth, r.seldepth,
                                 r.multipv, format_score(r.score));
  if (show_wdl) {
    const Wdl wdl = wdl_of(r.score);
    text += fmt::format(" wdl {} {} {}", wdl.win, wdl.draw, wdl.loss);
  }
  if (r.bound == core::Bound::kLower) text += " lowerbound";
  if (r.bound == core::Bound::kUpper) text += " upperbound";
  text += fmt::format(" nodes {} nps {} time {} hashfull {}", r.nodes, nps, r.time_ms, r.hashfull);
  if (!line.pv.empty()) text += fmt::format(" pv {}", fmt::join(line.pv, " "));
  return text;
}

std::string format_bestmove(const TextResult& result) {
  if (result.ponder_move.empty()) return "bestmove " + result.best_move;
  return "bestmove " + result.best_move + " ponder " + result.ponder_move;
}

namespace {

std::string replace_unprintable(std::string_view text, std::size_t max_length, char lowest) {
  std::string out;
  for (char c : text.substr(0, std::min(text.size(), max_length)))
    out += (c >= lowest && c < 127) ? c : '?';
  if (text.size() > max_length) out += "...";
  return out;
}

}  // namespace

std::string sanitize_for_echo(std::string_view text, std::size_t max_length) {
  return replace_unprintable(text, max_length, '!');
}

std::string printable(std::string_view text, std::size_t max_length) {
  return replace_unprintable(text, max_length, ' ');
}

}  // namespace narabe::server
