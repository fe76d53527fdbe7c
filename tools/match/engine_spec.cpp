#include "tools/match/engine_spec.h"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "protocol/common/parse_number.h"

namespace narabe::match {
namespace {

template <class T>
core::Expected<T> parse_whole(std::string_view key, std::string_view text, T min) {
  T value{};
  if (!protocol::parse_int(text, value))
    return core::make_error(fmt::format("{} needs a whole number, not '{}'", key, text));
  if (value < min) return core::make_error(fmt::format("{} must be at least {}, not {}", key, min, value));
  return value;
}

// Seconds with an optional decimal part, to milliseconds.
core::Expected<std::int64_t> parse_seconds(std::string_view key, std::string_view text) {
  double seconds = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(seconds) || seconds < 0 ||
      seconds > 1e9)
    return core::make_error(fmt::format("{} needs seconds (like 10 or 0.5), not '{}'", key, text));
  return static_cast<std::int64_t>(std::llround(seconds * 1000));
}

}  // namespace

std::string_view protocol_name(Protocol p) {
  switch (p) {
    case Protocol::kNative: return "native";
    case Protocol::kGtp: return "gtp";
    case Protocol::kGomocup: return "gomocup";
  }
  return "native";
}

core::Status parse_time_control(std::string_view text, Limits& limits) {
  const auto plus = text.find('+');
  const std::string_view base = text.substr(0, plus);
  auto base_ms = parse_seconds("tc base", base);
  if (!base_ms) return core::make_error(base_ms.error() + " (tc=BASE+INC, in seconds)");
  std::int64_t increment_ms = 0;
  if (plus != std::string_view::npos) {
    auto inc = parse_seconds("tc increment", text.substr(plus + 1));
    if (!inc) return core::make_error(inc.error() + " (tc=BASE+INC, in seconds)");
    increment_ms = *inc;
  }
  if (*base_ms == 0 && increment_ms == 0) return core::make_error("tc=0 leaves no time at all");
  limits.base_ms = *base_ms;
  limits.increment_ms = increment_ms;
  return core::Ok{};
}

core::Expected<std::vector<std::string>> split_command(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (const char c : text) {
    if (quote) {
      if (c == quote) {
        quote = 0;
      } else {
        word += c;
      }
    } else if (c == '"' || c == '\'') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote) return core::make_error(fmt::format("unclosed quote in '{}'", text));
  if (in_word) words.push_back(std::move(word));
  return words;
}

core::Status apply_engine_tokens(const std::vector<std::string>& tokens, EngineSpec& spec) {
  for (const std::string& token : tokens) {
    const auto eq = token.find('=');
    if (eq == std::string::npos || eq == 0)
      return core::make_error(fmt::format("'{}' is not key=value (cmd=, name=, option.NAME=, tc=, ...)", token));
    const std::string key = token.substr(0, eq);
    const std::string value = token.substr(eq + 1);
    if (key == "cmd") {
      auto words = split_command(value);
      if (!words) return core::make_error(words.error());
      if (words->empty()) return core::make_error("cmd= needs a program");
      spec.cmd_words = std::move(*words);
    } else if (key == "args") {
      auto words = split_command(value);
      if (!words) return core::make_error(words.error());
      spec.arg_words.insert(spec.arg_words.end(), words->begin(), words->end());
    } else if (key == "name") {
      if (value.empty()) return core::make_error("name= needs a name");
      spec.name = value;
    } else if (key == "dir") {
      spec.working_directory = value;
    } else if (key == "proto") {
      if (value == "native" || value == "uci" || value == "ugi") {
        spec.protocol = Protocol::kNative;
      } else if (value == "gtp") {
        spec.protocol = Protocol::kGtp;
      } else if (value == "gomocup") {
        spec.protocol = Protocol::kGomocup;
      } else {
        return core::make_error(fmt::format("proto must be native, gtp or gomocup, not '{}'", value));
      }
    } else if (key.starts_with("option.")) {
      const std::string name = key.substr(7);
      if (name.empty()) return core::make_error(fmt::format("'{}' has no option name", token));
      std::erase_if(spec.options, [&](const auto& o) { return o.first == name; });
      spec.options.emplace_back(name, value);
    } else if (key == "tc") {
      if (auto s = parse_time_control(value, spec.limits); !s) return s;
    } else if (key == "movetime" || key == "st") {
      // st= is cutechess' spelling, in seconds; movetime= is the protocol's, in ms.
      if (key == "st") {
        auto ms = parse_seconds("st", value);
        if (!ms) return core::make_error(ms.error());
        if (*ms == 0) return core::make_error("st must be more than 0 seconds");
        spec.limits.movetime_ms = *ms;
      } else {
        auto ms = parse_whole<std::int64_t>("movetime (milliseconds)", value, 1);
        if (!ms) return core::make_error(ms.error());
        spec.limits.movetime_ms = *ms;
      }
    } else if (key == "depth") {
      auto depth = parse_whole<int>("depth", value, 1);
      if (!depth) return core::make_error(depth.error());
      spec.limits.depth = *depth;
    } else if (key == "nodes") {
      auto nodes = parse_whole<std::int64_t>("nodes", value, 1);
      if (!nodes) return core::make_error(nodes.error());
      spec.limits.nodes = *nodes;
    } else if (key == "timemargin") {
      auto margin = parse_whole<std::int64_t>("timemargin (milliseconds)", value, 0);
      if (!margin) return core::make_error(margin.error());
      spec.limits.margin_ms = *margin;
    } else {
      return core::make_error(fmt::format(
          "unknown engine key '{}' (cmd, args, name, dir, proto, option.NAME, tc, movetime, st, depth, nodes, "
          "timemargin)",
          key));
    }
  }
  spec.command = spec.cmd_words;
  if (!spec.cmd_words.empty()) spec.command.insert(spec.command.end(), spec.arg_words.begin(), spec.arg_words.end());
  return core::Ok{};
}

core::Status finish_engine_spec(EngineSpec& spec) {
  if (spec.command.empty() || spec.command.front().empty()) return core::make_error("an engine needs cmd=PROGRAM");
  if (spec.name.empty()) {
    const std::string& program = spec.command.front();
    const auto slash = program.rfind('/');
    spec.name = slash == std::string::npos ? program : program.substr(slash + 1);
    // A program ending in '/' has no file name to show: the whole path names it.
    if (spec.name.empty()) spec.name = program;
  }
  if (!spec.limits.any())
    return core::make_error(fmt::format(
        "engine '{}' has no limit: give tc=, movetime=, depth= or nodes= (on --engine or --each)", spec.name));
  return core::Ok{};
}

}  // namespace narabe::match
