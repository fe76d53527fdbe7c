// Unit tests of the engine-output parsers: info, bestmove, option, tokens.

#include "protocol/client/engine_messages.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace narabe::client {
namespace {

using Tokens = std::vector<std::string_view>;

TEST(SplitTokens, SplitsOnRunsOfSpacesAndTabs) {
  EXPECT_EQ(split_tokens("  go \t depth\t\t8  "), (Tokens{"go", "depth", "8"}));
  EXPECT_EQ(split_tokens("bestmove 4\r"), (Tokens{"bestmove", "4"}));
  EXPECT_TRUE(split_tokens("").empty());
  EXPECT_TRUE(split_tokens(" \t ").empty());
}

TEST(FirstToken, SkipsLeadingBlanks) {
  EXPECT_EQ(first_token("  readyok"), "readyok");
  EXPECT_EQ(first_token("bestmove h8 ponder h9"), "bestmove");
  EXPECT_EQ(first_token(""), "");
}

TEST(ParseInfo, ReadsAFullSearchLine) {
  const auto info = parse_info(
      "info depth 8 seldepth 9 multipv 2 score cp -35 nodes 51234 nps 2300000 time 22 "
      "hashfull 3 tbhits 0 pv 4 4 4 3");
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->depth, 8);
  EXPECT_EQ(info->seldepth, 9);
  EXPECT_EQ(info->multipv, 2);
  EXPECT_EQ(info->score_cp, -35);
  EXPECT_FALSE(info->score_mate.has_value());
  EXPECT_EQ(info->nodes, 51234);
  EXPECT_EQ(info->nps, 2300000);
  EXPECT_EQ(info->time_ms, 22);
  EXPECT_EQ(info->hashfull, 3);
  EXPECT_EQ(info->tbhits, 0);
  EXPECT_EQ(info->pv, (std::vector<std::string>{"4", "4", "4", "3"}));
  EXPECT_TRUE(info->string.empty());
  EXPECT_FALSE(info->lowerbound);
  EXPECT_FALSE(info->upperbound);
  EXPECT_FALSE(info->wdl.has_value());
}

TEST(ParseInfo, ReadsMateBoundsAndWdl) {
  const auto info = parse_info("info depth 3 score mate -2 upperbound wdl 10 20 970 pv a1 b2");
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->score_mate, -2);
  EXPECT_FALSE(info->score_cp.has_value());
  EXPECT_TRUE(info->upperbound);
  EXPECT_FALSE(info->lowerbound);
  ASSERT_TRUE(info->wdl.has_value());
  EXPECT_EQ(*info->wdl, (std::array<int, 3>{10, 20, 970}));

  const auto lower = parse_info("info score cp 12 lowerbound");
  ASSERT_TRUE(lower.has_value());
  EXPECT_TRUE(lower->lowerbound);
  EXPECT_EQ(lower->score_cp, 12);
}

TEST(ParseInfo, LargeNodeCountsFitIn64Bits) {
  const auto info = parse_info("info nodes 123456789012345 nps 9000000000");
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->nodes, 123456789012345LL);
  EXPECT_EQ(info->nps, 9000000000LL);
}

TEST(ParseInfo, StringTakesTheRestOfTheLineVerbatim) {
  const auto info = parse_info("info string error unknown command  foo\tbar  \r");
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->string, "error unknown command  foo\tbar");

  // Keywords after `string` are text, not fields.
  const auto tricky = parse_info("info depth 2 string depth x pv y");
  ASSERT_TRUE(tricky.has_value());
  EXPECT_EQ(tricky->depth, 2);
  EXPECT_EQ(tricky->string, "depth x pv y");
  EXPECT_TRUE(tricky->pv.empty());

  const auto empty = parse_info("info string");
  ASSERT_TRUE(empty.has_value());
  EXPECT_EQ(empty->string, "");
}

TEST(ParseInfo, PvTakesEveryTokenAfterIt) {
  const auto info = parse_info("info pv h8 depth 7");
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->pv, (std::vector<std::string>{"h8", "depth", "7"}));
  EXPECT_FALSE(info->depth.has_value());
}

TEST(ParseInfo, CurrmoveAndUnknownFields) {
  const auto info =
      parse_info("info currmove d3 currmovenumber 5 cpuload 400 sbhits 0 frobs depth 4");
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->currmove, "d3");
  EXPECT_EQ(info->currmovenumber, 5);
  EXPECT_EQ(info->depth, 4);

  const auto refutation = parse_info("info depth 5 refutation d1 h5 g6");
  ASSERT_TRUE(refutation.has_value());
  EXPECT_EQ(refutation->depth, 5);
  EXPECT_TRUE(refutation->pv.empty());
}

TEST(ParseInfo, BareInfoIsEmpty) {
  const auto info = parse_info("info");
  ASSERT_TRUE(info.has_value());
  EXPECT_FALSE(info->depth.has_value());
  EXPECT_TRUE(info->pv.empty());
}

TEST(ParseInfo, RejectsOtherLines) {
  EXPECT_FALSE(parse_info("").has_value());
  EXPECT_FALSE(parse_info("bestmove 4").has_value());
  EXPECT_FALSE(parse_info("information depth 3").has_value());
  EXPECT_FALSE(parse_info("depth 3 info").has_value());
}

TEST(ParseInfo, RejectsMalformedNumbers) {
  EXPECT_FALSE(parse_info("info depth").has_value());
  EXPECT_FALSE(parse_info("info depth x").has_value());
  EXPECT_FALSE(parse_info("info depth 3.5").has_value());
  EXPECT_FALSE(parse_info("info depth 3x").has_value());
  EXPECT_FALSE(parse_info("info depth 99999999999").has_value());  // beyond int
  EXPECT_FALSE(parse_info("info nodes -").has_value());
  EXPECT_FALSE(parse_info("info time 1e3").has_value());
  EXPECT_FALSE(parse_info("info score").has_value());
  EXPECT_FALSE(parse_info("info score cp").has_value());
  EXPECT_FALSE(parse_info("info score cp abc").has_value());
  EXPECT_FALSE(parse_info("info score disc 3").has_value());
  EXPECT_FALSE(parse_info("info wdl 1 2").has_value());
  EXPECT_FALSE(parse_info("info wdl 1 two 3").has_value());
  EXPECT_FALSE(parse_info("info currmove").has_value());
  EXPECT_FALSE(parse_info("info cpuload high").has_value());
}

TEST(ParseInfo, RejectsAScoreWithoutANegation) {
  // Found with the engine_messages fuzz target: the GUI negates a mate score ("loses in N"), and -INT_MIN overflows.
  EXPECT_FALSE(parse_info("info score mate -2147483648").has_value());
  EXPECT_FALSE(parse_info("info score cp -2147483648").has_value());
  EXPECT_EQ(parse_info("info score mate -2147483647")->score_mate, -2147483647);
  EXPECT_EQ(parse_info("info score cp 2147483647")->score_cp, 2147483647);
}

TEST(ParseBestMove, MoveAndPonder) {
  const auto plain = parse_bestmove("bestmove 4");
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(plain->move, "4");
  EXPECT_FALSE(plain->ponder.has_value());

  const auto ponder = parse_bestmove("bestmove\th8  ponder i9\r");
  ASSERT_TRUE(ponder.has_value());
  EXPECT_EQ(ponder->move, "h8");
  EXPECT_EQ(ponder->ponder, "i9");

  const auto none = parse_bestmove("bestmove (none)");
  ASSERT_TRUE(none.has_value());
  EXPECT_EQ(none->move, "(none)");
}

TEST(ParseBestMove, ToleratesADanglingPonder) {
  const auto best = parse_bestmove("bestmove pass ponder");
  ASSERT_TRUE(best.has_value());
  EXPECT_EQ(best->move, "pass");
  EXPECT_FALSE(best->ponder.has_value());
}

TEST(ParseBestMove, RejectsOtherLines) {
  EXPECT_FALSE(parse_bestmove("bestmove").has_value());
  EXPECT_FALSE(parse_bestmove("bestmove   ").has_value());
  EXPECT_FALSE(parse_bestmove("info pv 4").has_value());
  EXPECT_FALSE(parse_bestmove("bestmoves 4").has_value());
  EXPECT_FALSE(parse_bestmove("").has_value());
}

TEST(ParseOption, Spin) {
  const auto option = parse_option("option name Hash type spin default 64 min 1 max 4096");
  ASSERT_TRUE(option.has_value());
  EXPECT_EQ(option->name, "Hash");
  EXPECT_EQ(option->type, "spin");
  EXPECT_EQ(option->default_value, "64");
  EXPECT_EQ(option->min, 1);
  EXPECT_EQ(option->max, 4096);
  EXPECT_TRUE(option->vars.empty());
}

TEST(ParseOption, NamesWithSpacesAndNegativeBounds) {
  const auto option =
      parse_option("option name Move  Overhead type spin default 10 min -5 max 5000");
  ASSERT_TRUE(option.has_value());
  EXPECT_EQ(option->name, "Move  Overhead");
  EXPECT_EQ(option->min, -5);
  EXPECT_EQ(option->max, 5000);

  // Before `type`, keyword-like words belong to the name.
  const auto odd = parse_option("option name Use default min type check default false");
  ASSERT_TRUE(odd.has_value());
  EXPECT_EQ(odd->name, "Use default min");
  EXPECT_EQ(odd->type, "check");
  EXPECT_EQ(odd->default_value, "false");
}

TEST(ParseOption, ComboValuesMayBeMinOrMax) {
  // narabe's own Level option.
  const auto level =
      parse_option("option name Level type combo default max var easy var normal var hard var max");
  ASSERT_TRUE(level.has_value());
  EXPECT_EQ(level->name, "Level");
  EXPECT_EQ(level->type, "combo");
  EXPECT_EQ(level->default_value, "max");
  EXPECT_FALSE(level->min.has_value());
  EXPECT_FALSE(level->max.has_value());
  EXPECT_EQ(level->vars, (std::vector<std::string>{"easy", "normal", "hard", "max"}));

  const auto spaced =
      parse_option("option name Style type combo default Very  Solid var min var Very  Solid");
  ASSERT_TRUE(spaced.has_value());
  EXPECT_EQ(spaced->default_value, "Very  Solid");
  EXPECT_EQ(spaced->vars, (std::vector<std::string>{"min", "Very  Solid"}));
}

TEST(ParseOption, StringDefaultTakesTheRest) {
  const auto option = parse_option("option name Greeting type string default min 3 var x max");
  ASSERT_TRUE(option.has_value());
  EXPECT_EQ(option->default_value, "min 3 var x max");
  EXPECT_TRUE(option->vars.empty());
  EXPECT_FALSE(option->min.has_value());
}

TEST(ParseOption, UnknownTypeIsKeptWithEveryKeyword) {
  const auto option = parse_option("option name Odd type slider default 2 min 0 max 9 var a");
  ASSERT_TRUE(option.has_value());
  EXPECT_EQ(option->type, "slider");
  EXPECT_EQ(option->default_value, "2");
  EXPECT_EQ(option->min, 0);
  EXPECT_EQ(option->max, 9);
  EXPECT_EQ(option->vars, std::vector<std::string>{"a"});
}

TEST(ParseOption, CheckButtonAndString) {
  const auto check = parse_option("option name OwnBook type check default true");
  ASSERT_TRUE(check.has_value());
  EXPECT_EQ(check->type, "check");
  EXPECT_EQ(check->default_value, "true");

  const auto button = parse_option("option name Clear Hash type button");
  ASSERT_TRUE(button.has_value());
  EXPECT_EQ(button->name, "Clear Hash");
  EXPECT_EQ(button->type, "button");
  EXPECT_EQ(button->default_value, "");

  const auto path =
      parse_option("option name Book File type string default /usr/share/my book.bin");
  ASSERT_TRUE(path.has_value());
  EXPECT_EQ(path->default_value, "/usr/share/my book.bin");

  const auto trailing = parse_option("option name Debug Log File type string default ");
  ASSERT_TRUE(trailing.has_value());
  EXPECT_EQ(trailing->name, "Debug Log File");
  EXPECT_EQ(trailing->default_value, "");

  const auto empty = parse_option("option name Log type string default <empty>");
  ASSERT_TRUE(empty.has_value());
  EXPECT_EQ(empty->default_value, "");
}

TEST(ParseOption, RejectsMalformedLines) {
  EXPECT_FALSE(parse_option("").has_value());
  EXPECT_FALSE(parse_option("option").has_value());
  EXPECT_FALSE(parse_option("option name Hash").has_value());
  EXPECT_FALSE(parse_option("option name type spin").has_value());
  EXPECT_FALSE(parse_option("option name Hash type").has_value());
  EXPECT_FALSE(parse_option("option type spin default 1").has_value());
  EXPECT_FALSE(parse_option("option name Hash type spin default 1 min one max 2").has_value());
  EXPECT_FALSE(parse_option("option name Hash type spin default 1 min 1 max").has_value());
  EXPECT_FALSE(parse_option("option name Hash type spin default 1 min 1 max 1e3").has_value());
  EXPECT_FALSE(parse_option("option Hash type spin").has_value());
  EXPECT_FALSE(parse_option("id name narabe").has_value());
}

}  // namespace
}  // namespace narabe::client
