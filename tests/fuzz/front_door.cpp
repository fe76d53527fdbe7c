// Fuzz target: the front door (protocol/server/server.h, serve): the first line that
// says anything chooses the native, NBoard or Gomocup loop, which then reads the
// rest from a pipe until quit or the end of the input, as the engine does on stdin.
// The fuzz build keeps assertions, so serve's own check of the position invariants
// after every command runs (server.cpp). Checked here: serve returns 0, every reply
// is one line (no line breaks or NULs inside), and an error reply of any loop is one
// printable line.
//
// Each input builds a whole loop (a 64 MiB table, the Reversi weights), so only its
// first lines are used, and lines that would start a search or a long job (go,
// hint, bench, perft, BEGIN, TURN, DONE) or touch memory or files (Hash, EvalFile,
// BookFile, max_memory) are left out: the loop targets cover those.

#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/server/line_reader.h"
#include "protocol/server/output_channel.h"
#include "protocol/server/server.h"
#include "protocol/server/tokens.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/loop_fuzz_support.h"

namespace narabe::fuzz {
namespace {

constexpr std::size_t kMaxLines = 12;

bool left_out(std::string_view line) {
  const std::vector<std::string_view> tokens = server::split_tokens(line);
  if (tokens.empty()) return false;
  static constexpr std::string_view kJobs[] = {"GO", "HINT", "BENCH", "PERFT", "BEGIN", "TURN", "DONE"};
  const std::string first = upper_ascii(tokens[0]);
  if (std::find(std::begin(kJobs), std::end(kJobs), first) != std::end(kJobs)) return true;
  const std::string all = upper_ascii(line);
  return all.find("HASH") != std::string::npos || all.find("EVALFILE") != std::string::npos ||
         all.find("BOOKFILE") != std::string::npos ||
         all.find("MAX_MEMORY") != std::string::npos;
}

bool is_error_reply(std::string_view line) {
  return line.starts_with("info string error") || line.starts_with("status error") || line.starts_with("ERROR") ||
         line.starts_with("UNKNOWN");
}

}  // namespace
}  // namespace narabe::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace narabe;
  std::string input;
  std::size_t kept = 0;
  for (std::string_view line : fuzz::lines_of(fuzz::as_text(data, size))) {
    if (kept == fuzz::kMaxLines) break;
    if (fuzz::left_out(line)) continue;
    input.append(line).push_back('\n');
    ++kept;
  }
  int fds[2];
  if (pipe(fds) != 0) fuzz::fail("pipe");
  // At most 4 KiB of input: it fits the pipe's buffer, so it is written before serve reads.
  if (write(fds[1], input.data(), input.size()) != static_cast<ssize_t>(input.size())) fuzz::fail("write");
  close(fds[1]);
  server::CapturedOutput out;
  int status = 0;
  {
    server::LineReader reader(fds[0]);
    status = server::serve(reader, out);
  }
  close(fds[0]);
  if (status != 0) fuzz::fail("serve did not return 0");
  for (const std::string& reply : out.take()) {
    if (reply.find_first_of(std::string_view("\n\r\0", 3)) != std::string::npos) fuzz::fail("a reply is not one line", reply);
    if (fuzz::is_error_reply(reply) && !fuzz::is_clean_reply(reply, 300)) fuzz::fail("an error is not printable", reply);
  }
  return 0;
}
