#pragma once
// What the user says about each engine on the command line, in the key=value
// style cutechess-cli and fastchess users know:
//
//   --engine cmd=./narabe name=max option.Level=max tc=10+0.1
//   --each proto=native timemargin=200
//
// `--each` gives defaults that every `--engine` may override. Parsing only;
// nothing here starts a process.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/expected.h"

namespace narabe::match {

enum class Protocol { kNative, kGtp, kGomocup };
std::string_view protocol_name(Protocol p);

// The limits of one engine's moves. Clock values are milliseconds.
struct Limits {
  std::optional<std::int64_t> base_ms;       // tc=base+inc, in seconds on the command line
  std::int64_t increment_ms = 0;
  std::optional<std::int64_t> movetime_ms;   // movetime=MS
  std::optional<int> depth;                  // depth=N
  std::optional<std::int64_t> nodes;         // nodes=N
  // A move that ends later than the clock (or the movetime) by more than this
  // loses on time: pipes and process scheduling cost a few milliseconds.
  std::int64_t margin_ms = 100;              // timemargin=MS
  bool any() const { return base_ms || movetime_ms || depth || nodes; }
  // Whether the search has a time limit of its own; the others are guarded by
  // the watchdog.
  bool timed() const { return base_ms || movetime_ms; }
};

struct EngineSpec {
  std::string name;
  std::vector<std::string> command;  // what is run: cmd_words, then arg_words
  std::vector<std::string> cmd_words;  // cmd="PROGRAM ARGS": a later cmd= replaces all of it
  std::vector<std::string> arg_words;  // args="A B": added after the program, whichever cmd= wins
  std::string working_directory;     // dir=
  Protocol protocol = Protocol::kNative;
  std::vector<std::pair<std::string, std::string>> options;  // option.NAME=VALUE, in order
  Limits limits;
};

// Applies `key=value` tokens to `spec`; later tokens override earlier ones (so
// --each tokens go first, then the engine's own). The error names the token.
core::Status apply_engine_tokens(const std::vector<std::string>& tokens, EngineSpec& spec);

// "10+0.1", "40/60+0.5" is not supported (movestogo): seconds with a decimal part.
core::Status parse_time_control(std::string_view text, Limits& limits);

// Checks a finished spec: a command, a name (defaults to the program's file
// name), and at least one limit.
core::Status finish_engine_spec(EngineSpec& spec);

// Splits a command string on spaces, honouring "double" and 'single' quotes.
core::Expected<std::vector<std::string>> split_command(std::string_view text);

}  // namespace narabe::match
