// The Hash option caps the real engine's memory: after a search of every game at
// full strength (Connect Four's and Reversi's exact solvers, Gomoku's threat
// solver), the process's resident size stays within Hash plus the documented fixed
// overhead (docs/architecture.md, "Memory"). Linux only (it reads /proc); skipped
// under AddressSanitizer, whose shadow memory makes the resident size meaningless.

#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <string>

#include "tests/address_sanitizer.h"
#include "tests/integration/engine_driver.h"

namespace narabe::integration {
namespace {

// What the engine holds beyond its search tables (code, the Reversi weights, the
// Connect Four book, Gomoku's pattern tables, stacks): docs/architecture.md gives
// the measured figure; this is that with a wide margin.
constexpr long kFixedOverheadKiB = 64 * 1024;

// A field of /proc/<pid>/status in KiB ("VmRSS:   1234 kB"), nullopt if absent.
std::optional<long> status_kib(int pid, const std::string& field) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
  return std::nullopt;
}

// A running engine past its handshake; skipped where resident sizes mean nothing.
class MemoryLimitTest : public ::testing::Test {
 protected:
  void SetUp() override {
#if NARABE_ADDRESS_SANITIZER || !defined(__linux__)
    GTEST_SKIP() << "resident size is meaningless under AddressSanitizer, and needs /proc";
#else
    ASSERT_TRUE(engine.started());
    engine.send("uci");
    engine.read_through("uciok");
#endif
  }
  void set_hash(long mib) { engine.replies_to("setoption name Hash value " + std::to_string(mib)); }
  std::optional<long> status(const std::string& field) { return status_kib(engine.process().pid(), field); }

  EngineDriver engine;
};

TEST_F(MemoryLimitTest, ResidentSizeStaysWithinHashPlusTheFixedOverhead) {
  constexpr long kHashMiB = 48;
  set_hash(kHashMiB);
  const struct {
    const char* game;
    const char* position;
  } kSearches[] = {
      {"tictactoe", "position startpos"},
      {"connect4", "position startpos moves 4 4 3 5 3 3"},
      {"gomoku", "position startpos moves h8 h9 i9 g7 j10"},
      {"reversi", "position startpos moves f5 d6 c3 d3 c4 f4 f6 f3 e6 e7"},
  };
  for (const auto& s : kSearches) {
    SCOPED_TRACE(s.game);
    engine.replies_to(std::string("newgame ") + s.game);
    engine.replies_to(s.position);
    const SearchOutput out = engine.go("go nodes 100000");
    ASSERT_TRUE(out.best.has_value());
    const std::optional<long> rss = status("VmRSS");
    ASSERT_TRUE(rss);
    EXPECT_LE(*rss, kHashMiB * 1024 + kFixedOverheadKiB);
  }
}

// The peak, not only the resting size: growing Hash frees the old table before
// making the new one, and `newgame` drops the old game's tables before the new
// game takes its own, so neither holds two generations of tables at once.
TEST_F(MemoryLimitTest, PeakSizeStaysWithinHashAcrossResizesAndNewGames) {
  // Far above the 64 MiB the engine starts with, so that the old and the new table
  // together would exceed the bound.
  constexpr long kHashMiB = 256;
  set_hash(kHashMiB);
  for (int round = 0; round < 2; ++round) {
    engine.replies_to("newgame connect4");
    engine.replies_to("position startpos moves 4 4 3 5 3 3");
    ASSERT_TRUE(engine.go("go nodes 200000").best.has_value());
  }
  const std::optional<long> peak = status("VmHWM");
  ASSERT_TRUE(peak);
  EXPECT_LE(*peak, kHashMiB * 1024 + kFixedOverheadKiB);
}

}  // namespace
}  // namespace narabe::integration
