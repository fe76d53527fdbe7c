// Fuzz target: what an engine prints, as narabe-match and narabe-gui read it
// (protocol/client/engine_messages.h), and a Gomocup brain's "x,y" replies. Every
// line of the input goes through every parser. The parsers never throw, and what
// they return must be usable as the clients use it:
// - tokens are non-empty and hold no separator; the first token is the first;
// - an info line writes back as the fields it holds and reads back the same, and
//   its scores can be negated (a client turns them to the other side's view);
// - a bestmove is one token (and a ponder move one token);
// - an option has a name and a type, and reads back the same from its fields;
// - a Gomocup reply is a cell of the board that converts back to the same reply.

#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "protocol/client/engine_messages.h"
#include "tests/fuzz/fuzz_support.h"
#include "tools/match/gomocup_player.h"

namespace narabe::fuzz {
namespace {

bool is_separator(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

bool is_token(std::string_view t) {
  if (t.empty()) return false;
  for (char c : t)
    if (is_separator(c)) return false;
  return true;
}

template <class T>
void add(std::string& out, std::string_view key, const std::optional<T>& value) {
  if (value) out += fmt::format(" {} {}", key, *value);
}

std::string info_text(const client::InfoLine& info) {
  std::string out = "info";
  add(out, "depth", info.depth);
  add(out, "seldepth", info.seldepth);
  add(out, "multipv", info.multipv);
  add(out, "score cp", info.score_cp);
  add(out, "score mate", info.score_mate);
  add(out, "nodes", info.nodes);
  add(out, "nps", info.nps);
  add(out, "time", info.time_ms);
  add(out, "tbhits", info.tbhits);
  add(out, "hashfull", info.hashfull);
  add(out, "currmove", info.currmove);
  add(out, "currmovenumber", info.currmovenumber);
  if (info.lowerbound) out += " lowerbound";
  if (info.upperbound) out += " upperbound";
  if (info.wdl) out += fmt::format(" wdl {} {} {}", (*info.wdl)[0], (*info.wdl)[1], (*info.wdl)[2]);
  if (!info.pv.empty()) out += fmt::format(" pv {}", fmt::join(info.pv, " "));
  if (!info.string.empty()) out += " string " + info.string;
  return out;
}

bool same(const client::InfoLine& a, const client::InfoLine& b) {
  return a.depth == b.depth && a.seldepth == b.seldepth && a.multipv == b.multipv && a.score_cp == b.score_cp &&
         a.score_mate == b.score_mate && a.nodes == b.nodes && a.nps == b.nps && a.time_ms == b.time_ms &&
         a.tbhits == b.tbhits && a.hashfull == b.hashfull && a.currmove == b.currmove &&
         a.currmovenumber == b.currmovenumber && a.pv == b.pv && a.string == b.string &&
         a.lowerbound == b.lowerbound && a.upperbound == b.upperbound && a.wdl == b.wdl;
}

void check_info(std::string_view line) {
  const auto info = client::parse_info(line);
  if (!info) return;
  if (client::first_token(line) != "info") fail("parse_info took a line that is not info");
  if ((info->score_cp && *info->score_cp == INT_MIN) || (info->score_mate && *info->score_mate == INT_MIN))
    fail("an info score cannot be negated");
  if (info->currmove && !is_token(*info->currmove)) fail("currmove is not one token");
  for (const std::string& move : info->pv)
    if (!is_token(move)) fail("a pv move is not one token");
  if (!info->pv.empty() && !info->string.empty()) fail("info has both a pv and a string");
  if (!info->string.empty() && (is_separator(info->string.front()) || is_separator(info->string.back())))
    fail("info string keeps outer spaces");
  const std::string text = info_text(*info);
  const auto again = client::parse_info(text);
  if (!again) fail("an info line does not read back from its fields", text);
  if (!same(*info, *again)) fail("an info line reads back different", text);
}

void check_bestmove(std::string_view line) {
  const auto best = client::parse_bestmove(line);
  if (!best) return;
  if (client::first_token(line) != "bestmove") fail("parse_bestmove took a line that is not bestmove");
  if (!is_token(best->move)) fail("bestmove's move is not one token");
  if (best->ponder && !is_token(*best->ponder)) fail("the ponder move is not one token");
}

std::string option_text(const client::OptionLine& o) {
  std::string out = fmt::format("option name {} type {}", o.name, o.type);
  if (!o.default_value.empty()) out += " default " + o.default_value;
  add(out, "min", o.min);
  add(out, "max", o.max);
  for (const std::string& var : o.vars) out += var.empty() ? " var" : " var " + var;
  return out;
}

void check_option(std::string_view line) {
  const auto option = client::parse_option(line);
  if (!option) return;
  if (client::first_token(line) != "option") fail("parse_option took a line that is not option");
  if (option->name.empty() || is_separator(option->name.front()) || is_separator(option->name.back()))
    fail("an option name is empty or has outer spaces");
  if (!is_token(option->type)) fail("an option type is not one token");
  const std::string text = option_text(*option);
  const auto again = client::parse_option(text);
  if (!again) fail("an option does not read back from its fields", text);
  if (again->name != option->name || again->type != option->type || again->default_value != option->default_value ||
      again->min != option->min || again->max != option->max || again->vars != option->vars)
    fail("an option reads back different", text);
}

void check_tokens(std::string_view line) {
  const auto tokens = client::split_tokens(line);
  for (std::string_view t : tokens)
    if (!is_token(t)) fail("split_tokens gave an empty token or one with a separator");
  const std::string_view first = client::first_token(line);
  if (tokens.empty() ? !first.empty() : first != tokens[0]) fail("first_token is not the first token");
}

void check_gomocup(std::string_view line, int size) {
  const auto cell = match::gomocup_to_cell(line, size);
  if (!cell) return;
  const auto reply = match::cell_to_gomocup(*cell, size);
  if (!reply) fail("a Gomocup reply gave a cell off the board", *cell);
  if (match::gomocup_to_cell(*reply, size) != cell) fail("a Gomocup cell does not convert back", *reply);
}

}  // namespace
}  // namespace narabe::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace narabe::fuzz;
  if (size < 1) return 0;
  const int board = 5 + data[0] % 26;  // the Gomocup board sizes, 5 to 30
  for (std::string_view line : lines_of(as_text(data + 1, size - 1))) {
    check_tokens(line);
    check_info(line);
    check_bestmove(line);
    check_option(line);
    check_gomocup(line, board);
  }
  return 0;
}
