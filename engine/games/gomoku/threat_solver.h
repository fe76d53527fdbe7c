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
//   VCT with quiet threats (kVctQuiet) - also a quiet move after which the attacker,
//         moving again, would have a VCF ("fukumi"). The defender may answer on
//         every point of that VCF (the attacker's fours, the blocks, the final five
//         points), with a four of its own, or on a line where one of its forced
//         blocks would then make a four; anything else leaves the VCF standing.
//         Tried in the first kQuietPlies attacker moves only, against a VCF of at
//         most kQuietVcfMoves, and last: each costs a VCF search.
// Renju: Black never plays a forbidden point (the attacker's threats and the
// defender's answers alike are checked with the RIF checker); a Black four whose
// five point would be an overline is no four (the line tables see exact fives); a
// White four whose only defence is a point forbidden to Black wins at once.
//
// The search is a depth-first proof search, deepened one attacker move at a time
// (so the first proof found is among the shortest), with a table of positions
// proven won within n moves or failed within n moves (a VCF that no move limit cut
// short: failed for good), kept across iterations and searches. It stops on the
// stop signal, a node limit or a deadline. No I/O.

#include <chrono>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/clock.h"
#include "engine/core/move.h"
#include "engine/core/stop_signal.h"
#include "engine/games/gomoku/pattern_board.h"

namespace narabe::games {
// gomoku.h includes this (through exact_solver.h), so the position is only named.
class Gomoku;
}  // namespace narabe::games

namespace narabe::games::gomoku {

// kVctQuiet: a VCT that also tries quiet moves threatening a VCF (see above).
enum class ThreatMode : std::uint8_t { kVcf, kVct, kVctQuiet };

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
  ThreatResult solve(const PatternBoard& board, int size, Cell attacker, ThreatMode mode, int max_attacker_moves);

  std::uint64_t nodes() const { return nodes_; }
  void reset_nodes() { nodes_ = 0; }
  void clear();

 private:
  // The longest VCF a quiet threat may threaten: longer ones are rare and costly.
  static constexpr int kQuietVcfMoves = 4;
  // Quiet threats are tried in the first attacker moves of a line only: everywhere
  // they would multiply the tree.
  static constexpr int kQuietPlies = 3;

  struct Entry {
    std::uint64_t key = 0;
    std::uint16_t move = 0;
    std::uint8_t win_depth = 0xff;  // won within this many attacker moves
    std::uint8_t fail_depth = 0;    // no win within this many (kNoLimit: none at all)
  };
  static constexpr std::uint8_t kNoLimit = 0xff;

  // The attacker to move wins within `depth` moves (keeps depth_cut_ for its caller).
  bool attack(int depth);
  bool attack_node(int depth);
  // The fail depth to record for a node that failed within `depth` moves.
  std::uint8_t failed_within(int depth) const;
  bool try_threat(int at, int depth);
  // After an attacker move that is no four: the defender's answers to a three, or
  // to a quiet move threatening a VCF; every one must lose.
  bool defend_threat(int depth);
  // The defender's answers to the attacker's three (see above), those it may play.
  void three_answers(std::vector<int>& answers);
  // Adds the defender's counter-fours (anywhere) to `answers` and keeps those it may
  // play; -1 alone if none is left.
  void add_counter_fours(std::vector<int>& answers) const;
  // Whether the attacker, moving again, has a VCF within `depth` moves (at most
  // kQuietVcfMoves); if so, the defender's moves that might stop it, those it may
  // play (-1 alone if none). The VCF entries of the table hold the proof.
  bool vcf_threat_answers(int depth, std::vector<int>& answers);
  // Quiet attacker moves (no four, no three) that might threaten a VCF, with a
  // strength to order them by.
  void quiet_threats(std::vector<std::pair<int, int>>& quiet) const;
  bool interrupted();

  static std::uint64_t stone_key(int at, Cell colour);
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
  // The entry of the stones with key `hash` in `mode` if the table holds it
  // (nothing is replaced).
  const Entry* probe(ThreatMode mode, std::uint64_t hash) const;
  std::uint64_t entry_key(ThreatMode mode, std::uint64_t hash) const {
    // The same stones mean something else for the other attacker (the table lives
    // across searches) or in the other mode.
    const std::uint64_t mode_salt = mode == ThreatMode::kVct        ? 0x9e3779b97f4a7c15ULL
                                    : mode == ThreatMode::kVctQuiet ? 0x2545f4914f6cdd1dULL
                                                                    : 0;
    return hash ^ mode_salt ^ (attacker_ == kWhite ? 0xc2b2ae3d27d4eb4fULL : 0);
  }
  std::vector<core::Move> winning_line(int depth);

  PatternBoard board_;
  std::vector<int> points_;  // the board's points, in index order
  Cell attacker_ = kBlack, defender_ = kWhite;
  ThreatMode mode_ = ThreatMode::kVcf;
  int root_depth_ = 0;  // the iteration's move limit: root_depth_ - depth is the ply
  std::uint64_t hash_ = 0;
  std::vector<Entry> table_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
  // Whether the move limit cut the current node's search short somewhere (a
  // failure is then only a failure within that limit).
  bool depth_cut_ = false;
  const core::StopSignal* stop_ = nullptr;
  std::optional<std::uint64_t> node_limit_;
  std::optional<core::SteadyClock::time_point> deadline_;
};

}  // namespace narabe::games::gomoku
