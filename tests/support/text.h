#pragma once
// Text helpers the tests share for reading what an engine or a tool wrote: its lines
// and their words. One copy, so that suites built together (CMake's unity build of the
// test targets) see one definition.

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace narabe::test_text {

inline bool starts_with(std::string_view text, std::string_view prefix) { return text.starts_with(prefix); }

inline bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// The lines, each ended by a newline: one text for a failure message or a search.
inline std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

// The words of `line`, split on white space.
inline std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  std::istringstream in{std::string(line)};
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

}  // namespace narabe::test_text
