#pragma once
// One line of renju_mate_problems.jsonl (tests/data/gomoku/README.md) as a Gomoku
// position, for narabe-gomoku-mate and the solver's tests: the stones (renju
// notation, A..O from the left, rows from the bottom: the engine's own names in
// upper case), the side to move, the mode (VCF or VCT) and what Rapfi answered.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/expected.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/games/gomoku/line_patterns.h"
#include "engine/games/gomoku/pattern_board.h"
#include "engine/games/gomoku/renju_forbidden.h"

namespace narabe::tools {

struct MateProblem {
  std::string id;
  std::string mode;  // "VCF" or "VCT"
  std::string attacker;
  std::string rapfi_eval;  // "+M25", or a plain score when Rapfi proved nothing in 8 s
  // Stone counts need not be those of a game (one problem has Black to move with a
  // stone more), so the problem is cells and a side rather than a Gomoku position.
  games::gomoku::Cells cells{};
  games::gomoku::Cell to_move = games::gomoku::kBlack;
  static constexpr games::gomoku::Rule kRule = games::gomoku::Rule::kRenju;
  static constexpr int kSize = 15;
};

inline core::Expected<MateProblem> parse_mate_problem(const std::string& line) {
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception& e) {
    return core::make_error(std::string("not JSON: ") + e.what());
  }
  if (!json.is_object()) return core::make_error("not a JSON object");
  try {
    MateProblem problem;
    problem.id = json.at("id").get<std::string>();
    problem.mode = json.at("mode").get<std::string>();
    problem.attacker = json.at("attacker").get<std::string>();
    if (json.contains("rapfi_0.43.02_classical"))
      problem.rapfi_eval = json["rapfi_0.43.02_classical"].value("eval", "");
    const std::string to_move = json.at("to_move").get<std::string>();
    if (json.value("rule", "renju") != "renju") return core::make_error(problem.id + ": only renju problems");
    if (to_move != "black" && to_move != "white") return core::make_error(problem.id + ": to_move must be black or white");
    // Names through the engine's own notation (lower case, rows from the bottom).
    const games::Gomoku names(games::Gomoku::Variant{MateProblem::kSize, MateProblem::kRule});
    problem.cells = games::gomoku::PatternBoard::empty_cells(MateProblem::kSize);
    for (const auto& [key, colour] : {std::pair{"black", games::gomoku::kBlack}, std::pair{"white", games::gomoku::kWhite}})
      for (const auto& stone : json.at(key)) {
        std::string name = stone.get<std::string>();
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const int at = names.cell_from_name(name);
        if (at < 0) return core::make_error(problem.id + ": bad point '" + name + "'");
        auto& cell = problem.cells[static_cast<std::size_t>(at)];
        if (cell != games::gomoku::kEmpty) return core::make_error(problem.id + ": point '" + name + "' given twice");
        cell = colour;
      }
    problem.to_move = to_move == "black" ? games::gomoku::kBlack : games::gomoku::kWhite;
    return problem;
  } catch (const nlohmann::json::exception& e) {
    return core::make_error(std::string("bad field: ") + e.what());
  }
}

// Whether `line` wins for the side to move, checked by the rules alone (not the
// solver's patterns): the moves alternate from the side to move on empty points,
// none forbidden to its player, and the line ends with the attacker's five, or with
// an attacker move after which every point the defender may play leaves the
// attacker a five and the defender has none of its own.
inline bool line_wins(const MateProblem& problem, const std::vector<core::Move>& line) {
  using namespace games::gomoku;
  Cells cells = problem.cells;
  const Cell attacker = problem.to_move;
  Cell colour = attacker;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const int at = line[i].value();
    if (at < 0 || at >= kCells || cells[static_cast<std::size_t>(at)] != kEmpty) return false;
    if (forbidden_kind(cells, at, colour, MateProblem::kRule) != Forbidden::kNone) return false;
    if (makes_win(cells, at, colour, MateProblem::kRule)) return colour == attacker && i + 1 == line.size();
    cells[static_cast<std::size_t>(at)] = colour;
    colour = opponent_of(colour);
  }
  if (line.empty() || colour == attacker) return false;
  auto may_win = [&](Cell who) {
    for (int at = 0; at < kCells; ++at)
      if (cells[static_cast<std::size_t>(at)] == kEmpty && makes_win(cells, at, who, MateProblem::kRule)) return true;
    return false;
  };
  if (may_win(colour)) return false;
  for (int at = 0; at < kCells; ++at) {
    if (cells[static_cast<std::size_t>(at)] != kEmpty) continue;
    if (forbidden_kind(cells, at, colour, MateProblem::kRule) != Forbidden::kNone) continue;
    cells[static_cast<std::size_t>(at)] = colour;
    const bool lost = may_win(attacker);
    cells[static_cast<std::size_t>(at)] = kEmpty;
    if (!lost) return false;
  }
  return true;
}

}  // namespace narabe::tools
