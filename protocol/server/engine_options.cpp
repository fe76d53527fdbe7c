#include "protocol/server/engine_options.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "protocol/common/parse_number.h"
#include "protocol/server/info_format.h"
#include "protocol/server/tokens.h"
#include "protocol/server/variant_presets.h"

namespace narabe::server {

namespace {

struct SpinSpec {
  OptionId id;
  std::string_view name;
  long long min, max, fallback;
};

constexpr SpinSpec kSpins[] = {
    {OptionId::kHash, "Hash", 1, 4096, 64},
    {OptionId::kThreads, "Threads", 1, kMaxThreads, 1},
    {OptionId::kMultiPv, "MultiPV", 1, 32, 1},
    {OptionId::kSeed, "Seed", 0, 2147483647, 0},
    {OptionId::kMoveOverhead, "Move Overhead", 0, 5000, 10},
};

// The check options: name, and the member each sets.
struct CheckSpec {
  OptionId id;
  std::string_view name;
  bool EngineOptions::*member;
};

constexpr CheckSpec kChecks[] = {
    {OptionId::kOwnBook, "OwnBook", &EngineOptions::own_book},
    {OptionId::kProbCut, "ProbCut", &EngineOptions::probcut},
    {OptionId::kPonder, "Ponder", &EngineOptions::ponder},
    {OptionId::kShowWdl, "UCI_ShowWDL", &EngineOptions::show_wdl},
};

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t");
  return s.substr(first, last - first + 1);
}

}  // namespace

std::vector<std::string> option_lines() {
  std::vector<std::string> lines;
  for (const SpinSpec& spin : kSpins) {
    // Threads offers what the machine has; more is accepted and clamped (clamp_threads).
    const long long max = spin.id == OptionId::kThreads ? hardware_threads() : spin.max;
    lines.push_back(fmt::format("option name {} type spin default {} min {} max {}", spin.name,
                                spin.fallback, spin.min, max));
    if (spin.id == OptionId::kThreads)
      lines.emplace_back("option name Level type combo default max var easy var normal var hard var max");
  }
  for (const CheckSpec& check : kChecks) {
    if (check.id == OptionId::kProbCut) continue;  // with Reversi's options below
    lines.push_back(fmt::format("option name {} type check default {}", check.name,
                                EngineOptions{}.*check.member ? "true" : "false"));
  }
  std::string variants = fmt::format("option name UCI_Variant type combo default {}", EngineOptions{}.variant);
  for (const VariantPreset& preset : variant_presets()) variants += " var " + preset.name;
  lines.push_back(variants);
  lines.emplace_back("option name Evaluation type combo default pattern var pattern var simple");
  lines.push_back(fmt::format("option name EvalFile type string default {}", EngineOptions{}.eval_file));
  lines.emplace_back("option name ProbCut type check default true");
  lines.emplace_back("option name BookFile type string default <empty>");
  lines.emplace_back("option name GomokuEval type combo default auto var auto var trained var hand");
  lines.emplace_back("option name Clear Hash type button");
  return lines;
}

core::Expected<OptionChange> parse_setoption(std::string_view args, const EngineOptions& current) {
  args = trim(args);
  if (args.substr(0, 5) != "name " && args.substr(0, 5) != "name\t")
    return core::make_error("setoption needs 'name <option> [value <value>]'");
  args = trim(args.substr(5));
  // The name runs up to the word "value" (names may contain spaces in UCI).
  std::string_view name = args;
  std::string_view value;
  for (std::size_t pos = 0; (pos = args.find("value", pos)) != std::string_view::npos; ++pos) {
    const bool starts_word = pos == 0 || args[pos - 1] == ' ' || args[pos - 1] == '\t';
    const bool ends_word = pos + 5 == args.size() || args[pos + 5] == ' ' || args[pos + 5] == '\t';
    if (starts_word && ends_word) {
      name = trim(args.substr(0, pos));
      value = trim(args.substr(pos + 5));
      break;
    }
  }
  if (name.empty()) return core::make_error("setoption needs an option name");

  OptionChange change{OptionId::kHash, current};
  for (const SpinSpec& spin : kSpins) {
    if (!iequals(name, spin.name)) continue;
    long long number = 0;
    if (!protocol::parse_int(value, number))
      return core::make_error(fmt::format("option {} needs a whole number, not '{}'", spin.name,
                                          sanitize_for_echo(value)));
    if (number < spin.min || number > spin.max)
      return core::make_error(fmt::format("option {} must be from {} to {}, not {}", spin.name,
                                          spin.min, spin.max, number));
    change.id = spin.id;
    switch (spin.id) {
      case OptionId::kHash: change.updated.hash_mb = static_cast<int>(number); break;
      case OptionId::kThreads: change.updated.threads = static_cast<int>(number); break;
      case OptionId::kMultiPv: change.updated.multipv = static_cast<int>(number); break;
      case OptionId::kSeed: change.updated.seed = static_cast<std::uint64_t>(number); break;
      case OptionId::kMoveOverhead: change.updated.move_overhead_ms = number; break;
      default: break;
    }
    return change;
  }
  if (iequals(name, "Level")) {
    const auto level = core::parse_level(lowercase_ascii(value));
    if (!level)
      return core::make_error(fmt::format("option Level is easy, normal, hard or max, not '{}'",
                                          sanitize_for_echo(value)));
    change.id = OptionId::kLevel;
    change.updated.level = *level;
    return change;
  }
  for (const CheckSpec& check : kChecks) {
    if (!iequals(name, check.name)) continue;
    if (!iequals(value, "true") && !iequals(value, "false"))
      return core::make_error(
          fmt::format("option {} is true or false, not '{}'", check.name, sanitize_for_echo(value)));
    change.id = check.id;
    change.updated.*check.member = iequals(value, "true");
    return change;
  }
  if (iequals(name, "UCI_Variant")) {
    const VariantPreset* preset = find_variant_preset(value);
    if (preset == nullptr) {
      std::string names;
      for (const VariantPreset& p : variant_presets()) names += (names.empty() ? "" : ", ") + p.name;
      return core::make_error(
          fmt::format("option UCI_Variant is one of {}; not '{}'", names, sanitize_for_echo(value)));
    }
    change.id = OptionId::kVariant;
    change.updated.variant = preset->name;
    return change;
  }
  if (iequals(name, "Evaluation")) {
    if (!iequals(value, "pattern") && !iequals(value, "simple"))
      return core::make_error(
          fmt::format("option Evaluation is pattern or simple, not '{}'", sanitize_for_echo(value)));
    change.id = OptionId::kEvaluation;
    change.updated.pattern_eval = iequals(value, "pattern");
    return change;
  }
  if (iequals(name, "GomokuEval")) {
    if (!iequals(value, "auto") && !iequals(value, "trained") && !iequals(value, "hand"))
      return core::make_error(
          fmt::format("option GomokuEval is auto, trained or hand, not '{}'", sanitize_for_echo(value)));
    change.id = OptionId::kGomokuEval;
    change.updated.gomoku_eval = iequals(value, "auto")      ? GomokuEvalMode::kAuto
                                 : iequals(value, "trained") ? GomokuEvalMode::kTrained
                                                             : GomokuEvalMode::kHand;
    return change;
  }
  if (iequals(name, "EvalFile")) {
    if (value.empty() || value == "<empty>")
      return core::make_error("option EvalFile needs a file name (Evaluation simple turns the weights off)");
    change.id = OptionId::kEvalFile;
    change.updated.eval_file = std::string(value);
    return change;
  }
  if (iequals(name, "BookFile")) {
    // UCI's empty string: no book.
    change.id = OptionId::kBookFile;
    change.updated.book_file = value == "<empty>" ? std::string() : std::string(value);
    return change;
  }
  if (iequals(name, "Clear Hash")) {
    // A button: a value, if any, means nothing.
    change.id = OptionId::kClearHash;
    return change;
  }
  // The name as sent, spaces kept (UCI names may have them), made printable.
  return core::make_error(fmt::format("unknown option '{}'", printable(name, 40)));
}

int hardware_threads() {
  return static_cast<int>(std::clamp<unsigned>(std::thread::hardware_concurrency(), 1, kMaxThreads));
}

ThreadsSetting clamp_threads(int requested, unsigned hardware) {
  const int available = static_cast<int>(std::clamp<unsigned>(hardware, 1, kMaxThreads));
  const int kept = std::clamp(requested, 1, available);
  const std::string runs = fmt::format("searches run on {} thread{}", kept, kept == 1 ? "" : "s");
  if (requested > available)
    return {kept, fmt::format("Threads {} clamped to {} (hardware threads); {}", requested, available, runs)};
  return {kept, fmt::format("Threads {}; {}", kept, runs)};
}

core::TranspositionTable allocate_table(EngineOptions& options) {
  try {
    return core::TranspositionTable(static_cast<std::size_t>(options.hash_mb));
  } catch (const std::bad_alloc&) {
    options.hash_mb = 1;
    return core::TranspositionTable(1);
  }
}

}  // namespace narabe::server
