#pragma once
// The engine's options (UCI `option` lines) and `setoption` parsing. Option names
// are matched without regard to case, as UCI asks, and so are the words of combo and
// check values (a file name keeps its case).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/expected.h"
#include "engine/core/level.h"
#include "engine/core/transposition_table.h"

namespace narabe::server {

// Gomoku's evaluation at Level max (the GomokuEval option): the trained values for
// the rules where they beat the hand-set weights in matches (auto: today all four),
// the trained values for every rule, or the hand-set weights.
enum class GomokuEvalMode { kAuto, kTrained, kHand };

struct EngineOptions {
  int hash_mb = 64;
  int threads = 1;
  core::Level level = core::Level::kMax;
  int multipv = 1;
  std::uint64_t seed = 0;  // 0: a new random seed for every game
  bool own_book = true;
  // Reversi's evaluation: the trained patterns from eval_file, or the simple one.
  bool pattern_eval = true;
  std::string eval_file = "reversi_eval.bin";
  bool probcut = true;  // Reversi's selective pruning (with the trained evaluation)
  // Reversi's opening book (used with OwnBook); empty: none. The shipped book,
  // reversi_book.bin, did not win its match against no book, so it is not the default.
  std::string book_file;
  GomokuEvalMode gomoku_eval = GomokuEvalMode::kAuto;
  std::string variant = "tictactoe";  // UCI_Variant: a name of variant_presets.h
  bool ponder = false;                // Ponder: `go ponder` and `ponderhit` are used
  std::int64_t move_overhead_ms = 10;  // Move Overhead: kept back from every clock budget
  bool show_wdl = false;              // UCI_ShowWDL: `wdl` in info lines
};

enum class OptionId {
  kHash, kThreads, kLevel, kMultiPv, kSeed, kOwnBook, kEvaluation, kEvalFile, kBookFile, kProbCut,
  kGomokuEval, kClearHash, kVariant, kPonder, kMoveOverhead, kShowWdl,
};

struct OptionChange {
  OptionId id;
  EngineOptions updated;  // the options with this one change applied
};

// The `option name ...` lines of the handshake, in UCI's grammar.
std::vector<std::string> option_lines();

// Parses the words after `setoption` against the current options; an unknown name or a
// value out of range is an error and changes nothing.
core::Expected<OptionChange> parse_setoption(std::string_view args, const EngineOptions& current);

// The most Threads accepts; a value above the machine's hardware threads is clamped
// to them (clamp_threads), and `uci` offers the hardware threads as the maximum.
inline constexpr unsigned kMaxThreads = 1024;
// std::thread::hardware_concurrency() within 1..kMaxThreads (0, unknown, counts as 1).
int hardware_threads();

// The Threads value kept for a request of `requested` on a machine with `hardware`
// threads (0: unknown, counted as 1), and what to tell the user about it.
struct ThreadsSetting {
  int threads;
  std::string note;
};
ThreadsSetting clamp_threads(int requested, unsigned hardware);

// The table at `options.hash_mb`, or the smallest one (and hash_mb set to 1) when
// that much memory cannot be had: the engine still starts, with what it has. Every
// command loop starts its table here.
core::TranspositionTable allocate_table(EngineOptions& options);

}  // namespace narabe::server
