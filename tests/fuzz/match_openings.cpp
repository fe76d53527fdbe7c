// Fuzz target: what narabe-match reads from the command line and its openings
// file. The first byte picks the game (and variant) and what is read:
// - an openings file (the rest of the input): refused with a reason naming a
//   line, or every opening in it is playable from its fen by the referee, not
//   over, and reads back the same from the line it would be written as; and the
//   run's plan of openings (file=, start=, order=) takes every pair's opening
//   from the file;
// - --openings tokens, --engine / --each tokens (one a line, as the shell passes
//   them), or --sprt tokens: refused with a reason, or a usable setting (an
//   engine with a command, a name and a limit; an SPRT that is valid and reads
//   back the same from the words a run header stores).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "engine/core/outcome.h"
#include "protocol/client/engine_messages.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/temp_file.h"
#include "tools/match/engine_spec.h"
#include "tools/match/openings.h"
#include "tools/match/sprt_spec.h"
#include "engine/games/any_position.h"

namespace narabe::fuzz {
namespace {

const games::AnyPosition& referee(std::uint8_t choice) {
  struct Game {
    const char* name;
    core::VariantArgs variant;
  };
  static const std::vector<std::unique_ptr<games::AnyPosition>> referees = [] {
    const std::vector<Game> games = {
        {"tictactoe", {}},
        {"connect4", {{"width", "7"}, {"height", "6"}}},
        {"connect4", {{"width", "4"}, {"height", "4"}}},
        {"gomoku", {{"size", "15"}, {"rule", "renju"}}},
        {"gomoku", {{"size", "9"}, {"rule", "freestyle"}}},
        {"reversi", {}},
    };
    std::vector<std::unique_ptr<games::AnyPosition>> made;
    for (const Game& g : games) {
      auto r = games::make_position(g.name, g.variant);
      if (!r) fail("a game of the harness has no referee", r.error());
      made.push_back(std::move(*r));
    }
    return made;
  }();
  return *referees[choice % referees.size()];
}

std::string line_of(const match::Opening& opening) {
  const std::string moves = fmt::format("{}", fmt::join(opening.moves, " "));
  return opening.fen.empty() ? "moves " + moves : fmt::format("fen {} moves {}", opening.fen, moves);
}

void check_opening(const match::Opening& opening, const games::AnyPosition& rules) {
  auto board = rules.clone();
  require(board->reset(opening.fen), "an opening's fen does not load");
  for (const std::string& move : opening.moves) require(board->play(move), "an opening's move is illegal");
  if (core::is_over(board->outcome())) fail("an opening ends the game");
  auto again = match::parse_opening_line(line_of(opening), rules);
  if (!again) fail("an opening does not read back from its line", again.error());
  if (!(*again == opening)) fail("an opening reads back different", line_of(opening));
}

void openings_file(std::uint8_t options, std::string_view text, const games::AnyPosition& rules) {
  static TempFile file("openings");
  const std::string& path = file.write(text);
  auto openings = match::read_openings_file(path, rules);
  if (!openings) {
    if (openings.error().empty()) fail("an openings file was refused without a reason");
    return;
  }
  if (openings->empty()) fail("an openings file loaded without an opening");
  for (const match::Opening& opening : *openings) check_opening(opening, rules);

  match::OpeningsConfig config;
  config.file = path;
  config.order = options & 1 ? match::OpeningOrder::kRandom : match::OpeningOrder::kSequential;
  config.start = 1 + (options >> 1) % 4;
  const std::int64_t pairs = 1 + (options >> 3) % 8;
  auto plan = match::plan_openings(config, rules, pairs, options);
  if (!plan) {
    if (config.start <= static_cast<std::int64_t>(openings->size())) fail("a plan of a good file failed", plan.error());
    if (plan.error().empty()) fail("a plan was refused without a reason");
    return;
  }
  if (plan->openings.size() != static_cast<std::size_t>(pairs) || plan->source_index.size() != plan->openings.size())
    fail("the plan does not have one opening per pair");
  for (std::size_t p = 0; p < plan->openings.size(); ++p) {
    const std::int64_t index = plan->source_index[p];
    if (index < 0 || index >= static_cast<std::int64_t>(openings->size())) fail("a plan's index is out of the file");
    if (!(plan->openings[p] == (*openings)[static_cast<std::size_t>(index)])) fail("a plan's opening is not the file's");
  }
}

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  for (std::string_view w : client::split_tokens(text)) out.emplace_back(w);
  return out;
}

std::vector<std::string> lines(std::string_view text) {
  std::vector<std::string> out;
  for (std::string_view l : lines_of(text)) out.emplace_back(l);
  return out;
}

void openings_tokens(std::string_view text) {
  match::OpeningsConfig config;
  if (auto s = match::apply_openings_tokens(words(text), config); !s) {
    if (s.error().empty()) fail("openings tokens were refused without a reason");
    return;
  }
  if (config.file.empty() == (config.plies == 0)) fail("openings tokens accepted without exactly one of file=, plies=");
  if (config.start < 1 || config.plies < 0 || config.plies > 1000) fail("openings tokens accepted out of range");
}

void engine_tokens(std::string_view text) {
  // The first line is --each, the others --engine, one token a line.
  const std::vector<std::string> tokens = lines(text);
  match::EngineSpec spec;
  if (auto s = match::apply_engine_tokens(tokens, spec); !s) {
    if (s.error().empty()) fail("engine tokens were refused without a reason");
    return;
  }
  if (auto s = match::finish_engine_spec(spec); !s) {
    if (s.error().empty()) fail("an engine spec was refused without a reason");
    return;
  }
  if (spec.command.empty() || spec.command.front().empty() || spec.name.empty()) fail("an engine without a command or name");
  const match::Limits& l = spec.limits;
  if (!l.any()) fail("an engine without a limit");
  if ((l.base_ms && *l.base_ms < 0) || l.increment_ms < 0 || (l.movetime_ms && *l.movetime_ms < 1) ||
      (l.depth && *l.depth < 1) || (l.nodes && *l.nodes < 1) || l.margin_ms < 0)
    fail("an engine limit out of range");
  if (l.base_ms && *l.base_ms == 0 && l.increment_ms == 0) fail("tc=0 accepted");
}

void sprt_tokens(std::string_view text) {
  auto config = match::parse_sprt(words(text));
  if (!config) {
    if (config.error().empty()) fail("sprt tokens were refused without a reason");
    return;
  }
  if (!match::is_valid(*config)) fail("an invalid sprt accepted");
  const std::string described = match::describe_sprt(*config);
  auto again = match::parse_sprt(words(described));
  if (!again) fail("an sprt does not read back from its description", again.error());
  if (again->elo0 != config->elo0 || again->elo1 != config->elo1 || again->alpha != config->alpha ||
      again->beta != config->beta || again->model != config->model)
    fail("an sprt reads back different", described);
}

}  // namespace
}  // namespace narabe::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace narabe::fuzz;
  if (size < 2) return 0;
  const std::string_view text = as_text(data + 2, size - 2);
  switch (data[0] % 4) {
    case 0: openings_file(data[1], text, referee(data[0] / 4)); break;
    case 1: openings_tokens(text); break;
    case 2: engine_tokens(text); break;
    default: sprt_tokens(text); break;
  }
  return 0;
}
