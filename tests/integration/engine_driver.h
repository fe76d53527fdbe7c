#pragma once
// The integration tests' side of the conversation with the narabe binary: one
// engine process (the one at NARABE_ENGINE_PATH) started through
// protocol/client, and the line-level requests the tests make of it. Failures
// are reported through GoogleTest, so a test reads as a list of exchanges.
//
// Time-outs are failure guards only (the machine is shared and the sanitizer
// build is slow); nothing here measures how long anything takes.

#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol/client/engine_messages.h"
#include "protocol/client/engine_process.h"
#include "tests/support/text.h"

namespace narabe::integration {

inline constexpr std::chrono::milliseconds kReplyTimeout{10'000};

// Lines for a failure message, one an indented line.
inline std::string join(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += "  " + line + "\n";
  return text;
}

// A Gomocup point "x,y" on a board of `size`; nullopt for anything else.
inline std::optional<std::pair<int, int>> gomocup_point(std::string_view text, int size) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  try {
    std::size_t used = 0;
    const int x = std::stoi(std::string(text.substr(0, comma)), &used);
    if (used != comma) return std::nullopt;
    const std::string rest(text.substr(comma + 1));
    const int y = std::stoi(rest, &used);
    if (used != rest.size() || x < 0 || y < 0 || x >= size || y >= size) return std::nullopt;
    return std::make_pair(x, y);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

using test_text::starts_with;

// A line made printable for failure messages.
inline std::string printable(std::string_view bytes, std::size_t max_length = 120) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const char c : bytes.substr(0, max_length)) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 32 && u < 127) {
      out += c;
    } else {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    }
  }
  if (bytes.size() > max_length) out += "...(" + std::to_string(bytes.size()) + " bytes)";
  return out;
}

// What a search printed, up to and including its bestmove.
struct SearchOutput {
  std::vector<std::string> infos;        // `info` lines, in order
  std::vector<std::string> others;       // anything else before the bestmove
  std::optional<client::BestMove> best;  // nullopt when no bestmove came
};

// One engine process and the line-level conversation with it.
class EngineDriver {
 public:
  // The engine at `path` (another name of narabe, like pbrain-narabe, works too).
  explicit EngineDriver(const std::string& path = NARABE_ENGINE_PATH) {
    std::string error;
    process_ = client::EngineProcess::start({path}, &error);
    if (!process_) ADD_FAILURE() << "cannot start " << path << ": " << error;
  }

  bool started() const { return process_ != nullptr; }
  client::EngineProcess& process() { return *process_; }

  void send(std::string_view line) {
    EXPECT_TRUE(process_->send_line(line))
        << "the engine no longer reads its input: " << printable(line);
  }

  // The lines up to and including the first whose first token is `token`.
  std::vector<std::string> read_through(std::string_view token) {
    std::vector<std::string> lines;
    const client::ReadResult last = process_->wait_for_line_status(token, kReplyTimeout, &lines);
    if (last.status == client::ReadStatus::kLine) {
      lines.push_back(last.line);
    } else {
      ADD_FAILURE() << "no '" << token << "' line arrived (engine alive: " << process_->is_alive()
                    << "); read so far:\n"
                    << join(lines);
    }
    return lines;
  }

  // Everything up to the end of the engine's output (it exited).
  std::vector<std::string> read_to_end() {
    using namespace std::chrono_literals;
    std::vector<std::string> lines;
    const auto deadline = std::chrono::steady_clock::now() + kReplyTimeout;
    while (std::chrono::steady_clock::now() < deadline) {
      client::ReadResult r = process_->read_line_status(100ms);
      if (r.status == client::ReadStatus::kLine) lines.push_back(std::move(r.line));
      if (r.status == client::ReadStatus::kClosed || r.status == client::ReadStatus::kError)
        return lines;
    }
    ADD_FAILURE() << "the engine's output did not end; read so far:\n" << join(lines);
    return lines;
  }

  // Sends isready and returns what came before readyok: since commands are handled
  // in order, these are the complete replies to everything sent before.
  std::vector<std::string> sync() {
    send("isready");
    std::vector<std::string> lines = read_through("readyok");
    if (!lines.empty()) lines.pop_back();
    return lines;
  }

  std::vector<std::string> replies_to(std::string_view line) {
    send(line);
    return sync();
  }

  // Sends a `go ...` line (or `stop`) and reads through its bestmove.
  SearchOutput go(std::string_view line) {
    send(line);
    SearchOutput out;
    for (const std::string& reply : read_through("bestmove")) {
      if (client::first_token(reply) == "info") {
        out.infos.push_back(reply);
      } else if (client::first_token(reply) == "bestmove") {
        out.best = client::parse_bestmove(reply);
        EXPECT_TRUE(out.best.has_value()) << "malformed: " << reply;
      } else {
        out.others.push_back(reply);
      }
    }
    return out;
  }

  // The fen line of `d`, without the word "fen".
  std::string fen() {
    for (const std::string& line : replies_to("d"))
      if (starts_with(line, "fen ")) return line.substr(4);
    ADD_FAILURE() << "d printed no fen line";
    return {};
  }

  // Sets the position and checks that the engine accepted it (no reply at all).
  void set_position(std::string_view command) {
    EXPECT_EQ(replies_to(command), std::vector<std::string>{}) << command;
  }

  // The moves of `legal`, in the engine's order.
  std::vector<std::string> legal_moves() {
    const std::vector<std::string> lines = replies_to("legal");
    if (lines.size() != 1 || client::first_token(lines[0]) != "legal") {
      ADD_FAILURE() << "unexpected reply to legal:\n" << join(lines);
      return {};
    }
    std::vector<std::string> moves;
    for (std::string_view token : client::split_tokens(lines[0])) moves.emplace_back(token);
    moves.erase(moves.begin());
    return moves;
  }

  // The process ends by itself (after quit or the end of its input) with status 0:
  // in the sanitizer build a memory error or a leak would make it non-zero.
  void expect_exit_zero() {
    ASSERT_TRUE(process_->wait_exit(kReplyTimeout)) << "the engine did not exit";
    EXPECT_EQ(process_->exit_status(), std::optional<int>(0));
  }

  // quit (unless it has already exited), then expect_exit_zero.
  void expect_clean_exit() {
    if (process_->is_alive()) process_->send_line("quit");
    expect_exit_zero();
  }

 private:
  std::unique_ptr<client::EngineProcess> process_;
};

}  // namespace narabe::integration
