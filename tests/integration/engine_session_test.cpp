// End-to-end tests of the narabe binary as a GUI or a match runner sees it: the
// handshake, searches and their limits, stop/isready/quit during a search, the
// tool commands (d, legal, result, query, perft, eval, bench), levels and seeds.
// The engine runs as a child process driven through protocol/client.
//
// Time-outs are failure guards only (the machine is shared and the sanitizer
// build is slow); no test asserts on how long anything takes.

#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine_driver.h"
#include "protocol/client/engine_messages.h"
#include "protocol/client/engine_process.h"

namespace narabe::client {
namespace {

using namespace narabe::integration;

const std::vector<std::string> kAllCells = {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"};

std::vector<std::string> sorted(std::vector<std::string> items) {
  std::sort(items.begin(), items.end());
  return items;
}

std::vector<std::string> cells_except(const std::vector<std::string>& taken) {
  std::vector<std::string> free;
  for (const std::string& cell : kAllCells)
    if (std::find(taken.begin(), taken.end(), cell) == taken.end()) free.push_back(cell);
  return free;
}

// The whole of `text` as an integer; nullopt otherwise.
std::optional<long long> to_integer(std::string_view text) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The node count of a `bench <nodes> nodes <nps> nps` line; nullopt for any other line.
std::optional<long long> bench_nodes(std::string_view line) {
  const std::vector<std::string_view> t = split_tokens(line);
  if (t.size() != 5 || t[0] != "bench" || t[2] != "nodes" || t[4] != "nps") return std::nullopt;
  if (!to_integer(t[3]) || *to_integer(t[3]) < 0) return std::nullopt;
  return to_integer(t[1]);
}

// A search line as a match runner reads it: parseable, with integer counters
// and a score.
void expect_well_formed_search_info(const std::string& line) {
  const std::optional<InfoLine> info = parse_info(line);
  ASSERT_TRUE(info.has_value()) << "unparseable: " << line;
  if (!info->string.empty()) return;  // `info string ...` carries text, not a search report
  EXPECT_TRUE(info->depth.has_value()) << line;
  EXPECT_TRUE(info->nodes.has_value()) << line;
  EXPECT_TRUE(info->nps.has_value()) << line;
  EXPECT_TRUE(info->time_ms.has_value()) << line;
  EXPECT_TRUE(info->score_cp.has_value() || info->score_mate.has_value()) << line;
  EXPECT_FALSE(info->pv.empty()) << line;
}

// The last search report (not `info string`) of a search.
std::optional<InfoLine> last_report(const SearchOutput& out) {
  for (auto it = out.infos.rbegin(); it != out.infos.rend(); ++it) {
    std::optional<InfoLine> info = parse_info(*it);
    if (info && info->string.empty()) return info;
  }
  return std::nullopt;
}

// A test with an engine process of its own, which must quit cleanly at the end.
class EngineSessionTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(engine_.started()); }
  void TearDown() override {
    if (engine_.started()) engine_.expect_clean_exit();
  }

  EngineDriver engine_;
};

// Tests that set every state they read (position; options stay at their defaults)
// share one engine process per suite: starting one is the slow part of a test,
// and a long-lived process is a test of its own.
class SharedEngineTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { shared_ = std::make_unique<EngineDriver>(); }
  static void TearDownTestSuite() {
    if (shared_->started()) shared_->expect_clean_exit();
    shared_.reset();
  }
  void SetUp() override {
    ASSERT_TRUE(shared_->started());
    ASSERT_TRUE(shared_->process().is_alive()) << "an earlier test of the suite killed the engine";
    shared_->sync();  // drops whatever a failed earlier test left unread
  }

  inline static std::unique_ptr<EngineDriver> shared_;
  EngineDriver& engine_ = *shared_;
};

// ---------------------------------------------------------------------------
// Handshake

void expect_handshake(EngineDriver& engine, std::string_view command, std::string_view ok_word) {
  engine.send(command);
  std::vector<std::string> lines = engine.read_through(ok_word);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), ok_word);
  lines.pop_back();

  bool has_name = false;
  bool has_tictactoe = false;
  std::map<std::string, OptionLine> options;
  for (const std::string& line : lines) {
    const std::string_view word = first_token(line);
    if (starts_with(line, "id name ")) has_name = line.size() > 8;
    if (line == "game tictactoe" || starts_with(line, "game tictactoe ")) has_tictactoe = true;
    if (word == "option") {
      const std::optional<OptionLine> option = parse_option(line);
      ASSERT_TRUE(option.has_value()) << "unparseable: " << line;
      options[option->name] = *option;
    }
    // Only these may appear in the answer to the handshake.
    EXPECT_TRUE(word == "id" || word == "game" || word == "option") << line;
  }
  EXPECT_TRUE(has_name) << join(lines);
  EXPECT_TRUE(has_tictactoe) << join(lines);

  for (const char* spin : {"Hash", "Threads", "MultiPV", "Seed"}) {
    ASSERT_TRUE(options.count(spin)) << spin << " missing:\n" << join(lines);
    const OptionLine& option = options[spin];
    EXPECT_EQ(option.type, "spin") << spin;
    ASSERT_TRUE(option.min && option.max) << spin;
    EXPECT_LE(*option.min, *option.max) << spin;
  }
  ASSERT_TRUE(options.count("Level")) << join(lines);
  EXPECT_EQ(options["Level"].type, "combo");
  EXPECT_EQ(sorted(options["Level"].vars), sorted({"easy", "normal", "hard", "max"}));
  EXPECT_EQ(options["Level"].default_value, "max");
  ASSERT_TRUE(options.count("OwnBook")) << join(lines);
  EXPECT_EQ(options["OwnBook"].type, "check");
}

TEST_F(EngineSessionTest, UciHandshakeListsIdGameAndOptions) {
  expect_handshake(engine_, "uci", "uciok");
}

TEST_F(EngineSessionTest, UgiHandshakeListsIdGameAndOptions) {
  expect_handshake(engine_, "ugi", "ugiok");
}

// ---------------------------------------------------------------------------
// A whole script piped in before reading anything: what `narabe < script` does.

TEST_F(EngineSessionTest, ScriptWrittenAtOnceGetsOneLegalBestMoveAndExitsZero) {
  for (const char* line :
       {"uci", "isready", "newgame tictactoe", "position startpos moves b2", "go depth 9", "quit"})
    engine_.send(line);
  const std::vector<std::string> lines = engine_.read_to_end();

  int uciok = 0, readyok = 0, infos = 0;
  std::vector<BestMove> bests;
  for (const std::string& line : lines) {
    if (line == "uciok") ++uciok;
    if (line == "readyok") ++readyok;
    if (first_token(line) == "info") ++infos;
    if (const auto best = parse_bestmove(line)) bests.push_back(*best);
    EXPECT_FALSE(starts_with(line, "info string error")) << line;
  }
  EXPECT_EQ(uciok, 1) << join(lines);
  EXPECT_EQ(readyok, 1) << join(lines);
  EXPECT_GE(infos, 1) << join(lines);
  ASSERT_EQ(bests.size(), 1u) << join(lines);
  const std::vector<std::string> legal = cells_except({"b2"});
  EXPECT_NE(std::find(legal.begin(), legal.end(), bests[0].move), legal.end()) << bests[0].move;

  engine_.expect_exit_zero();
}

// ---------------------------------------------------------------------------
// Scores

TEST_F(SharedEngineTest, EmptyBoardIsAProvenDraw) {
  engine_.set_position("position startpos");
  const SearchOutput out = engine_.go("go depth 9");
  const std::optional<InfoLine> last = last_report(out);
  ASSERT_TRUE(last.has_value()) << join(out.infos);
  EXPECT_EQ(last->score_cp, std::optional<int>(0)) << out.infos.back();
  EXPECT_FALSE(last->score_mate.has_value()) << out.infos.back();
  ASSERT_TRUE(out.best.has_value());
  EXPECT_NE(std::find(kAllCells.begin(), kAllCells.end(), out.best->move), kAllCells.end());
}

struct MateCase {
  const char* fen;
  int mate;                    // as in `score mate N`
  const char* best = nullptr;  // the only winning move, when there is one
};

// So that test listings show the position rather than the struct's bytes.
void PrintTo(const MateCase& c, std::ostream* os) { *os << "fen " << c.fen << " mate " << c.mate; }

class MateScoreTest : public SharedEngineTest, public ::testing::WithParamInterface<MateCase> {};

TEST_P(MateScoreTest, LastInfoShowsTheMateDistance) {
  const MateCase& c = GetParam();
  engine_.set_position(std::string("position fen ") + c.fen);
  const SearchOutput out = engine_.go("go depth 9");
  const std::optional<InfoLine> last = last_report(out);
  ASSERT_TRUE(last.has_value()) << join(out.infos);
  EXPECT_EQ(last->score_mate, std::optional<int>(c.mate)) << out.infos.back();
  ASSERT_TRUE(out.best.has_value());
  if (c.best) {
    EXPECT_EQ(out.best->move, c.best);
  }
}

INSTANTIATE_TEST_SUITE_P(Positions, MateScoreTest,
                         ::testing::Values(
                             // X completes the top row with c3 (and must: O threatens c2).
                             MateCase{"xx1/oo1/3 x", 1, "c3"},
                             // X forks with b2 (threats a2 and c1) or a2 (threats a1 and b2).
                             MateCase{"xoo/2x/3 x", 2},
                             // X threatens b1, a2 and b2 at once; O can block only one.
                             MateCase{"x1o/2o/x1x o", -1},
                             // O must block c1, after which X forks: O loses with X's second move.
                             MateCase{"1ox/2x/3 o", -2, "c1"}),
                         [](const ::testing::TestParamInfo<MateCase>& param_info) {
                           const int m = param_info.param.mate;
                           return (m < 0 ? "LosesIn" + std::to_string(-m)
                                         : "WinsIn" + std::to_string(m)) +
                                  "_" + std::to_string(param_info.index);
                         });

// ---------------------------------------------------------------------------
// What a UCI match runner (cutechess, fastchess) sends

TEST_F(EngineSessionTest, MatchRunnerSequenceWithClockLimits) {
  engine_.send("uci");
  engine_.read_through("uciok");
  EXPECT_EQ(engine_.replies_to("ucinewgame"), std::vector<std::string>{});
  engine_.set_position("position startpos");
  // X in the centre, O in a corner: X to move.
  engine_.set_position("position fen 3/1x1/3 o moves a1");
  const std::vector<std::string> legal = cells_except({"b2", "a1"});
  ASSERT_EQ(sorted(engine_.legal_moves()), sorted(legal));

  for (const char* go :
       {"go wtime 1000 btime 1000 winc 10 binc 10", "go btime 1000 winc 10 wtime 1000 binc 10",
        "go p1time 1000 p2time 1000 p1inc 10 p2inc 10",
        "go p2inc 10 p2time 1000 p1time 1000 p1inc 10 movestogo 3",
        "go wtime 1000 btime 1000 movestogo 1"}) {
    SCOPED_TRACE(go);
    const SearchOutput out = engine_.go(go);
    ASSERT_TRUE(out.best.has_value());
    EXPECT_NE(std::find(legal.begin(), legal.end(), out.best->move), legal.end()) << out.best->move;
    EXPECT_FALSE(out.infos.empty());
    for (const std::string& line : out.infos) expect_well_formed_search_info(line);
    EXPECT_EQ(out.others, std::vector<std::string>{});
    EXPECT_EQ(engine_.sync(), std::vector<std::string>{}) << "something after the bestmove";
  }

  // O to move uses the second player's clock.
  engine_.set_position("position fen 3/1x1/3 o");
  const SearchOutput out = engine_.go("go wtime 1000 btime 1000 winc 10 binc 10");
  ASSERT_TRUE(out.best.has_value());
  const std::vector<std::string> o_legal = cells_except({"b2"});
  EXPECT_NE(std::find(o_legal.begin(), o_legal.end(), out.best->move), o_legal.end());
  for (const std::string& line : out.infos) expect_well_formed_search_info(line);
}

TEST_F(SharedEngineTest, EachKindOfLimitGivesExactlyOneBestMove) {
  engine_.set_position("position startpos moves b2");
  const std::vector<std::string> legal = cells_except({"b2"});
  for (const char* go : {"go depth 3", "go nodes 50", "go nodes 1", "go movetime 50",
                         "go depth 9 nodes 100000 movetime 5000"}) {
    SCOPED_TRACE(go);
    const SearchOutput out = engine_.go(go);
    ASSERT_TRUE(out.best.has_value());
    EXPECT_NE(std::find(legal.begin(), legal.end(), out.best->move), legal.end()) << out.best->move;
    for (const std::string& line : out.infos) expect_well_formed_search_info(line);
    // A second bestmove would come before the readyok of a later isready.
    EXPECT_EQ(engine_.sync(), std::vector<std::string>{});
  }
}

TEST_F(SharedEngineTest, GameOverGivesBestMoveNone) {
  engine_.set_position("position startpos moves a1 a2 b1 b2 c1");
  const SearchOutput out = engine_.go("go depth 5");
  ASSERT_TRUE(out.best.has_value());
  EXPECT_EQ(out.best->move, "(none)");
  EXPECT_EQ(engine_.sync(), std::vector<std::string>{});
}

// ---------------------------------------------------------------------------
// stop, isready and quit around searches

TEST_F(EngineSessionTest, StopDuringInfiniteSearchGivesExactlyOneBestMove) {
  engine_.set_position("position startpos moves b2");
  engine_.send("go infinite");
  // Let it report once, so that the stop reaches a running search.
  ASSERT_TRUE(engine_.process().wait_for_line("info", kReplyTimeout).has_value());
  const SearchOutput out = engine_.go("stop");
  ASSERT_TRUE(out.best.has_value());
  const std::vector<std::string> legal = cells_except({"b2"});
  EXPECT_NE(std::find(legal.begin(), legal.end(), out.best->move), legal.end()) << out.best->move;
  EXPECT_EQ(engine_.sync(), std::vector<std::string>{});
  // The engine is idle again: a new search works.
  EXPECT_TRUE(engine_.go("go depth 2").best.has_value());
}

TEST_F(EngineSessionTest, StopRightAfterGoStillGivesALegalBestMove) {
  // The stop may arrive before the search has completed a single depth.
  engine_.send("go infinite");
  const SearchOutput out = engine_.go("stop");
  ASSERT_TRUE(out.best.has_value());
  EXPECT_NE(std::find(kAllCells.begin(), kAllCells.end(), out.best->move), kAllCells.end())
      << out.best->move;
  EXPECT_EQ(engine_.sync(), std::vector<std::string>{});
}

TEST_F(EngineSessionTest, StopWhenIdleIsIgnored) {
  EXPECT_EQ(engine_.replies_to("stop"), std::vector<std::string>{});
  engine_.go("go depth 2");
  EXPECT_EQ(engine_.replies_to("stop"), std::vector<std::string>{});
}

TEST_F(EngineSessionTest, IsReadyDuringInfiniteSearchIsAnsweredBeforeTheBestMove) {
  engine_.send("go infinite");
  engine_.send("isready");
  const std::vector<std::string> before = engine_.read_through("readyok");
  for (const std::string& line : before) EXPECT_NE(first_token(line), "bestmove") << line;
  const SearchOutput out = engine_.go("stop");
  EXPECT_TRUE(out.best.has_value());
}

TEST_F(EngineSessionTest, QuitDuringInfiniteSearchExitsZero) {
  engine_.send("go infinite");
  ASSERT_TRUE(engine_.process().wait_for_line("info", kReplyTimeout).has_value());
  engine_.send("quit");
  engine_.expect_exit_zero();
}

TEST_F(EngineSessionTest, EndOfInputEndsTheProcess) {
  EXPECT_EQ(engine_.sync(), std::vector<std::string>{});
  engine_.process().close_input();
  engine_.expect_exit_zero();
}

TEST_F(EngineSessionTest, EndOfInputDuringInfiniteSearchEndsTheProcess) {
  engine_.send("go infinite");
  ASSERT_TRUE(engine_.process().wait_for_line("info", kReplyTimeout).has_value());
  engine_.process().close_input();
  engine_.expect_exit_zero();
}

// ---------------------------------------------------------------------------
// Tool commands

TEST_F(SharedEngineTest, DShowsGameBoardFenSideHashAndResult) {
  engine_.set_position("position startpos moves b2 a1");
  const std::vector<std::string> lines = engine_.replies_to("d");
  ASSERT_GE(lines.size(), 5u) << join(lines);
  EXPECT_EQ(lines.front(), "game tictactoe");
  EXPECT_EQ(lines.back(), "result none");
  const auto fen_at = std::find(lines.begin(), lines.end(), "fen 3/1x1/o2 x");
  ASSERT_NE(fen_at, lines.end()) << join(lines);
  EXPECT_GT(fen_at - lines.begin(), 1) << "no diagram between the game and the fen";
  EXPECT_NE(std::find(lines.begin(), lines.end(), "side x"), lines.end()) << join(lines);
  const bool has_hash = std::any_of(lines.begin(), lines.end(), [](const std::string& line) {
    // Hexadecimal digits only (from_chars would also take a sign).
    return starts_with(line, "hash ") && line.size() > 5 &&
           line.find_first_not_of("0123456789abcdef", 5) == std::string::npos;
  });
  EXPECT_TRUE(has_hash) << join(lines);
}

TEST_F(SharedEngineTest, DHashDependsOnThePosition) {
  auto hash_of = [this](std::string_view position) {
    engine_.set_position(position);
    for (const std::string& line : engine_.replies_to("d"))
      if (starts_with(line, "hash ")) return line;
    return std::string();
  };
  const std::string start = hash_of("position startpos");
  EXPECT_FALSE(start.empty());
  EXPECT_NE(hash_of("position startpos moves b2"), start);
  EXPECT_EQ(hash_of("position fen 3/3/3 x"), start);
}

TEST_F(SharedEngineTest, LegalListsTheFreeCells) {
  engine_.set_position("position startpos");
  EXPECT_EQ(sorted(engine_.legal_moves()), sorted(kAllCells));
  engine_.set_position("position startpos moves b2 a1 c3");
  EXPECT_EQ(sorted(engine_.legal_moves()), sorted(cells_except({"b2", "a1", "c3"})));
  engine_.set_position("position startpos moves a1 a2 b1 b2 c1");
  EXPECT_EQ(engine_.replies_to("legal"), std::vector<std::string>{"legal"});
}

TEST_F(SharedEngineTest, ResultNamesTheWinnerAndTheLine) {
  engine_.set_position("position startpos");
  EXPECT_EQ(engine_.replies_to("result"), std::vector<std::string>{"result none"});
  engine_.set_position("position startpos moves a1 a2 b1 b2 c1");
  EXPECT_EQ(engine_.replies_to("result"), std::vector<std::string>{"result x line a1 b1 c1"});
  engine_.set_position("position startpos moves a1 b1 a2 b2 c3 b3");
  EXPECT_EQ(engine_.replies_to("result"), std::vector<std::string>{"result o line b1 b2 b3"});
  engine_.set_position("position startpos moves b2 a1 c1 a3 a2 c2 b1 b3 c3");
  EXPECT_EQ(engine_.replies_to("result"), std::vector<std::string>{"result draw"});
}

TEST_F(SharedEngineTest, QueryAnswersGameOverTurnAndResult) {
  using Lines = std::vector<std::string>;
  engine_.set_position("position startpos");
  EXPECT_EQ(engine_.replies_to("query gameover"), Lines{"response false"});
  EXPECT_EQ(engine_.replies_to("query p1turn"), Lines{"response true"});
  EXPECT_EQ(engine_.replies_to("query result"), Lines{"response none"});

  engine_.set_position("position startpos moves b2");
  EXPECT_EQ(engine_.replies_to("query p1turn"), Lines{"response false"});

  engine_.set_position("position startpos moves a1 a2 b1 b2 c1");
  EXPECT_EQ(engine_.replies_to("query gameover"), Lines{"response true"});
  EXPECT_EQ(engine_.replies_to("query result"), Lines{"response p1win"});

  engine_.set_position("position startpos moves a1 b1 a2 b2 c3 b3");
  EXPECT_EQ(engine_.replies_to("query result"), Lines{"response p2win"});

  engine_.set_position("position startpos moves b2 a1 c1 a3 a2 c2 b1 b3 c3");
  EXPECT_EQ(engine_.replies_to("query gameover"), Lines{"response true"});
  EXPECT_EQ(engine_.replies_to("query result"), Lines{"response draw"});
}

TEST_F(SharedEngineTest, PerftCountsFromTheStart) {
  engine_.set_position("position startpos");
  for (const auto& [depth, total] :
       {std::pair{1, 9ULL}, std::pair{2, 72ULL}, std::pair{3, 504ULL}}) {
    SCOPED_TRACE("perft " + std::to_string(depth));
    engine_.send("perft " + std::to_string(depth));
    std::vector<std::string> lines = engine_.read_through("nodes");
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back(), "nodes " + std::to_string(total));
    lines.pop_back();

    std::vector<std::string> moves;
    std::uint64_t sum = 0;
    for (const std::string& line : lines) {
      // `<move>: <count>`
      const std::vector<std::string_view> t = split_tokens(line);
      ASSERT_EQ(t.size(), 2u) << line;
      ASSERT_TRUE(t[0].size() > 1 && t[0].back() == ':') << line;
      const std::optional<long long> count = to_integer(t[1]);
      ASSERT_TRUE(count && *count >= 0) << line;
      moves.emplace_back(t[0].substr(0, t[0].size() - 1));
      sum += static_cast<std::uint64_t>(*count);
    }
    EXPECT_EQ(sorted(moves), sorted(kAllCells));
    EXPECT_EQ(sum, total);
    EXPECT_EQ(engine_.sync(), std::vector<std::string>{});
  }
}

TEST_F(SharedEngineTest, EvalPrintsNumberedTerms) {
  engine_.set_position("position startpos moves b2");
  const std::vector<std::string> lines = engine_.replies_to("eval");
  ASSERT_FALSE(lines.empty());
  for (const std::string& line : lines) {
    // `eval <value> <term name...>`
    const std::vector<std::string_view> t = split_tokens(line);
    ASSERT_GE(t.size(), 3u) << line;
    EXPECT_EQ(t[0], "eval") << line;
    EXPECT_TRUE(to_integer(t[1]).has_value()) << line;
  }
}

TEST_F(SharedEngineTest, BenchEndsWithNodesAndNps) {
  engine_.send("bench");
  const std::vector<std::string> lines = engine_.read_through("bench");
  ASSERT_FALSE(lines.empty());
  const std::optional<long long> nodes = bench_nodes(lines.back());
  ASSERT_TRUE(nodes.has_value()) << lines.back();
  EXPECT_GT(*nodes, 0);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i)
    EXPECT_EQ(first_token(lines[i]), "info") << lines[i];
  EXPECT_EQ(engine_.sync(), std::vector<std::string>{});

  // The node count is a signature of the search: the same on every run.
  engine_.send("bench");
  const std::vector<std::string> again = engine_.read_through("bench");
  ASSERT_FALSE(again.empty());
  EXPECT_EQ(bench_nodes(again.back()), nodes) << again.back();
}

// ---------------------------------------------------------------------------
// Options

TEST_F(EngineSessionTest, EveryLevelPlaysLegalMoves) {
  for (const char* level : {"easy", "normal", "hard", "max"}) {
    SCOPED_TRACE(level);
    EXPECT_EQ(engine_.replies_to(std::string("setoption name Level value ") + level),
              std::vector<std::string>{});
    for (const auto& [position, taken] :
         {std::pair<std::string, std::vector<std::string>>{"position startpos", {}},
          {"position startpos moves b2 a1", {"b2", "a1"}},
          {"position startpos moves a1 b2 c3", {"a1", "b2", "c3"}}}) {
      engine_.set_position(position);
      const SearchOutput out = engine_.go("go depth 9");
      ASSERT_TRUE(out.best.has_value()) << position;
      const std::vector<std::string> legal = cells_except(taken);
      EXPECT_NE(std::find(legal.begin(), legal.end(), out.best->move), legal.end())
          << position << ": " << out.best->move;
      for (const std::string& line : out.infos) expect_well_formed_search_info(line);
      EXPECT_EQ(out.others, std::vector<std::string>{});
    }
  }
}

TEST_F(EngineSessionTest, MultiPvThreeReportsThreeLines) {
  EXPECT_EQ(engine_.replies_to("setoption name MultiPV value 3"), std::vector<std::string>{});
  const SearchOutput out = engine_.go("go depth 9");
  ASSERT_TRUE(out.best.has_value());
  std::set<int> seen;
  std::map<int, std::string> first_move_at_last_depth;
  for (const std::string& line : out.infos) {
    expect_well_formed_search_info(line);
    const std::optional<InfoLine> info = parse_info(line);
    ASSERT_TRUE(info && info->multipv) << line;
    seen.insert(*info->multipv);
    if (info->depth == 9 && !info->pv.empty())
      first_move_at_last_depth[*info->multipv] = info->pv[0];
  }
  EXPECT_EQ(seen, (std::set<int>{1, 2, 3}));
  // The three lines start with three different moves, the first one being the bestmove.
  ASSERT_EQ(first_move_at_last_depth.size(), 3u) << join(out.infos);
  EXPECT_EQ(first_move_at_last_depth[1], out.best->move);
  EXPECT_EQ((std::set<std::string>{first_move_at_last_depth[1], first_move_at_last_depth[2],
                                   first_move_at_last_depth[3]})
                .size(),
            3u);
}

// Plays a whole game at Level easy, the engine moving for both sides.
std::vector<std::string> self_play_with_seed(EngineDriver& engine, int seed) {
  for (const std::string& line :
       {"setoption name Seed value " + std::to_string(seed), std::string("newgame tictactoe"),
        std::string("setoption name Level value easy")})
    EXPECT_EQ(engine.replies_to(line), std::vector<std::string>{}) << line;
  std::vector<std::string> moves;
  std::string position = "position startpos moves";
  while (moves.size() < kAllCells.size()) {
    EXPECT_EQ(engine.replies_to(position), std::vector<std::string>{}) << position;
    const SearchOutput out = engine.go("go depth 9");
    if (!out.best || out.best->move == "(none)") break;
    moves.push_back(out.best->move);
    position += " " + out.best->move;
  }
  return moves;
}

TEST(EngineSeed, TwoProcessesWithTheSameSeedPlayTheSameGame) {
  EngineDriver first;
  EngineDriver second;
  ASSERT_TRUE(first.started() && second.started());
  const std::vector<std::string> a = self_play_with_seed(first, 7);
  const std::vector<std::string> b = self_play_with_seed(second, 7);
  EXPECT_GE(a.size(), 5u) << "a game lasts at least five moves";
  EXPECT_EQ(a, b);
  first.expect_clean_exit();
  second.expect_clean_exit();
}

}  // namespace
}  // namespace narabe::client
