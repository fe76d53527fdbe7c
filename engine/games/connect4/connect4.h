#pragma once
// Connect Four: discs drop into the lowest free cell of a column; the first player
// (x) drops first; four of one's own discs in a row, a column or a diagonal wins; a
// full board without a four is a draw. The standard board is 7 columns by 6 rows;
// `newgame connect4 width W height H` plays every W and H from 4 to 9 whose bitboard
// ((H + 1) * W bits) fits in 64 bits.
//
// Notation: a move is its column, 1 = leftmost ("4" on 7x6 is the centre). Cells,
// for the winning line, are named like other boards: file letter a.. from the left,
// rank 1.. from the bottom ("d1" is the centre column's bottom cell).
// Pons' move strings ("4453") list the columns played from the empty board.
//
// Bitboards in Pascal Pons' layout: column by column from the left, each column
// H + 1 bits from the bottom, the top one a sentinel that is always empty. For 7x6:
//
//     .  .  .  .  .  .  .    <- sentinel row (never set)
//     5 12 19 26 33 40 47
//     4 11 18 25 32 39 46
//     3 10 17 24 31 38 45
//     2  9 16 23 30 37 44
//     1  8 15 22 29 36 43
//     0  7 14 21 28 35 42    <- bottom row, rank 1
//     1  2  3  4  5  6  7    <- columns as notated (Move value = column - 1)
//
//   bit index = column * (H + 1) + row, row 0 at the bottom.
//
// Why this layout: a column's discs are a contiguous run from its bottom bit, so
// adding the column's bottom bit to the mask sets the next free cell (that is a
// whole move); and the empty sentinel stops a shift by 1 (vertical), H, H + 1 or
// H + 2 (the two diagonals and horizontal) from running a line over the top of one
// column into the bottom of the next.
//
// The position is `current_` (discs of the side to move) and `mask_` (all discs).
// A move flips whose discs `current_` holds: current ^= mask; mask |= mask + bottom.
// current + mask is a unique key of the position (Pons), which hash() mixes.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game_concept.h"
#include "engine/core/level.h"

namespace narabe::games {

class Connect4 {
 public:
  static constexpr std::string_view kName = "connect4";
  // A move names a column ("4"), not a cell: any cell of the column drops there.
  static constexpr bool kMovesAreColumns = true;
  static constexpr std::size_t kMaxMoves = 9;
  static constexpr int kMinSide = 4;
  static constexpr int kMaxSide = 9;
  // A game that ends before perft's depth is not a leaf: the published counts from
  // 7x6 (7, 49, 343, 2401, 16807, 117649, 823536, 5673234 at depths 1..8) leave out
  // the 13032 games x won with its 4th disc at ply 7 (counted, depth 8 is 5686266).
  static constexpr bool kPerftCountsEndedGames = false;
  static constexpr std::string_view kVariantSpec = "width 4..9 height 4..9";
  using MoveList = core::MoveList<kMaxMoves>;

  struct Variant {
    int width = 7;
    int height = 6;
    friend bool operator==(const Variant&, const Variant&) = default;
  };

  // The tutorial evaluation's weights (see evaluate()).
  static constexpr core::Score kCentreStepWorth = 10;
  static constexpr core::Score kOpenThreeWorth = 1000;
  static constexpr core::Score kOpenTwoWorth = 10;

  // The empty board. (No `= {}` default argument: GCC cannot use Variant's member
  // initialisers before Connect4 is complete.)
  Connect4() : Connect4(Variant{}) {}
  explicit Connect4(const Variant& variant);

  static core::Expected<Variant> parse_variant(const core::VariantArgs& args);
  static std::string describe_variant(const Variant& variant);
  const Variant& variant() const { return variant_; }

  core::Side side_to_move() const {
    return moves_ % 2 == 0 ? core::Side::kFirst : core::Side::kSecond;
  }
  core::Outcome outcome() const;
  std::uint64_t hash() const;
  void generate_moves(MoveList& list) const;  // centre first, then alternating outward
  bool is_legal(core::Move m) const;
  void make_move(core::Move m);
  void unmake_move(core::Move m);
  int max_remaining_plies() const;

  // The tutorial evaluation from the side to move's view: own minus opponent's
  //   centre discs:  kCentreStepWorth per column step from the edge toward the centre
  //                  (7 wide: columns 1..7 are worth 0 10 20 30 20 10 0 a disc);
  //   open threes:   kOpenThreeWorth per window of four cells in a line (any
  //                  direction) holding exactly 3 own discs and 1 empty cell;
  //   open twos:     kOpenTwoWorth per window holding exactly 2 own discs and 2 empty.
  // "Open" means no opponent disc in the window: only such a window can still become
  // a four. The empty cells need not be playable yet.
  core::Score evaluate() const;
  std::vector<core::EvalTerm> evaluation_terms() const;
  // Centre columns first in the generic search's ordering (0 at the edges).
  int move_order_bonus(core::Move m) const { return centre_steps(m.value()); }
  // The levels (engine/search/level_play.h): 3, 6 and 8 plies; exact ties at random.
  static core::CasualSettings casual_settings(core::Level level);

  std::string move_to_string(core::Move m) const { return std::to_string(m.value() + 1); }
  core::Expected<core::Move> parse_move(std::string_view text) const;
  std::string to_fen() const;
  static core::Expected<Connect4> from_fen(const Variant& variant, std::string_view fen);
  // Pons' notation: "4453" = columns 4, 4, 5, 3 played from the empty board.
  static core::Expected<Connect4> from_move_string(const Variant& variant, std::string_view moves);
  // Every cell of every four of the winner, in a1, a2, .., b1 order; empty unless won.
  std::vector<std::string> winning_line() const;
  std::string diagram() const;

  static std::vector<core::BenchPosition> bench_positions();

  // For the solver, the evaluation and tests. Columns here are 0-based.
  std::uint64_t current() const { return current_; }  // discs of the side to move
  std::uint64_t mask() const { return mask_; }        // all discs
  std::uint64_t opponent() const { return current_ ^ mask_; }
  std::uint64_t key() const { return current_ + mask_; }  // unique per position
  int moves_played() const { return moves_; }
  int width() const { return variant_.width; }
  int height() const { return variant_.height; }
  bool can_play(int column) const { return (mask_ & top_cell(column)) == 0; }
  // Column steps from the nearer edge toward the centre (0 at the edges).
  int centre_steps(int column) const;

  // Masks of this board size.
  std::uint64_t bottom_mask() const { return bottom_mask_; }  // row 0 of every column
  std::uint64_t board_mask() const { return board_mask_; }    // every playable cell
  std::uint64_t bottom_cell(int column) const {
    return std::uint64_t{1} << (column * (height() + 1));
  }
  std::uint64_t top_cell(int column) const { return bottom_cell(column) << (height() - 1); }
  std::uint64_t column_mask(int column) const {
    return ((bottom_cell(column) << height()) - 1) & ~(bottom_cell(column) - 1);
  }
  // The cells where a disc would land now, one per column that is not full.
  std::uint64_t playable_cells() const { return (mask_ + bottom_mask_) & board_mask_; }
  // Empty cells that would complete a four of `discs` (playable now or not).
  std::uint64_t winning_cells(std::uint64_t discs) const;

  // Whether `discs` hold four in a row on a board of this height.
  static bool has_four(std::uint64_t discs, int height);
  // Every cell of every four of `discs`.
  static std::uint64_t four_cells(std::uint64_t discs, int height);
  // "d1" for column 3 (0-based), row 0.
  static std::string cell_name(int column, int row);

 private:
  core::Outcome winner_outcome() const;

  Variant variant_;
  std::uint64_t current_ = 0;
  std::uint64_t mask_ = 0;
  int moves_ = 0;
  std::uint64_t bottom_mask_ = 0;
  std::uint64_t board_mask_ = 0;
};

static_assert(core::Game<Connect4>);

}  // namespace narabe::games

// The exact solver serves Level max through the generic search's make_exact_solver
// hook; it is included here so that every user of Connect4 sees the same hook.
#include "engine/games/connect4/exact_solver.h"  // IWYU pragma: export
