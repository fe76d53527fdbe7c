#pragma once
// Splitting a protocol line into words, for every command loop (native, NBoard,
// Gomocup).

#include <string>
#include <string_view>
#include <vector>

namespace narabe::server {

// The words of `line`, split on runs of spaces and tabs; views into `line`.
inline std::vector<std::string_view> split_tokens(std::string_view line) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    if (j > i) tokens.push_back(line.substr(i, j - i));
    i = j;
  }
  return tokens;
}

// The rest of `line` after its first `count` words, without the spaces before it.
inline std::string_view after_tokens(std::string_view line, int count) {
  std::size_t i = 0;
  for (int k = 0; k < count; ++k) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
  }
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return line.substr(i);
}

// `text` with the ASCII capitals made lowercase (moves and option words are
// accepted in either case).
inline std::string lowercase_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace narabe::server
