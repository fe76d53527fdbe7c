#pragma once
// The threat-space solver: proves that the side to move (the attacker) wins by a
// sequence of threats the defender must answer, under every rule (rule.h).
//   VCF - victory by continuous fours: every attacker move makes a four (a point
//         completing a five), so the defender's reply is forced.
//   VCT - victory by continuous threats: fours and threes. After a three (a move
//         that lets the attacker make an open four next) the defender may answer
//         on any point that stops it: every point where the attacker would make
//         the open four, every five point of those fours, and every point where
//         the defender makes a four of its own (a counter-threat). A win needs
//         every one of those answers to lose.
// Renju: Black never plays a forbidden point (the attacker's threats and the
// defender's answers alike are checked with the RIF checker); a Black four whose
// five point would be an overline is no four (the line tables see exact fives); a
// White four whose only defence is a point forbidden to Black wins at once.
//
// The search is a depth-first proof search, deepened one attacker move at a time
// (so the first proof found is among the shortest), with a table of positions
// proven won within n moves or failed within n moves. It stops on the stop signal,
// a node limit or a deadline. No I/O.

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/clock.h"
#include "engine/core/move.h"
#include "engine/core/stop_signal.h"
#include "engine/games/gomoku/pattern_board.h"

namespace narabe::games {
// gomoku.h includes this (through threat_prover.h), so the position is only named.
class Gomoku;
}  // namespace narabe::games

namespace narabe::games::gomoku {

enum class ThreatMode : std::uint8_t { kVcf, kVct };

struct ThreatResult {
  bool proven = false;       // a forced win for the side to move was found
  bool interrupted = false;  // stopped before the deepening ended
  core::Move move;           // the first attacker move of the win
  int attacker_moves = 0;    // attacker moves up to and including the five
  int depth_completed = 0;   // attacker moves searched completely without a win
  // A winning line: attacker and defender moves alternating, ending with the five,
  // or with the attacker's move when the defender cannot stop the five (a White
  // four on a point forbidden to Black). The defender's answers to threes are one
  // of several.
  std::vector<core::Move> line;
};

class ThreatSolver {
 public:
  explicit ThreatSolver(std::size_t table_megabytes = 16);

  void set_interrupts(const core::StopSignal* stop, std::optional<std::uint64_t> node_limit,
                      std::optional<core::SteadyClock::time_point> deadline) {
    stop_ = stop;
    node_limit_ = node_limit;
    deadline_ = deadline;
  }

  // Searches for a win of the side to move with at most `max_attacker_moves` own
  // moves (the five included). A finished game has none.
  ThreatResult solve(const Gomoku& position, ThreatMode mode, int max_attacker_moves);
  // The same for any stones (mate problems need not have reachable stone counts):
  // `attacker` moves next on the `size` x `size` board of `cells`.
  ThreatResult solve(const Cells& cells, int size, Rule rule, Cell attacker, ThreatMode mode,
                     int max_attacker_moves);

  std::uint64_t nodes() const { return nodes_; }
  void reset_nodes() { nodes_ = 0; }
  void clear();

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::uint16_t move = 0;
    std::uint8_t win_depth = 0xff;  // won within this many attacker moves
    std::uint8_t fail_depth = 0;    // no win within this many
  };

  bool attack(int depth);
  bool try_threat(int at, int depth);
  bool defend_three(int depth);
  // The defender's answers to the attacker's three (see above), those it may play.
  void three_answers(std::vector<int>& answers);
  bool interrupted();

  void put(int at, Cell colour);
  void take(int at);
  bool may_play(int at, Cell colour) const;
  // The empty points where `colour` completes a five (at most `limit` of them).
  int five_points(Cell colour, int* out, int limit) const;
  // The attacker's five points on the lines through `at`.
  int five_points_through(int at, Cell colour, int* out) const;
  // The table entry of the position in `mode` (a fresh one if it holds another).
  Entry& entry(ThreatMode mode);
  Entry& entry() { return entry(mode_); }
  std::vector<core::Move> winning_line(int depth);

  PatternBoard board_;
  std::vector<int> points_;  // the board's points, in index order
  Cell attacker_ = kBlack, defender_ = kWhite;
  ThreatMode mode_ = ThreatMode::kVcf;
  std::uint64_t hash_ = 0;
  std::vector<Entry> table_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
  const core::StopSignal* stop_ = nullptr;
  std::optional<std::uint64_t> node_limit_;
  std::optional<core::SteadyClock::time_point> deadline_;
};

}  // namespace narabe::games::gomoku
