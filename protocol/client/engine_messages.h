#pragma once
// Parsing of the lines an engine writes (info, bestmove, option), for every
// program that drives an engine. Parsers never throw: a line that is not of
// the asked kind, or is malformed, gives nullopt, so a misbehaving engine can
// never bring down the GUI or a tournament.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace narabe::client {

// Splits on runs of spaces and tabs (and stray '\r' / '\n', which a Windows
// engine may leave at the end). The views point into `line`.
std::vector<std::string_view> split_tokens(std::string_view line);

// The first token of `line`, or an empty view for a blank line.
std::string_view first_token(std::string_view line);

struct InfoLine {
  std::optional<int> depth;
  std::optional<int> seldepth;
  std::optional<int> multipv;
  std::optional<int> score_cp;
  std::optional<int> score_mate;
  std::optional<std::int64_t> nodes;
  std::optional<std::int64_t> nps;
  std::optional<std::int64_t> time_ms;
  std::optional<std::int64_t> tbhits;
  std::optional<int> hashfull;
  std::optional<std::string> currmove;
  std::optional<int> currmovenumber;
  std::vector<std::string> pv;
  std::string string;  // the text after `info string`, verbatim
  bool lowerbound = false;
  bool upperbound = false;
  std::optional<std::array<int, 3>> wdl;  // win, draw, loss per mille
};

// nullopt when the line is not `info ...` or a field is malformed (a missing
// or non-integer number, `score` without cp/mate). `pv` and `string` take the
// rest of the line; unknown words are skipped so that engine extensions pass.
std::optional<InfoLine> parse_info(std::string_view line);

struct BestMove {
  std::string move;  // "(none)" when the game was already over
  std::optional<std::string> ponder;
};

// nullopt unless the line is `bestmove <move> [ponder <move>]`.
std::optional<BestMove> parse_bestmove(std::string_view line);

struct OptionLine {
  std::string name;  // may contain spaces: "Move Overhead"
  std::string type;  // check, spin, combo, button or string (others are kept as written)
  std::string default_value;
  std::optional<long long> min;
  std::optional<long long> max;
  std::vector<std::string> vars;
};

// UCI's grammar: `option name <id> type <t> [default <x>] [min <x>] [max <x>]
// [var <x>]*`. The name runs up to `type`; min/max are fields of spin
// options only and var of combo options only, so other values may use those
// words, and a string default takes the rest of the line. Multi-word values
// keep their inner spacing; a default of `<empty>` (a common way to write the
// empty string) becomes "". nullopt without a name or type, or with a
// missing or non-integer min/max.
std::optional<OptionLine> parse_option(std::string_view line);

}  // namespace narabe::client
