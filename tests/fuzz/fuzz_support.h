#pragma once
// What every fuzz target shares: the input as text and as lines, and the one way a
// target reports a broken invariant (a message, then abort, which libFuzzer and
// the corpus replayer both turn into a failure that names the input).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/expected.h"

namespace narabe::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The input cut at '\n' (a last line without one counts), as a protocol reader
// would deliver it; a trailing '\r' is kept, since a loop must cope with it too.
inline std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

[[noreturn]] inline void fail(std::string_view what, std::string_view detail = {}) {
  std::fprintf(stderr, "fuzz: %.*s%s%.*s\n", static_cast<int>(what.size()), what.data(), detail.empty() ? "" : ": ",
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

inline void require(const core::Status& status, std::string_view what) {
  if (!status) fail(what, status.error());
}

}  // namespace narabe::fuzz
