// The conventions UCI and UGI managers expect, through the real binary's pipes
// (issue 20, item 7, and the extra-words rule of docs/protocol.md, "Transport"):
//   - UCI_Variant selects every game and variant, so a manager that only sends
//     `setoption`, `position` and `go` plays each game; `ugi` is answered `ugiok`;
//   - `go ponder` waits for `ponderhit` or `stop`;
//   - Move Overhead comes off the clock;
//   - UCI_ShowWDL adds `wdl` to info lines;
//   - each game's settings (Reversi's ProbCut and Evaluation) reach its searches;
//   - extra words after a command are ignored with one info string, the same for
//     every command.
//
// Time-outs are hang guards (the driver's 10 s); nothing measures speed.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine_driver.h"
#include "protocol/client/engine_messages.h"

namespace narabe::client {
namespace {

using namespace narabe::integration;

constexpr std::string_view kPresets[] = {"tictactoe",       "connect4",     "gomoku",
                                         "reversi",         "gomoku-standard", "gomoku-renju",
                                         "gomoku-overline-forbidden"};

class UciConventionsTest : public testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(engine_.started()); }
  void TearDown() override {
    if (engine_.started()) engine_.expect_clean_exit();
  }

  // The `game ...` line of `d`.
  std::string game_line() {
    for (const std::string& line : engine_.replies_to("d"))
      if (starts_with(line, "game ")) return line;
    return {};
  }

  EngineDriver engine_;
};

TEST_F(UciConventionsTest, UgiIsAnsweredLikeUciAndListsTheVariantOption) {
  engine_.send("ugi");
  const std::vector<std::string> lines = engine_.read_through("ugiok");
  std::string variants;
  for (const std::string& line : lines)
    if (starts_with(line, "option name UCI_Variant ")) variants = line;
  for (const std::string_view preset : kPresets)
    EXPECT_NE(variants.find(" var " + std::string(preset)), std::string::npos) << preset << " in " << variants;
  EXPECT_NE(std::find(lines.begin(), lines.end(), "option name Ponder type check default false"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "option name UCI_ShowWDL type check default false"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "option name Move Overhead type spin default 10 min 0 max 5000"),
            lines.end());
}

// A manager that knows only setoption, position and go plays a few moves of every
// game, each bestmove legal in the position it sent.
TEST_F(UciConventionsTest, ASetoptionPositionGoManagerPlaysEveryGame) {
  for (const std::string_view preset : kPresets) {
    SCOPED_TRACE(preset);
    EXPECT_EQ(engine_.replies_to("setoption name UCI_Variant value " + std::string(preset)),
              std::vector<std::string>{});
    const std::string game = game_line();
    const std::string expected_game = preset.starts_with("gomoku") ? "game gomoku" : "game " + std::string(preset);
    EXPECT_TRUE(starts_with(game, expected_game)) << game;
    if (preset.starts_with("gomoku-")) {
      EXPECT_NE(game.find("rule " + std::string(preset.substr(7))), std::string::npos) << game;
    }
    std::string moves;
    for (int ply = 0; ply < 4; ++ply) {
      const std::string position = "position startpos" + (moves.empty() ? "" : " moves" + moves);
      engine_.set_position(position);
      const std::vector<std::string> legal = engine_.legal_moves();
      const SearchOutput out = engine_.go("go depth 1");
      ASSERT_TRUE(out.best.has_value());
      EXPECT_NE(std::find(legal.begin(), legal.end(), out.best->move), legal.end()) << out.best->move;
      moves += " " + out.best->move;
    }
  }
  // The names are matched in any case, and a name that is none is refused.
  EXPECT_EQ(engine_.replies_to("setoption name uci_variant value REVERSI"), std::vector<std::string>{});
  EXPECT_TRUE(starts_with(game_line(), "game reversi"));
  const std::vector<std::string> refused = engine_.replies_to("setoption name UCI_Variant value chess");
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_TRUE(starts_with(refused[0], "info string error option UCI_Variant is one of")) << refused[0];
  EXPECT_TRUE(starts_with(game_line(), "game reversi"));
}

TEST_F(UciConventionsTest, PonderWaitsForPonderhitOrStop) {
  EXPECT_EQ(engine_.replies_to("newgame gomoku"), std::vector<std::string>{});
  engine_.set_position("position startpos moves h8 i9");
  // A pondering search does not end by itself, however short its limits: after its
  // first iteration, isready is answered and no bestmove has come.
  engine_.send("go ponder movetime 1");
  ASSERT_TRUE(engine_.process().wait_for_line("info", kReplyTimeout).has_value());
  for (const std::string& line : engine_.sync()) EXPECT_FALSE(starts_with(line, "bestmove")) << line;
  // ponderhit: the move's clock starts, and the search answers.
  engine_.send("ponderhit");
  const std::vector<std::string> after_hit = engine_.read_through("bestmove");
  ASSERT_FALSE(after_hit.empty());
  EXPECT_TRUE(starts_with(after_hit.back(), "bestmove ")) << after_hit.back();

  // stop ends a pondering search too.
  engine_.send("go ponder wtime 60000 btime 60000");
  ASSERT_TRUE(engine_.process().wait_for_line("info", kReplyTimeout).has_value());
  const SearchOutput stopped = engine_.go("stop");
  EXPECT_TRUE(stopped.best.has_value());
  // ponderhit with nothing pondering does nothing.
  EXPECT_EQ(engine_.replies_to("ponderhit"), std::vector<std::string>{});
}

TEST_F(UciConventionsTest, MoveOverheadComesOffTheClock) {
  EXPECT_EQ(engine_.replies_to("newgame gomoku"), std::vector<std::string>{});
  engine_.set_position("position startpos moves h8");
  // 3 s on the clock, all of it kept back: no time to search, the move at once.
  EXPECT_EQ(engine_.replies_to("setoption name Move Overhead value 5000"), std::vector<std::string>{});
  const SearchOutput none = engine_.go("go wtime 3000 btime 3000");
  ASSERT_TRUE(none.best.has_value());
  EXPECT_TRUE(none.infos.empty());
  EXPECT_EQ(engine_.replies_to("setoption name Move Overhead value 0"), std::vector<std::string>{});
  const SearchOutput some = engine_.go("go wtime 3000 btime 3000");
  ASSERT_TRUE(some.best.has_value());
  EXPECT_FALSE(some.infos.empty());
  EXPECT_EQ(engine_.replies_to("setoption name Move Overhead value 5001").size(), 1u);
}

// The three numbers after "wdl" in `line`, or none.
std::vector<int> wdl_of(const std::string& line) {
  std::istringstream words(line);
  std::string word;
  while (words >> word)
    if (word == "wdl") {
      std::vector<int> values(3);
      words >> values[0] >> values[1] >> values[2];
      return values;
    }
  return {};
}

TEST_F(UciConventionsTest, ShowWdlAddsWinDrawLossToInfoLines) {
  const SearchOutput plain = engine_.go("go depth 2");
  ASSERT_FALSE(plain.infos.empty());
  EXPECT_TRUE(wdl_of(plain.infos.back()).empty()) << plain.infos.back();

  EXPECT_EQ(engine_.replies_to("setoption name UCI_ShowWDL value true"), std::vector<std::string>{});
  const SearchOutput shown = engine_.go("go depth 2");
  ASSERT_FALSE(shown.infos.empty());
  for (const std::string& info : shown.infos) {
    const std::vector<int> wdl = wdl_of(info);
    ASSERT_EQ(wdl.size(), 3u) << info;
    EXPECT_EQ(wdl[0] + wdl[1] + wdl[2], 1000) << info;
  }
  // X to move wins at once (a1 a2 b1 b2, then c1 or c2 ... completes a line): proven.
  engine_.set_position("position startpos moves a1 a2 b1 b2");
  const SearchOutput won = engine_.go("go depth 3");
  ASSERT_FALSE(won.infos.empty());
  EXPECT_EQ(wdl_of(won.infos.back()), (std::vector<int>{1000, 0, 0})) << won.infos.back();
}

// Reversi's ProbCut and evaluation are the Reversi session's settings: turning
// ProbCut off changes what a search does, and the evaluation choice reaches `eval`.
TEST_F(UciConventionsTest, ReversiSettingsReachItsSearches) {
  EXPECT_EQ(engine_.replies_to("newgame reversi"), std::vector<std::string>{});
  engine_.set_position("position startpos moves f5 d6 c3 d3 c4 f4 c5 b3 c2");
  const auto nodes_at_depth_8 = [&] {
    EXPECT_EQ(engine_.replies_to("setoption name Clear Hash"), std::vector<std::string>{});
    const SearchOutput out = engine_.go("go depth 8");
    EXPECT_FALSE(out.infos.empty());
    const auto info = out.infos.empty() ? std::optional<InfoLine>{} : parse_info(out.infos.back());
    return info && info->nodes ? *info->nodes : std::int64_t{0};
  };
  const std::int64_t with_probcut = nodes_at_depth_8();
  EXPECT_EQ(engine_.replies_to("setoption name ProbCut value false"), std::vector<std::string>{});
  const std::int64_t without = nodes_at_depth_8();
  EXPECT_NE(with_probcut, without);
  EXPECT_EQ(engine_.replies_to("setoption name ProbCut value true"), std::vector<std::string>{});
  EXPECT_EQ(nodes_at_depth_8(), with_probcut);

  const auto first_eval_term = [&] {
    const std::vector<std::string> lines = engine_.replies_to("eval");
    return lines.empty() ? std::string() : lines.front();
  };
  EXPECT_NE(first_eval_term().find("pattern"), std::string::npos);
  EXPECT_EQ(engine_.replies_to("setoption name Evaluation value simple"), std::vector<std::string>{});
  EXPECT_NE(first_eval_term().find("mobility"), std::string::npos);
}

TEST_F(UciConventionsTest, ExtraWordsAreIgnoredWithOneInfoStringByEveryCommand) {
  // Commands that read no words, and words after the ones a command reads.
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"isready now", "isready"}, {"d please", "d"},         {"legal x", "legal"},
      {"eval x y", "eval"},       {"result x", "result"},    {"ucinewgame x", "ucinewgame"},
      {"perft 1 x", "perft"},     {"query gameover x", "query"}, {"forbidden x", "forbidden"},
  };
  for (const auto& [line, command] : cases) {
    SCOPED_TRACE(line);
    engine_.send(line);
    // isready's own readyok, or perft's last line (a job's), first; then what came
    // before the sync's readyok.
    std::vector<std::string> replies = line.starts_with("isready") ? engine_.read_through("readyok")
                                       : command == "perft"         ? engine_.read_through("nodes")
                                                                    : std::vector<std::string>{};
    for (std::string& reply : engine_.sync()) replies.push_back(std::move(reply));
    const std::string note = "info string ignored extra words after " + std::string(command) + ": ";
    EXPECT_EQ(std::count_if(replies.begin(), replies.end(), [&](const std::string& r) { return starts_with(r, note); }),
              1)
        << join(replies);
    const bool errors = std::any_of(replies.begin(), replies.end(),
                                    [](const std::string& r) { return starts_with(r, "info string error"); });
    EXPECT_FALSE(errors);
    if (command != "ucinewgame") {
      EXPECT_GE(replies.size(), 2u);  // the command's own reply came too
    }
  }
  // A refused command has its error as its only reply, extra words or not.
  const std::vector<std::string> refused = engine_.replies_to("query nothing x");
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_TRUE(starts_with(refused[0], "info string error query: unknown question")) << refused[0];
  // A word in place of an argument stays an error.
  const std::vector<std::string> bad = engine_.replies_to("perft x");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_TRUE(starts_with(bad[0], "info string error perft needs a depth")) << bad[0];
}

}  // namespace
}  // namespace narabe::client
