// Tests of protocol/server/engine_options.h: the handshake's option lines and
// `setoption` parsing.

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/server/engine_options.h"
#include "tests/support/text.h"

namespace narabe::server {
namespace {

using test_text::contains;


bool same_options(const EngineOptions& a, const EngineOptions& b) {
  return a.hash_mb == b.hash_mb && a.threads == b.threads && a.level == b.level && a.multipv == b.multipv &&
         a.seed == b.seed && a.own_book == b.own_book && a.variant == b.variant && a.ponder == b.ponder &&
         a.move_overhead_ms == b.move_overhead_ms && a.show_wdl == b.show_wdl;
}

// ---- option_lines ----

TEST(OptionLines, ListTheEngineOptionsExactly) {
  const std::vector<std::string> expected = {
      "option name Hash type spin default 64 min 1 max 4096",
      // Threads offers the machine's hardware threads.
      "option name Threads type spin default 1 min 1 max " + std::to_string(hardware_threads()),
      "option name Level type combo default max var easy var normal var hard var max",
      "option name MultiPV type spin default 1 min 1 max 32",
      "option name Seed type spin default 0 min 0 max 2147483647",
      "option name Move Overhead type spin default 10 min 0 max 5000",
      "option name OwnBook type check default true",
      "option name Ponder type check default false",
      "option name UCI_ShowWDL type check default false",
      "option name UCI_Variant type combo default tictactoe var tictactoe var connect4 var gomoku var reversi "
      "var gomoku-standard var gomoku-renju var gomoku-overline-forbidden",
      "option name Evaluation type combo default pattern var pattern var simple",
      "option name EvalFile type string default reversi_eval.bin",
      "option name ProbCut type check default true",
      "option name BookFile type string default <empty>",
      "option name GomokuEval type combo default auto var auto var trained var hand",
      "option name Clear Hash type button",
  };
  EXPECT_EQ(option_lines(), expected);
}

// An option line split into its parts (a name may have spaces: it runs up to `type`).
struct ParsedOption {
  bool well_formed = false;
  std::string name, type, default_value;
  std::string min_value, max_value;  // spin
  std::vector<std::string> vars;     // combo
};

bool is_integer(std::string_view text) {
  if (!text.empty() && text.front() == '-') text.remove_prefix(1);
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// UCI: option name <id> type <t> [default <x>] [min <x>] [max <x>] [var <x>]*, with the
// parts each type needs and no others.
ParsedOption parse_option_line(std::string_view line) {
  std::vector<std::string> w;
  std::istringstream in{std::string(line)};
  for (std::string word; in >> word;) w.push_back(word);
  ParsedOption option;
  if (w.size() < 5 || w[0] != "option" || w[1] != "name") return option;
  // The name's words become one, so that the type is always w[4].
  const auto type = std::find(w.begin() + 3, w.end(), "type");
  if (type == w.end()) return option;
  while (w[3] != "type") {
    w[2] += " " + w[3];
    w.erase(w.begin() + 3);
  }
  option.name = w[2];
  option.type = w[4];
  const std::size_t n = w.size();
  if (option.type == "spin") {
    if (n != 11 || w[5] != "default" || w[7] != "min" || w[9] != "max") return option;
    if (!is_integer(w[6]) || !is_integer(w[8]) || !is_integer(w[10])) return option;
    option.default_value = w[6];
    option.min_value = w[8];
    option.max_value = w[10];
  } else if (option.type == "check") {
    if (n != 7 || w[5] != "default" || (w[6] != "true" && w[6] != "false")) return option;
    option.default_value = w[6];
  } else if (option.type == "combo") {
    if (n < 9 || w[5] != "default" || (n - 7) % 2 != 0) return option;
    option.default_value = w[6];
    for (std::size_t i = 7; i < n; i += 2) {
      if (w[i] != "var") return option;
      option.vars.push_back(w[i + 1]);
    }
  } else if (option.type == "button") {
    if (n != 5) return option;
  } else if (option.type == "string") {
    if (n < 6 || n > 7 || w[5] != "default") return option;
    if (n == 7) option.default_value = w[6];
  } else {
    return option;
  }
  // Single spaces only: the line must be exactly its words joined.
  std::string rejoined;
  for (const std::string& word : w) {
    if (!rejoined.empty()) rejoined += ' ';
    rejoined += word;
  }
  option.well_formed = rejoined == line;
  return option;
}

TEST(OptionLines, FollowUciGrammar) {
  for (const std::string& line : option_lines()) {
    EXPECT_TRUE(parse_option_line(line).well_formed) << line;
  }
}

TEST(OptionLines, SpinDefaultsLieWithinTheirRangeAndMatchTheDefaults) {
  const EngineOptions defaults;
  int spins = 0;
  for (const std::string& line : option_lines()) {
    const ParsedOption option = parse_option_line(line);
    if (option.type != "spin") continue;
    ++spins;
    const long long def = std::stoll(option.default_value);
    EXPECT_LE(std::stoll(option.min_value), def) << line;
    EXPECT_LE(def, std::stoll(option.max_value)) << line;
    // The advertised default is the value EngineOptions starts with.
    long long expected = -1;
    if (option.name == "Hash") expected = defaults.hash_mb;
    if (option.name == "Threads") expected = defaults.threads;
    if (option.name == "MultiPV") expected = defaults.multipv;
    if (option.name == "Seed") expected = static_cast<long long>(defaults.seed);
    if (option.name == "Move Overhead") expected = defaults.move_overhead_ms;
    EXPECT_EQ(def, expected) << line;
  }
  EXPECT_EQ(spins, 5);
}

TEST(OptionLines, ComboDefaultIsOneOfItsValues) {
  for (const std::string& line : option_lines()) {
    const ParsedOption option = parse_option_line(line);
    if (option.type != "combo") continue;
    EXPECT_NE(std::find(option.vars.begin(), option.vars.end(), option.default_value), option.vars.end()) << line;
  }
}

TEST(OptionLines, EveryLineCanBeSetWithItsOwnDefault) {
  // What the engine advertises it must accept back.
  for (const std::string& line : option_lines()) {
    const ParsedOption option = parse_option_line(line);
    ASSERT_TRUE(option.well_formed) << line;
    const std::string value = option.type == "button" ? "" : " value " + option.default_value;
    const auto change = parse_setoption("name " + option.name + value, EngineOptions{});
    ASSERT_TRUE(change) << line << ": " << change.error();
    EXPECT_TRUE(same_options(change->updated, EngineOptions{})) << line;
  }
}

// ---- parse_setoption ----

TEST(ParseSetoption, SetsEachSpinOption) {
  const EngineOptions current;
  auto hash = parse_setoption("name Hash value 128", current);
  ASSERT_TRUE(hash) << hash.error();
  EXPECT_EQ(hash->id, OptionId::kHash);
  EXPECT_EQ(hash->updated.hash_mb, 128);

  auto threads = parse_setoption("name Threads value 4", current);
  ASSERT_TRUE(threads) << threads.error();
  EXPECT_EQ(threads->id, OptionId::kThreads);
  EXPECT_EQ(threads->updated.threads, 4);

  auto multipv = parse_setoption("name MultiPV value 3", current);
  ASSERT_TRUE(multipv) << multipv.error();
  EXPECT_EQ(multipv->id, OptionId::kMultiPv);
  EXPECT_EQ(multipv->updated.multipv, 3);

  auto seed = parse_setoption("name Seed value 2147483647", current);
  ASSERT_TRUE(seed) << seed.error();
  EXPECT_EQ(seed->id, OptionId::kSeed);
  EXPECT_EQ(seed->updated.seed, 2147483647u);
}

TEST(ParseSetoption, ChangesOnlyTheNamedOption) {
  EngineOptions current;
  current.hash_mb = 32;
  current.threads = 2;
  current.level = core::Level::kHard;
  current.multipv = 5;
  current.seed = 9;
  current.own_book = false;
  auto change = parse_setoption("name MultiPV value 7", current);
  ASSERT_TRUE(change) << change.error();
  EngineOptions expected = current;
  expected.multipv = 7;
  EXPECT_TRUE(same_options(change->updated, expected));
}

TEST(ParseSetoption, AcceptsTheRangeLimits) {
  const EngineOptions current;
  EXPECT_EQ(parse_setoption("name Hash value 1", current)->updated.hash_mb, 1);
  EXPECT_EQ(parse_setoption("name Hash value 4096", current)->updated.hash_mb, 4096);
  EXPECT_EQ(parse_setoption("name Threads value 1024", current)->updated.threads, 1024);
  EXPECT_EQ(parse_setoption("name MultiPV value 32", current)->updated.multipv, 32);
  EXPECT_EQ(parse_setoption("name Seed value 0", current)->updated.seed, 0u);
}

TEST(ParseSetoption, NamesAreCaseInsensitive) {
  const EngineOptions current;
  for (std::string_view args : {"name hash value 8", "name HASH value 8", "name hAsH value 8"}) {
    auto change = parse_setoption(args, current);
    ASSERT_TRUE(change) << args << ": " << change.error();
    EXPECT_EQ(change->updated.hash_mb, 8);
  }
  EXPECT_EQ(parse_setoption("name multipv value 2", current)->updated.multipv, 2);
  EXPECT_EQ(parse_setoption("name LEVEL value easy", current)->updated.level, core::Level::kEasy);
  EXPECT_EQ(parse_setoption("name ownbook value false", current)->updated.own_book, false);
  EXPECT_EQ(parse_setoption("name seed value 5", current)->updated.seed, 5u);
}

TEST(ParseSetoption, ToleratesExtraSpacesAndTabs) {
  const EngineOptions current;
  for (std::string_view args : {"  name   Hash   value   256  ", "name\tHash\tvalue\t256", " \tname Hash value 256\t"}) {
    auto change = parse_setoption(args, current);
    ASSERT_TRUE(change) << "'" << args << "': " << change.error();
    EXPECT_EQ(change->updated.hash_mb, 256);
  }
}

TEST(ParseSetoption, OutOfRangeValuesAreErrors) {
  const EngineOptions current;
  for (std::string_view args :
       {"name Hash value 0", "name Hash value 4097", "name Hash value -64", "name Threads value 0",
        "name Threads value 1025", "name MultiPV value 0", "name MultiPV value 33", "name Seed value -1",
        "name Seed value 2147483648"}) {
    auto change = parse_setoption(args, current);
    ASSERT_FALSE(change) << args;
    EXPECT_TRUE(contains(change.error(), "must be from")) << args << ": " << change.error();
  }
}

TEST(ParseSetoption, NonNumericValuesAreErrors) {
  const EngineOptions current;
  for (std::string_view args : {"name Hash value abc", "name Hash value 12abc", "name Hash value 1.5",
                                "name Hash value", "name Hash", "name Hash value 12 13",
                                "name Threads value 99999999999999999999999"}) {
    auto change = parse_setoption(args, current);
    ASSERT_FALSE(change) << args;
    EXPECT_TRUE(contains(change.error(), "needs a whole number")) << args << ": " << change.error();
  }
}

TEST(ParseSetoption, ErrorsLeaveTheOptionsAsTheyWere) {
  EngineOptions current;
  current.hash_mb = 16;
  current.level = core::Level::kNormal;
  const EngineOptions before = current;
  for (std::string_view args :
       {"name Hash value 0", "name Hash value x", "name Level value extreme", "name OwnBook value maybe",
        "name Bogus value 1", "", "name"}) {
    EXPECT_FALSE(parse_setoption(args, current)) << args;
    EXPECT_TRUE(same_options(current, before)) << args;
  }
}

TEST(ParseSetoption, UnknownOptionIsAnError) {
  auto change = parse_setoption("name Contempt value 10", EngineOptions{});
  ASSERT_FALSE(change);
  EXPECT_TRUE(contains(change.error(), "unknown option 'Contempt'")) << change.error();
  // A name that only starts like a real one is not that one.
  EXPECT_FALSE(parse_setoption("name HashSize value 8", EngineOptions{}));
  EXPECT_FALSE(parse_setoption("name Has value 8", EngineOptions{}));
}

TEST(ParseSetoption, UnknownOptionNameIsEchoedSafely) {
  auto change = parse_setoption("name Bad\x01Name value 1", EngineOptions{});
  ASSERT_FALSE(change);
  for (char c : change.error()) EXPECT_TRUE(c >= 32 && c < 127) << "unprintable byte " << int(c) << " echoed";
}

TEST(ParseSetoption, MissingNameIsAnError) {
  for (std::string_view args : {"", "   ", "name", "name   ", "Hash value 8", "value 8", "name value 8"}) {
    EXPECT_FALSE(parse_setoption(args, EngineOptions{})) << "'" << args << "'";
  }
}

TEST(ParseSetoption, MissingNameMessageSaysTheNameIsMissing) {
  auto change = parse_setoption("name value 8", EngineOptions{});
  ASSERT_FALSE(change);
  EXPECT_TRUE(contains(change.error(), "needs an option name")) << change.error();
}

TEST(ParseSetoption, LevelTakesItsFourValues) {
  const struct {
    std::string_view value;
    core::Level level;
  } cases[] = {{"easy", core::Level::kEasy},
               {"normal", core::Level::kNormal},
               {"hard", core::Level::kHard},
               {"max", core::Level::kMax}};
  EngineOptions current;
  current.level = core::Level::kNormal;  // so that every case is a visible change or a no-op
  for (const auto& c : cases) {
    auto change = parse_setoption("name Level value " + std::string(c.value), current);
    ASSERT_TRUE(change) << c.value << ": " << change.error();
    EXPECT_EQ(change->id, OptionId::kLevel);
    EXPECT_EQ(change->updated.level, c.level) << c.value;
  }
}

TEST(ParseSetoption, LevelRejectsOtherValues) {
  for (std::string_view args : {"name Level value extreme", "name Level value", "name Level value 3",
                                "name Level value easy normal"}) {
    auto change = parse_setoption(args, EngineOptions{});
    ASSERT_FALSE(change) << args;
    EXPECT_TRUE(contains(change.error(), "easy, normal, hard or max")) << change.error();
  }
}

TEST(ParseSetoption, ReversiEvaluationOptions) {
  const EngineOptions current;
  auto simple = parse_setoption("name Evaluation value simple", current);
  ASSERT_TRUE(simple.ok()) << simple.error();
  EXPECT_EQ(simple->id, OptionId::kEvaluation);
  EXPECT_FALSE(simple->updated.pattern_eval);
  EXPECT_FALSE(parse_setoption("name Evaluation value best", current).ok());
  auto file = parse_setoption("name evalfile value /tmp/my weights.bin", current);
  ASSERT_TRUE(file.ok()) << file.error();
  EXPECT_EQ(file->id, OptionId::kEvalFile);
  EXPECT_EQ(file->updated.eval_file, "/tmp/my weights.bin");
  EXPECT_FALSE(parse_setoption("name EvalFile value", current).ok());
  auto book = parse_setoption("name bookfile value /tmp/my book.bin", current);
  ASSERT_TRUE(book.ok()) << book.error();
  EXPECT_EQ(book->id, OptionId::kBookFile);
  EXPECT_EQ(book->updated.book_file, "/tmp/my book.bin");
  auto none = parse_setoption("name BookFile value <empty>", current);
  ASSERT_TRUE(none.ok()) << none.error();
  EXPECT_EQ(none->id, OptionId::kBookFile);
  EXPECT_EQ(none->updated.book_file, "");
  auto off = parse_setoption("name ProbCut value false", current);
  ASSERT_TRUE(off.ok()) << off.error();
  EXPECT_EQ(off->id, OptionId::kProbCut);
  EXPECT_FALSE(off->updated.probcut);
  EXPECT_FALSE(parse_setoption("name ProbCut value maybe", current).ok());
}

TEST(ParseSetoption, OwnBookIsTrueOrFalseOnly) {
  EngineOptions current;
  auto off = parse_setoption("name OwnBook value false", current);
  ASSERT_TRUE(off) << off.error();
  EXPECT_EQ(off->id, OptionId::kOwnBook);
  EXPECT_FALSE(off->updated.own_book);
  current.own_book = false;
  auto on = parse_setoption("name OwnBook value true", current);
  ASSERT_TRUE(on) << on.error();
  EXPECT_TRUE(on->updated.own_book);
  for (std::string_view args : {"name OwnBook value 1", "name OwnBook value yes", "name OwnBook value",
                                "name OwnBook value on"}) {
    auto change = parse_setoption(args, EngineOptions{});
    ASSERT_FALSE(change) << args;
    EXPECT_TRUE(contains(change.error(), "true or false")) << change.error();
  }
}

TEST(ParseSetoption, BadValuesAreEchoedSafely) {
  auto change = parse_setoption("name Hash value \x7f\x02", EngineOptions{});
  ASSERT_FALSE(change);
  for (char c : change.error()) EXPECT_TRUE(c >= 32 && c < 127) << "unprintable byte " << int(c) << " echoed";
}

}  // namespace
}  // namespace narabe::server
