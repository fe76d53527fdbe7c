#pragma once
// Tic-tac-toe: the 3x3 game, X (the first player) moves first, three in a row wins,
// a full board without a line is a draw.
//
// Cells are numbered from the bottom-left, rank by rank; a move is its cell:
//
//   3 | 6 7 8          notation: file a-c, rank 1-3 from the bottom
//   2 | 3 4 5          (a1 = 0, b2 = 4, c3 = 8)
//   1 | 0 1 2
//       a b c
//
// Each side's stones are a 9-bit mask; bit i is cell i.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game_concept.h"

namespace narabe::games {

class TicTacToe {
 public:
  static constexpr std::string_view kName = "tictactoe";
  static constexpr std::size_t kMaxMoves = 9;
  static constexpr int kCells = 9;
  static constexpr bool kPerftCountsEndedGames = false;
  static constexpr std::string_view kVariantSpec = "";  // for the handshake's game line
  using MoveList = core::MoveList<kMaxMoves>;
  struct Variant {};  // tic-tac-toe has no variants

  // The eight lines of three, as cell masks.
  static constexpr std::array<std::uint16_t, 8> kLines = {
      0007, 0070, 0700,  // ranks 1..3
      0111, 0222, 0444,  // files a..c
      0421, 0124,        // a1-b2-c3, c1-b2-a3
  };

  explicit TicTacToe(const Variant& variant = {});

  static core::Expected<Variant> parse_variant(const core::VariantArgs& args);
  static std::string describe_variant(const Variant&) { return ""; }
  const Variant& variant() const { return variant_; }

  core::Side side_to_move() const { return side_; }
  core::Outcome outcome() const;
  std::uint64_t hash() const { return hash_; }
  void generate_moves(MoveList& list) const;
  bool is_legal(core::Move m) const;
  void make_move(core::Move m);
  void unmake_move(core::Move m);
  int max_remaining_plies() const;

  core::Score evaluate() const;
  std::vector<core::EvalTerm> evaluation_terms() const;

  std::string move_to_string(core::Move m) const { return cell_name(m.value()); }
  core::Expected<core::Move> parse_move(std::string_view text) const;
  std::string to_fen() const;
  static core::Expected<TicTacToe> from_fen(const Variant& variant, std::string_view fen);
  std::vector<std::string> winning_line() const;
  std::string diagram() const;

  static std::vector<core::BenchPosition> bench_positions();

  // For the rule-based levels and tests.
  std::uint16_t stones(core::Side s) const { return stones_[core::index_of(s)]; }
  std::uint16_t empty_cells() const { return static_cast<std::uint16_t>(0777 & ~(stones_[0] | stones_[1])); }
  static std::string cell_name(int cell);
  static bool has_line(std::uint16_t mask);

 private:
  // 'x', 'o' or '.' for a cell, rank 0 at the bottom (fen and diagram).
  char cell_char(int file, int rank) const;

  Variant variant_;
  std::array<std::uint16_t, 2> stones_{};
  core::Side side_ = core::Side::kFirst;
  std::uint64_t hash_ = 0;
};

static_assert(core::Game<TicTacToe>);

}  // namespace narabe::games

// The casual levels are found by the generic level play through ADL (casual_move);
// included here so that every user of TicTacToe, the protocol's sessions above
// all, sees the same hook.
#include "engine/games/tictactoe/tictactoe_levels.h"  // IWYU pragma: export
