#pragma once
// Splitting a protocol line into words, for every command loop (native, NBoard).

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

}  // namespace narabe::server
