// Tests of tools/match/engine_spec.h: the key=value engine tokens of
// --engine and --each, the time control, and the checks of a finished spec.

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/support/text.h"
#include "tools/match/engine_spec.h"

namespace narabe::match {
namespace {

using test_text::contains;

using Words = std::vector<std::string>;
using Options = std::vector<std::pair<std::string, std::string>>;

EngineSpec applied(const Words& tokens) {
  EngineSpec spec;
  auto s = apply_engine_tokens(tokens, spec);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error());
  return spec;
}

std::string error_of(const Words& tokens) {
  EngineSpec spec;
  auto s = apply_engine_tokens(tokens, spec);
  EXPECT_FALSE(s.ok()) << "accepted";
  return s.ok() ? std::string() : s.error();
}


TEST(EngineSpec, Defaults) {
  const EngineSpec spec;
  EXPECT_EQ(spec.protocol, Protocol::kNative);
  EXPECT_EQ(spec.limits.margin_ms, 100);
  EXPECT_FALSE(spec.limits.any());
  EXPECT_FALSE(spec.limits.timed());
  EXPECT_EQ(protocol_name(Protocol::kNative), "native");
  EXPECT_EQ(protocol_name(Protocol::kGtp), "gtp");
  EXPECT_EQ(protocol_name(Protocol::kGomocup), "gomocup");
}

TEST(EngineSpec, CmdWithQuotesAndArgs) {
  const EngineSpec spec = applied({"cmd=\"/opt/my engine/narabe\" --threads 1", "args=--hash 16 'a b'"});
  EXPECT_EQ(spec.command, (Words{"/opt/my engine/narabe", "--threads", "1", "--hash", "16", "a b"}));
}

TEST(EngineSpec, ArgsBeforeCmdStayAfterTheProgram) {
  const EngineSpec spec = applied({"args=-x 1", "cmd=./engine"});
  EXPECT_EQ(spec.command, (Words{"./engine", "-x", "1"}));
}

TEST(EngineSpec, LaterCmdReplacesTheProgram) {
  const EngineSpec spec = applied({"cmd=./old", "args=-v", "cmd=./new"});
  EXPECT_EQ(spec.command, (Words{"./new", "-v"}));
}

TEST(EngineSpec, LaterCmdReplacesTheEarlierCmdsOwnArguments) {
  // --each cmd="./a --fast" then --engine cmd=./b: ./b runs without --fast.
  const EngineSpec spec = applied({"cmd=./a --fast", "cmd=./b"});
  EXPECT_EQ(spec.command, (Words{"./b"}));
}

TEST(EngineSpec, EmptyCmdAndUnclosedQuoteAreErrors) {
  EXPECT_TRUE(contains(error_of({"cmd="}), "needs a program"));
  EXPECT_TRUE(contains(error_of({"cmd=\"./a b"}), "unclosed quote"));
  EXPECT_TRUE(contains(error_of({"args='x"}), "unclosed quote"));
}

TEST(EngineSpec, NameAndDir) {
  const EngineSpec spec = applied({"name=max", "dir=/tmp/engines", "name=maximum"});
  EXPECT_EQ(spec.name, "maximum");
  EXPECT_EQ(spec.working_directory, "/tmp/engines");
  EXPECT_TRUE(contains(error_of({"name="}), "name= needs a name"));
}

TEST(EngineSpec, Protocols) {
  EXPECT_EQ(applied({"proto=gtp"}).protocol, Protocol::kGtp);
  EXPECT_EQ(applied({"proto=gomocup"}).protocol, Protocol::kGomocup);
  EXPECT_EQ(applied({"proto=gtp", "proto=native"}).protocol, Protocol::kNative);
  EXPECT_EQ(applied({"proto=gtp", "proto=uci"}).protocol, Protocol::kNative);
  EXPECT_EQ(applied({"proto=gtp", "proto=ugi"}).protocol, Protocol::kNative);
  const std::string error = error_of({"proto=xboard"});
  EXPECT_TRUE(contains(error, "'xboard'")) << error;
  EXPECT_TRUE(contains(error, "native, gtp or gomocup")) << error;
  EXPECT_FALSE(error_of({"proto=GTP"}).empty());  // case matters
}

TEST(EngineSpec, OptionsKeepTheirOrderAndALaterValueOverrides) {
  const EngineSpec spec =
      applied({"option.Hash=16", "option.Level=max", "option.Threads=2", "option.Hash=64", "option.Path=a=b"});
  // An overridden option moves to the end: it is set after the others.
  EXPECT_EQ(spec.options, (Options{{"Level", "max"}, {"Threads", "2"}, {"Hash", "64"}, {"Path", "a=b"}}));
  EXPECT_EQ(applied({"option.Empty="}).options, (Options{{"Empty", ""}}));
  EXPECT_TRUE(contains(error_of({"option.=3"}), "no option name"));
}

TEST(EngineSpec, TimeControl) {
  const EngineSpec spec = applied({"tc=10+0.1"});
  ASSERT_TRUE(spec.limits.base_ms.has_value());
  EXPECT_EQ(*spec.limits.base_ms, 10000);
  EXPECT_EQ(spec.limits.increment_ms, 100);
  EXPECT_TRUE(spec.limits.any());
  EXPECT_TRUE(spec.limits.timed());

  const EngineSpec no_increment = applied({"tc=0.5"});
  EXPECT_EQ(no_increment.limits.base_ms, 500);
  EXPECT_EQ(no_increment.limits.increment_ms, 0);

  const EngineSpec only_increment = applied({"tc=0+0.25"});
  EXPECT_EQ(only_increment.limits.base_ms, 0);
  EXPECT_EQ(only_increment.limits.increment_ms, 250);

  // A later tc replaces both parts.
  const EngineSpec replaced = applied({"tc=10+0.1", "tc=60"});
  EXPECT_EQ(replaced.limits.base_ms, 60000);
  EXPECT_EQ(replaced.limits.increment_ms, 0);

  Limits limits;
  ASSERT_TRUE(parse_time_control("1.2346+0.0014", limits).ok());
  EXPECT_EQ(limits.base_ms, 1235);  // rounded to the nearest millisecond
  EXPECT_EQ(limits.increment_ms, 1);
}

TEST(EngineSpec, BadTimeControls) {
  for (const char* bad : {"tc=", "tc=abc", "tc=10+", "tc=+1", "tc=-1", "tc=10+-1", "tc=10+x", "tc=1 0", "tc=inf",
                          "tc=nan", "tc=40/60", "tc=10+0.1+1", "tc=1e10"}) {
    const std::string error = error_of({bad});
    EXPECT_TRUE(contains(error, "tc=BASE+INC")) << bad << ": " << error;
  }
  EXPECT_TRUE(contains(error_of({"tc=0"}), "no time at all"));
  EXPECT_TRUE(contains(error_of({"tc=0+0"}), "no time at all"));

  // A refused tc leaves the limits as they were.
  Limits limits;
  limits.base_ms = 5;
  limits.increment_ms = 7;
  EXPECT_FALSE(parse_time_control("3+x", limits).ok());
  EXPECT_EQ(limits.base_ms, 5);
  EXPECT_EQ(limits.increment_ms, 7);
}

TEST(EngineSpec, MovetimeInMillisecondsAndStInSeconds) {
  const EngineSpec movetime = applied({"movetime=250"});
  EXPECT_EQ(movetime.limits.movetime_ms, 250);
  EXPECT_TRUE(movetime.limits.timed());
  EXPECT_EQ(applied({"st=0.5"}).limits.movetime_ms, 500);
  EXPECT_EQ(applied({"st=2"}).limits.movetime_ms, 2000);
  EXPECT_EQ(applied({"st=2", "movetime=30"}).limits.movetime_ms, 30);

  EXPECT_TRUE(contains(error_of({"movetime=0"}), "at least 1"));
  EXPECT_TRUE(contains(error_of({"movetime=1.5"}), "whole number"));
  EXPECT_TRUE(contains(error_of({"movetime=-5"}), "at least 1"));
  EXPECT_TRUE(contains(error_of({"movetime="}), "whole number"));
  EXPECT_TRUE(contains(error_of({"st=0"}), "more than 0"));
  EXPECT_TRUE(contains(error_of({"st=abc"}), "'abc'"));
  EXPECT_TRUE(contains(error_of({"st=-1"}), "'-1'"));
}

TEST(EngineSpec, DepthNodesAndMargin) {
  const EngineSpec spec = applied({"depth=12", "nodes=100000", "timemargin=0"});
  EXPECT_EQ(spec.limits.depth, 12);
  EXPECT_EQ(spec.limits.nodes, 100000);
  EXPECT_EQ(spec.limits.margin_ms, 0);
  EXPECT_TRUE(spec.limits.any());
  EXPECT_FALSE(spec.limits.timed());
  EXPECT_EQ(applied({"timemargin=250"}).limits.margin_ms, 250);

  EXPECT_TRUE(contains(error_of({"depth=0"}), "at least 1"));
  EXPECT_TRUE(contains(error_of({"depth=x"}), "whole number"));
  EXPECT_TRUE(contains(error_of({"depth=99999999999"}), "whole number"));  // beyond int
  EXPECT_TRUE(contains(error_of({"nodes=0"}), "at least 1"));
  EXPECT_TRUE(contains(error_of({"nodes=1k"}), "whole number"));
  EXPECT_TRUE(contains(error_of({"timemargin=-1"}), "timemargin"));
}

TEST(EngineSpec, UnknownKeyAndTokenWithoutEquals) {
  const std::string unknown = error_of({"cmd=./a", "hash=16"});
  EXPECT_TRUE(contains(unknown, "unknown engine key 'hash'")) << unknown;
  const std::string bare = error_of({"narabe"});
  EXPECT_TRUE(contains(bare, "'narabe' is not key=value")) << bare;
  EXPECT_TRUE(contains(error_of({"=5"}), "'=5' is not key=value"));
}

TEST(EngineSpec, EachTokensFirstThenTheEnginesOwn) {
  // As main.cpp applies them: --each, then --engine.
  const Words each = {"proto=gtp", "tc=10+0.1", "option.Hash=16", "timemargin=200", "args=--quiet"};
  const Words engine = {"cmd=./narabe", "tc=5", "option.Hash=32", "name=mine"};
  EngineSpec spec;
  ASSERT_TRUE(apply_engine_tokens(each, spec).ok());
  ASSERT_TRUE(apply_engine_tokens(engine, spec).ok());
  EXPECT_EQ(spec.protocol, Protocol::kGtp);
  EXPECT_EQ(spec.limits.base_ms, 5000);
  EXPECT_EQ(spec.limits.increment_ms, 0);
  EXPECT_EQ(spec.limits.margin_ms, 200);
  EXPECT_EQ(spec.options, (Options{{"Hash", "32"}}));
  EXPECT_EQ(spec.command, (Words{"./narabe", "--quiet"}));
  EXPECT_EQ(spec.name, "mine");
  EXPECT_TRUE(finish_engine_spec(spec).ok());
}

TEST(EngineSpec, FinishNamesTheEngineAfterItsProgram) {
  EngineSpec spec = applied({"cmd=./build/release/narabe --uci", "depth=3"});
  ASSERT_TRUE(finish_engine_spec(spec).ok());
  EXPECT_EQ(spec.name, "narabe");

  EngineSpec bare = applied({"cmd=engine", "nodes=5"});
  ASSERT_TRUE(finish_engine_spec(bare).ok());
  EXPECT_EQ(bare.name, "engine");

  EngineSpec named = applied({"cmd=/x/y", "name=given", "movetime=10"});
  ASSERT_TRUE(finish_engine_spec(named).ok());
  EXPECT_EQ(named.name, "given");
}

TEST(EngineSpec, FinishNeedsACommandAndALimit) {
  EngineSpec nothing;
  auto no_cmd = finish_engine_spec(nothing);
  ASSERT_FALSE(no_cmd.ok());
  EXPECT_TRUE(contains(no_cmd.error(), "cmd=PROGRAM"));

  EngineSpec args_only = applied({"args=-x", "tc=1"});
  auto args_no_cmd = finish_engine_spec(args_only);
  ASSERT_FALSE(args_no_cmd.ok());
  EXPECT_TRUE(contains(args_no_cmd.error(), "cmd=PROGRAM"));

  EngineSpec no_limit = applied({"cmd=./bin/narabe", "timemargin=5"});
  auto missing = finish_engine_spec(no_limit);
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(contains(missing.error(), "engine 'narabe' has no limit")) << missing.error();
}

TEST(EngineSpec, SplitCommand) {
  EXPECT_EQ(*split_command("a b  c"), (Words{"a", "b", "c"}));
  EXPECT_EQ(*split_command("  lead\ttab  "), (Words{"lead", "tab"}));
  EXPECT_EQ(*split_command("\"a b\" 'c d' e\"f g\"h"), (Words{"a b", "c d", "ef gh"}));
  EXPECT_EQ(*split_command("\"it's\" 'say \"hi\"'"), (Words{"it's", "say \"hi\""}));
  EXPECT_EQ(*split_command("x \"\" y"), (Words{"x", "", "y"}));  // an empty quoted word is a word
  EXPECT_EQ(*split_command(""), Words{});
  EXPECT_EQ(*split_command("   "), Words{});
  auto unclosed = split_command("a 'b c");
  ASSERT_FALSE(unclosed.ok());
  EXPECT_TRUE(contains(unclosed.error(), "unclosed quote in 'a 'b c'")) << unclosed.error();
}

}  // namespace
}  // namespace narabe::match
