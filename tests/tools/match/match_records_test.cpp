// Tests of tools/match/game_record.h and results.h: the JSON lines of games
// and of the run header, the results file (read back after a kill, resumed,
// never overwritten), and the tallies the report is made of.

#include <gtest/gtest.h>

#include <unistd.h>

#include <array>
#include <cstdio>
#include <map>
#include <fstream>
#include <iterator>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/text.h"
#include "tools/match/game_record.h"
#include "tools/match/results.h"

namespace narabe::match {
namespace {

using test_text::contains;

using core::Outcome;


// A path in the test's temporary directory, removed at the end of the test.
class TempPath {
 public:
  TempPath() {
    static int counter = 0;
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = ::testing::TempDir() + "results_" + std::to_string(::getpid()) + "_" + info->name() + "_" +
            std::to_string(counter++) + ".jsonl";
    std::remove(path_.c_str());
  }
  ~TempPath() { std::remove(path_.c_str()); }
  TempPath(const TempPath&) = delete;
  TempPath& operator=(const TempPath&) = delete;
  const std::string& path() const { return path_; }
  void write(const std::string& contents) const { std::ofstream(path_, std::ios::binary) << contents; }
  std::string read() const {
    std::ifstream in(path_, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

 private:
  std::string path_;
};

GameRecord full_record() {
  GameRecord r;
  r.id = 41;
  r.pair = 20;
  r.round = 3;
  r.engines[0] = 1;
  r.engines[1] = 0;
  r.names[0] = "narabe-dev";
  r.names[1] = "narabe \"base\"";
  r.opening_index = 17;
  r.opening = Opening{"7/7/7/7/7/3x3 o", {"4", "3"}};
  MoveRecord plain{"5", 12, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  MoveRecord scored{"2", 250, 35, std::nullopt, 9, 4096};
  MoveRecord mate{"6", 0, std::nullopt, -3, 14, std::nullopt};
  MoveRecord negative_cp{"1", 7, -120, std::nullopt, std::nullopt, std::nullopt};
  r.moves = {plain, scored, mate, negative_cp};
  r.outcome = Outcome::kSecondWins;
  r.termination = Termination::kTimeForfeit;
  r.reason = "narabe-dev (first player) time forfeit: used 120 ms, 20 ms past its clock";
  r.final_fen = "7/7/7/7/2oo3/1oxxx1x x";
  r.winning_line = {"a1", "b2"};
  r.started = "2024-05-01T12:00:00Z";
  r.duration_ms = 1234;
  return r;
}

RunHeader header_of(std::vector<std::string> engines = {"A", "B"}) {
  RunHeader h;
  h.game = "connect4 width 7 height 6";
  h.engines = std::move(engines);
  h.tournament = "round-robin";
  h.rounds = 10;
  h.games_per_pair = 2;
  h.openings = "plies=4";
  h.seed = 0xfedcba9876543210ULL;
  h.max_plies = 80;
  h.shard = 2;
  h.shards = 3;
  h.sprt = "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized";
  return h;
}

// A finished game between engines `first` and `second` (first moved first).
GameRecord game(std::int64_t id, int first, int second, Outcome outcome, Termination termination = Termination::kNormal,
                std::int64_t games_per_pair = 2) {
  GameRecord r;
  r.id = id;
  r.pair = id / games_per_pair;
  r.engines[0] = first;
  r.engines[1] = second;
  r.outcome = outcome;
  r.termination = termination;
  return r;
}

// ---------------------------------------------------------------- game lines

TEST(GameRecordJson, RoundTrip) {
  const GameRecord r = full_record();
  const std::string line = to_json_line(r);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  auto back = game_from_json(line);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, r);
  EXPECT_EQ(to_json_line(*back), line);
}

TEST(GameRecordJson, FieldsAsDocumented) {
  const nlohmann::json j = nlohmann::json::parse(to_json_line(full_record()));
  EXPECT_EQ(j.at("type"), "game");
  EXPECT_EQ(j.at("result"), "0-1");
  EXPECT_EQ(j.at("termination"), "time forfeit");
  EXPECT_EQ(j.at("first").at("engine"), 1);
  EXPECT_EQ(j.at("second").at("name"), "narabe \"base\"");
  EXPECT_EQ(j.at("moves").at(0), nlohmann::json({{"move", "5"}, {"ms", 12}}));
  EXPECT_EQ(j.at("moves").at(1), nlohmann::json({{"move", "2"}, {"ms", 250}, {"cp", 35}, {"depth", 9}, {"nodes", 4096}}));
  EXPECT_EQ(j.at("moves").at(2), nlohmann::json({{"move", "6"}, {"ms", 0}, {"mate", -3}, {"depth", 14}}));
}

TEST(GameRecordJson, ResultsAndTerminationsRoundTrip) {
  for (const Outcome o : {Outcome::kFirstWins, Outcome::kSecondWins, Outcome::kDraw}) {
    for (const Termination t : {Termination::kNormal, Termination::kAdjudicated, Termination::kResign,
                                Termination::kCrash, Termination::kStall, Termination::kTimeForfeit,
                                Termination::kIllegalMove, Termination::kWatchdog}) {
      GameRecord r = game(4, 0, 1, o, t);
      auto back = game_from_json(to_json_line(r));
      ASSERT_TRUE(back.ok()) << back.error();
      EXPECT_EQ(back->outcome, o);
      EXPECT_EQ(back->termination, t);
      EXPECT_EQ(termination_from_name(termination_name(t)), t);
    }
  }
  EXPECT_EQ(result_text(Outcome::kFirstWins), "1-0");
  EXPECT_EQ(result_text(Outcome::kSecondWins), "0-1");
  EXPECT_EQ(result_text(Outcome::kDraw), "1/2-1/2");
  EXPECT_EQ(result_text(Outcome::kNone), "*");
  EXPECT_EQ(termination_from_name("resigned"), std::nullopt);
}

TEST(GameRecordJson, MateScoreWinsOverCentipawns) {
  // A reply may carry both; the record keeps the mate.
  GameRecord r = game(0, 0, 1, Outcome::kDraw);
  r.moves = {MoveRecord{"a1", 5, 100, 2, std::nullopt, std::nullopt}};
  auto back = game_from_json(to_json_line(r));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->moves[0].score_mate, 2);
  EXPECT_EQ(back->moves[0].score_cp, std::nullopt);
}

TEST(GameRecordJson, UnicodeAndInvalidUtf8MoveText) {
  GameRecord r = game(1, 0, 1, Outcome::kFirstWins, Termination::kIllegalMove);
  r.names[0] = "名人 é";
  r.moves = {MoveRecord{"ü\xe2\x82\xac", 1, std::nullopt, std::nullopt, std::nullopt, std::nullopt},
             MoveRecord{"a\xff" "b\xc3", 2, std::nullopt, std::nullopt, std::nullopt, std::nullopt}};
  r.reason = "'\xfe\xfe' in 3/3/3 x: not a cell";
  const std::string line = to_json_line(r);  // must not throw
  auto back = game_from_json(line);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->names[0], "名人 é");
  EXPECT_EQ(back->moves[0].move, "ü€");
  // Bytes that are not UTF-8 become U+FFFD.
  EXPECT_EQ(back->moves[1].move, "a\xef\xbf\xbd" "b\xef\xbf\xbd");
  EXPECT_EQ(back->reason, "'\xef\xbf\xbd\xef\xbf\xbd' in 3/3/3 x: not a cell");
}

TEST(GameRecordJson, MalformedLinesAreErrors) {
  const std::string valid = to_json_line(full_record());
  for (const std::string& text :
       {std::string(), std::string("not json"), std::string("{}"), std::string("[1,2,3]"), std::string("null"),
        std::string("{\"type\":\"run\"}"), std::string("{\"type\":7}"), valid.substr(0, valid.size() / 2),
        valid + "x"}) {
    auto r = game_from_json(text);
    EXPECT_FALSE(r.ok()) << text;
  }
}

TEST(GameRecordJson, MissingFieldsAreErrors) {
  const nlohmann::json valid = nlohmann::json::parse(to_json_line(full_record()));
  for (const char* key : {"id", "pair", "round", "first", "second", "opening", "moves", "result", "termination",
                          "reason", "final_fen", "winning_line", "started", "duration_ms"}) {
    nlohmann::json j = valid;
    j.erase(key);
    EXPECT_FALSE(game_from_json(j.dump()).ok()) << "without " << key;
  }
  nlohmann::json no_name = valid;
  no_name["first"].erase("name");
  EXPECT_FALSE(game_from_json(no_name.dump()).ok());
  nlohmann::json no_ms = valid;
  no_ms["moves"][1].erase("ms");
  EXPECT_FALSE(game_from_json(no_ms.dump()).ok());
  nlohmann::json no_opening_moves = valid;
  no_opening_moves["opening"].erase("moves");
  EXPECT_FALSE(game_from_json(no_opening_moves.dump()).ok());
}

TEST(GameRecordJson, WrongTypesAreErrors) {
  const nlohmann::json valid = nlohmann::json::parse(to_json_line(full_record()));
  auto with = [&](const std::string& pointer, const nlohmann::json& value) {
    nlohmann::json j = valid;
    j[nlohmann::json::json_pointer(pointer)] = value;
    return game_from_json(j.dump());
  };
  EXPECT_TRUE(with("/id", 5).ok());
  EXPECT_FALSE(with("/id", "5").ok());
  EXPECT_FALSE(with("/pair", nlohmann::json::array()).ok());
  EXPECT_FALSE(with("/first", "A").ok());
  EXPECT_FALSE(with("/first/name", 3).ok());
  EXPECT_FALSE(with("/opening/moves", "4 3").ok());
  EXPECT_FALSE(with("/opening/moves/0", 4).ok());
  EXPECT_FALSE(with("/moves", 5).ok());
  EXPECT_FALSE(with("/moves", nlohmann::json::object()).ok());
  EXPECT_FALSE(with("/moves/0", "5").ok());
  EXPECT_FALSE(with("/moves/1/cp", "35").ok());
  EXPECT_FALSE(with("/result", 1).ok());
  EXPECT_FALSE(with("/result", "*").ok());
  EXPECT_FALSE(with("/result", "1-1").ok());
  EXPECT_FALSE(with("/termination", "resigned").ok());
  EXPECT_FALSE(with("/winning_line", "a1").ok());
  EXPECT_FALSE(with("/duration_ms", nullptr).ok());
  // Found with the match_results fuzz target: a float beyond int's range was cast
  // (undefined behaviour), and 2^32 + 1 became 1.
  EXPECT_FALSE(with("/round", 1e300).ok());
  EXPECT_FALSE(with("/round", 4294967297LL).ok());
  EXPECT_FALSE(with("/round", 1.5).ok());
  EXPECT_FALSE(with("/id", 18446744073709551615ULL).ok());
  EXPECT_FALSE(with("/moves/1/cp", -1e30).ok());
  EXPECT_FALSE(with("/first/engine", 2147483648LL).ok());
  EXPECT_TRUE(with("/duration_ms", 9223372036854775807LL).ok());
  auto r = with("/round", 1e300);
  EXPECT_TRUE(contains(r.error(), "whole number")) << r.error();
}

TEST(GameRecordJson, ReadingAMoveWithMateAndCpKeepsTheMate) {
  // Found with the match_results fuzz target: such a line read back with both
  // scores, and wrote back without the cp.
  nlohmann::json j = nlohmann::json::parse(to_json_line(full_record()));
  j["moves"][0]["mate"] = 3;
  j["moves"][0]["cp"] = 50;
  auto back = game_from_json(j.dump());
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->moves[0].score_mate, 3);
  EXPECT_EQ(back->moves[0].score_cp, std::nullopt);
  EXPECT_EQ(game_from_json(to_json_line(*back)).value(), *back);
}

TEST(GameRecordJson, NegativeIndicesAreErrors) {
  const nlohmann::json valid = nlohmann::json::parse(to_json_line(full_record()));
  for (const char* pointer : {"/id", "/pair", "/first/engine", "/second/engine"}) {
    nlohmann::json j = valid;
    j[nlohmann::json::json_pointer(pointer)] = -1;
    auto r = game_from_json(j.dump());
    ASSERT_FALSE(r.ok()) << pointer;
    EXPECT_EQ(r.error(), "negative index") << pointer;
  }
}

TEST(GameRecordJson, PointsOf) {
  const GameRecord won = game(0, 2, 5, Outcome::kFirstWins);
  EXPECT_EQ(points_of(won, 2), 1.0);
  EXPECT_EQ(points_of(won, 5), 0.0);
  EXPECT_EQ(points_of(won, 3), std::nullopt);
  const GameRecord lost = game(0, 2, 5, Outcome::kSecondWins);
  EXPECT_EQ(points_of(lost, 2), 0.0);
  EXPECT_EQ(points_of(lost, 5), 1.0);
  EXPECT_EQ(points_of(game(0, 2, 5, Outcome::kDraw), 5), 0.5);
  EXPECT_EQ(points_of(game(0, 2, 5, Outcome::kNone), 2), std::nullopt);
}

// ---------------------------------------------------------------- run header

TEST(RunHeaderJson, RoundTrip) {
  const RunHeader h = header_of({"A", "B", "C"});
  const std::string line = to_json_line(h);
  auto back = run_header_from_json(line);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, h);
  const nlohmann::json j = nlohmann::json::parse(line);
  EXPECT_EQ(j.at("type"), "run");
  EXPECT_EQ(j.at("version"), 1);
  EXPECT_EQ(j.at("seed").get<std::uint64_t>(), 0xfedcba9876543210ULL);
}

TEST(RunHeaderJson, Errors) {
  const nlohmann::json valid = nlohmann::json::parse(to_json_line(header_of()));
  auto with = [&](const char* key, const nlohmann::json& value) {
    nlohmann::json j = valid;
    j[key] = value;
    return run_header_from_json(j.dump());
  };
  EXPECT_TRUE(with("shard", 3).ok());
  EXPECT_TRUE(contains(with("version", 2).error(), "unknown results file version"));
  EXPECT_TRUE(contains(with("type", "game").error(), "not a run header"));
  EXPECT_TRUE(contains(with("engines", nlohmann::json::array({"A"})).error(), "impossible"));
  EXPECT_TRUE(contains(with("rounds", 0).error(), "impossible"));
  EXPECT_TRUE(contains(with("games", 3).error(), "impossible"));
  EXPECT_TRUE(contains(with("shard", 4).error(), "impossible"));
  EXPECT_TRUE(contains(with("shard", 0).error(), "impossible"));
  EXPECT_TRUE(contains(with("shards", 0).error(), "impossible"));
  EXPECT_FALSE(with("seed", "1").ok());
  EXPECT_FALSE(with("seed", -1).ok());
  EXPECT_FALSE(with("seed", 1e30).ok());
  EXPECT_FALSE(with("rounds", 1e300).ok());
  EXPECT_FALSE(with("games", 4294967298LL).ok());
  EXPECT_FALSE(with("engines", "A,B").ok());
  nlohmann::json no_sprt = valid;
  no_sprt.erase("sprt");
  EXPECT_FALSE(run_header_from_json(no_sprt.dump()).ok());
  EXPECT_FALSE(run_header_from_json("").ok());
  EXPECT_FALSE(run_header_from_json(to_json_line(full_record())).ok());
}

TEST(RunHeaderJson, Difference) {
  const RunHeader a = header_of();
  EXPECT_EQ(header_difference(a, a, false), "");

  RunHeader seed = a;
  seed.seed = 2;
  EXPECT_EQ(header_difference(a, seed, false), "seed 18364758544493064720 vs 2");

  RunHeader other_shard = a;
  other_shard.shard = 3;
  EXPECT_EQ(header_difference(a, other_shard, true), "");
  EXPECT_EQ(header_difference(a, other_shard, false), "shard 2 vs 3");

  RunHeader several = a;
  several.engines = {"A", "C"};
  several.rounds = 11;
  several.sprt = "";
  several.shards = 4;
  EXPECT_EQ(header_difference(a, several, true),
            "engines A,B vs A,C; rounds 10 vs 11; shards 3 vs 4; "
            "sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized vs ");

  RunHeader other = a;
  other.game = "tictactoe";
  other.openings = "startpos";
  other.max_plies = 0;
  other.games_per_pair = 1;
  other.tournament = "gauntlet";
  EXPECT_EQ(header_difference(a, other, false),
            "game connect4 width 7 height 6 vs tictactoe; tournament round-robin vs gauntlet; games 2 vs 1; "
            "openings plies=4 vs startpos; maxplies 80 vs 0");
}

// ---------------------------------------------------------------- results file

std::string lines(const std::vector<std::string>& each) {
  std::string text;
  for (const auto& l : each) text += l + "\n";
  return text;
}

TEST(ResultsFile, ReadsHeaderAndGames) {
  const TempPath file;
  const RunHeader h = header_of();
  const GameRecord g0 = game(0, 0, 1, Outcome::kDraw);
  const GameRecord g1 = full_record();
  const std::string text = lines({to_json_line(h), to_json_line(g0), "", to_json_line(g1)});
  file.write(text);
  auto read = read_results_file(file.path());
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(read->header, h);
  ASSERT_EQ(read->games.size(), 2u);
  EXPECT_EQ(read->games[0], g0);
  EXPECT_EQ(read->games[1], g1);
  EXPECT_EQ(read->valid_bytes, text.size());
  EXPECT_FALSE(read->partial_last_line);
}

TEST(ResultsFile, PartialLastLineIsLeftOut) {
  const TempPath file;
  const std::string complete = lines({to_json_line(header_of()), to_json_line(game(0, 0, 1, Outcome::kFirstWins))});
  const std::string cut = to_json_line(game(1, 1, 0, Outcome::kDraw));
  file.write(complete + cut.substr(0, 40));
  auto read = read_results_file(file.path());
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_TRUE(read->partial_last_line);
  EXPECT_EQ(read->valid_bytes, complete.size());
  ASSERT_EQ(read->games.size(), 1u);
  EXPECT_EQ(read->games[0].id, 0);

  // Even a whole record without its newline: the write may have been cut just before it.
  file.write(complete + cut);
  auto whole = read_results_file(file.path());
  ASSERT_TRUE(whole.ok()) << whole.error();
  EXPECT_TRUE(whole->partial_last_line);
  EXPECT_EQ(whole->valid_bytes, complete.size());
  EXPECT_EQ(whole->games.size(), 1u);
}

TEST(ResultsFile, CorruptMiddleLineNamesItsLine) {
  const TempPath file;
  file.write(lines({to_json_line(header_of()), to_json_line(game(0, 0, 1, Outcome::kDraw)), "{\"type\":\"ga",
                    to_json_line(game(2, 0, 1, Outcome::kDraw))}));
  auto read = read_results_file(file.path());
  ASSERT_FALSE(read.ok());
  EXPECT_TRUE(contains(read.error(), file.path() + ":3: ")) << read.error();
}

TEST(ResultsFile, EngineIndexOutOfRange) {
  const TempPath file;
  file.write(lines({to_json_line(header_of()), to_json_line(game(0, 0, 2, Outcome::kDraw))}));
  auto read = read_results_file(file.path());
  ASSERT_FALSE(read.ok());
  EXPECT_TRUE(contains(read.error(), file.path() + ":2: engine index out of range")) << read.error();
}

TEST(ResultsFile, NoHeader) {
  const TempPath file;
  file.write("");
  auto empty = read_results_file(file.path());
  ASSERT_FALSE(empty.ok());
  EXPECT_TRUE(contains(empty.error(), "has no complete run header")) << empty.error();

  file.write(to_json_line(header_of()));  // cut before its newline
  auto cut = read_results_file(file.path());
  ASSERT_FALSE(cut.ok());
  EXPECT_TRUE(contains(cut.error(), "has no complete run header")) << cut.error();

  file.write(lines({to_json_line(game(0, 0, 1, Outcome::kDraw))}));
  auto game_first = read_results_file(file.path());
  ASSERT_FALSE(game_first.ok());
  EXPECT_TRUE(contains(game_first.error(), file.path() + ":1: the first line is not a run header"))
      << game_first.error();

  const TempPath missing;
  auto none = read_results_file(missing.path());
  ASSERT_FALSE(none.ok());
  EXPECT_TRUE(contains(none.error(), "cannot read")) << none.error();
}

TEST(ResultsWriter, CreatesWithHeaderAndAppends) {
  const TempPath file;
  const RunHeader h = header_of();
  const GameRecord g = full_record();
  {
    auto writer = ResultsWriter::open(file.path(), h, std::nullopt);
    ASSERT_TRUE(writer.ok()) << writer.error();
    EXPECT_EQ(file.read(), to_json_line(h) + "\n");
    ASSERT_TRUE(writer->append(g).ok());
  }
  EXPECT_EQ(file.read(), lines({to_json_line(h), to_json_line(g)}));
  auto read = read_results_file(file.path());
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->games.size(), 1u);
  EXPECT_EQ(read->games[0], g);
}

TEST(ResultsWriter, CreateRefusesAFileWithResults) {
  const TempPath file;
  const std::string before = lines({to_json_line(header_of()), to_json_line(game(0, 0, 1, Outcome::kDraw))});
  file.write(before);
  auto writer = ResultsWriter::open(file.path(), header_of(), std::nullopt);
  ASSERT_FALSE(writer.ok());
  EXPECT_TRUE(contains(writer.error(), "already holds results")) << writer.error();
  EXPECT_TRUE(contains(writer.error(), "--resume")) << writer.error();
  EXPECT_EQ(file.read(), before);

  // An empty file is not a run: it is taken.
  file.write("");
  auto taken = ResultsWriter::open(file.path(), header_of(), std::nullopt);
  ASSERT_TRUE(taken.ok()) << taken.error();
  EXPECT_EQ(file.read(), to_json_line(header_of()) + "\n");
}

TEST(ResultsWriter, ResumeCutsThePartialLineThenAppends) {
  const TempPath file;
  const RunHeader h = header_of();
  const GameRecord g0 = game(0, 0, 1, Outcome::kFirstWins);
  const GameRecord g1 = game(1, 1, 0, Outcome::kDraw);
  const std::string complete = lines({to_json_line(h), to_json_line(g0)});
  file.write(complete + to_json_line(g1).substr(0, 25));

  auto existing = read_results_file(file.path());
  ASSERT_TRUE(existing.ok()) << existing.error();
  ASSERT_TRUE(existing->partial_last_line);
  {
    auto writer = ResultsWriter::open(file.path(), h, existing->valid_bytes);
    ASSERT_TRUE(writer.ok()) << writer.error();
    EXPECT_EQ(file.read(), complete);
    ASSERT_TRUE(writer->append(g1).ok());
  }
  EXPECT_EQ(file.read(), complete + to_json_line(g1) + "\n");
  auto read = read_results_file(file.path());
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_FALSE(read->partial_last_line);
  ASSERT_EQ(read->games.size(), 2u);
  EXPECT_EQ(read->games[1], g1);
}

TEST(ResultsWriter, ResumeOfAMissingFileFails) {
  const TempPath file;
  auto writer = ResultsWriter::open(file.path(), header_of(), std::size_t{0});
  ASSERT_FALSE(writer.ok());
  EXPECT_TRUE(contains(writer.error(), "cannot open")) << writer.error();
}

TEST(ResultsWriter, MovedWriterKeepsWriting) {
  const TempPath file;
  auto opened = ResultsWriter::open(file.path(), header_of(), std::nullopt);
  ASSERT_TRUE(opened.ok());
  ResultsWriter writer = std::move(*opened);
  ASSERT_TRUE(writer.append(game(0, 0, 1, Outcome::kDraw)).ok());
  const TempPath other;
  auto second = ResultsWriter::open(other.path(), header_of(), std::nullopt);
  ASSERT_TRUE(second.ok());
  writer = std::move(*second);  // closes the first file
  ASSERT_TRUE(writer.append(game(5, 1, 0, Outcome::kDraw)).ok());
  auto first_file = read_results_file(file.path());
  auto second_file = read_results_file(other.path());
  ASSERT_TRUE(first_file.ok() && second_file.ok());
  ASSERT_EQ(first_file->games.size(), 1u);
  EXPECT_EQ(first_file->games[0].id, 0);
  ASSERT_EQ(second_file->games.size(), 1u);
  EXPECT_EQ(second_file->games[0].id, 5);
}

// ---------------------------------------------------------------- tallies

TEST(Tally, GamesBetweenFromEitherSide) {
  Tally tally(2);
  tally.add(game(0, 0, 1, Outcome::kFirstWins));   // 0 wins
  tally.add(game(1, 1, 0, Outcome::kFirstWins));   // 1 wins
  tally.add(game(2, 0, 1, Outcome::kDraw));
  tally.add(game(3, 1, 0, Outcome::kSecondWins));  // 0 wins
  tally.add(game(3, 1, 0, Outcome::kFirstWins));   // the same id again: ignored
  EXPECT_EQ(tally.size(), 4u);
  EXPECT_TRUE(tally.contains(3));
  EXPECT_FALSE(tally.contains(4));
  const GameCounts a = tally.games_between(0, 1);
  EXPECT_EQ(a.wins, 2);
  EXPECT_EQ(a.draws, 1);
  EXPECT_EQ(a.losses, 1);
  const GameCounts b = tally.games_between(1, 0);
  EXPECT_EQ(b.wins, 1);
  EXPECT_EQ(b.draws, 1);
  EXPECT_EQ(b.losses, 2);
}

TEST(Tally, PentanomialPairsWithDrawDraw) {
  Tally tally(2);
  // pair 0: engine 0 wins both (WW)
  tally.add(game(0, 0, 1, Outcome::kFirstWins));
  tally.add(game(1, 1, 0, Outcome::kSecondWins));
  // pair 1: two draws (DD)
  tally.add(game(2, 0, 1, Outcome::kDraw));
  tally.add(game(3, 1, 0, Outcome::kDraw));
  // pair 2: a win and a loss (WL)
  tally.add(game(4, 0, 1, Outcome::kFirstWins));
  tally.add(game(5, 1, 0, Outcome::kFirstWins));
  // pair 3: loses both (LL)
  tally.add(game(6, 0, 1, Outcome::kSecondWins));
  tally.add(game(7, 1, 0, Outcome::kFirstWins));
  // pair 4: a draw and a loss (LD)
  tally.add(game(8, 0, 1, Outcome::kDraw));
  tally.add(game(9, 1, 0, Outcome::kFirstWins));
  // pair 5: a win and a draw (WD)
  tally.add(game(10, 0, 1, Outcome::kFirstWins));
  tally.add(game(11, 1, 0, Outcome::kDraw));
  // pair 6: another DD
  tally.add(game(12, 0, 1, Outcome::kDraw));
  tally.add(game(13, 1, 0, Outcome::kDraw));

  const PairCounts a = tally.pairs_between(0, 1);
  EXPECT_EQ(a.bins, (std::array<long long, 5>{1, 1, 3, 1, 1}));
  EXPECT_EQ(a.draw_draw, 2);
  const PairCounts b = tally.pairs_between(1, 0);
  EXPECT_EQ(b.bins, (std::array<long long, 5>{1, 1, 3, 1, 1}));
  EXPECT_EQ(b.draw_draw, 2);

  Tally skewed(2);
  skewed.add(game(0, 0, 1, Outcome::kFirstWins));
  skewed.add(game(1, 1, 0, Outcome::kDraw));
  EXPECT_EQ(skewed.pairs_between(0, 1).bins, (std::array<long long, 5>{0, 0, 0, 1, 0}));
  EXPECT_EQ(skewed.pairs_between(1, 0).bins, (std::array<long long, 5>{0, 1, 0, 0, 0}));
  EXPECT_EQ(skewed.pairs_between(1, 0).draw_draw, 0);
}

TEST(Tally, PairsWithAMissingGameAreNotCounted) {
  Tally tally(2);
  tally.add(game(0, 0, 1, Outcome::kFirstWins));  // pair 0: second game missing
  tally.add(game(3, 1, 0, Outcome::kDraw));       // pair 1: first game missing
  tally.add(game(4, 0, 1, Outcome::kDraw));       // pair 2: complete
  tally.add(game(5, 1, 0, Outcome::kDraw));
  tally.add(game(7, 1, 0, Outcome::kSecondWins));  // pair 3: first game missing
  const PairCounts pairs = tally.pairs_between(0, 1);
  EXPECT_EQ(pairs.total(), 1);
  EXPECT_EQ(pairs.bins, (std::array<long long, 5>{0, 0, 1, 0, 0}));
  EXPECT_EQ(pairs.draw_draw, 1);
  EXPECT_EQ(tally.games_between(0, 1).total(), 5);

  // One game a pair: never a pair.
  Tally single(2);
  single.add(game(0, 0, 1, Outcome::kDraw, Termination::kNormal, 1));
  single.add(game(1, 1, 0, Outcome::kDraw, Termination::kNormal, 1));
  EXPECT_EQ(single.pairs_between(0, 1).total(), 0);
  EXPECT_EQ(single.games_between(0, 1).draws, 2);
}

TEST(Tally, ThreeEngines) {
  Tally tally(3);
  // pair 0: 0 vs 1, 0 wins both
  tally.add(game(0, 0, 1, Outcome::kFirstWins));
  tally.add(game(1, 1, 0, Outcome::kSecondWins));
  // pair 1: 0 vs 2, two draws
  tally.add(game(2, 0, 2, Outcome::kDraw));
  tally.add(game(3, 2, 0, Outcome::kDraw));
  // pair 2: 1 vs 2, 2 wins one, 1 wins one
  tally.add(game(4, 1, 2, Outcome::kSecondWins));
  tally.add(game(5, 2, 1, Outcome::kSecondWins));
  // pair 3: 0 vs 1, second game missing
  tally.add(game(6, 0, 1, Outcome::kSecondWins));

  const GameCounts zero = tally.games_of(0);
  EXPECT_EQ(zero.wins, 2);
  EXPECT_EQ(zero.draws, 2);
  EXPECT_EQ(zero.losses, 1);
  const GameCounts one = tally.games_of(1);
  EXPECT_EQ(one.wins, 2);
  EXPECT_EQ(one.draws, 0);
  EXPECT_EQ(one.losses, 3);
  const GameCounts two = tally.games_of(2);
  EXPECT_EQ(two.wins, 1);
  EXPECT_EQ(two.draws, 2);
  EXPECT_EQ(two.losses, 1);

  EXPECT_EQ(tally.pairs_of(0).bins, (std::array<long long, 5>{0, 0, 1, 0, 1}));
  EXPECT_EQ(tally.pairs_of(0).draw_draw, 1);
  EXPECT_EQ(tally.pairs_of(1).bins, (std::array<long long, 5>{1, 0, 1, 0, 0}));
  EXPECT_EQ(tally.pairs_of(1).draw_draw, 0);
  EXPECT_EQ(tally.pairs_of(2).bins, (std::array<long long, 5>{0, 0, 2, 0, 0}));
  EXPECT_EQ(tally.pairs_of(2).draw_draw, 1);
  EXPECT_EQ(tally.pairs_between(1, 2).bins, (std::array<long long, 5>{0, 0, 1, 0, 0}));
  EXPECT_EQ(tally.pairs_between(0, 2).bins, (std::array<long long, 5>{0, 0, 1, 0, 0}));
}

TEST(Tally, FailuresGoToTheLosingEngine) {
  Tally tally(3);
  tally.add(game(0, 0, 1, Outcome::kFirstWins, Termination::kTimeForfeit));   // 1 lost on time
  tally.add(game(1, 1, 0, Outcome::kFirstWins, Termination::kIllegalMove));   // 0 played an illegal move
  tally.add(game(2, 2, 1, Outcome::kSecondWins, Termination::kCrash));        // 2 crashed
  tally.add(game(3, 0, 2, Outcome::kSecondWins, Termination::kTimeForfeit));  // 0 lost on time
  tally.add(game(4, 2, 0, Outcome::kFirstWins, Termination::kTimeForfeit));   // 0 lost on time
  tally.add(game(5, 1, 2, Outcome::kFirstWins, Termination::kResign));        // not a failure
  tally.add(game(6, 1, 2, Outcome::kDraw, Termination::kAdjudicated));        // not a failure
  tally.add(game(7, 1, 2, Outcome::kSecondWins, Termination::kNormal));
  const auto failures = tally.failures();
  const std::map<std::pair<int, Termination>, long long> expected = {
      {{0, Termination::kTimeForfeit}, 2},
      {{0, Termination::kIllegalMove}, 1},
      {{1, Termination::kTimeForfeit}, 1},
      {{2, Termination::kCrash}, 1},
  };
  EXPECT_EQ(failures, expected);
}

TEST(Tally, FormatResultsMentionsFailures) {
  Tally tally(2);
  tally.add(game(0, 0, 1, Outcome::kFirstWins, Termination::kTimeForfeit));
  tally.add(game(1, 1, 0, Outcome::kFirstWins, Termination::kIllegalMove));
  tally.add(game(2, 0, 1, Outcome::kDraw));
  tally.add(game(3, 1, 0, Outcome::kDraw));
  const std::string text = format_results(tally, {"alpha", "beta"}, 2, std::nullopt);
  EXPECT_EQ(text.rfind("Results of alpha vs beta:\n", 0), 0u) << text;
  EXPECT_TRUE(contains(text, "Games: 4, Wins: 1, Losses: 1, Draws: 2")) << text;
  EXPECT_TRUE(contains(text, "Failures: alpha 1 illegal move, beta 1 time forfeit\n")) << text;

  Tally clean(2);
  clean.add(game(0, 0, 1, Outcome::kDraw));
  EXPECT_FALSE(contains(format_results(clean, {"alpha", "beta"}, 2, std::nullopt), "Failures"));
}

TEST(Tally, FormatResultsRanksThreeEngines) {
  Tally tally(3);
  tally.add(game(0, 0, 1, Outcome::kFirstWins));
  tally.add(game(1, 1, 0, Outcome::kSecondWins));
  tally.add(game(2, 0, 2, Outcome::kDraw, Termination::kNormal));
  tally.add(game(3, 2, 0, Outcome::kFirstWins, Termination::kCrash));
  const std::string text = format_results(tally, {"red", "green", "blue"}, 2, std::nullopt);
  EXPECT_FALSE(contains(text, "Results of")) << text;
  for (const char* name : {"red", "green", "blue"}) EXPECT_TRUE(contains(text, name)) << text;
  EXPECT_TRUE(contains(text, "Failures: red 1 crash\n")) << text;
}

}  // namespace
}  // namespace narabe::match
