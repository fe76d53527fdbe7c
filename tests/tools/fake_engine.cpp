// narabe-fake-engine: a small, deterministic, deliberately misbehaving engine for
// testing the tools that drive engines over stdin/stdout (narabe-match above all).
// It knows the rules (narabe_engine) but does not search: it answers the first
// legal move in the game's generation order, or a seeded random one (--random;
// reseeded at start and at every new game, so reruns repeat). Flags make it crash,
// hang, answer late, answer illegal or unparsable moves, withhold readyok or
// bestmove, or linger on quit. `narabe-fake-engine --help` lists them.
//
// Protocols: native (docs/protocol.md: uci, isready, setoption, newgame,
// ucinewgame, position, go, stop, quit), GTP and Gomocup (both tic-tac-toe only,
// board size 3; GTP black and Gomocup's first mover are x).
//
// Move requests (go, genmove, BEGIN/TURN/BOARD..DONE) are counted from 0 over the
// whole process; the flags with N act on request number N (the (N+1)-th). When
// several apply to one request: crash, then hang, then no-bestmove (native only),
// then illegal, then garbage. --late-ms delays the move reply (in native the
// bestmove, after its info line). Exit codes: 0 on quit/END/end of input, 3 for a
// crash, 2 for bad flags.
//
// Single-threaded on purpose: every reply is written and flushed at once, and
// the only waiting is a sleep (--late-ms, --exit-on-quit-delay) or a poll of
// stdin (the info lines of --no-bestmove-after, one every 100 ms).

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/game_concept.h"
#include "engine/games/registry.h"

namespace {

using narabe::core::Side;
using narabe::core::VariantArgs;
using narabe::games::TicTacToe;

constexpr std::string_view kUsage =
    "usage: narabe-fake-engine [flags]\n"
    "  --proto native|gtp|gomocup  protocol (default native)\n"
    "  --name NAME                 engine name (default fake)\n"
    "  --random SEED               seeded random legal moves (reseeded at every new game)\n"
    "  --crash-after N             exit(3) instead of answering move request N+1\n"
    "  --crash-on-start            exit(3) right after reading the first line\n"
    "  --hang-after N              at move request N+1 go silent until end of input\n"
    "  --no-readyok                never answer isready\n"
    "  --readyok-count N           answer only the first N isready (a stall later on)\n"
    "  --late-ms MS                sleep MS before each move reply\n"
    "  --late-after N              ... only from move request N+1 on (default 0)\n"
    "  --illegal-after N           move N+1 is illegal (occupied cell / full column, else "
    "off-board)\n"
    "  --garbage-after N           move N+1 is the unparsable '?\?\?!'\n"
    "  --no-bestmove-after N       from go N+1 on: info lines, bestmove only after stop (native)\n"
    "  --ignore-stop               with --no-bestmove-after: not even after stop\n"
    "  --exit-on-quit-delay MS     sleep MS before exiting on quit / end of input\n"
    "  --log FILE                  append every received line to FILE\n"
    "  --help                      this text\n";

constexpr std::uint64_t kMaxMs =
    3'600'000;                        // an hour: keeps every sleep well inside chrono's range
constexpr int kInfoIntervalMs = 100;  // --no-bestmove-after: one info line this often
constexpr std::string_view kGarbage = "?\?\?!";  // "???!" (escaped: no trigraph)

struct Flags {
  enum class Proto { kNative, kGtp, kGomocup } proto = Proto::kNative;
  std::string name = "fake";
  std::optional<std::uint64_t> random_seed;
  std::optional<std::uint64_t> crash_after, hang_after, illegal_after, garbage_after,
      no_bestmove_after, readyok_count;
  bool crash_on_start = false, no_readyok = false, ignore_stop = false;
  std::uint64_t late_ms = 0, late_after = 0, quit_delay_ms = 0;
  std::string log_path;
};

[[noreturn]] void bad_flags(const std::string& message) {
  std::fprintf(stderr, "narabe-fake-engine: %s\n%.*s", message.c_str(),
               static_cast<int>(kUsage.size()), kUsage.data());
  std::exit(2);
}

std::uint64_t parse_number(std::string_view flag, std::string_view text, std::uint64_t max) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value > max)
    bad_flags(std::string(flag) + " needs a whole number from 0 to " + std::to_string(max) +
              ", not '" + std::string(text) + "'");
  return value;
}

Flags parse_flags(int argc, char** argv) {
  Flags f;
  constexpr std::uint64_t kMaxCount = std::uint64_t{1} << 62;
  for (int i = 1; i < argc; ++i) {
    std::string_view flag = argv[i];
    std::optional<std::string_view> inline_value;  // --flag=value
    if (const auto eq = flag.find('='); flag.starts_with("--") && eq != std::string_view::npos) {
      inline_value = flag.substr(eq + 1);
      flag = flag.substr(0, eq);
    }
    auto value = [&]() -> std::string_view {
      if (inline_value) return *inline_value;
      if (i + 1 >= argc) bad_flags(std::string(flag) + " needs a value");
      return argv[++i];
    };
    auto count = [&] { return parse_number(flag, value(), kMaxCount); };
    auto switch_flag = [&](bool& target) {
      if (inline_value) bad_flags(std::string(flag) + " takes no value");
      target = true;
    };
    if (flag == "--help") {
      std::fwrite(kUsage.data(), 1, kUsage.size(), stdout);
      std::exit(0);
    } else if (flag == "--proto") {
      const std::string_view p = value();
      if (p == "native")
        f.proto = Flags::Proto::kNative;
      else if (p == "gtp")
        f.proto = Flags::Proto::kGtp;
      else if (p == "gomocup")
        f.proto = Flags::Proto::kGomocup;
      else
        bad_flags("--proto is native, gtp or gomocup, not '" + std::string(p) + "'");
    } else if (flag == "--name") {
      f.name = value();
      if (f.name.empty() || f.name.find_first_of("\r\n") != std::string::npos)
        bad_flags("--name needs a one-line name");
    } else if (flag == "--random") {
      f.random_seed = parse_number(flag, value(), UINT64_MAX);
    } else if (flag == "--crash-after") {
      f.crash_after = count();
    } else if (flag == "--crash-on-start") {
      switch_flag(f.crash_on_start);
    } else if (flag == "--hang-after") {
      f.hang_after = count();
    } else if (flag == "--no-readyok") {
      switch_flag(f.no_readyok);
    } else if (flag == "--readyok-count") {
      f.readyok_count = count();
    } else if (flag == "--late-ms") {
      f.late_ms = parse_number(flag, value(), kMaxMs);
    } else if (flag == "--late-after") {
      f.late_after = count();
    } else if (flag == "--illegal-after") {
      f.illegal_after = count();
    } else if (flag == "--garbage-after") {
      f.garbage_after = count();
    } else if (flag == "--no-bestmove-after") {
      f.no_bestmove_after = count();
    } else if (flag == "--ignore-stop") {
      switch_flag(f.ignore_stop);
    } else if (flag == "--exit-on-quit-delay") {
      f.quit_delay_ms = parse_number(flag, value(), kMaxMs);
    } else if (flag == "--log") {
      f.log_path = value();
      if (f.log_path.empty()) bad_flags("--log needs a file name");
    } else {
      bad_flags("unknown flag '" + std::string(argv[i]) + "'");
    }
  }
  return f;
}

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) tokens.push_back(line.substr(start, i - start));
  }
  return tokens;
}

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// ---------------------------------------------------------------------------------
// A position of any registered game, behind a small interface, in move notation.

class Board {
 public:
  virtual ~Board() = default;
  virtual std::unique_ptr<Board> clone() const = 0;
  virtual void reset() = 0;                                                // the start position
  virtual std::optional<std::string> set_fen(const std::string& fen) = 0;  // error or nothing
  virtual std::optional<std::string> play(std::string_view move) = 0;      // error or nothing
  virtual std::vector<std::string> legal_moves() const = 0;                // generation order
  // A move that names an occupied cell or a full column; empty when there is none.
  virtual std::string occupied_move() const = 0;
  virtual std::string off_board_move() const = 0;
  virtual Side side_to_move() const = 0;
};

template <class G>
class BoardOf final : public Board {
 public:
  explicit BoardOf(const typename G::Variant& variant) : variant_(variant), position_(variant) {}

  std::unique_ptr<Board> clone() const override { return std::make_unique<BoardOf>(*this); }
  void reset() override { position_ = G(variant_); }
  std::optional<std::string> set_fen(const std::string& fen) override {
    auto position = G::from_fen(variant_, fen);
    if (!position) return position.error();
    position_ = std::move(*position);
    return std::nullopt;
  }
  std::optional<std::string> play(std::string_view move) override {
    const auto m = position_.parse_move(move);
    if (!m) return "illegal move '" + std::string(move) + "': " + m.error();
    position_.make_move(*m);
    return std::nullopt;
  }
  std::vector<std::string> legal_moves() const override {
    typename G::MoveList list;
    position_.generate_moves(list);
    std::vector<std::string> moves;
    for (const auto m : list) moves.push_back(position_.move_to_string(m));
    return moves;
  }
  std::string occupied_move() const override {
    if constexpr (std::is_same_v<G, TicTacToe>) {
      for (int cell = 0; cell < TicTacToe::kCells; ++cell)
        if (!(position_.empty_cells() >> cell & 1)) return TicTacToe::cell_name(cell);
    } else if constexpr (std::is_same_v<G, narabe::games::Reversi>) {
      return "d4";  // a centre cell: never empty
    } else if constexpr (std::is_same_v<G, narabe::games::Gomoku>) {
      for (int rank = 0; rank < position_.size(); ++rank)
        for (int file = 0; file < position_.size(); ++file) {
          const int at = narabe::games::gomoku::cell_index(file, rank);
          if (position_.cell(at) != narabe::games::gomoku::kEmpty) return position_.cell_name(at);
        }
    } else {
      for (int column = 0; column < position_.width(); ++column)
        if (!position_.can_play(column)) return std::to_string(column + 1);
    }
    return "";
  }
  std::string off_board_move() const override { return std::is_same_v<G, narabe::games::Connect4> ? "99" : "z9"; }
  Side side_to_move() const override { return position_.side_to_move(); }

 private:
  typename G::Variant variant_;
  G position_;
};

static_assert(std::is_same_v<narabe::games::AllGames,
                             narabe::games::GameList<TicTacToe, narabe::games::Connect4, narabe::games::Gomoku,
                                                     narabe::games::Reversi>>,
              "occupied_move() knows tic-tac-toe, Connect Four, Gomoku and Reversi only");

std::unique_ptr<Board> make_board(std::string_view game, const VariantArgs& args,
                                  std::string& error) {
  std::unique_ptr<Board> board;
  const bool known = narabe::games::AllGames::visit(game, [&]<class G>(std::type_identity<G>) {
    auto variant = G::parse_variant(args);
    if (variant)
      board = std::make_unique<BoardOf<G>>(*variant);
    else
      error = variant.error();
  });
  if (!known) error = "unknown game '" + std::string(game) + "'";
  return board;
}

std::unique_ptr<Board> tictactoe_board() {
  return std::make_unique<BoardOf<TicTacToe>>(TicTacToe::Variant{});
}

// ---------------------------------------------------------------------------------
// Input, output and the misbehaviour shared by the three protocols.

class FakeEngine {
 public:
  explicit FakeEngine(Flags flags) : flags_(std::move(flags)) {
    if (!flags_.log_path.empty()) {
      log_ = std::fopen(flags_.log_path.c_str(), "a");
      if (log_ == nullptr) bad_flags("cannot open --log file '" + flags_.log_path + "'");
    }
    reseed();
  }
  ~FakeEngine() {
    if (log_ != nullptr) std::fclose(log_);
  }
  FakeEngine(const FakeEngine&) = delete;
  FakeEngine& operator=(const FakeEngine&) = delete;

  int run() {
    switch (flags_.proto) {
      case Flags::Proto::kNative:
        return run_native();
      case Flags::Proto::kGtp:
        return run_gtp();
      case Flags::Proto::kGomocup:
        return run_gomocup();
    }
    return 0;
  }

 private:
  enum class Read { kLine, kTimeout, kEnd };

  // What to answer for one move request.
  struct Choice {
    std::string move;     // in the game's notation; empty: there is no legal move
    bool normal = false;  // a legal move chosen as usual (not --illegal/--garbage)
    std::uint64_t index = 0;
  };

  // The next line without '\n' (and a trailing '\r'), logged as received. A
  // timeout below 0 waits for ever.
  Read next_line(std::string& line, int timeout_ms = -1) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      if (const auto newline = buffer_.find('\n');
          newline != std::string::npos || (at_end_ && !buffer_.empty())) {
        const std::size_t length = newline == std::string::npos ? buffer_.size() : newline;
        line = buffer_.substr(0, length);
        buffer_.erase(0, newline == std::string::npos ? length : length + 1);
        received(line);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return Read::kLine;
      }
      if (at_end_) return Read::kEnd;
      int wait = -1;
      if (timeout_ms >= 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return Read::kTimeout;
        wait = static_cast<int>(left.count());
      }
      pollfd fd{0, POLLIN, 0};
      const int ready = ::poll(&fd, 1, wait);
      if (ready < 0 && errno != EINTR) at_end_ = true;
      if (ready <= 0) continue;
      char chunk[4096];
      const ssize_t n = ::read(0, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0)
        at_end_ = true;
      else
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  void received(const std::string& line) {
    if (log_ != nullptr) {
      std::fwrite(line.data(), 1, line.size(), log_);
      std::fputc('\n', log_);
      std::fflush(log_);
    }
    if (flags_.crash_on_start) crash();
  }

  static void say(std::string_view text) {
    std::string out(text);
    out += '\n';
    std::size_t done = 0;
    while (done < out.size()) {
      const ssize_t n = ::write(1, out.data() + done, out.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;  // nobody reads our output any more: carry on until end of input
      done += static_cast<std::size_t>(n);
    }
  }

  [[noreturn]] static void crash() { std::exit(3); }

  [[noreturn]] void exit_on_quit() {
    sleep_ms(flags_.quit_delay_ms);
    std::exit(0);
  }

  static void sleep_ms(std::uint64_t ms) {
    if (ms > 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<std::int64_t>(ms)));
  }

  // Reads (and logs) everything until end of input without a word, then exits.
  [[noreturn]] void hang() {
    std::string line;
    while (next_line(line) == Read::kLine) {
    }
    std::exit(0);
  }

  void reseed() {
    if (flags_.random_seed) rng_.seed(*flags_.random_seed);
  }

  static bool reached(const std::optional<std::uint64_t>& limit, std::uint64_t index) {
    return limit && index >= *limit;
  }

  // Counts a move request; crashes or hangs here when the flags say so.
  std::uint64_t begin_move_request() {
    const std::uint64_t index = move_requests_++;
    if (reached(flags_.crash_after, index)) crash();
    if (reached(flags_.hang_after, index)) hang();
    return index;
  }

  Choice choose(const Board& board, std::uint64_t index) {
    Choice choice;
    choice.index = index;
    if (flags_.illegal_after && index == *flags_.illegal_after) {
      choice.move = board.occupied_move();
      if (choice.move.empty()) choice.move = board.off_board_move();
    } else if (flags_.garbage_after && index == *flags_.garbage_after) {
      choice.move = kGarbage;
    } else {
      const std::vector<std::string> moves = board.legal_moves();
      if (!moves.empty()) {
        choice.move = flags_.random_seed ? moves[rng_() % moves.size()] : moves.front();
        choice.normal = true;
      }
    }
    return choice;
  }

  void maybe_late(const Choice& choice) const {
    if (choice.index >= flags_.late_after) sleep_ms(flags_.late_ms);
  }

  // ---- native ------------------------------------------------------------------

  void native_bestmove(const Choice& choice) const {
    maybe_late(choice);
    say("bestmove " + (choice.move.empty() ? std::string("(none)") : choice.move));
  }

  static std::string native_info(const Choice& choice, std::uint64_t nodes) {
    std::string info = "info depth 1 score cp 0 nodes " + std::to_string(nodes);
    if (choice.normal) info += " pv " + choice.move;
    return info;
  }

  // `position startpos|fen <board> <side> [moves ...]` on a copy; the error, if any.
  static std::optional<std::string> native_position(const std::vector<std::string_view>& t,
                                                    Board& board) {
    std::size_t i = 2;
    if (t.size() >= 2 && t[1] == "startpos") {
      board.reset();
    } else if (t.size() >= 4 && t[1] == "fen") {
      if (auto error = board.set_fen(std::string(t[2]) + " " + std::string(t[3])))
        return "bad fen: " + *error;
      i = 4;
    } else {
      return "position needs 'startpos' or 'fen <board> <side>'";
    }
    if (i < t.size() && t[i++] != "moves")
      return "position: expected 'moves', found '" + std::string(t[i - 1]) + "'";
    for (; i < t.size(); ++i)
      if (auto error = board.play(t[i])) return *error;
    return std::nullopt;
  }

  int run_native() {
    std::string error;
    std::unique_ptr<Board> board = tictactoe_board();
    std::optional<Choice> pending;  // --no-bestmove-after: the bestmove held back
    std::uint64_t pending_nodes = 0;
    std::string line;
    for (;;) {
      const Read status = next_line(line, pending ? kInfoIntervalMs : -1);
      if (status == Read::kEnd) exit_on_quit();
      if (status == Read::kTimeout) {
        say(native_info(*pending, ++pending_nodes));
        continue;
      }
      const std::vector<std::string_view> t = split(line);
      if (t.empty()) continue;
      const std::string_view command = t[0];
      if (command == "uci" || command == "ugi") {
        say("id name " + flags_.name);
        narabe::games::AllGames::for_each([]<class G>(std::type_identity<G>) {
          std::string game_line = "game " + std::string(G::kName);
          if (!G::kVariantSpec.empty()) game_line += " variants " + std::string(G::kVariantSpec);
          say(game_line);
        });
        say(command == "uci" ? "uciok" : "ugiok");
      } else if (command == "isready") {
        const bool within_count = !flags_.readyok_count || readyok_sent_ < *flags_.readyok_count;
        if (!flags_.no_readyok && within_count) {
          say("readyok");
          ++readyok_sent_;
        }
      } else if (command == "setoption" || command == "debug" || command == "ponderhit" ||
                 command == "register") {
        // accepted and ignored
      } else if (command == "newgame") {
        if (t.size() < 2 || t.size() % 2 != 0) {
          say("info string error newgame needs a game name and key value pairs");
          continue;
        }
        VariantArgs args;
        for (std::size_t i = 2; i + 1 < t.size(); i += 2) args.emplace_back(t[i], t[i + 1]);
        if (auto next = make_board(t[1], args, error)) {
          board = std::move(next);
          reseed();
        } else {
          say("info string error " + error);
        }
      } else if (command == "ucinewgame" || command == "uginewgame") {
        board->reset();
        reseed();
      } else if (command == "position") {
        std::unique_ptr<Board> next = board->clone();
        if (auto failure = native_position(t, *next))
          say("info string error " + *failure);
        else
          board = std::move(next);
      } else if (command == "go") {
        // Any limits (depth, nodes, movetime, wtime, btime, winc, binc, infinite...)
        // are accepted and ignored: the answer never depends on them.
        const std::uint64_t index = begin_move_request();
        const Choice choice = choose(*board, index);
        if (reached(flags_.no_bestmove_after, index)) {
          pending = choice;  // a second go drops the first one's bestmove
          pending_nodes = 1;
          say(native_info(choice, pending_nodes));
          continue;
        }
        if (!choice.move.empty()) say(native_info(choice, 1));
        native_bestmove(choice);
      } else if (command == "stop") {
        if (pending && !flags_.ignore_stop) {
          native_bestmove(*pending);
          pending.reset();
        }
      } else if (command == "quit") {
        exit_on_quit();
      } else {
        say("info string error unknown command " + std::string(command));
      }
    }
  }

  // ---- GTP (tic-tac-toe as a 3x3 board; black is x, the first player) -----------

  int run_gtp() {
    std::unique_ptr<Board> board = tictactoe_board();
    std::string line;
    while (next_line(line) == Read::kLine) {
      for (char& c : line)
        if (static_cast<unsigned char>(c) < 32) c = ' ';  // tabs and control characters
      if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
      std::vector<std::string_view> t = split(line);
      if (t.empty()) continue;
      std::string id;
      if (t[0].find_first_not_of("0123456789") == std::string_view::npos) {
        id = t[0];
        t.erase(t.begin());
        if (t.empty()) continue;
      }
      auto reply = [&](bool ok, std::string_view text) {
        say((ok ? "=" : "?") + id + (text.empty() ? "" : " " + std::string(text)));
        say("");
      };
      const std::string_view command = t[0];
      static constexpr std::string_view kCommands[] = {
          "protocol_version", "name",        "version", "known_command", "list_commands",
          "boardsize",        "clear_board", "play",    "genmove",       "komi",
          "time_settings",    "time_left",   "quit"};
      if (command == "protocol_version") {
        reply(true, "2");
      } else if (command == "name") {
        reply(true, flags_.name);
      } else if (command == "version") {
        reply(true, "1");
      } else if (command == "known_command") {
        bool known = false;
        for (const std::string_view c : kCommands) known = known || (t.size() >= 2 && t[1] == c);
        reply(true, known ? "true" : "false");
      } else if (command == "list_commands") {
        std::string all;
        for (const std::string_view c : kCommands) {
          if (!all.empty()) all += '\n';
          all += c;
        }
        reply(true, all);
      } else if (command == "boardsize") {
        if (t.size() == 2 && t[1] == "3") {
          board->reset();
          reseed();
          reply(true, "");
        } else {
          reply(false, "unacceptable size");
        }
      } else if (command == "clear_board") {
        board->reset();
        reseed();
        reply(true, "");
      } else if (command == "komi" || command == "time_settings" || command == "time_left") {
        reply(true, "");
      } else if (command == "play") {
        Side side = Side::kFirst;
        if (t.size() != 3 || !gtp_color(t[1], side))
          reply(false, "syntax error");
        else if (side != board->side_to_move() || board->play(lowercase(t[2])))
          reply(false, "illegal move");
        else
          reply(true, "");
      } else if (command == "genmove") {
        Side side = Side::kFirst;
        if (t.size() != 2 || !gtp_color(t[1], side)) {
          reply(false, "syntax error");
          continue;
        }
        if (side != board->side_to_move()) {
          reply(false, "not " + lowercase(t[1]) + "'s turn");
          continue;
        }
        const Choice choice = choose(*board, begin_move_request());
        if (choice.normal) board->play(choice.move);
        maybe_late(choice);
        reply(true, choice.move.empty() ? "pass" : choice.move);
      } else if (command == "quit") {
        reply(true, "");
        exit_on_quit();
      } else {
        reply(false, "unknown command");
      }
    }
    exit_on_quit();
  }

  // black/b is x (the first player), white/w is o; false for anything else.
  static bool gtp_color(std::string_view text, Side& side) {
    const std::string color = lowercase(text);
    if (color == "b" || color == "black")
      side = Side::kFirst;
    else if (color == "w" || color == "white")
      side = Side::kSecond;
    else
      return false;
    return true;
  }

  // ---- Gomocup (tic-tac-toe as a 3x3 board; x = file a.., y = 3 - rank: from the top) ----

  // "x,y" (spaces allowed) as a tic-tac-toe cell name; nullopt when off the board.
  static std::optional<std::string> gomocup_cell(std::string_view text, int* who = nullptr) {
    std::vector<int> numbers;
    std::size_t i = 0;
    while (i <= text.size()) {
      const std::size_t comma = std::min(text.find(',', i), text.size());
      const std::string_view part = text.substr(i, comma - i);
      const auto first = part.find_first_not_of(' ');
      const auto last = part.find_last_not_of(' ');
      int value = -1;
      if (first == std::string_view::npos) return std::nullopt;
      const auto [end, ec] = std::from_chars(part.data() + first, part.data() + last + 1, value);
      if (ec != std::errc() || end != part.data() + last + 1) return std::nullopt;
      numbers.push_back(value);
      i = comma + 1;
    }
    if (numbers.size() != (who != nullptr ? 3u : 2u)) return std::nullopt;
    if (numbers[0] < 0 || numbers[0] > 2 || numbers[1] < 0 || numbers[1] > 2) return std::nullopt;
    if (who != nullptr) *who = numbers[2];
    return std::string{static_cast<char>('a' + numbers[0]), static_cast<char>('3' - numbers[1])};
  }

  static std::string gomocup_coords(const std::string& move) {
    if (move.size() == 2 && move[0] >= 'a' && move[0] <= 'c' && move[1] >= '1' && move[1] <= '3')
      return std::to_string(move[0] - 'a') + "," + std::to_string('3' - move[1]);
    if (move == "z9") return "9,9";
    return move;  // the garbage
  }

  // Answers a move request in Gomocup: the move as "x,y", played on `board`.
  void gomocup_move(Board& board) {
    const Choice choice = choose(board, begin_move_request());
    if (choice.normal) board.play(choice.move);
    maybe_late(choice);
    say(choice.move.empty() ? std::string("ERROR no legal move") : gomocup_coords(choice.move));
  }

  // The position given by BOARD's "x,y,who" lines (1 = own, 2 = opponent), own to move.
  static std::optional<std::string> gomocup_fen(
      const std::vector<std::pair<std::string, int>>& stones) {
    char cells[9] = {'.', '.', '.', '.', '.', '.', '.', '.', '.'};
    int own = 0, opponent = 0;
    for (const auto& [cell, who] : stones) (who == 1 ? own : opponent)++;
    if (own != opponent && own + 1 != opponent) return std::nullopt;
    const char own_letter = own == opponent ? 'x' : 'o';
    for (const auto& [cell, who] : stones) {
      char& c = cells[(cell[1] - '1') * 3 + (cell[0] - 'a')];
      if (c != '.') return std::nullopt;
      c = who == 1 ? own_letter : (own_letter == 'x' ? 'o' : 'x');
    }
    std::string fen;
    for (int rank = 2; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < 3; ++file) {
        const char c = cells[rank * 3 + file];
        if (c == '.') {
          ++empty;
          continue;
        }
        if (empty > 0) fen += static_cast<char>('0' + empty);
        empty = 0;
        fen += c;
      }
      if (empty > 0) fen += static_cast<char>('0' + empty);
      if (rank > 0) fen += '/';
    }
    return fen + " " + own_letter;
  }

  int run_gomocup() {
    std::unique_ptr<Board> board = tictactoe_board();
    std::optional<std::vector<std::pair<std::string, int>>> board_lines;  // inside BOARD .. DONE
    bool bad_board = false;                                               // a bad line in it
    std::string line;
    while (next_line(line) == Read::kLine) {
      const std::vector<std::string_view> t = split(line);
      if (t.empty()) continue;
      const std::string command = lowercase(t[0]);
      if (board_lines) {
        if (command != "done") {
          int who = 0;
          const auto cell = gomocup_cell(line, &who);
          if (cell && (who == 1 || who == 2))
            board_lines->emplace_back(*cell, who);
          else
            bad_board = true;
          continue;
        }
        const auto fen = gomocup_fen(*board_lines);
        board_lines.reset();
        if (bad_board || !fen || board->set_fen(*fen))
          say("ERROR bad board");
        else
          gomocup_move(*board);
        bad_board = false;
      } else if (command == "start") {
        if (t.size() == 2 && t[1] == "3") {
          board->reset();
          reseed();
          say("OK");
        } else {
          say("ERROR unsupported size");
        }
      } else if (command == "restart") {
        board->reset();
        reseed();
        say("OK");
      } else if (command == "info") {
        // ignored: timeouts, memory, rule...
      } else if (command == "begin") {
        board->reset();
        gomocup_move(*board);
      } else if (command == "turn") {
        const std::string_view rest =
            t.size() >= 2 ? std::string_view(line).substr(t[1].data() - line.data()) : "";
        const auto cell = gomocup_cell(rest);
        if (!cell || board->play(*cell))
          say("ERROR illegal move");
        else
          gomocup_move(*board);
      } else if (command == "board") {
        board_lines.emplace();
      } else if (command == "about") {
        say("name=\"" + flags_.name + "\", version=\"1\"");
      } else if (command == "end") {
        exit_on_quit();
      } else {
        say("UNKNOWN command " + std::string(t[0]));
      }
    }
    exit_on_quit();
  }

  Flags flags_;
  std::FILE* log_ = nullptr;
  std::string buffer_;
  bool at_end_ = false;
  std::uint64_t move_requests_ = 0;
  std::uint64_t readyok_sent_ = 0;  // for --readyok-count
  std::mt19937_64 rng_;
};

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);
  FakeEngine engine(parse_flags(argc, argv));
  return engine.run();
}
