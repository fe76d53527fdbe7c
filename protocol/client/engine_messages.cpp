// Tolerant parsers for engine output: info, bestmove and option lines.

#include "protocol/client/engine_messages.h"

#include <charconv>
#include <cstddef>
#include <limits>
#include <system_error>
#include <type_traits>

namespace narabe::client {
namespace {

bool is_separator(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

template <class Int>
std::optional<Int> to_integer(std::string_view text) {
  Int value{};
  const char* const end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

std::string_view trim_right(std::string_view text) {
  while (!text.empty() && is_separator(text.back())) text.remove_suffix(1);
  return text;
}

// The text from tokens[first] to tokens[last - 1] with its original inner
// spacing; empty when first == last. Tokens are views into `line`.
std::string_view span(std::string_view line, const std::vector<std::string_view>& tokens,
                      std::size_t first, std::size_t last) {
  if (first >= last) return {};
  const auto begin = static_cast<std::size_t>(tokens[first].data() - line.data());
  const auto end =
      static_cast<std::size_t>(tokens[last - 1].data() - line.data()) + tokens[last - 1].size();
  return line.substr(begin, end - begin);
}

}  // namespace

std::vector<std::string_view> split_tokens(std::string_view line) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_separator(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_separator(line[i])) ++i;
    if (i > start) tokens.push_back(line.substr(start, i - start));
  }
  return tokens;
}

std::string_view first_token(std::string_view line) {
  std::size_t start = 0;
  while (start < line.size() && is_separator(line[start])) ++start;
  std::size_t end = start;
  while (end < line.size() && !is_separator(line[end])) ++end;
  return line.substr(start, end - start);
}

std::optional<InfoLine> parse_info(std::string_view line) {
  const auto tokens = split_tokens(line);
  if (tokens.empty() || tokens[0] != "info") return std::nullopt;

  InfoLine info;
  std::size_t i = 1;
  // Reads the number after the keyword at tokens[i] and moves past both.
  auto read_number = [&](auto& out) {
    using Int = typename std::remove_reference_t<decltype(out)>::value_type;
    if (i + 1 >= tokens.size()) return false;
    out = to_integer<Int>(tokens[i + 1]);
    i += 2;
    return out.has_value();
  };

  while (i < tokens.size()) {
    const std::string_view key = tokens[i];
    bool ok = true;
    if (key == "depth") {
      ok = read_number(info.depth);
    } else if (key == "seldepth") {
      ok = read_number(info.seldepth);
    } else if (key == "multipv") {
      ok = read_number(info.multipv);
    } else if (key == "hashfull") {
      ok = read_number(info.hashfull);
    } else if (key == "currmovenumber") {
      ok = read_number(info.currmovenumber);
    } else if (key == "nodes") {
      ok = read_number(info.nodes);
    } else if (key == "nps") {
      ok = read_number(info.nps);
    } else if (key == "time") {
      ok = read_number(info.time_ms);
    } else if (key == "tbhits") {
      ok = read_number(info.tbhits);
    } else if (key == "sbhits" || key == "cpuload") {
      std::optional<std::int64_t> ignored;  // valid UCI, but nobody here shows it
      ok = read_number(ignored);
    } else if (key == "score") {
      if (i + 1 >= tokens.size()) return std::nullopt;
      const std::string_view kind = tokens[i + 1];
      ++i;
      // A score must have a negation: clients turn it to the other side's view
      // (the GUI prints "loses in" -mate), and -INT_MIN overflows.
      if (kind == "cp") {
        ok = read_number(info.score_cp) && *info.score_cp != std::numeric_limits<int>::min();
      } else if (kind == "mate") {
        ok = read_number(info.score_mate) && *info.score_mate != std::numeric_limits<int>::min();
      } else {
        ok = false;
      }
    } else if (key == "lowerbound") {
      info.lowerbound = true;
      ++i;
    } else if (key == "upperbound") {
      info.upperbound = true;
      ++i;
    } else if (key == "wdl") {
      if (i + 3 >= tokens.size()) return std::nullopt;
      std::array<int, 3> wdl{};
      for (std::size_t k = 0; k < 3; ++k) {
        const auto value = to_integer<int>(tokens[i + 1 + k]);
        if (!value) return std::nullopt;
        wdl[k] = *value;
      }
      info.wdl = wdl;
      i += 4;
    } else if (key == "currmove") {
      if (i + 1 >= tokens.size()) return std::nullopt;
      info.currmove = std::string(tokens[i + 1]);
      i += 2;
    } else if (key == "pv") {
      // UCI puts pv last; whatever follows it can only be moves.
      for (std::size_t k = i + 1; k < tokens.size(); ++k) info.pv.emplace_back(tokens[k]);
      break;
    } else if (key == "string") {
      if (i + 1 < tokens.size()) {
        const auto offset = static_cast<std::size_t>(tokens[i + 1].data() - line.data());
        info.string = std::string(trim_right(line.substr(offset)));
      }
      break;
    } else if (key == "refutation" || key == "currline") {
      break;  // move lists to the end of the line that no client here displays
    } else {
      ++i;  // an extension we do not know: skip the word, keep the rest
    }
    if (!ok) return std::nullopt;
  }
  return info;
}

std::optional<BestMove> parse_bestmove(std::string_view line) {
  const auto tokens = split_tokens(line);
  if (tokens.size() < 2 || tokens[0] != "bestmove") return std::nullopt;
  BestMove best;
  best.move = std::string(tokens[1]);
  if (tokens.size() >= 4 && tokens[2] == "ponder") best.ponder = std::string(tokens[3]);
  return best;
}

std::optional<OptionLine> parse_option(std::string_view line) {
  const auto tokens = split_tokens(line);
  if (tokens.size() < 2 || tokens[0] != "option" || tokens[1] != "name") return std::nullopt;

  // The name runs up to `type`, so it may hold words like "default" or "max".
  std::size_t type_at = 2;
  while (type_at < tokens.size() && tokens[type_at] != "type") ++type_at;
  if (type_at == 2 || type_at + 1 >= tokens.size()) return std::nullopt;
  OptionLine option;
  option.name = std::string(span(line, tokens, 2, type_at));
  option.type = std::string(tokens[type_at + 1]);

  // Which words start a field depends on the type, so that a combo may have
  // a value called "max" (narabe's own Level option does) and a string
  // default may be any text.
  const bool is_spin = option.type == "spin";
  const bool is_combo = option.type == "combo";
  const bool is_string = option.type == "string";
  const bool known =
      is_spin || is_combo || is_string || option.type == "check" || option.type == "button";
  const bool min_max_are_keywords = is_spin || !known;
  const bool var_is_keyword = is_combo || !known;

  enum class Field { kNone, kDefault, kMin, kMax, kVar };
  Field field = Field::kNone;
  std::size_t value_start = type_at + 2;
  // Stores tokens[value_start, end) in the field being read.
  auto flush = [&](std::size_t end) {
    const std::string_view value = span(line, tokens, value_start, end);
    switch (field) {
      case Field::kNone:
        return true;  // stray words after the type: ignored
      case Field::kDefault:
        option.default_value = value == "<empty>" ? std::string() : std::string(value);
        return true;
      case Field::kMin:
        option.min = to_integer<long long>(value);
        return option.min.has_value();
      case Field::kMax:
        option.max = to_integer<long long>(value);
        return option.max.has_value();
      case Field::kVar:
        option.vars.emplace_back(value);
        return true;
    }
    return false;
  };

  for (std::size_t i = type_at + 2; i < tokens.size(); ++i) {
    const std::string_view word = tokens[i];
    Field next = Field::kNone;
    if (word == "default" && !(is_string && field == Field::kDefault)) {
      next = Field::kDefault;
    } else if (min_max_are_keywords && word == "min") {
      next = Field::kMin;
    } else if (min_max_are_keywords && word == "max") {
      next = Field::kMax;
    } else if (var_is_keyword && word == "var") {
      next = Field::kVar;
    }
    if (next == Field::kNone) continue;
    if (!flush(i)) return std::nullopt;
    field = next;
    value_start = i + 1;
  }
  if (!flush(tokens.size())) return std::nullopt;
  return option;
}

}  // namespace narabe::client
