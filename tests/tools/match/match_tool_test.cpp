// narabe-match run as a process, as a user runs it: against narabe-fake-engine's
// failures (each recorded with its cause, the game to the other side), killed
// with SIGKILL and resumed, split into shards and merged, stopped by the SPRT,
// and fed bad command lines.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kMatch = NARABE_MATCH_PATH;
const std::string kFake = NARABE_FAKE_ENGINE_PATH;
const std::string kEngine = NARABE_ENGINE_PATH;

struct ToolRun {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class MatchToolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("narabe_match_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs narabe-match with `args` (each one argument, no shell), waits for it.
  ToolRun run(const std::vector<std::string>& args) {
    const pid_t pid = spawn(args);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ToolRun result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.output = read_file(dir_ / "output.txt");
    return result;
  }

  pid_t spawn(const std::vector<std::string>& args) {
    const std::string output = (dir_ / "output.txt").string();
    const pid_t pid = ::fork();
    if (pid == 0) {
      std::freopen(output.c_str(), "w", stdout);
      ::dup2(::fileno(stdout), 2);
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(kMatch.c_str()));
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::execv(kMatch.c_str(), argv.data());
      ::_exit(127);
    }
    return pid;
  }

  // The game lines of a results file, parsed.
  std::vector<json> games_in(const fs::path& path) {
    std::vector<json> games;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
      const json j = json::parse(line, nullptr, false);
      if (!j.is_discarded() && j.value("type", "") == "game") games.push_back(j);
    }
    return games;
  }

  json merged(const std::vector<std::string>& files) {
    std::vector<std::string> args = {"merge", "--json"};
    args.insert(args.end(), files.begin(), files.end());
    const ToolRun r = run(args);
    EXPECT_EQ(r.exit_code, 0) << r.output;
    return json::parse(r.output, nullptr, false);
  }

  std::string out(const std::string& name) const { return (dir_ / name).string(); }

  // A tic-tac-toe match of a misbehaving fake (engine 0) against a well-behaved one.
  std::vector<std::string> fake_match(const std::string& bad_flags, const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"--game", "tictactoe",
                                     "--engine", "cmd=" + kFake, "args=" + bad_flags, "name=bad",
                                     "--engine", "cmd=" + kFake, "args=--random 7", "name=good",
                                     "--openings", "plies=1", "--seed", "5", "--ratinginterval", "0",
                                     "--handshake-timeout", "1", "--watchdog", "1"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }

  fs::path dir_;
};

// Every game of `file` that ended by a failure of "bad": its termination and reason.
std::vector<json> failures_of_bad(const std::vector<json>& games) {
  std::vector<json> failures;
  for (const json& g : games) {
    if (g["termination"] == "normal" || g["termination"] == "adjudication") continue;
    const bool bad_first = g["first"]["name"] == "bad";
    EXPECT_EQ(g["result"], bad_first ? "0-1" : "1-0") << g.dump();  // the other side wins
    failures.push_back(g);
  }
  return failures;
}

TEST_F(MatchToolTest, CrashWithoutRecoverStopsCleanlyWithTheGamesSoFar) {
  const ToolRun r = run(fake_match("--crash-after 2", {"--each", "depth=1", "--rounds", "5", "--out", out("r.jsonl")}));
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("crash"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("--resume"), std::string::npos) << r.output;
  const auto games = games_in(out("r.jsonl"));
  ASSERT_EQ(games.size(), 1u);
  const auto failures = failures_of_bad(games);
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0]["termination"], "crash");
  EXPECT_NE(failures[0]["reason"].get<std::string>().find("exited with code 3"), std::string::npos);
}

TEST_F(MatchToolTest, CrashWithRecoverRestartsTheEngineAndPlaysEveryGame) {
  const ToolRun r = run(fake_match("--crash-after 2", {"--each", "depth=1", "--rounds", "3", "--recover", "--out",
                                                       out("r.jsonl")}));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const auto games = games_in(out("r.jsonl"));
  EXPECT_EQ(games.size(), 6u);
  const auto failures = failures_of_bad(games);
  EXPECT_GE(failures.size(), 1u);
  for (const json& f : failures) EXPECT_EQ(f["termination"], "crash");
  EXPECT_NE(r.output.find("Failures: bad"), std::string::npos) << r.output;
}

TEST_F(MatchToolTest, NoReadyokAfterNewgameIsAStall) {
  // The first isready (the tool's check before the run) is answered, the next is not.
  const ToolRun r = run(fake_match("--readyok-count 1", {"--each", "depth=1", "--rounds", "1", "--recover", "--out",
                                                         out("r.jsonl")}));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const auto failures = failures_of_bad(games_in(out("r.jsonl")));
  ASSERT_FALSE(failures.empty());
  EXPECT_EQ(failures[0]["termination"], "stall");
  EXPECT_NE(failures[0]["reason"].get<std::string>().find("readyok"), std::string::npos);
}

TEST_F(MatchToolTest, AnEngineThatNeverAnswersTheHandshakeIsRefusedBeforeTheRun) {
  const ToolRun r = run(fake_match("--no-readyok", {"--each", "depth=1", "--out", out("r.jsonl")}));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("engine 'bad'"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("stall"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out("r.jsonl")));
}

TEST_F(MatchToolTest, ALateMoveUnderMovetimeLosesOnTime) {
  const ToolRun r = run(fake_match("--late-ms 400 --late-after 1",
                                   {"--each", "movetime=50", "timemargin=50", "--rounds", "1", "--out", out("r.jsonl")}));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const auto failures = failures_of_bad(games_in(out("r.jsonl")));
  ASSERT_EQ(failures.size(), 2u);
  for (const json& f : failures) EXPECT_EQ(f["termination"], "time forfeit");
}

TEST_F(MatchToolTest, RunningOutOfTheClockLosesOnTime) {
  // 0.3 s for the game: the fake's 150 ms moves exhaust it on its third move.
  const ToolRun r = run(fake_match("--late-ms 150", {"--each", "tc=0.3+0", "timemargin=20", "--rounds", "1",
                                                     "--games", "1", "--out", out("r.jsonl")}));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const auto failures = failures_of_bad(games_in(out("r.jsonl")));
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0]["termination"], "time forfeit");
}

TEST_F(MatchToolTest, AnIllegalMoveIsCaughtByTheReferee) {
  const ToolRun r = run(fake_match("--illegal-after 1", {"--each", "depth=1", "--rounds", "1", "--recover", "--out",
                                                         out("r.jsonl")}));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const auto failures = failures_of_bad(games_in(out("r.jsonl")));
  ASSERT_FALSE(failures.empty());
  EXPECT_EQ(failures[0]["termination"], "illegal move");
  EXPECT_NE(failures[0]["reason"].get<std::string>().find("occupied"), std::string::npos)
      << failures[0]["reason"];
}

TEST_F(MatchToolTest, AnUnparsableMoveIsAnIllegalMove) {
  const ToolRun r = run(fake_match("--garbage-after 0", {"--each", "depth=1", "--rounds", "1", "--recover", "--out",
                                                         out("r.jsonl")}));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const auto failures = failures_of_bad(games_in(out("r.jsonl")));
  ASSERT_FALSE(failures.empty());
  EXPECT_EQ(failures[0]["termination"], "illegal move");
}

TEST_F(MatchToolTest, ABestmoveThatNeverComesUnderADepthLimitTripsTheWatchdog) {
  const ToolRun r = run(fake_match("--no-bestmove-after 0 --ignore-stop",
                                   {"--each", "depth=3", "--rounds", "1", "--games", "1", "--recover", "--out",
                                    out("r.jsonl")}));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const auto failures = failures_of_bad(games_in(out("r.jsonl")));
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0]["termination"], "watchdog");
}

TEST_F(MatchToolTest, AHungEngineIsKilledAndWithoutRecoverTheRunStops) {
  const ToolRun r = run(fake_match("--hang-after 1", {"--each", "movetime=50", "--rounds", "3", "--out",
                                                      out("r.jsonl")}));
  EXPECT_EQ(r.exit_code, 3) << r.output;
  const auto failures = failures_of_bad(games_in(out("r.jsonl")));
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0]["termination"], "time forfeit");
}

TEST_F(MatchToolTest, KilledWithSigkillAndResumedGivesTheSameCountsAsOneRun) {
  const std::vector<std::string> common = {
      "--game", "tictactoe", "--engine", "cmd=" + kFake, "args=--random 1 --late-ms 3", "name=a",
      "--engine", "cmd=" + kFake, "args=--random 2 --late-ms 3", "name=b", "--each", "depth=1",
      "--rounds", "40", "--openings", "plies=3", "--seed", "9", "--concurrency", "2", "--ratinginterval", "0"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = common;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  ASSERT_EQ(run(with({"--out", out("whole.jsonl")})).exit_code, 0);

  const pid_t pid = spawn(with({"--out", out("killed.jsonl")}));
  // Kill it once some games are saved, in the middle of the run.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (games_in(out("killed.jsonl")).size() < 10 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  const std::size_t saved = games_in(out("killed.jsonl")).size();
  ASSERT_GE(saved, 10u);
  ASSERT_LT(saved, 80u);

  const ToolRun resumed = run(with({"--out", out("killed.jsonl"), "--resume"}));
  EXPECT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_NE(resumed.output.find("resuming after"), std::string::npos) << resumed.output;
  EXPECT_EQ(games_in(out("killed.jsonl")).size(), 80u);

  const json whole = merged({out("whole.jsonl")});
  const json again = merged({out("killed.jsonl")});
  for (const char* key : {"games", "wins", "draws", "losses", "pentanomial"}) EXPECT_EQ(whole[key], again[key]) << key;
  // The same openings, game by game.
  std::map<long long, json> openings;
  for (const json& g : games_in(out("whole.jsonl"))) openings[g["id"]] = g["opening"];
  for (const json& g : games_in(out("killed.jsonl"))) EXPECT_EQ(openings[g["id"]], g["opening"]) << g["id"];
}

TEST_F(MatchToolTest, ShardsMergedGiveTheCountsOfTheWholeRun) {
  const std::vector<std::string> common = {
      "--game", "tictactoe", "--engine", "cmd=" + kFake, "args=--random 3", "name=a",
      "--engine", "cmd=" + kFake, "args=--random 4", "name=b", "--engine", "cmd=" + kFake, "args=--random 5",
      "name=c", "--each", "depth=1", "--rounds", "6", "--openings", "plies=2", "--seed", "2", "--ratinginterval",
      "0"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = common;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  ASSERT_EQ(run(with({"--out", out("whole.jsonl")})).exit_code, 0);
  std::vector<std::string> shards;
  std::size_t shard_games = 0;
  for (int k = 1; k <= 3; ++k) {
    shards.push_back(out("shard" + std::to_string(k) + ".jsonl"));
    ASSERT_EQ(run(with({"--shard", std::to_string(k) + "/3", "--out", shards.back()})).exit_code, 0);
    shard_games += games_in(shards.back()).size();
  }
  EXPECT_EQ(shard_games, 36u);  // 3 encounters x 6 rounds x 2 games, each played once
  const ToolRun whole = run({"merge", out("whole.jsonl")});
  std::vector<std::string> merge_args = {"merge"};
  merge_args.insert(merge_args.end(), shards.begin(), shards.end());
  const ToolRun parts = run(merge_args);
  ASSERT_EQ(parts.exit_code, 0) << parts.output;
  // The ranking tables (everything after the first line) are the same.
  EXPECT_EQ(whole.output.substr(whole.output.find('\n')), parts.output.substr(parts.output.find('\n')));

  // A file of another run is refused.
  ASSERT_EQ(run({"--game", "tictactoe", "--engine", "cmd=" + kFake, "--engine", "cmd=" + kFake, "args=--random 1",
                 "name=other", "--each", "depth=1", "--out", out("other.jsonl")})
                .exit_code,
            0);
  const ToolRun mixed = run({"merge", shards[0], out("other.jsonl")});
  EXPECT_EQ(mixed.exit_code, 1);
  EXPECT_NE(mixed.output.find("another run"), std::string::npos) << mixed.output;
}

TEST_F(MatchToolTest, MergeRunsCombinesSeparateRunsOfOneMatchKeepingTheirPairsApart) {
  auto match = [&](const std::string& seed, const std::string& second_name, const std::string& file) {
    return run({"--game", "tictactoe", "--engine", "cmd=" + kFake, "args=--random 3", "name=a", "--engine",
                "cmd=" + kFake, "args=--random 4", "name=" + second_name, "--each", "depth=1", "--rounds", "5",
                "--games", "2", "--openings", "plies=2", "--seed", seed, "--ratinginterval", "0", "--out",
                out(file)});
  };
  ASSERT_EQ(match("1", "b", "s1.jsonl").exit_code, 0);
  ASSERT_EQ(match("2", "b", "s2.jsonl").exit_code, 0);
  ASSERT_EQ(match("3", "c", "other.jsonl").exit_code, 0);
  const json one = merged({out("s1.jsonl")});
  const json two = merged({out("s2.jsonl")});

  // Without --runs a second seed is another run, refused as before.
  const ToolRun refused = run({"merge", out("s1.jsonl"), out("s2.jsonl")});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.output.find("another run (seed 1 vs 2)"), std::string::npos) << refused.output;

  // With it both runs count, their game and pair numbers apart (both start at 0):
  // every count, and each pentanomial bin, is the sum of the two runs'.
  const json both = merged({"--runs", out("s1.jsonl"), out("s2.jsonl")});
  EXPECT_EQ(both["runs"], 2);
  EXPECT_EQ(both["games"], 20);
  for (const char* key : {"games", "wins", "draws", "losses"})
    EXPECT_EQ(both[key].get<int>(), one[key].get<int>() + two[key].get<int>()) << key;
  for (std::size_t bin = 0; bin < 5; ++bin)
    EXPECT_EQ(both["pentanomial"][bin].get<int>(), one["pentanomial"][bin].get<int>() + two["pentanomial"][bin].get<int>());
  // The same run given twice is still one run.
  EXPECT_EQ(merged({"--runs", out("s1.jsonl"), out("s1.jsonl")})["runs"], 1);

  // --depths adds each engine's mean depth and nodes a move over the plies asked.
  const json depths = merged({"--runs", "--depths", "3:9", out("s1.jsonl"), out("s2.jsonl")});
  ASSERT_EQ(depths["depths"].size(), 2U) << depths.dump();
  EXPECT_EQ(depths["depths"][0]["engine"], "a");
  EXPECT_EQ(depths["depths"][1]["engine"], "b");
  EXPECT_GT(depths["depths"][0]["moves"].get<int>(), 20);
  EXPECT_EQ(run({"merge", "--depths", "9:3", out("s1.jsonl")}).exit_code, 2);

  // Another match (other engines) is refused even with --runs.
  const ToolRun other = run({"merge", "--runs", out("s1.jsonl"), out("other.jsonl")});
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_NE(other.output.find("another match (engines a,b vs a,c)"), std::string::npos) << other.output;
}

TEST_F(MatchToolTest, TheSprtStopsTheRunOnceItDecides) {
  const ToolRun r = run({"--game", "tictactoe", "--engine", "cmd=" + kEngine, "name=max", "option.Level=max",
                         "--engine", "cmd=" + kFake, "args=--random 11", "name=random", "--each", "depth=9",
                         "--rounds", "2000", "--seed", "1", "--sprt", "elo0=0", "elo1=100",
                         "--out", out("r.jsonl"), "--ratinginterval", "0"});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("SPRT: H1 accepted"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("LLR: "), std::string::npos) << r.output;
  EXPECT_LT(games_in(out("r.jsonl")).size(), 200u);
}

TEST_F(MatchToolTest, NarabeAgainstGtpRhinoAtReversi) {
  // Debian's grhino (tools/setup.sh installs it) speaks GTP; it ignores GTP's
  // time settings, so its games run under a dummy limit and the watchdog.
  const std::string rhino = "/usr/games/gtp-rhino";
  if (!fs::exists(rhino)) GTEST_SKIP() << rhino << " is missing: run tools/setup.sh";
  const ToolRun r = run({"--game", "reversi", "--engine", "cmd=" + kEngine, "name=narabe", "option.Level=normal",
                         "depth=2", "--engine", "cmd=" + rhino, "args=--level 1", "proto=gtp", "name=rhino",
                         "depth=1", "--rounds", "2", "--openings", "plies=2", "--seed", "3", "--watchdog", "60",
                         "--out", out("r.jsonl"), "--ratinginterval", "0"});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const auto games = games_in(out("r.jsonl"));
  ASSERT_EQ(games.size(), 4u) << r.output;
  for (const json& g : games) {
    EXPECT_EQ(g["termination"], "normal") << g.dump();
    // Played to the end by the rules: the shortest Reversi game (a wipe-out) has
    // 9 plies, 2 of them the opening's.
    EXPECT_GE(g["moves"].size(), 7u) << g.dump();
  }
}

TEST_F(MatchToolTest, NarabeAgainstItselfThroughGomocup) {
  // narabe's Gomocup front door (protocol/server/gomocup_loop.h) behind
  // narabe-match's Gomocup adapter: START, INFO, BOARD ... DONE every move, END.
  // The time margin is wide so that a loaded machine (or the sanitizer build) can
  // never turn a slow move into a time forfeit: the test is about the conversation.
  const ToolRun r = run({"--game", "gomoku", "size", "9", "--engine", "cmd=" + kEngine, "proto=gomocup", "name=a",
                         "--engine", "cmd=" + kEngine, "proto=gomocup", "name=b", "--each", "movetime=60",
                         "timemargin=60000", "--rounds", "1", "--seed", "5", "--out", out("r.jsonl"),
                         "--ratinginterval", "0"});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const auto games = games_in(out("r.jsonl"));
  ASSERT_EQ(games.size(), 2u) << r.output;
  for (const json& g : games) {
    EXPECT_EQ(g["termination"], "normal") << g.dump();
    EXPECT_GE(g["moves"].size(), 9u) << g.dump();  // the shortest win takes 9 stones
  }
}

TEST_F(MatchToolTest, BadCommandLinesAreRefusedWithAReasonAndTouchNothing) {
  const std::string engine = "cmd=" + kFake;
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{"--bogus"}, "unrecognised option"},
      {{"--engine", engine, "--engine", engine, "--each", "depth=1"}, "--game is required"},
      {{"--game", "chess", "--engine", engine, "--engine", engine}, "unknown game 'chess'"},
      {{"--game", "connect4", "width", "99", "--engine", engine, "--engine", engine}, "width"},
      {{"--game", "tictactoe", "--engine", engine, "--each", "depth=1"}, "at least two --engine"},
      {{"--game", "tictactoe", "--engine", engine, "name=x", "--engine", engine, "--each", "tc=abc"}, "tc"},
      {{"--game", "tictactoe", "--engine", engine, "--engine", engine, "name=b"}, "has no limit"},
      {{"--game", "tictactoe", "--engine", engine, "--engine", engine, "--each", "depth=1"}, "two engines are named"},
      {{"--game", "tictactoe", "--engine", "name=a", "--engine", engine, "--each", "depth=1"}, "cmd="},
      {{"--game", "tictactoe", "--engine", engine, "foo", "--engine", engine, "name=b", "--each", "depth=1"},
       "not key=value"},
      {{"--game", "tictactoe", "--engine", engine, "--engine", engine, "name=b", "--each", "depth=1", "--shard",
        "3/2"},
       "shard"},
      {{"--game", "tictactoe", "--engine", engine, "--engine", engine, "name=b", "--each", "depth=1", "--resume"},
       "--resume needs --out"},
      {{"--game", "tictactoe", "--engine", engine, "--engine", engine, "name=b", "--each", "depth=1", "--sprt",
        "elo0=5", "elo1=0"},
       "elo0 < elo1"},
      {{"--game", "tictactoe", "--engine", engine, "--engine", engine, "name=b", "--each", "depth=1", "--openings",
        "file=" + out("missing.txt")},
       "cannot read openings file"},
      {{"--game", "tictactoe", "--engine", engine, "--engine", engine, "name=b", "--each", "depth=1", "--rounds",
        "100", "--openings", "plies=2"},
       "distinct openings"},
  };
  for (const Case& c : cases) {
    const ToolRun r = run(c.args);
    EXPECT_NE(r.exit_code, 0) << c.says;
    EXPECT_NE(r.output.find(c.says), std::string::npos) << "expected '" << c.says << "' in:\n" << r.output;
  }

  // An existing results file is never overwritten without --resume.
  { std::ofstream(out("kept.jsonl")) << "precious\n"; }
  const ToolRun r = run({"--game", "tictactoe", "--engine", engine, "--engine", engine, "name=b", "--each",
                         "depth=1", "--out", out("kept.jsonl")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("--resume"), std::string::npos) << r.output;
  EXPECT_EQ(read_file(out("kept.jsonl")), "precious\n");
  // ... and a resume with other settings than the file's run is refused.
  ASSERT_EQ(run({"--game", "tictactoe", "--engine", engine, "--engine", engine, "name=b", "--each", "depth=1",
                 "--rounds", "2", "--seed", "3", "--out", out("run.jsonl")})
                .exit_code,
            0);
  const std::string before = read_file(out("run.jsonl"));
  const ToolRun other = run({"--game", "tictactoe", "--engine", engine, "--engine", engine, "name=b", "--each",
                             "depth=1", "--rounds", "5", "--out", out("run.jsonl"), "--resume"});
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_NE(other.output.find("rounds 2 vs 5"), std::string::npos) << other.output;
  EXPECT_EQ(read_file(out("run.jsonl")), before);
}

}  // namespace
