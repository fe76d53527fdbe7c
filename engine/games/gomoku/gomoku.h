#pragma once
// Gomoku and Renju: Black (x, the first player) and White (o) place stones on the
// empty points of a square board, Black first; a row of five (rule.h says which
// lengths count) in a line, a column or a diagonal wins; a full board without one
// is a draw. `newgame gomoku size N rule R`: N from 5 to 22 (15 by default), R one
// of freestyle (the default), standard, renju, overline-forbidden.
//
// Under renju (and overline-forbidden) Black may not play a forbidden point
// (renju_forbidden.h): generate_moves leaves them out, parse_move rejects them with
// the reason. Black to move with every empty point forbidden has lost (there is
// no pass in Gomoku, and those points are not Black's to play): outcome() is then
// a White win.
//
// Notation: file letter a.. from the left (a..o on 15, a..v on 22, no letter
// skipped), rank 1.. from the bottom: "h8" is the centre of 15x15.
//
// The board is a padded 1-D array (board_geometry.h) so that pattern code walks
// lines with fixed strides and no bounds checks. The position keeps it inside an
// incremental pattern board (pattern_board.h): make/unmake rewrite the line keys
// and shapes of the points on the new stone's four lines, the Zobrist hash, and a
// count of the stones near every point (the search's candidates), and read a win
// from the shapes the stone's point had. The search's evaluation, candidates and
// move order (gomoku_eval.h) read those instead of scanning the board.

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game_concept.h"
#include "engine/games/gomoku/board_geometry.h"
#include "engine/games/gomoku/eval_weights.h"
#include "engine/games/gomoku/pattern_board.h"
#include "engine/games/gomoku/renju_forbidden.h"
#include "engine/games/gomoku/rule.h"

namespace narabe::games {

class Gomoku {
 public:
  static constexpr std::string_view kName = "gomoku";
  static constexpr std::size_t kMaxMoves = gomoku::kMaxSize * gomoku::kMaxSize;
  // A finished game has no moves and perft does not count it (as in tic-tac-toe).
  static constexpr bool kPerftCountsEndedGames = false;
  static constexpr std::string_view kVariantSpec =
      "size 5..22 rule freestyle|standard|renju|overline-forbidden";
  using MoveList = core::MoveList<kMaxMoves>;
  using Rule = gomoku::Rule;

  struct Variant {
    int size = 15;
    Rule rule = Rule::kFreestyle;
    friend bool operator==(const Variant&, const Variant&) = default;
  };

  // The empty board. (No `= {}` default argument: GCC cannot use Variant's member
  // initialisers before Gomoku is complete.)
  Gomoku() : Gomoku(Variant{}) {}
  explicit Gomoku(const Variant& variant);

  static core::Expected<Variant> parse_variant(const core::VariantArgs& args);
  static std::string describe_variant(const Variant& variant);
  const Variant& variant() const { return variant_; }

  core::Side side_to_move() const { return black_to_move() ? core::Side::kFirst : core::Side::kSecond; }
  core::Outcome outcome() const;
  std::uint64_t hash() const { return hash_; }
  // hash() once `m` is played.
  std::uint64_t hash_after(core::Move m) const;
  // Every legal point, a1, b1, .., then rank 2 ...; empty when the game is over.
  void generate_moves(MoveList& list) const;
  bool is_legal(core::Move m) const;
  void make_move(core::Move m);
  void unmake_move(core::Move m);
  // The search's null move (null-move pruning): the side to move passes, which the
  // rules never allow; taken back before anything else is.
  void make_null_move();
  void unmake_null_move();
  int max_remaining_plies() const;

  // The pattern evaluation (gomoku_eval.h), from the side to move's view.
  core::Score evaluate() const;
  std::vector<core::EvalTerm> evaluation_terms() const;
  // The generic search's moves: the candidates near the stones, or only the
  // answers to a threat (gomoku_eval.h).
  void generate_search_moves(MoveList& list) const;
  // The search's move order: the threats a stone on the point makes and blocks.
  int move_order_bonus(core::Move m) const;
  // The search's threat hooks (threat_moves.h): a five to complete, a five to
  // block, the fours searched past the horizon, the moves never reduced.
  bool has_winning_move() const;
  bool must_answer() const;
  void generate_quiescence_moves(MoveList& list) const;
  bool is_tactical(core::Move m) const;

  std::string move_to_string(core::Move m) const { return cell_name(m.value()); }
  core::Expected<core::Move> parse_move(std::string_view text) const;
  std::string to_fen() const;
  static core::Expected<Gomoku> from_fen(const Variant& variant, std::string_view fen);
  // Every stone of the winner's winning rows, in a1, b1, .., a2 order; empty unless won.
  std::vector<std::string> winning_line() const;
  std::string diagram() const;

  static std::vector<core::BenchPosition> bench_positions();
  static constexpr int kBenchDepth = 4;

  // The side to move's forbidden points (names, in board order), for the
  // `forbidden` command: empty unless the rule forbids points to that side.
  std::vector<std::string> forbidden_cells() const;
  // Why the side to move may not play the empty point `index` (kNone: it may).
  gomoku::Forbidden forbidden_at(int index) const;

  // For the evaluation, the levels and tests.
  int size() const { return variant_.size; }
  Rule rule() const { return variant_.rule; }
  int stones() const { return stones_; }
  const gomoku::Cells& cells() const { return patterns_.cells(); }
  gomoku::Cell cell(int index) const { return patterns_.cell(index); }
  // The line patterns of the board, kept up to date move by move.
  const gomoku::PatternBoard& patterns() const { return patterns_; }
  // The trained evaluation's weights (null: the hand-set evaluation). Weights made
  // for another rule are not taken (null). Copies of the position share them.
  void set_eval_weights(std::shared_ptr<const gomoku::EvalWeights> weights);
  const gomoku::EvalWeights* eval_weights() const { return eval_weights_.get(); }
  // Whether a stone lies within gomoku::kNearRadius steps of the point (in any of
  // the eight directions).
  bool near_stone(int index) const { return near_[static_cast<std::size_t>(index)] != 0; }
  // The empty near_stone points of a row of the padded board (row = rank + kPad),
  // one bit per column (file + kPad; walls included): for a quick walk.
  std::uint32_t empty_near_row(int row) const;
  gomoku::Cell colour_to_move() const { return black_to_move() ? gomoku::kBlack : gomoku::kWhite; }
  // The side to move's last stone placed since the position was set up (-1: none
  // known, as in a position read from a fen): where its attack stands.
  int last_own_stone() const;
  bool on_board(int index) const;
  // Whether the side to move may place a stone on the empty point `index`.
  bool playable(int index) const;
  // "h8" for an index; the index of "h8" (-1 for anything that is not a point).
  std::string cell_name(int index) const;
  int cell_from_name(std::string_view text) const;

 private:
  // Black moves first, and a stone or the search's pass hands the move over.
  bool black_to_move() const { return (stones_ + passed_) % 2 == 0; }
  bool black_has_no_point() const;
  core::Outcome winner_from_board() const;
  // Sets the board to `cells` (from_fen): the patterns and the near counts anew.
  void set_cells(const gomoku::Cells& cells);
  void count_near(int index, int sign);

  Variant variant_;
  gomoku::PatternBoard patterns_;
  std::shared_ptr<const gomoku::EvalWeights> eval_weights_;  // keeps patterns_' values alive
  // Stones within kNearRadius of each point (wall cells too: nobody reads them).
  std::array<std::uint8_t, gomoku::kCells> near_{};
  std::uint64_t hash_ = 0;
  int stones_ = 0;
  // The stones placed by make_move in order; those before placed_from_ (a fen's)
  // have no known order.
  std::array<std::int16_t, kMaxMoves> placed_{};
  int placed_from_ = 0;
  int passed_ = 0;  // 1 inside the search's null move: the other side is to move
  core::Outcome winner_ = core::Outcome::kNone;  // a win only; a draw is computed
};

static_assert(core::Game<Gomoku>);

}  // namespace narabe::games

// The casual levels are found by the generic level play through ADL (casual_move);
// they are included here so that every user of Gomoku sees them.
#include "engine/games/gomoku/gomoku_levels.h"  // IWYU pragma: export

// The threat solver serves Level max through the generic search's make_exact_solver
// hook (found by ADL), so every user of Gomoku sees it too.
#include "engine/games/gomoku/exact_solver.h"  // IWYU pragma: export

// The selective search's settings for Gomoku (threat_moves.h), found by ADL.
#include "engine/games/gomoku/threat_moves.h"  // IWYU pragma: export
