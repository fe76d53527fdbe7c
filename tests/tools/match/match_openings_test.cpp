// Tests of tools/match/openings.h: the --openings tokens, opening lines and
// files (checked against the rules), seeded random openings, and the plan that
// gives every pair of a run its opening.

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "tests/support/text.h"
#include "tools/match/openings.h"

namespace narabe::match {
namespace {

using test_text::contains;

using games::make_position;
using games::AnyPosition;

using Words = std::vector<std::string>;


std::unique_ptr<AnyPosition> tictactoe() { return std::move(*make_position("tictactoe", {})); }
std::unique_ptr<AnyPosition> connect4() { return std::move(*make_position("connect4", {})); }

// A file in the test's temporary directory, removed at the end of the test.
class TempFile {
 public:
  explicit TempFile(const std::string& contents) {
    static int counter = 0;
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = ::testing::TempDir() + "openings_" + std::to_string(::getpid()) + "_" + info->name() + "_" +
            std::to_string(counter++) + ".txt";
    std::ofstream(path_, std::ios::binary) << contents;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

Opening opening(std::string fen, Words moves) { return Opening{std::move(fen), std::move(moves)}; }

// The position an opening reaches.
std::string final_fen(const AnyPosition& rules, const Opening& o) {
  auto board = rules.clone();
  EXPECT_TRUE(board->reset(o.fen).ok());
  for (const auto& m : o.moves) EXPECT_TRUE(board->play(m).ok()) << m;
  return board->fen();
}

// ---------------------------------------------------------------- tokens

TEST(OpeningsTokens, FileWithOrderStartAndFormat) {
  OpeningsConfig config;
  ASSERT_TRUE(apply_openings_tokens({"file=book.txt", "order=random", "start=3", "format=epd"}, config).ok());
  EXPECT_EQ(config.file, "book.txt");
  EXPECT_EQ(config.order, OpeningOrder::kRandom);
  EXPECT_EQ(config.start, 3);
  EXPECT_EQ(config.plies, 0);
  EXPECT_TRUE(config.any());

  OpeningsConfig back;
  ASSERT_TRUE(apply_openings_tokens({"file=a", "order=random", "order=sequential", "format=txt"}, back).ok());
  EXPECT_EQ(back.order, OpeningOrder::kSequential);
  EXPECT_EQ(back.start, 1);
  EXPECT_TRUE(apply_openings_tokens({"format=moves", "file=b"}, back).ok());
}

TEST(OpeningsTokens, Plies) {
  OpeningsConfig config;
  EXPECT_FALSE(config.any());
  ASSERT_TRUE(apply_openings_tokens({"plies=4"}, config).ok());
  EXPECT_EQ(config.plies, 4);
  EXPECT_TRUE(config.file.empty());
  EXPECT_TRUE(config.any());
  OpeningsConfig most;
  EXPECT_TRUE(apply_openings_tokens({"plies=1000"}, most).ok());
  EXPECT_EQ(most.plies, 1000);
}

TEST(OpeningsTokens, Errors) {
  auto error_of = [](const Words& tokens) {
    OpeningsConfig config;
    auto s = apply_openings_tokens(tokens, config);
    EXPECT_FALSE(s.ok()) << "accepted";
    return s.ok() ? std::string() : s.error();
  };
  EXPECT_TRUE(contains(error_of({"file=a.txt", "plies=4"}), "not both"));
  EXPECT_TRUE(contains(error_of({}), "give file=PATH or plies=N"));
  EXPECT_TRUE(contains(error_of({"start=2"}), "give file=PATH or plies=N"));
  EXPECT_TRUE(contains(error_of({"file="}), "file= needs a path"));
  EXPECT_TRUE(contains(error_of({"file=a", "order=shuffled"}), "'shuffled'"));
  EXPECT_TRUE(contains(error_of({"file=a", "start=0"}), "start needs a whole number from 1, not '0'"));
  EXPECT_TRUE(contains(error_of({"file=a", "start=x"}), "'x'"));
  EXPECT_TRUE(contains(error_of({"file=a", "start=1.5"}), "'1.5'"));
  EXPECT_TRUE(contains(error_of({"plies=-2"}), "plies needs a whole number from 1, not '-2'"));
  EXPECT_TRUE(contains(error_of({"plies=1001"}), "at most 1000"));
  EXPECT_TRUE(contains(error_of({"file=a", "format=pgn"}), "unknown format 'pgn'"));
  EXPECT_TRUE(contains(error_of({"file=a", "depth=3"}), "unknown key 'depth'"));
  EXPECT_TRUE(contains(error_of({"book.txt"}), "'book.txt' is not key=value"));
}

// ---------------------------------------------------------------- one line

TEST(OpeningLine, MovesFromTheStart) {
  auto rules = tictactoe();
  auto plain = parse_opening_line("a1 b2  c3", *rules);
  ASSERT_TRUE(plain.ok()) << plain.error();
  EXPECT_EQ(*plain, opening("", {"a1", "b2", "c3"}));

  auto keyword = parse_opening_line("moves a1 b2", *rules);
  ASSERT_TRUE(keyword.ok()) << keyword.error();
  EXPECT_EQ(*keyword, opening("", {"a1", "b2"}));

  auto only_keyword = parse_opening_line("moves", *rules);
  ASSERT_TRUE(only_keyword.ok());
  EXPECT_EQ(*only_keyword, Opening{});

  auto crlf = parse_opening_line("a1 b2\r", *rules);
  ASSERT_TRUE(crlf.ok()) << crlf.error();
  EXPECT_EQ(*crlf, opening("", {"a1", "b2"}));
}

TEST(OpeningLine, FenWithAndWithoutMoves) {
  auto rules = tictactoe();
  auto bare = parse_opening_line("fen x2/1o1/3 x", *rules);
  ASSERT_TRUE(bare.ok()) << bare.error();
  EXPECT_EQ(*bare, opening("x2/1o1/3 x", {}));

  auto with_moves = parse_opening_line("fen x2/1o1/3 x moves c1 a1", *rules);
  ASSERT_TRUE(with_moves.ok()) << with_moves.error();
  EXPECT_EQ(*with_moves, opening("x2/1o1/3 x", {"c1", "a1"}));
  EXPECT_EQ(final_fen(*rules, *with_moves), "x2/1o1/o1x x");

  auto c4 = parse_opening_line("fen 7/7/7/7/7/3x3 o moves 4", *connect4());
  ASSERT_TRUE(c4.ok()) << c4.error();
  EXPECT_EQ(*c4, opening("7/7/7/7/7/3x3 o", {"4"}));
}

TEST(OpeningLine, Errors) {
  auto rules = tictactoe();
  auto error_of = [&](std::string_view line) {
    auto o = parse_opening_line(line, *rules);
    EXPECT_FALSE(o.ok()) << "accepted '" << line << "'";
    return o.ok() ? std::string() : o.error();
  };
  EXPECT_TRUE(contains(error_of("a1 b2 b2"), "move 'b2'"));
  EXPECT_TRUE(contains(error_of("a1 b2 b2"), "occupied"));
  EXPECT_TRUE(contains(error_of("a1 z9 b2"), "move 'z9'"));
  EXPECT_TRUE(contains(error_of("fen 3/3/3"), "fen needs '<board> <side>'"));
  EXPECT_TRUE(contains(error_of("fen 3/3/3 x c3"), "expected 'moves', found 'c3'"));
  EXPECT_TRUE(contains(error_of("fen 3/3/3 q"), "bad fen"));
  EXPECT_TRUE(contains(error_of("fen xx1/3/3 x"), "bad fen"));
  EXPECT_TRUE(contains(error_of("a1 a2 b1 b2 c1"), "already over"));
  EXPECT_TRUE(contains(error_of("fen xx1/oo1/3 x moves c3"), "already over"));
  EXPECT_TRUE(contains(error_of("a1 a2 b1 b2 c1 c2"), "move 'c2'"));  // a move after the end
  // A full board drawn by the rules is over too.
  EXPECT_TRUE(contains(error_of("a1 b2 c3 b1 b3 a3 c1 c2 a2"), "already over"));
}

// ---------------------------------------------------------------- files

TEST(OpeningsFile, SkipsCommentsAndBlankLines) {
  const TempFile file(
      "# tic-tac-toe openings\n"
      "\n"
      "a1 b2\n"
      "   \t\n"
      "   # an indented comment\n"
      "fen 3/1x1/3 o moves a1\r\n"
      "moves c3\n"
      "b1");  // no final newline
  auto openings = read_openings_file(file.path(), *tictactoe());
  ASSERT_TRUE(openings.ok()) << openings.error();
  EXPECT_EQ(*openings, (std::vector<Opening>{opening("", {"a1", "b2"}), opening("3/1x1/3 o", {"a1"}),
                                             opening("", {"c3"}), opening("", {"b1"})}));
}

TEST(OpeningsFile, ErrorNamesPathAndLine) {
  const TempFile file("# comment\na1\n\nb2 b2\nc3\n");
  auto openings = read_openings_file(file.path(), *tictactoe());
  ASSERT_FALSE(openings.ok());
  EXPECT_TRUE(contains(openings.error(), file.path() + ":4: move 'b2'")) << openings.error();
}

TEST(OpeningsFile, EmptyAndCommentOnlyFilesHaveNoOpening) {
  for (const char* contents : {"", "\n\n", "# only\n# comments\n"}) {
    const TempFile file(contents);
    auto openings = read_openings_file(file.path(), *tictactoe());
    ASSERT_FALSE(openings.ok());
    EXPECT_TRUE(contains(openings.error(), "'" + file.path() + "' has no opening")) << openings.error();
  }
}

TEST(OpeningsFile, MissingFile) {
  const std::string path = ::testing::TempDir() + "no_such_openings_file_" + std::to_string(::getpid()) + ".txt";
  auto openings = read_openings_file(path, *tictactoe());
  ASSERT_FALSE(openings.ok());
  EXPECT_TRUE(contains(openings.error(), "cannot read openings file '" + path + "'")) << openings.error();
}

TEST(OpeningsFile, LineTooLong) {
  const TempFile file("a1\n" + std::string(70000, ' ') + "b2\n");
  auto openings = read_openings_file(file.path(), *tictactoe());
  ASSERT_FALSE(openings.ok());
  EXPECT_TRUE(contains(openings.error(), ":2: line too long")) << openings.error();
}

// ---------------------------------------------------------------- generated

TEST(GeneratedOpenings, DeterministicForASeedAndDifferentForAnother) {
  auto rules = connect4();
  auto a = generate_openings(*rules, 4, 30, 1234);
  auto b = generate_openings(*rules, 4, 30, 1234);
  auto c = generate_openings(*rules, 4, 30, 1235);
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ(*a, *b);
  EXPECT_NE(*a, *c);
}

TEST(GeneratedOpenings, RightCountDistinctPositionsAndNoneOver) {
  auto rules = tictactoe();
  // Five plies: X may already have three in a row, which no opening may.
  auto openings = generate_openings(*rules, 5, 300, 7);
  ASSERT_TRUE(openings.ok()) << openings.error();
  ASSERT_EQ(openings->size(), 300u);
  std::set<std::string> positions;
  for (const Opening& o : *openings) {
    EXPECT_TRUE(o.fen.empty());
    ASSERT_EQ(o.moves.size(), 5u);
    auto board = rules->clone();
    ASSERT_TRUE(board->reset("").ok());
    for (const auto& m : o.moves) ASSERT_TRUE(board->play(m).ok());
    EXPECT_EQ(board->outcome(), core::Outcome::kNone);
    positions.insert(board->fen());
  }
  EXPECT_EQ(positions.size(), 300u);
}

TEST(GeneratedOpenings, TranspositionsCountOnce) {
  // Two plies of tic-tac-toe reach 9 * 8 = 72 positions; every one is found...
  auto rules = tictactoe();
  auto all = generate_openings(*rules, 2, 72, 99);
  ASSERT_TRUE(all.ok()) << all.error();
  std::set<std::string> positions;
  for (const Opening& o : *all) positions.insert(final_fen(*rules, o));
  EXPECT_EQ(positions.size(), 72u);

  // ...and four plies reach C(9,2) * C(7,2) = 756 positions, far fewer than the
  // 9 * 8 * 7 * 6 = 3024 move orders: asking for 757 must fail.
  auto too_many_orders = generate_openings(*rules, 4, 757, 5);
  ASSERT_FALSE(too_many_orders.ok());
  EXPECT_TRUE(contains(too_many_orders.error(), "found only 756 distinct openings of 4 plies"))
      << too_many_orders.error();
}

TEST(GeneratedOpenings, MoreThanExistIsAnError) {
  auto openings = generate_openings(*tictactoe(), 2, 100, 3);
  ASSERT_FALSE(openings.ok());
  EXPECT_TRUE(contains(openings.error(), "distinct")) << openings.error();
  EXPECT_TRUE(contains(openings.error(), "only 72")) << openings.error();
  EXPECT_TRUE(contains(openings.error(), "needs 100")) << openings.error();
}

TEST(GeneratedOpenings, PliesThatAlwaysEndTheGameFail) {
  // Nine plies fill the board: every walk ends the game.
  auto openings = generate_openings(*tictactoe(), 9, 1, 3);
  ASSERT_FALSE(openings.ok());
  EXPECT_TRUE(contains(openings.error(), "found only 0 distinct openings of 9 plies")) << openings.error();
}

// ---------------------------------------------------------------- the plan

TEST(OpeningPlan, WithoutOpeningsEveryPairStartsFromTheStart) {
  auto plan = plan_openings(OpeningsConfig{}, *tictactoe(), 5, 1);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->openings, std::vector<Opening>(5));
  EXPECT_EQ(plan->source_index, (std::vector<std::int64_t>{0, 0, 0, 0, 0}));
  EXPECT_FALSE(plan->wrapped);
}

TEST(OpeningPlan, GeneratedOpeningsAreTheSeedsOpenings) {
  OpeningsConfig config;
  config.plies = 3;
  auto rules = connect4();
  auto plan = plan_openings(config, *rules, 6, 42);
  ASSERT_TRUE(plan.ok()) << plan.error();
  EXPECT_EQ(plan->openings, *generate_openings(*rules, 3, 6, 42));
  EXPECT_EQ(plan->source_index, (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_FALSE(plan->wrapped);

  OpeningsConfig impossible;
  impossible.plies = 1;
  auto failed = plan_openings(impossible, *tictactoe(), 10, 42);
  ASSERT_FALSE(failed.ok());
  EXPECT_TRUE(contains(failed.error(), "distinct")) << failed.error();
}

const char* const kEightOpenings = "a1\nb1\nc1\na2\nb2\nc2\na3\nb3\n";

TEST(OpeningPlan, SequentialFromStartWrapsAround) {
  const TempFile file("a1\n# skipped\nb1\nc1\n");
  OpeningsConfig config;
  config.file = file.path();
  config.start = 2;
  auto rules = tictactoe();

  auto fits = plan_openings(config, *rules, 2, 1);
  ASSERT_TRUE(fits.ok()) << fits.error();
  EXPECT_EQ(fits->source_index, (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(fits->openings, (std::vector<Opening>{opening("", {"b1"}), opening("", {"c1"})}));
  EXPECT_FALSE(fits->wrapped);

  auto wraps = plan_openings(config, *rules, 5, 1);
  ASSERT_TRUE(wraps.ok()) << wraps.error();
  EXPECT_EQ(wraps->source_index, (std::vector<std::int64_t>{1, 2, 0, 1, 2}));
  EXPECT_EQ(wraps->openings[2], opening("", {"a1"}));
  EXPECT_TRUE(wraps->wrapped);

  config.start = 1;
  auto exact = plan_openings(config, *rules, 3, 1);
  ASSERT_TRUE(exact.ok());
  EXPECT_EQ(exact->source_index, (std::vector<std::int64_t>{0, 1, 2}));
  EXPECT_FALSE(exact->wrapped);

  config.start = 4;
  auto past = plan_openings(config, *rules, 1, 1);
  ASSERT_FALSE(past.ok());
  EXPECT_TRUE(contains(past.error(), "start=4")) << past.error();
  EXPECT_TRUE(contains(past.error(), "has 3 openings")) << past.error();
}

TEST(OpeningPlan, FileErrorsPassThrough) {
  const TempFile file("a1\nzz\n");
  OpeningsConfig config;
  config.file = file.path();
  auto plan = plan_openings(config, *tictactoe(), 2, 1);
  ASSERT_FALSE(plan.ok());
  EXPECT_TRUE(contains(plan.error(), file.path() + ":2:")) << plan.error();
}

TEST(OpeningPlan, RandomOrderIsASeededPermutation) {
  const TempFile file(kEightOpenings);
  OpeningsConfig config;
  config.file = file.path();
  config.order = OpeningOrder::kRandom;
  auto rules = tictactoe();

  auto a = plan_openings(config, *rules, 8, 11);
  auto again = plan_openings(config, *rules, 8, 11);
  ASSERT_TRUE(a.ok() && again.ok());
  EXPECT_EQ(a->source_index, again->source_index);
  EXPECT_FALSE(a->wrapped);

  std::vector<std::int64_t> sorted = a->source_index;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_NE(a->source_index, sorted) << "seed 11 left the file in order";
  const char* cells[] = {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3"};
  for (std::size_t p = 0; p < 8; ++p)
    EXPECT_EQ(a->openings[p], opening("", {cells[a->source_index[p]]}));

  // Other seeds give other orders.
  std::set<std::vector<std::int64_t>> orders;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) orders.insert(plan_openings(config, *rules, 8, seed)->source_index);
  EXPECT_EQ(orders.size(), 5u);

  // start= counts in the shuffled order; the run wraps to its beginning.
  config.start = 3;
  auto shifted = plan_openings(config, *rules, 8, 11);
  ASSERT_TRUE(shifted.ok());
  for (std::size_t p = 0; p < 8; ++p) EXPECT_EQ(shifted->source_index[p], a->source_index[(p + 2) % 8]);
  EXPECT_TRUE(shifted->wrapped);
}

}  // namespace
}  // namespace narabe::match
