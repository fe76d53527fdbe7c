#pragma once
// What the fuzz targets of the command loops (native, Gomocup, NBoard) share: one
// loop per process, bounding the job a line started, and looking through replies.
//
// The loop lives as long as the process: a loop makes its hash table of the
// default 64 MiB and reads the Reversi weights when it is built, which would cost
// more than the input itself. Each target instead brings the loop back to its
// defaults with the protocol's own commands before every input, so an input still
// replays the same way on its own (only the hash table's and the search history's
// contents differ, which no check depends on).

#include <chrono>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "protocol/server/output_channel.h"

namespace narabe::fuzz {

// A job (search, perft, bench) may end by itself for a few milliseconds, so tiny
// limits are still seen finishing on their own; then `stop_line` ends it. Every input
// thus costs milliseconds, whatever limits it asks for.
// Returns whether it did.
template <class Loop>
bool job_ends_soon(const Loop& loop) {
  constexpr int kPolls = 3;
  for (int i = 0; i < kPolls && loop.searching(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return !loop.searching();
}

template <class Loop>
void end_job(Loop& loop, std::string_view stop_line) {
  if (!job_ends_soon(loop)) loop.handle_line(stop_line);
  loop.wait_idle();
}

// The loop of a target with its output, made once (and never destroyed: its search
// thread may not outlive the output at exit).
template <class Loop>
struct LoopWithOutput {
  server::CapturedOutput out;  // declared first: outlives the loop's search thread
  Loop loop{out};

  static LoopWithOutput& instance() {
    static auto* const made = new LoopWithOutput;
    return *made;
  }
};

inline int count_starting(const std::vector<std::string>& lines, std::string_view prefix) {
  int count = 0;
  for (const std::string& line : lines) count += line.starts_with(prefix) ? 1 : 0;
  return count;
}

// An error reply quotes what the sender wrote, cleaned (docs/protocol.md,
// "Transport"): one line of printable ASCII, the message cut at `max_message` bytes.
inline bool is_clean_reply(std::string_view line, std::size_t max_message) {
  if (line.size() > max_message + 40) return false;  // 40: room for the reply's own words
  for (char c : line)
    if (c < 0x20 || c > 0x7e) return false;
  return true;
}

// Command words compared without case (Gomocup's, option names).
inline std::string upper_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

// Whether `list` holds `word`.
inline bool contains(const std::vector<std::string>& list, std::string_view word) {
  for (const std::string& item : list)
    if (item == word) return true;
  return false;
}

}  // namespace narabe::fuzz
