// Tests of tools/match/sprt_spec.h: the --sprt words, and the text of them a
// results file keeps (which `merge` parses again).

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "tests/support/text.h"
#include "tools/match/sprt_spec.h"

namespace narabe::match {
namespace {

using test_text::contains;

using Words = std::vector<std::string>;


// The words of a description, as merge splits them.
Words words(const std::string& text) {
  Words out;
  std::string word;
  for (const char c : text) {
    if (c == ' ') {
      if (!word.empty()) out.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

void expect_same(const SprtConfig& a, const SprtConfig& b) {
  EXPECT_EQ(a.elo0, b.elo0);
  EXPECT_EQ(a.elo1, b.elo1);
  EXPECT_EQ(a.alpha, b.alpha);
  EXPECT_EQ(a.beta, b.beta);
  EXPECT_EQ(a.model, b.model);
}

std::string error_of(const Words& tokens) {
  auto parsed = parse_sprt(tokens);
  EXPECT_FALSE(parsed.ok()) << "accepted";
  return parsed.ok() ? std::string() : parsed.error();
}

TEST(SprtSpec, ParsesAllKeys) {
  auto parsed = parse_sprt({"elo0=-1.5", "elo1=3", "alpha=0.1", "beta=0.02", "model=logistic"});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->elo0, -1.5);
  EXPECT_EQ(parsed->elo1, 3.0);
  EXPECT_EQ(parsed->alpha, 0.1);
  EXPECT_EQ(parsed->beta, 0.02);
  EXPECT_EQ(parsed->model, SprtModel::kLogistic);
}

TEST(SprtSpec, Defaults) {
  auto parsed = parse_sprt({"elo1=5", "elo0=0"});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->alpha, 0.05);
  EXPECT_EQ(parsed->beta, 0.05);
  EXPECT_EQ(parsed->model, SprtModel::kNormalized);
  auto british = parse_sprt({"elo0=0", "elo1=5", "model=logistic", "model=normalised"});
  ASSERT_TRUE(british.ok());
  EXPECT_EQ(british->model, SprtModel::kNormalized);
}

TEST(SprtSpec, DescribeThenParseRoundTrips) {
  EXPECT_EQ(describe_sprt(std::nullopt), "");
  const SprtConfig configs[] = {
      {0, 5, 0.05, 0.05, SprtModel::kNormalized},
      {-1.5, 3, 0.1, 0.02, SprtModel::kLogistic},
      {0.5, 2.5, 0.01, 0.2, SprtModel::kNormalized},
      {-10, -2, 0.05, 0.1, SprtModel::kLogistic},
      {0, 1000000, 0.05, 0.05, SprtModel::kNormalized},
  };
  for (const SprtConfig& config : configs) {
    const std::string text = describe_sprt(config);
    auto back = parse_sprt(words(text));
    ASSERT_TRUE(back.ok()) << text << ": " << back.error();
    expect_same(*back, config);
    EXPECT_EQ(describe_sprt(*back), text);
  }
  EXPECT_EQ(describe_sprt(SprtConfig{0, 5, 0.05, 0.05, SprtModel::kNormalized}),
            "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized");
  EXPECT_EQ(describe_sprt(SprtConfig{-1.5, 3, 0.1, 0.02, SprtModel::kLogistic}),
            "elo0=-1.5 elo1=3 alpha=0.1 beta=0.02 model=logistic");
}

TEST(SprtSpec, DescriptionKeepsEveryDigit) {
  // The header's text is all `merge` has: the bounds it computes must be the
  // bounds of the run, however many digits the user gave.
  const SprtConfig config{0.123456789, 2.3456789, 0.0123456789, 0.05, SprtModel::kNormalized};
  auto back = parse_sprt(words(describe_sprt(config)));
  ASSERT_TRUE(back.ok()) << back.error();
  expect_same(*back, config);
}

TEST(SprtSpec, Errors) {
  EXPECT_TRUE(contains(error_of({}), "needs elo0= and elo1="));
  EXPECT_TRUE(contains(error_of({"elo0=0"}), "needs elo0= and elo1="));
  EXPECT_TRUE(contains(error_of({"elo1=5"}), "needs elo0= and elo1="));
  EXPECT_TRUE(contains(error_of({"elo0=0", "elo1=5", "gamma=1"}), "unknown key 'gamma'"));
  EXPECT_TRUE(contains(error_of({"elo0=0", "elo1=five"}), "elo1 needs a number, not 'five'"));
  EXPECT_TRUE(contains(error_of({"elo0=0", "elo1=5", "alpha="}), "alpha needs a number, not ''"));
  EXPECT_TRUE(contains(error_of({"elo0=0", "elo1=inf"}), "elo1 needs a number"));
  EXPECT_TRUE(contains(error_of({"elo0=nan", "elo1=5"}), "elo0 needs a number"));
  EXPECT_TRUE(contains(error_of({"elo0=0", "elo1=5", "model=bayes"}), "'bayes'"));
  EXPECT_TRUE(contains(error_of({"elo0", "elo1=5"}), "'elo0' is not key=value"));
  const char* const invalid = "elo0 < elo1";
  EXPECT_TRUE(contains(error_of({"elo0=5", "elo1=5"}), invalid));
  EXPECT_TRUE(contains(error_of({"elo0=5", "elo1=0"}), invalid));
  EXPECT_TRUE(contains(error_of({"elo0=0", "elo1=5", "alpha=0"}), invalid));
  EXPECT_TRUE(contains(error_of({"elo0=0", "elo1=5", "beta=1"}), invalid));
  EXPECT_TRUE(contains(error_of({"elo0=0", "elo1=5", "alpha=0.6", "beta=0.5"}), invalid));
  EXPECT_TRUE(contains(error_of({"elo0=0", "elo1=5", "alpha=-0.1"}), invalid));
}

}  // namespace
}  // namespace narabe::match
