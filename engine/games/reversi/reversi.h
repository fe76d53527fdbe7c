#pragma once
// Reversi (Othello rules) on the 8x8 board. Black (x, the first player) moves first
// from the standard start (d4 o, e4 x, d5 x, e5 o). A disc must flank at least one
// straight line (any of the 8 directions) of opponent discs ending in an own disc;
// every such line is flipped. A side with no such move must pass, and passing is
// allowed only then; the game ends when neither side can move. More discs wins,
// equal counts draw (empty cells count for nobody).
//
// Notation (Othello's own convention): file a-h from the left, rank 1-8 from the
// TOP ("d3"); "pass" for a pass. The fen's rows run from the top too, so the fen's
// first row is rank 1.
//
// Bitboards: one 64-bit mask for the side to move's discs (player_) and one for the
// other side's (opponent_). Bit index = (rank - 1) * 8 + file, rank 1 at the top:
//
//       a  b  c  d  e  f  g  h
//   1   0  1  2  3  4  5  6  7
//   2   8  9 10 11 12 13 14 15
//   3  16 17 18 19 20 21 22 23
//   4  24 25 26 27 28 29 30 31      start: 27 = d4 o, 28 = e4 x
//   5  32 33 34 35 36 37 38 39             35 = d5 x, 36 = e5 o
//   6  40 41 42 43 44 45 46 47
//   7  48 49 50 51 52 53 54 55
//   8  56 57 58 59 60 61 62 63
//
// This is also the order of an FFO/OBF line's 64 board characters (A1, B1, .., H8),
// so from_obf reads them straight into bits. A move is its bit index (0..63);
// kPass (64) is the pass.
//
// Unmaking a move needs the discs it flipped, which the final position does not
// determine (a disc of the mover's colour on the line may have been there before),
// so make_move pushes them on a small stack inside the position.

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game_concept.h"

namespace narabe::games {

namespace reversi {

class PatternWeights;  // pattern_weights.h
class OpeningBook;     // opening_book.h

// What a position is evaluated with, chosen by whoever makes it (the protocol's
// Reversi options, a tool's flags): the trained weights (null: the simple
// evaluation), whether ProbCut cuts (only with trained weights: its margins were
// fitted on them) and the opening book the search may answer from (null: none).
// Shared by a position's copies and never changed once made, so the copies a
// search holds agree with each other.
struct EvalSettings {
  std::shared_ptr<const PatternWeights> weights;
  bool probcut = true;
  std::shared_ptr<const OpeningBook> book;
};

}  // namespace reversi

class Reversi {
 public:
  static constexpr std::string_view kName = "reversi";
  // Othello's notation counts ranks from the top: a1 is the top-left cell.
  static constexpr bool kRanksFromTop = true;
  static constexpr int kCells = 64;
  // At most 60 empty cells, so at most 60 legal moves; a pass is the only move when
  // it is legal. (33 is the most any reachable position has, but a fen may describe
  // an unreachable one.)
  static constexpr std::size_t kMaxMoves = 60;
  // Perft's usual Reversi convention (Aart Bik, Egaroucid's mode 1): a pass is a
  // ply, and a finished game is one leaf at every depth after it ended.
  static constexpr bool kPerftCountsEndedGames = true;
  static constexpr std::string_view kVariantSpec = "";  // no variants
  // With Threads above 1, the search shares a node's later moves with idle threads
  // from this depth (young brothers wait; search/game_hooks.h SplitsSearch):
  // nearer the leaves a hand-out costs more than the moves it shares (docs/architecture.md).
  static constexpr int kSplitDepth = 5;
  using MoveList = core::MoveList<kMaxMoves>;
  struct Variant {};

  static constexpr core::Move kPass{64};

  // The tutorial's positional weights, one per cell in bit order: corners are
  // safe for good, the C- and X-squares next to them hand the corner over, edges
  // are hard to flip back. The casual levels evaluate with them; the generic
  // search orders moves by them.
  // clang-format off
  static constexpr std::array<int, kCells> kSquareWeights = {
      100, -20,  10,   5,   5,  10, -20, 100,
      -20, -50,  -2,  -2,  -2,  -2, -50, -20,
       10,  -2,   1,   1,   1,   1,  -2,  10,
        5,  -2,   1,   0,   0,   1,  -2,   5,
        5,  -2,   1,   0,   0,   1,  -2,   5,
       10,  -2,   1,   1,   1,   1,  -2,  10,
      -20, -50,  -2,  -2,  -2,  -2, -50, -20,
      100, -20,  10,   5,   5,  10, -20, 100,
  };
  // clang-format on

  // The evaluation's weights (see evaluate()), in hundredths of a disc.
  static constexpr core::Score kMobilityWorth = 100;
  static constexpr core::Score kCornerWorth = 1000;
  static constexpr core::Score kXSquareWorth = 400;
  static constexpr core::Score kDiscWorth = 100;
  static constexpr int kDiscPhaseEmpties = 20;

  explicit Reversi(const Variant& variant = {});

  static core::Expected<Variant> parse_variant(const core::VariantArgs& args);
  static std::string describe_variant(const Variant&) { return ""; }
  const Variant& variant() const { return variant_; }

  core::Side side_to_move() const { return side_; }
  core::Outcome outcome() const;
  std::uint64_t hash() const { return hash_; }
  void generate_moves(MoveList& list) const;  // cells in bit order, or just kPass
  bool is_legal(core::Move m) const;
  void make_move(core::Move m);
  void unmake_move(core::Move m);
  // Every disc move may be followed by one pass, but a pass is always followed by a
  // disc (two passes end the game), and the last ply places a disc: with E empty
  // cells, 2E - 1 plies when the side to move can place a disc, 2E when it must pass.
  int max_remaining_plies() const;

  // The evaluation settings of this position and every position made from it by
  // moves (null, the default: the simple evaluation, no ProbCut).
  void set_eval_settings(std::shared_ptr<const reversi::EvalSettings> settings) { settings_ = std::move(settings); }
  const std::shared_ptr<const reversi::EvalSettings>& eval_settings() const { return settings_; }
  const reversi::PatternWeights* pattern_weights() const { return settings_ ? settings_->weights.get() : nullptr; }
  bool probcut_enabled() const { return settings_ && settings_->weights && settings_->probcut; }

  // From the side to move's view, in hundredths of a disc: the trained pattern
  // evaluation (pattern_weights.h) when the settings hold weights, else simple_evaluate().
  core::Score evaluate() const;
  std::vector<core::EvalTerm> evaluation_terms() const;
  // The simple evaluation, in hundredths of a disc:
  //   mobility:  kMobilityWorth per legal move more than the opponent has;
  //   corners:   kCornerWorth per corner held more than the opponent;
  //   X-squares: -kXSquareWorth per disc on a diagonal neighbour of an empty corner
  //              (it usually gives that corner away), own minus opponent's;
  //   discs:     kDiscWorth per disc more than the opponent, faded in over the last
  //              kDiscPhaseEmpties empty cells (the count only matters at the end).
  core::Score simple_evaluate() const;
  // For the generic search's ordering (after the hash move and killers): the fewest
  // replies left to the opponent first (a corner reply counted twice), the positional
  // weight table breaking ties. Fewest replies is the classic Reversi order: it keeps
  // the opponent short of moves, and the cut-offs come from such moves.
  int move_order_bonus(core::Move m) const;
  static constexpr int kReplyWorth = 1 << 12;

  std::string move_to_string(core::Move m) const;
  core::Expected<core::Move> parse_move(std::string_view text) const;
  std::string to_fen() const;
  static core::Expected<Reversi> from_fen(const Variant& variant, std::string_view fen);
  // One line of an FFO/OBF file (Edax's "Othello Board File"): 64 board characters
  // X (black), O (white), - (empty) from A1 to H8, a space, the side to move X or O,
  // then optionally "; MOVE:score" pairs, which are not read here.
  static core::Expected<Reversi> from_obf(std::string_view line);
  // Reversi is not won by a line: always empty.
  std::vector<std::string> winning_line() const { return {}; }
  std::string diagram() const;

  static std::vector<core::BenchPosition> bench_positions();

  // For the levels, tools and tests.
  std::uint64_t player() const { return player_; }      // the side to move's discs
  std::uint64_t opponent() const { return opponent_; }  // the other side's discs
  std::uint64_t discs(core::Side s) const { return s == side_ ? player_ : opponent_; }
  std::uint64_t empty_cells() const { return ~(player_ | opponent_); }
  int empties() const;
  // Cells where the side to move can place a disc (no bit set: it must pass, or the
  // game is over).
  std::uint64_t legal_cells() const { return legal_cells(player_, opponent_); }
  static std::uint64_t legal_cells(std::uint64_t own, std::uint64_t other);
  // The discs a disc of `own` on `cell` flips (0 when the move is illegal).
  static std::uint64_t flips(int cell, std::uint64_t own, std::uint64_t other);
  static std::string cell_name(int cell);
  static constexpr std::uint64_t bit(int cell) { return std::uint64_t{1} << cell; }

 private:
  // Discs given per side, with the hash computed from scratch; checks the centre.
  static core::Expected<Reversi> from_discs(std::uint64_t black, std::uint64_t white, core::Side to_move);
  // Sets the position (hash from scratch, empty undo stack); no checks.
  void set_discs(std::uint64_t black, std::uint64_t white, core::Side to_move);
  char cell_char(int cell) const;  // 'x', 'o' or '.'

  // A game from any legal position lasts at most 2 * 60 plies (see
  // max_remaining_plies), so the stack of flips cannot overflow.
  static constexpr std::size_t kUndoCapacity = 120;

  Variant variant_;
  std::uint64_t player_ = 0;
  std::uint64_t opponent_ = 0;
  core::Side side_ = core::Side::kFirst;
  std::uint64_t hash_ = 0;
  std::array<std::uint64_t, kUndoCapacity> undo_flips_{};  // 0 for a pass
  std::size_t undo_size_ = 0;
  std::shared_ptr<const reversi::EvalSettings> settings_;
};

static_assert(core::Game<Reversi>);

}  // namespace narabe::games

// The casual levels are found by the generic level play through ADL (casual_move);
// included here so that every user of Reversi sees the same hook.
#include "engine/games/reversi/reversi_levels.h"  // IWYU pragma: export

// The exact endgame solver serves Level max through the generic search's
// make_exact_solver hook (found by ADL), so every user of Reversi sees it too.
#include "engine/games/reversi/exact_solver.h"  // IWYU pragma: export

// The opening book reaches the generic search through its book_move hook (ADL).
#include "engine/games/reversi/opening_book.h"  // IWYU pragma: export

// ProbCut's margins reach the generic search through its probcut hook (ADL).
#include "engine/games/reversi/probcut_margins.h"  // IWYU pragma: export
