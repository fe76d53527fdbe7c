// The narabe binary fed input a GUI should never send: random bytes, NULs, a
// megabyte line, truncated and malformed commands, bad fens, illegal moves, a
// flood of commands during a search, Windows line endings. The engine must stay
// alive, answer every bad line with exactly one `info string error ...`, and
// keep its position (checked with the fen line of `d`), except after a rejected
// `position`, which leaves no position until a valid one comes.
//
// To count the replies to a line, it is followed by `isready`: everything read
// before `readyok` is the reply. Time-outs are failure guards only.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <optional>
#include <random>
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

// The position every test starts from: X in the centre, O in a corner, X to move.
constexpr std::string_view kPositionCommand = "position startpos moves b2 a1";
constexpr std::string_view kPositionFen = "3/1x1/o2 x";

bool is_error(std::string_view line) {
  return starts_with(line, "info string error ");
}

// EngineProcess::send_line refuses '\r' and '\n' inside a line (they would smuggle in
// a second command), so the tests that need raw bytes write them into the engine's
// stdin pipe themselves, opened a second time through /proc (Linux).
class RawInput {
 public:
  explicit RawInput(pid_t pid)
      : fd_(::open(("/proc/" + std::to_string(pid) + "/fd/0").c_str(), O_WRONLY | O_CLOEXEC)) {
    // A dead engine must fail the test, not kill it with SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
  }
  ~RawInput() { close(); }
  RawInput(const RawInput&) = delete;
  RawInput& operator=(const RawInput&) = delete;

  bool ok() const { return fd_ >= 0; }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  bool write(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
  }

 private:
  int fd_;
};

class HostileInputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(engine_.started());
    ASSERT_EQ(engine_.replies_to(kPositionCommand), std::vector<std::string>{});
    ASSERT_EQ(engine_.fen(), kPositionFen);
  }
  // Whatever a test sent, the engine is alive and quits normally (in the sanitizer
  // build a memory error or a leak would make the exit status non-zero).
  void TearDown() override {
    if (!engine_.started()) return;
    if (expect_alive_at_end_) {
      EXPECT_TRUE(engine_.process().is_alive()) << "the engine died";
    }
    engine_.expect_clean_exit();
  }

  // The reply to a line the engine must reject: exactly one error line (besides the
  // reports of a search that may be running).
  void expect_one_error(std::string_view line) {
    std::vector<std::string> replies = engine_.replies_to(line);
    std::erase_if(replies, [](const std::string& reply) {
      const std::optional<InfoLine> info = parse_info(reply);
      return info && info->string.empty();
    });
    EXPECT_EQ(replies.size(), 1u) << "for: " << printable(line) << "\n" << join(replies);
    for (const std::string& reply : replies)
      EXPECT_TRUE(is_error(reply)) << "for: " << printable(line) << "\n" << reply;
  }

  void expect_position_kept() { EXPECT_EQ(engine_.fen(), kPositionFen); }

  // After a rejected `position`: nothing to show or search until a valid one, which
  // this then sends, so that the next case starts from the test's position again.
  void expect_no_position_then_restore() {
    const std::vector<std::string> d = engine_.replies_to("d");
    ASSERT_EQ(d.size(), 1u) << join(d);
    EXPECT_TRUE(starts_with(d[0], "info string error no position")) << d[0];
    ASSERT_EQ(engine_.replies_to(kPositionCommand), std::vector<std::string>{});
    expect_position_kept();
  }

  // The engine still searches: a legal bestmove from the kept position.
  void expect_still_searches() {
    const std::optional<BestMove> best = engine_.go("go depth 3").best;
    ASSERT_TRUE(best.has_value());
    const std::set<std::string> legal = {"b1", "c1", "a2", "c2", "a3", "b3", "c3"};
    EXPECT_TRUE(legal.count(best->move)) << best->move;
  }

  // Reads a search at MultiPV 2 through its bestmove: no error on the way, and
  // reports of the second line among its info lines.
  void expect_two_line_search_without_errors() {
    const std::vector<std::string> lines = engine_.read_through("bestmove");
    bool second_line_seen = false;
    for (const std::string& line : lines) {
      EXPECT_FALSE(is_error(line)) << line;
      if (const auto info = parse_info(line)) second_line_seen |= info->multipv == 2;
    }
    EXPECT_TRUE(second_line_seen) << join(lines);
  }

  EngineDriver engine_;
  bool expect_alive_at_end_ = true;  // false in the tests that end the input themselves
};

// ---------------------------------------------------------------------------
// Bytes

// The command words the engine acts on; a random line starting with one of them
// would be a command, not garbage.
const std::set<std::string, std::less<>> kCommandWords = {
    "quit",     "isready", "uci",       "ugi",   "setoption", "newgame", "ucinewgame", "uginewgame",
    "position", "go",      "stop",      "d",     "legal",     "result",  "query",      "perft",
    "eval",     "bench",   "forbidden", "debug", "ponderhit", "register"};

// The first token as the engine splits it (spaces and tabs; one trailing '\r' dropped).
std::string_view engine_first_token(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const std::size_t begin = line.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  const std::size_t end = line.find_first_of(" \t", begin);
  return line.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
}

// A line of random bytes (anything but '\n': non-UTF-8, NUL, '\r', escapes...) that
// is neither blank nor a command.
std::string random_garbage_line(std::mt19937& rng) {
  std::uniform_int_distribution<int> length(1, 200);
  std::uniform_int_distribution<int> byte(0, 255);
  for (;;) {
    std::string line(static_cast<std::size_t>(length(rng)), '\0');
    for (char& c : line) {
      do c = static_cast<char>(byte(rng));
      while (c == '\n');
    }
    const std::string_view word = engine_first_token(line);
    if (!word.empty() && !kCommandWords.count(word)) return line;
  }
}

TEST_F(HostileInputTest, RandomByteLinesEachGetOneErrorAndChangeNothing) {
  RawInput raw(engine_.process().pid());
  ASSERT_TRUE(raw.ok()) << "cannot open the engine's stdin through /proc";
  std::mt19937 rng(20240601);
  constexpr int kLines = 500;
  std::string batch;
  for (int i = 0; i < kLines; ++i) batch += random_garbage_line(rng) + "\n";
  batch += "isready\n";
  ASSERT_TRUE(raw.write(batch));

  std::vector<std::string> replies = engine_.read_through("readyok");
  ASSERT_FALSE(replies.empty());
  replies.pop_back();
  EXPECT_EQ(replies.size(), static_cast<std::size_t>(kLines));
  for (const std::string& reply : replies) EXPECT_TRUE(is_error(reply)) << printable(reply);
  expect_position_kept();
  expect_still_searches();
}

TEST_F(HostileInputTest, NulBytesInsideLinesAreErrors) {
  using namespace std::string_literals;
  for (const std::string& line :
       {"\0"s, "isready\0"s, "\0isready"s, "d\0"s, "go depth 3\0"s, "go depth\0 3"s, "perft\0 2"s,
        "newgame tictactoe\0"s, "setoption name Level value easy\0"s, "query gameover\0"s,
        std::string(1000, '\0'), "position startpos moves c3\0"s, "position startpos moves c3\0 c2"s}) {
    expect_one_error(line);
  }
  expect_no_position_then_restore();  // the rejected position lines
  // The rejected Level kept its old value: a max-level search reports depths.
  engine_.send("go depth 2");
  const std::vector<std::string> lines = engine_.read_through("bestmove");
  for (const std::string& line : lines) EXPECT_FALSE(starts_with(line, "info string")) << line;
}

TEST_F(HostileInputTest, OneMegabyteLineIsOneErrorAndTheEngineGoesOn) {
  // What a command looks like at first, so that a reader cutting the line would act.
  std::string huge = "position startpos moves c3";
  huge.resize(std::size_t{1} << 20, ' ');
  huge += "c2";
  const std::vector<std::string> replies = engine_.replies_to(huge);
  ASSERT_EQ(replies.size(), 1u) << join(replies);
  EXPECT_TRUE(is_error(replies[0])) << replies[0];
  EXPECT_NE(replies[0].find("too long"), std::string::npos) << replies[0];
  expect_position_kept();
  expect_still_searches();
}

TEST_F(HostileInputTest, ManyLongLinesInARowAreEachOneError) {
  const std::string long_line(200'000, 'z');
  for (int i = 0; i < 5; ++i) engine_.send(long_line);
  const std::vector<std::string> replies = engine_.sync();
  ASSERT_EQ(replies.size(), 5u) << join(replies);
  for (const std::string& reply : replies) EXPECT_TRUE(is_error(reply)) << reply;
  expect_position_kept();
}

// ---------------------------------------------------------------------------
// Commands

TEST_F(HostileInputTest, UnknownAndTruncatedCommandsAreOneErrorEach) {
  for (const char* line :
       {// unknown; command words are case-sensitive
        "hello", "UCI", "Isready", "QUIT", "position2", "-", "\x1b[A", "\t\x01",
        // position
        "position", "position fen", "position fen 3/3/3", "position sideways",
        "position startpos b2", "position startpos move b2", "position fen 3/3/3 x b2",
        // go
        "go depth", "go depth x", "go depth -3", "go depth 3.5",
        "go depth 99999999999999999999", "go nodes -1", "go nodes", "go movetime",
        "go movetime soon", "go wtime abc", "go btime", "go movestogo 0", "go sideways 10",
        "go depth 3 depth", "go infinite depth",
        // setoption
        "setoption", "setoption name", "setoption Hash value 8", "setoption name Hash",
        "setoption name Hash value", "setoption name Hash value abc",
        "setoption name Hash value 999999", "setoption name Hash value 0",
        "setoption name Hash value 12abc", "setoption name Threads value 1025",
        "setoption name MultiPV value 0", "setoption name MultiPV value 33",
        "setoption name Seed value -1", "setoption name Level value impossible",
        "setoption name Level value", "setoption name OwnBook value maybe",
        "setoption name NoSuchOption value 1", "setoption name value 3",
        // newgame
        "newgame", "newgame chess", "newgame tictactoe size", "newgame tictactoe size 4",
        "newgame TicTacToe",
        // perft
        "perft", "perft -1", "perft 0", "perft x", "perft 1 2", "perft 65",
        // query
        "query", "query weather", "query gameover now"}) {
    expect_one_error(line);
  }
  expect_no_position_then_restore();  // the malformed position lines
  // The rejected options kept their values: a plain max-level search with one line.
  engine_.send("go depth 3");
  for (const std::string& line : engine_.read_through("bestmove")) {
    if (starts_with(line, "bestmove")) continue;
    const std::optional<InfoLine> info = parse_info(line);
    ASSERT_TRUE(info.has_value()) << line;
    EXPECT_TRUE(info->string.empty()) << line;
    EXPECT_EQ(info->multipv.value_or(1), 1) << line;
  }
}

TEST_F(HostileInputTest, BlankLinesAreIgnored) {
  for (const char* line : {"", " ", "\t", "  \t  "})
    EXPECT_EQ(engine_.replies_to(line), std::vector<std::string>{}) << printable(line);
  expect_position_kept();
}

TEST_F(HostileInputTest, MalformedFensAreRejectedAndLeaveNoPosition) {
  for (const char* fen : {
           "3/3 x",                       // two rows
           "3/3/3/3 x",                   // four rows
           "3/3/3/ x",                    // a trailing separator
           "/3/3 x",                      // an empty row
           "3//3 x",                      // an empty row
           "4/3/3 x",                     // a row too long
           "xxxx/3/3 x",                  // a row too long
           "3x/3/3 x",                    // a row too long
           "2/3/3 x",                     // a row too short
           "0/3/3 x",                     // a run of zero cells
           "99999999999999999999/3/3 x",  // a run that overflows
           "-1/3/3 x",                    // a sign
           "3/q2/3 x",                    // an unknown piece
           "3/X2/3 x",                    // pieces are lowercase
           "3/\x01\x02\x03/3 x",          // control characters
           "3/3/3 z",                     // an unknown side to move
           "3/3/3 X",                     // sides are lowercase
           "3/3/3 xo",                    // two sides to move
           "xx1/3/3 x",                   // X two stones ahead
           "3/3/3 o",                     // O to move before X has played
           "xo1/3/3 o",                   // equal stones, but O to move
           "oo1/3/3 x",                   // O ahead of X
           "xxx/ooo/x2 o",                // both sides have a line
           "xxx/ooo/3 x",                 // both sides have a line, with counts that fit
       }) {
    SCOPED_TRACE(fen);
    expect_one_error(std::string("position fen ") + fen);
    expect_one_error(std::string("position fen ") + fen + " moves c3");
  }
  expect_no_position_then_restore();
}

TEST_F(HostileInputTest, WellFormedFensAreAccepted) {
  // The counterparts of the malformed ones: the same parser accepts these.
  for (const char* fen : {"3/3/3 x", "x2/3/3 o", "xo1/3/3 x", "xxx/oo1/3 o", "xx1/oo1/3 x"}) {
    EXPECT_EQ(engine_.replies_to(std::string("position fen ") + fen), std::vector<std::string>{})
        << fen;
    EXPECT_EQ(engine_.fen(), fen);
  }
}

struct IllegalMoveCase {
  const char* moves;
  const char* bad_move;
  int index;  // 1-based, in the move list
};

TEST_F(HostileInputTest, IllegalMoveRejectsTheWholeListAndNamesMoveAndIndex) {
  for (const IllegalMoveCase& c : {
           IllegalMoveCase{"b2 b2", "b2", 2},              // occupied
           IllegalMoveCase{"a1 b1 a2 a1", "a1", 4},        // occupied, later
           IllegalMoveCase{"c3 d4", "d4", 2},              // off the board
           IllegalMoveCase{"a0", "a0", 1},                 // off the board
           IllegalMoveCase{"B2 b2", "b2", 2},              // either case names the same cell
           IllegalMoveCase{"b2 a1 c3 pass", "pass", 4},    // no passing in tic-tac-toe
           IllegalMoveCase{"a1 a2 b1 b2 c1 c2", "c2", 6},  // the game ended at move 5
           IllegalMoveCase{"a1 a2 b1 b2 c1 c2 c3", "c2", 6},
       }) {
    const std::string line = std::string("position startpos moves ") + c.moves;
    SCOPED_TRACE(line);
    const std::vector<std::string> replies = engine_.replies_to(line);
    ASSERT_EQ(replies.size(), 1u) << join(replies);
    EXPECT_TRUE(is_error(replies[0])) << replies[0];
    // The move as a word and its index as a number, whatever the wording around them.
    std::set<std::string> words;
    for (std::size_t i = 0; i < replies[0].size();) {
      const std::size_t begin = replies[0].find_first_of(
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", i);
      if (begin == std::string::npos) break;
      const std::size_t end = replies[0].find_first_not_of(
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", begin);
      words.insert(replies[0].substr(begin, end - begin));
      i = end == std::string::npos ? replies[0].size() : end;
    }
    EXPECT_TRUE(words.count(c.bad_move)) << replies[0];
    EXPECT_TRUE(words.count(std::to_string(c.index))) << replies[0];
    expect_no_position_then_restore();
  }
  // From a fen too.
  expect_one_error("position fen 3/1x1/3 o moves a1 a1");
  expect_no_position_then_restore();
}

TEST_F(HostileInputTest, CommandsThatWaitDuringInfiniteSearchRunInOrderAfterStop) {
  engine_.send("go infinite");
  for (const char* line : {"setoption name Seed value 3", "go depth 3", "perft 2", "setoption name Hash value 16",
                           "newgame tictactoe", "ucinewgame", "uginewgame"})
    engine_.send(line);
  // Heard at once, with nothing from the waiting commands before it.
  for (const std::string& line : engine_.sync()) EXPECT_TRUE(starts_with(line, "info depth")) << line;
  engine_.send("stop");
  const std::vector<std::string> stopped = engine_.read_through("bestmove");
  ASSERT_FALSE(stopped.empty());
  EXPECT_TRUE(parse_bestmove(stopped.back()).has_value()) << stopped.back();
  // Then, in order: the search of the test's position, perft, the new game.
  const std::vector<std::string> second = engine_.read_through("bestmove");
  ASSERT_FALSE(second.empty());
  const std::set<std::string> legal = {"b1", "c1", "a2", "c2", "a3", "b3", "c3"};
  EXPECT_TRUE(legal.count(parse_bestmove(second.back())->move)) << second.back();
  for (const std::string& line : second) EXPECT_FALSE(is_error(line)) << line;
  const std::vector<std::string> perft = engine_.read_through("nodes");
  ASSERT_FALSE(perft.empty());
  EXPECT_EQ(perft.back(), "nodes 42");
  // isready does not wait for queued commands; a search queued behind them does.
  ASSERT_TRUE(engine_.go("go depth 1").best.has_value());
  EXPECT_EQ(engine_.fen(), "3/3/3 x");
}

TEST_F(HostileInputTest, CommandFloodDuringSearchStillEndsWithOneBestMoveEach) {
  // No line here changes the position; the waiting ones (setoption, go, perft,
  // newgame) are queued with every line after them and run after the stop.
  const std::vector<std::string> good = {"isready",      "d",    "legal",    "result",
                                         "query gameover", "query p1turn", "query result", "eval",
                                         "debug on",     "setoption name Seed value 3", "go depth 3", "perft 2"};
  const std::vector<std::string> bad = {"hello",
                                        "go depth x",
                                        "setoption name Hash value x",
                                        "query weather",
                                        "newgame chess",
                                        std::string("\xff\xfe\x80 bytes"),
                                        std::string(3000, '#')};
  std::mt19937 rng(77);
  std::uniform_int_distribution<std::size_t> pick_good(0, good.size() - 1);
  std::uniform_int_distribution<std::size_t> pick_bad(0, bad.size() - 1);

  engine_.send("go infinite");
  std::size_t bad_sent = 0;
  std::size_t searches = 1;  // the infinite one
  for (int i = 0; i < 600; ++i) {
    if (rng() % 2 == 0) {
      const std::string& line = good[pick_good(rng)];
      if (line == "go depth 3") ++searches;
      engine_.send(line);
    } else {
      engine_.send(bad[pick_bad(rng)]);
      ++bad_sent;
    }
  }
  engine_.send("stop");
  // This search runs after everything sent before it: its bestmove is the last.
  engine_.send("go depth 1");
  ++searches;

  std::vector<std::string> lines;
  for (std::size_t bestmoves = 0; bestmoves < searches; ++bestmoves) {
    const std::vector<std::string> part = engine_.read_through("bestmove");
    ASSERT_FALSE(part.empty());
    lines.insert(lines.end(), part.begin(), part.end());
  }
  std::size_t errors = 0;
  for (const std::string& line : lines)
    if (is_error(line)) ++errors;
  EXPECT_EQ(errors, bad_sent);
  // No late bestmove or error after the last one.
  EXPECT_EQ(engine_.sync(), std::vector<std::string>{});
  EXPECT_TRUE(engine_.process().is_alive());
  expect_position_kept();
  expect_still_searches();
}

TEST_F(HostileInputTest, PositionSentDuringInfiniteSearchDoesNotChangeTheSearchedPosition) {
  // Only c1 is free: the search has a single legal answer.
  ASSERT_EQ(engine_.replies_to("position fen xox/xoo/ox1 x"), std::vector<std::string>{});
  engine_.send("go infinite");
  engine_.send("position startpos");  // accepted or refused, it must not reach the search
  engine_.send("stop");
  const std::vector<std::string> lines = engine_.read_through("bestmove");
  ASSERT_FALSE(lines.empty());
  const std::optional<BestMove> best = parse_bestmove(lines.back());
  ASSERT_TRUE(best.has_value());
  EXPECT_EQ(best->move, "c1");
  EXPECT_EQ(engine_.sync(), std::vector<std::string>{});
}

TEST_F(HostileInputTest, StopAndIsReadyFloodWhileIdleIsHarmless) {
  for (int i = 0; i < 200; ++i) engine_.send(i % 2 == 0 ? "stop" : "isready");
  for (int i = 0; i < 100; ++i) {
    const std::vector<std::string> lines = engine_.read_through("readyok");
    ASSERT_EQ(lines.size(), 1u) << join(lines);
  }
  EXPECT_EQ(engine_.sync(), std::vector<std::string>{});
  expect_position_kept();
}

// ---------------------------------------------------------------------------
// Spacing and line endings

TEST_F(HostileInputTest, WindowsLineEndingsWork) {
  RawInput raw(engine_.process().pid());
  ASSERT_TRUE(raw.ok()) << "cannot open the engine's stdin through /proc";
  ASSERT_TRUE(raw.write("isready\r\n"));
  EXPECT_EQ(engine_.read_through("readyok"), std::vector<std::string>{"readyok"});

  // A '\r' left on the last move would make it illegal.
  ASSERT_TRUE(raw.write("position startpos moves b2 a1 c3\r\nisready\r\n"));
  EXPECT_EQ(engine_.read_through("readyok"), std::vector<std::string>{"readyok"});
  EXPECT_EQ(engine_.fen(), "2x/1x1/o2 o");

  ASSERT_TRUE(raw.write("uci\r\n"));
  EXPECT_FALSE(engine_.read_through("uciok").empty());
  ASSERT_TRUE(raw.write("setoption name MultiPV value 2\r\ngo depth 2\r\n"));
  expect_two_line_search_without_errors();
  EXPECT_EQ(engine_.sync(), std::vector<std::string>{});
}

TEST_F(HostileInputTest, TabsAndRepeatedSpacesSeparateTokens) {
  engine_.send("  isready  ");
  EXPECT_EQ(engine_.read_through("readyok"), std::vector<std::string>{"readyok"});
  EXPECT_EQ(engine_.replies_to("position\tstartpos \t moves  b2\t\ta1   c3\t"),
            std::vector<std::string>{});
  EXPECT_EQ(engine_.fen(), "2x/1x1/o2 o");
  EXPECT_EQ(engine_.replies_to("\tposition   fen \t3/1x1/o2\t x "), std::vector<std::string>{});
  EXPECT_EQ(engine_.fen(), kPositionFen);
  EXPECT_EQ(engine_.replies_to("query \t p1turn"), std::vector<std::string>{"response true"});
  EXPECT_EQ(engine_.replies_to("setoption\tname\tMultiPV\tvalue\t2"), std::vector<std::string>{});

  engine_.send("go \t depth\t 2 ");
  expect_two_line_search_without_errors();
}

TEST_F(HostileInputTest, LastLineWithoutNewlineIsReadAtEndOfInput) {
  RawInput raw(engine_.process().pid());
  ASSERT_TRUE(raw.ok()) << "cannot open the engine's stdin through /proc";
  expect_alive_at_end_ = false;
  ASSERT_TRUE(raw.write("legal"));  // no '\n'
  // End of input needs every writer gone: ours and the client's.
  raw.close();
  engine_.process().close_input();
  const std::vector<std::string> lines = engine_.read_through("legal");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "legal b1 c1 a2 c2 a3 b3 c3");
  engine_.expect_exit_zero();
}

}  // namespace
}  // namespace narabe::client
