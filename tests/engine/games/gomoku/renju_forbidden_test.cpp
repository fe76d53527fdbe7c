// Renju forbidden points (engine/games/gomoku/renju_forbidden.h) against the shared
// test data (tests/data/gomoku/README.md): every position of the three files, every
// empty point, the kind where the data gives one. The data's `forbidden` field
// follows RIF's reading of the contested case (a three whose straight-four point
// makes a five is no three); `alt_reading_forbidden` is the other reading, which
// this checker must not follow.

#include "engine/games/gomoku/renju_forbidden.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/games/fen_board.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/games/gomoku/pattern_board.h"

namespace narabe {
namespace {

using games::Gomoku;
using namespace games::gomoku;

struct DataPosition {
  std::string id;
  Cells cells{};
  std::map<int, std::string> forbidden;      // index -> kind
  std::map<int, std::string> alternative;    // the other reading, when given
  bool has_alternative = false;
};

// "H8" (renju.net notation: A.. from the left, 1.. from the bottom) to an index.
int index_of(const std::string& name) {
  return cell_index(name[0] - 'A', std::stoi(name.substr(1)) - 1);
}

std::map<int, std::string> kinds_of(const nlohmann::json& object) {
  std::map<int, std::string> out;
  for (const auto& [name, kind] : object.items()) out[index_of(name)] = kind.get<std::string>();
  return out;
}

std::vector<DataPosition> load(const std::string& file) {
  std::vector<DataPosition> positions;
  std::ifstream in(std::string(NARABE_TEST_DATA_DIR) + "/gomoku/" + file);
  EXPECT_TRUE(in) << file;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const nlohmann::json json = nlohmann::json::parse(line);
    DataPosition p;
    p.id = json.at("id").get<std::string>();
    const Gomoku empty(Gomoku::Variant{15, Rule::kRenju});
    p.cells = empty.cells();
    for (const auto& name : json.at("black")) p.cells[static_cast<std::size_t>(index_of(name))] = kBlack;
    for (const auto& name : json.at("white")) p.cells[static_cast<std::size_t>(index_of(name))] = kWhite;
    p.forbidden = kinds_of(json.at("forbidden"));
    if (json.contains("alt_reading_forbidden")) {
      p.alternative = kinds_of(json.at("alt_reading_forbidden"));
      p.has_alternative = true;
    }
    positions.push_back(std::move(p));
  }
  return positions;
}

// Every forbidden point of the position with its kind.
std::map<int, std::string> checker_answer(DataPosition& p) {
  std::map<int, std::string> out;
  for (int rank = 0; rank < 15; ++rank)
    for (int file = 0; file < 15; ++file) {
      const int at = cell_index(file, rank);
      if (p.cells[static_cast<std::size_t>(at)] != kEmpty) continue;
      const Forbidden kind = renju_forbidden(p.cells, at);
      if (kind != Forbidden::kNone) out[at] = std::string(forbidden_name(kind));
    }
  return out;
}

std::string describe(const std::map<int, std::string>& points) {
  const Gomoku board;
  std::string text;
  for (const auto& [at, kind] : points) text += board.cell_name(at) + ":" + kind + " ";
  return text;
}

void expect_all_agree(const std::string& file, std::size_t expected_lines) {
  std::vector<DataPosition> positions = load(file);
  EXPECT_EQ(positions.size(), expected_lines);
  int agreeing = 0;
  for (DataPosition& p : positions) {
    const Cells before = p.cells;
    const auto answer = checker_answer(p);
    EXPECT_EQ(p.cells, before) << p.id << ": the checker must leave the board as it was";
    if (answer == p.forbidden) ++agreeing;
    else
      ADD_FAILURE() << p.id << "\n  data:    " << describe(p.forbidden) << "\n  checker: " << describe(answer);
  }
  EXPECT_EQ(agreeing, static_cast<int>(positions.size())) << file;
}

TEST(RenjuForbidden, AgreesWithEveryGeneratedPosition) {
  expect_all_agree("renju_forbidden_generated.jsonl", 3000);
}

TEST(RenjuForbidden, AgreesWithEveryQuintetCase) { expect_all_agree("renju_forbidden_quintet.jsonl", 23); }

TEST(RenjuForbidden, AgreesWithTheEdgeCases) { expect_all_agree("renju_forbidden_edge_cases.jsonl", 2); }

// The contested reading: H8 makes a three whose only straight-four point G8 also
// completes a five, so by RIF's definition it is no three and H8 is allowed.
TEST(RenjuForbidden, AThreeWhoseFourPointMakesAFiveIsNoThree) {
  std::vector<DataPosition> positions = load("renju_forbidden_edge_cases.jsonl");
  ASSERT_FALSE(positions.empty());
  DataPosition& p = positions.front();
  ASSERT_EQ(p.id, "edge-five-point-three");
  EXPECT_EQ(renju_forbidden(p.cells, index_of("H8")), Forbidden::kNone);
  ASSERT_TRUE(p.has_alternative);
  EXPECT_EQ(p.alternative.at(index_of("H8")), "double-three");  // the reading not followed
}

// The pattern board's verdict (may_play: its shapes, the checker only for two
// threes), which the game's move generation asks, gives the data's points on every
// position of the three files.
TEST(RenjuForbidden, ThePatternBoardsVerdictAgreesWithTheData) {
  int points = 0;
  for (const std::string file :
       {"renju_forbidden_generated.jsonl", "renju_forbidden_quintet.jsonl", "renju_forbidden_edge_cases.jsonl"})
    for (const DataPosition& p : load(file)) {
      const PatternBoard board(p.cells, Rule::kRenju);
      for (int rank = 0; rank < 15; ++rank)
        for (int file_index = 0; file_index < 15; ++file_index) {
          const int at = cell_index(file_index, rank);
          if (p.cells[static_cast<std::size_t>(at)] != kEmpty) continue;
          EXPECT_EQ(may_play(board, at, kBlack), !p.forbidden.contains(at)) << p.id << " " << at;
          EXPECT_TRUE(may_play(board, at, kWhite)) << p.id << " " << at;
          ++points;
        }
    }
  EXPECT_GT(points, 3025 * 100);
}

// The game's own view agrees with the checker: through a fen (equal stone counts,
// Black to move), generate_moves leaves out exactly the data's points, parse_move
// gives the reason and `forbidden_cells` lists them.
TEST(RenjuForbidden, TheGameNeverGivesBlackAForbiddenPoint) {
  std::vector<DataPosition> positions = load("renju_forbidden_generated.jsonl");
  const Gomoku::Variant renju{15, Rule::kRenju};
  int checked = 0;
  // Every 10th position: the whole file is the checker's test above.
  for (std::size_t i = 0; i < positions.size(); i += 10) {
    const DataPosition& p = positions[i];
    const std::string rows = games::write_fen_board(15, 15, [&](int file, int rank) {
      const std::uint8_t c = p.cells[static_cast<std::size_t>(cell_index(file, rank))];
      return c == kBlack ? 'x' : c == kWhite ? 'o' : '.';
    });
    auto game = Gomoku::from_fen(renju, rows + " x");
    ASSERT_TRUE(game.ok()) << p.id << ": " << game.error();
    Gomoku::MoveList moves;
    game->generate_moves(moves);
    std::vector<std::string> listed = game->forbidden_cells();
    std::vector<std::string> expected;
    for (const auto& [at, kind] : p.forbidden) {
      expected.push_back(game->cell_name(at));
      EXPECT_FALSE(moves.contains(core::Move(static_cast<std::uint16_t>(at)))) << p.id;
      auto parsed = game->parse_move(game->cell_name(at));
      ASSERT_FALSE(parsed.ok()) << p.id << " " << game->cell_name(at);
      EXPECT_NE(parsed.error().find(kind), std::string::npos) << parsed.error();
    }
    std::sort(expected.begin(), expected.end());
    std::sort(listed.begin(), listed.end());
    EXPECT_EQ(listed, expected) << p.id;
    EXPECT_EQ(moves.size() + p.forbidden.size(), static_cast<std::size_t>(225 - game->stones())) << p.id;
    ++checked;
  }
  EXPECT_EQ(checked, 300);
}

}  // namespace
}  // namespace narabe
