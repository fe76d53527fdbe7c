// Gomoku's trained weights as shipped and loaded (protocol/server/gomoku_eval_file.h):
// the four files beside the executable (the build copies them next to every
// program in the build directory, this test's too) with their sizes, checksums and
// rules, a fixed position's score with them, `auto` taking them only where they
// won their match, a damaged or missing file refused with
// a clear message and the hand-set evaluation used instead, and the native loop
// giving the weights to its Gomoku positions (GomokuEval switching them off).

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "engine/core/transposition_table.h"
#include "engine/games/gomoku/gomoku.h"
#include "protocol/server/gomoku_eval_file.h"
#include "protocol/server/native_loop.h"
#include "protocol/server/output_channel.h"
#include "protocol/server/session_factory.h"
#include "tests/protocol/server/loop_test_support.h"

namespace narabe::server {
namespace {

namespace fs = std::filesystem;
using games::Gomoku;
using games::gomoku::EvalWeights;
using games::gomoku::Rule;
using testing_support::Lines;

// The fixed position's scores with the shipped weights (see below).
constexpr core::Score kFreestyleScore = -572;
constexpr core::Score kRenjuScore = -724;

std::vector<std::uint8_t> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool any_contains(const Lines& lines, std::string_view text) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

// A directory of its own under the system's temporary directory, removed at the end.
class TempDir {
 public:
  TempDir() : path_(fs::temp_directory_path() / ("narabe-gomoku-eval-" + std::to_string(::getpid()))) {
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

TEST(GomokuEvalFile, ShippedFilesLieBesideTheExecutableWithTheirRulesAndChecksums) {
  const fs::path dir = executable_directory();
  ASSERT_FALSE(dir.empty());
  for (const Rule rule : games::gomoku::kAllRules) {
    const fs::path path = dir / gomoku_eval_file_name(rule);
    ASSERT_TRUE(fs::is_regular_file(path)) << path;
    EXPECT_EQ(fs::file_size(path), EvalWeights::kFileBytes) << path;
    const auto weights = load_gomoku_weights(path, rule);
    ASSERT_TRUE(weights) << weights.error();
    EXPECT_EQ((*weights)->rule(), rule);
    GomokuEvaluation evaluation;  // the executable's directory
    evaluation.set_mode(GomokuEvalMode::kTrained);
    EXPECT_NE(evaluation.weights_for(rule), nullptr);
    EXPECT_TRUE(evaluation.take_messages().empty());
  }
}

TEST(GomokuEvalFile, AFixedPositionScoresTheSameWithTheShippedWeights) {
  // h8 h9 i9 g7 j10 k11 i8: White to move; the values are the shipped files' (a
  // new training run changes them, and this test with them).
  const std::vector<std::string> moves = {"h8", "h9", "i9", "g7", "j10", "k11", "i8"};
  struct Expected {
    Rule rule;
    core::Score score;
  };
  for (const Expected& expected : {Expected{Rule::kFreestyle, kFreestyleScore}, Expected{Rule::kRenju, kRenjuScore}}) {
    const auto weights = load_gomoku_weights(executable_directory() / gomoku_eval_file_name(expected.rule), expected.rule);
    ASSERT_TRUE(weights) << weights.error();
    Gomoku game(Gomoku::Variant{15, expected.rule});
    game.set_eval_weights(*weights);
    for (const std::string& m : moves) game.make_move(*game.parse_move(m));
    EXPECT_EQ(game.evaluate(), expected.score) << games::gomoku::rule_name(expected.rule);
  }
}

TEST(GomokuEvalFile, DamagedOrMissingFilesAreRefusedAndTheHandSetEvaluationIsUsed) {
  const TempDir dir;
  std::vector<std::uint8_t> bytes = read_bytes(executable_directory() / gomoku_eval_file_name(Rule::kFreestyle));
  ASSERT_EQ(bytes.size(), EvalWeights::kFileBytes);
  bytes[EvalWeights::kHeaderBytes + 10] ^= 0x40;
  {
    std::ofstream out(dir.path() / gomoku_eval_file_name(Rule::kFreestyle), std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  const auto damaged = load_gomoku_weights(dir.path() / gomoku_eval_file_name(Rule::kFreestyle), Rule::kFreestyle);
  ASSERT_FALSE(damaged);
  EXPECT_NE(damaged.error().find("checksum mismatch"), std::string::npos) << damaged.error();
  // A file for another rule under this rule's name is refused too.
  fs::copy_file(executable_directory() / gomoku_eval_file_name(Rule::kRenju), dir.path() / "renju_as_standard.bin");
  const auto wrong_rule = load_gomoku_weights(dir.path() / "renju_as_standard.bin", Rule::kStandard);
  ASSERT_FALSE(wrong_rule);
  EXPECT_NE(wrong_rule.error().find("rule renju, not standard"), std::string::npos) << wrong_rule.error();

  GomokuEvaluation evaluation(dir.path());
  EXPECT_EQ(evaluation.weights_for(Rule::kFreestyle), nullptr);
  EXPECT_EQ(evaluation.weights_for(Rule::kRenju), nullptr);  // not in this directory
  const std::vector<std::string> messages = evaluation.take_messages();
  ASSERT_EQ(messages.size(), 2U);
  EXPECT_NE(messages[0].find("(freestyle)"), std::string::npos) << messages[0];
  EXPECT_NE(messages[0].find("checksum mismatch"), std::string::npos) << messages[0];
  EXPECT_NE(messages[0].find("using the hand-set evaluation"), std::string::npos) << messages[0];
  EXPECT_NE(messages[1].find("not found"), std::string::npos) << messages[1];
  // Said once per rule.
  EXPECT_EQ(evaluation.weights_for(Rule::kFreestyle), nullptr);
  EXPECT_TRUE(evaluation.take_messages().empty());

  // A session made with this evaluation evaluates by hand.
  core::TranspositionTable table(1);
  const GameSettings extras{[&](Rule rule) { return evaluation.weights_for(rule); }, nullptr};
  auto session = create_session("gomoku", {}, table, {}, extras);
  ASSERT_TRUE(session);
  const auto terms = (*session)->position().evaluation();
  EXPECT_FALSE(std::any_of(terms.begin(), terms.end(), [](const core::EvalTerm& t) {
    return t.name.find("trained") != std::string::npos;
  }));
}

TEST(GomokuEvalFile, TheNativeLoopGivesTheWeightsToItsPositionsAndGomokuEvalSwitches) {
  CapturedOutput out;
  NativeLoop loop(out);
  const Lines created = testing_support::send_line(loop, out, "newgame gomoku rule renju");
  EXPECT_FALSE(any_contains(created, "evaluation weights")) << created.size();
  testing_support::send_line(loop, out, "position startpos moves h8 h9 i9");
  EXPECT_TRUE(any_contains(testing_support::send_line(loop, out, "eval"), "trained patterns"));
  testing_support::send_line(loop, out, "setoption name GomokuEval value hand");
  const Lines hand = testing_support::send_line(loop, out, "eval");
  EXPECT_FALSE(any_contains(hand, "trained patterns"));
  EXPECT_TRUE(any_contains(hand, "three points"));
  testing_support::send_line(loop, out, "setoption name GomokuEval value trained");
  EXPECT_TRUE(any_contains(testing_support::send_line(loop, out, "eval"), "trained patterns"));
  const Lines bad = testing_support::send_line(loop, out, "setoption name GomokuEval value learned");
  EXPECT_TRUE(any_contains(bad, "GomokuEval is auto, trained or hand"));
}

TEST(GomokuEvalFile, AutoTakesTheTrainedValuesOnlyWhereTheyWonTheirMatch) {
  GomokuEvaluation evaluation;
  for (const Rule rule : games::gomoku::kAllRules)
    EXPECT_EQ(evaluation.weights_for(rule) != nullptr, trained_by_default(rule)) << games::gomoku::rule_name(rule);
  for (const Rule rule : games::gomoku::kAllRules) EXPECT_TRUE(trained_by_default(rule));
  evaluation.set_mode(GomokuEvalMode::kTrained);
  EXPECT_NE(evaluation.weights_for(Rule::kOverlineForbidden), nullptr);
  evaluation.set_mode(GomokuEvalMode::kHand);
  EXPECT_EQ(evaluation.weights_for(Rule::kFreestyle), nullptr);
  EXPECT_TRUE(evaluation.take_messages().empty());
}

}  // namespace
}  // namespace narabe::server
