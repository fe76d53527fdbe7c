#pragma once
// The Gomocup loop: the Gomoku AI protocol of Piskvork and the Gomocup tournament
// (Petr Lastovicka's "new protocol"), with the Yixin-Board extensions; the third
// front door of the engine, chosen when the first line is a Gomocup command
// (server.cpp). A text adapter over the same EngineHost as the native loop: it plays
// Gomoku and Renju at Level max (docs/protocol.md, "Gomocup").
//
// Coordinates are "X,Y", zero-based from the top-left corner: X is the file (a = 0),
// Y the row counted from the top, so Y = 0 is narabe's highest rank.
//
// A line it cannot use gets one `ERROR <reason>` and changes nothing (a bad TURN
// keeps the board), except a rejected BOARD, after which there is no board to play
// on until a valid BOARD, START or RESTART; a command it does not know gets `UNKNOWN <reason>`. Problems
// with an INFO line are told in a `MESSAGE` just before the reply to the next
// command, because managers do not read replies to INFO.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/side.h"
#include "engine/search/limits.h"
#include "protocol/common/gomocup_notation.h"
#include "protocol/server/engine_host.h"
#include "protocol/server/output_channel.h"
#include "protocol/server/session.h"

namespace narabe::server {

// Gomocup's coordinates (protocol/common/gomocup_notation.h), shared with narabe-match.
using protocol::cell_to_gomocup_point;
using protocol::gomocup_point_to_cell;
using protocol::GomocupPoint;
using protocol::parse_gomocup_point;

// The narabe rule for `INFO rule <bits>`: 4 (renju) or 2 (renju, as Yixin-Board and
// Rapfi read it; Piskvork's "continuous game" is not supported) -> renju; else 1
// (exactly five) -> standard; else freestyle. `ignored` gets the bits that name
// something narabe does not play (8 = caro, anything above 15).
std::string_view gomocup_rule(std::int64_t bits, std::int64_t& ignored);

// What the manager said about time and effort (INFO), all times in milliseconds.
struct GomocupLimits {
  std::optional<std::int64_t> timeout_turn;   // 0: play as fast as possible
  std::int64_t timeout_match = 0;             // 0: no limit for the match
  std::optional<std::int64_t> time_left;      // 2147483647: unlimited
  std::optional<std::uint64_t> max_node;      // Yixin-Board
  std::optional<int> max_depth;               // Yixin-Board
  // The engine's own thinking time in this game (from START or RESTART): the match
  // clock when the manager gives timeout_match but never time_left.
  std::int64_t match_spent = 0;
};

// The search limits of one move under `limits` for `side_to_move`, when the command
// that asks for the move has already taken `spent_ms` since its line was read (the
// formula is in docs/protocol.md, "Gomocup", and next to the constants in
// gomocup_loop.cpp).
search::SearchLimits plan_gomocup_search(const GomocupLimits& limits, core::Side side_to_move,
                                         std::int64_t spent_ms = 0);

class GomocupLoop {
 public:
  static constexpr int kMinSize = 5;
  static constexpr int kMaxSize = 22;

  explicit GomocupLoop(OutputChannel& out);

  // Handles one input line; false after END.
  bool handle_line(std::string_view line);
  // A line longer than the reader accepts: an error (inside BOARD it spoils the board).
  void handle_overlong_line(std::size_t length);
  // End of input: like END.
  void finish();
  // Waits for the running search to end by itself, and for the lines queued behind it.
  void wait_idle() { host_.wait_idle(); }
  // Runs the lines that waited for a search that has ended (see NativeLoop::resume).
  void resume() { host_.resume(); }
  // Called on the search thread whenever a search ends.
  void set_on_idle(std::function<void()> on_idle) { host_.set_on_idle(std::move(on_idle)); }

  // For tests and the debug builds' invariant check. null before the first START.
  const Session* session() const { return size_ != 0 ? &host_.session() : nullptr; }
  const std::vector<std::string>& moves() const { return moves_; }
  bool searching() const { return host_.busy(); }
  GomocupLimits limits() const;
  std::string_view rule() const { return rule_; }
  int thread_num() const { return thread_num_; }
  bool ended() const;

 private:
  using Tokens = std::vector<std::string_view>;

  // One `X,Y,field` line of BOARD / YXBOARD.
  struct BoardStone {
    GomocupPoint point;
    int field = 0;
  };
  struct BoardInput {
    bool think = false;  // BOARD asks for a move, YXBOARD does not
    std::vector<BoardStone> stones;
    std::string error;   // the first bad line; the board is refused at DONE
    int line_count = 0;
  };

  // One command (or one line of a BOARD), now, as read at `read`; false after END.
  bool execute(std::string_view line, DeferredLines::Clock::time_point read);
  // Whether a command runs during a search; every other one waits for the search.
  static bool runs_during_search(std::string_view command);
  void reply(std::string line);
  void error(std::string_view message);
  void message(std::string_view text);
  // Settings that must wait until no search runs (the rule and the table size) are
  // applied here, by every command that uses the board, after the search ended.
  void settle();
  bool need_board();
  // need_board, and a board to play on: false (and an ERROR) after a rejected BOARD.
  bool need_position();
  // A BOARD or YXBOARD that cannot be played: an ERROR, and no board until a valid one.
  void refuse_board(std::string_view name, std::string_view reason);

  void cmd_start(std::string_view args);
  void cmd_rectstart(std::string_view args);
  void cmd_restart();
  void cmd_begin();
  void cmd_turn(std::string_view args);
  void cmd_play(std::string_view args);
  void cmd_takeback(std::string_view args);
  void cmd_info(const Tokens& tokens);
  void cmd_about();
  void cmd_yxstop();
  void cmd_yxshowforbid();
  void board_line(std::string_view line);
  void board_done();

  // A new empty game of `size` under rule_; false (and an ERROR) when impossible.
  bool new_game(int size);
  // The position after `moves` from the empty board; any error leaves everything as it was.
  core::Status set_moves(std::vector<std::string> moves);
  // A point of the board for a command; nullopt (and an ERROR naming `command`) when
  // the text is not one.
  std::optional<GomocupPoint> board_point(std::string_view command, std::string_view text);
  // Plays `point` as the next move of the game; false (and an ERROR naming `command`,
  // the board kept) when it is not legal.
  bool play_move(std::string_view command, GomocupPoint point);
  void start_search();
  // A new game's match clock (START, RESTART): none of its time is spent yet.
  void new_match_clock();

  OutputChannel& out_;
  int size_ = 0;  // 0 before START
  std::string rule_ = "freestyle";
  std::vector<std::string> moves_;  // the game in play order, black first (cell names)
  std::optional<BoardInput> board_input_;  // between BOARD and DONE

  // Applied by settle().
  std::optional<std::string> pending_rule_;
  std::optional<std::size_t> pending_hash_mb_;
  std::vector<std::string> pending_messages_;  // written before the next reply
  int thread_num_ = 1;                         // INFO thread_num: the search's threads (at most the machine's)

  // When the line of the command being handled was read: the manager's turn clock
  // runs from about then, so the search's budget counts from it (BOARD: its first
  // line).
  std::chrono::steady_clock::time_point command_read_ = std::chrono::steady_clock::now();

  mutable std::mutex mutex_;  // guards limits_ and ended_ against the search thread
  GomocupLimits limits_;
  bool ended_ = false;  // after END nothing more is written
  // Last: its search thread, whose job uses the members above, is joined first.
  EngineHost host_;
};

}  // namespace narabe::server
