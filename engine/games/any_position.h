#pragma once
// AnyPosition: one game's position, chosen at run time by name from the registry,
// behind one virtual boundary. Everything a caller needs without knowing the game:
// fen in and out, moves in notation with their errors, undo, the outcome, the
// board as drawn and its cell names, Renju's forbidden points. The engine's
// sessions (protocol/server/game_session.h) hold a GamePosition<G> and add the
// search; narabe-match referees with it and narabe-gui shows it. No I/O: every
// answer is a value or a string.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/expected.h"
#include "engine/core/game_concept.h"
#include "engine/core/outcome.h"
#include "engine/core/position_invariants.h"
#include "engine/core/side.h"

namespace narabe::games {

// The board as a person sees it: row 0 is the TOP row, whatever the game's own
// rank convention. Cells hold 'x' (first player), 'o' (second) or '.'.
struct BoardCells {
  int width = 0;
  int height = 0;
  std::vector<char> cells;  // row * width + file

  char at(int file, int row) const { return cells[static_cast<std::size_t>(row * width + file)]; }
};

// The cells of a fen's board, top row first (the fen is one the game wrote).
BoardCells board_cells(std::string_view fen);

class AnyPosition {
 public:
  virtual ~AnyPosition() = default;

  virtual std::string_view game_name() const = 0;
  // The variant as `newgame` takes its keys ("width 7 height 6"); empty for none.
  virtual std::string variant_description() const = 0;
  // The game's name and variant as `newgame` takes them: "connect4 width 7 height 6".
  std::string newgame_arguments() const;
  virtual std::unique_ptr<AnyPosition> clone() const = 0;

  // The position of `fen`, or the variant's start position when `fen` is empty;
  // the moves played so far are forgotten. An error leaves the position as it was.
  virtual core::Status reset(std::string_view fen = {}) = 0;
  // Checks `move` (the game's notation) against the rules and plays it; the error
  // says why not and leaves the position as it was.
  virtual core::Status play(std::string_view move) = 0;
  // Takes the last move played since the reset back; nothing when there is none.
  virtual void undo() = 0;
  virtual int plies_played() const = 0;

  virtual core::Side side_to_move() const = 0;
  virtual core::Outcome outcome() const = 0;
  // The legal moves in notation, in the game's own order.
  virtual std::vector<std::string> legal_moves() const = 0;
  virtual std::string fen() const = 0;
  virtual std::string diagram() const = 0;  // the text board of `d`
  virtual std::uint64_t hash() const = 0;
  // The cells of the winning line (empty unless won).
  virtual std::vector<std::string> winning_line() const = 0;
  // The side to move's forbidden points (Renju's Black), as cell names.
  virtual std::vector<std::string> forbidden_points() const = 0;
  virtual std::vector<core::EvalTerm> evaluation() const = 0;
  // engine/core/position_invariants.h, for the fuzzers and debug builds.
  virtual core::Status check_invariants() const = 0;

  BoardCells board() const { return board_cells(fen()); }
  // The cell's name in the game's notation ("d3"), as winning_line() names cells.
  virtual std::string cell_name(int file, int row) const = 0;
  // The move that plays at that cell: its name, or its column where a move is a
  // column (Connect Four: any cell of the column means "drop here").
  virtual std::string move_at(int file, int row) const = 0;
};

// The position of one game G. Games may say, as constants: kRanksFromTop (their
// notation counts rows from the top, as Othello's does) and kMovesAreColumns.
template <core::Game G>
class GamePosition final : public AnyPosition {
 public:
  explicit GamePosition(const typename G::Variant& variant)
      : variant_(variant), game_(variant), height_(board_cells(game_.to_fen()).height) {}

  // The game itself, for what a caller adds to a position: the search, the
  // game's evaluation settings. Moves go through play() so that undo knows them.
  const G& game() const { return game_; }
  G& game() { return game_; }
  const typename G::Variant& variant() const { return variant_; }

  std::string_view game_name() const override { return G::kName; }
  std::string variant_description() const override { return G::describe_variant(variant_); }
  std::unique_ptr<AnyPosition> clone() const override { return std::make_unique<GamePosition>(*this); }

  core::Status reset(std::string_view fen) override {
    if (fen.empty()) {
      game_ = G(variant_);
    } else {
      auto loaded = G::from_fen(variant_, fen);
      if (!loaded) return core::make_error("bad fen: " + loaded.error());
      game_ = std::move(*loaded);
    }
    history_.clear();
    return core::Ok{};
  }

  core::Status play(std::string_view move) override {
    auto parsed = game_.parse_move(move);
    if (!parsed) return core::make_error(parsed.error());
    game_.make_move(*parsed);
    history_.push_back(*parsed);
    return core::Ok{};
  }

  void undo() override {
    if (history_.empty()) return;
    game_.unmake_move(history_.back());
    history_.pop_back();
  }
  int plies_played() const override { return static_cast<int>(history_.size()); }

  core::Side side_to_move() const override { return game_.side_to_move(); }
  core::Outcome outcome() const override { return game_.outcome(); }
  std::vector<std::string> legal_moves() const override {
    typename G::MoveList list;
    game_.generate_moves(list);
    std::vector<std::string> moves;
    for (core::Move m : list) moves.push_back(game_.move_to_string(m));
    return moves;
  }
  std::string fen() const override { return game_.to_fen(); }
  std::string diagram() const override { return game_.diagram(); }
  std::uint64_t hash() const override { return game_.hash(); }
  std::vector<std::string> winning_line() const override { return game_.winning_line(); }
  std::vector<std::string> forbidden_points() const override {
    if constexpr (requires(const G& g) { g.forbidden_cells(); })
      return game_.forbidden_cells();
    else
      return {};
  }
  std::vector<core::EvalTerm> evaluation() const override { return game_.evaluation_terms(); }
  core::Status check_invariants() const override { return core::check_position_invariants(game_); }

  std::string cell_name(int file, int row) const override {
    const int rank = ranks_from_top() ? row + 1 : height_ - row;
    return static_cast<char>('a' + file) + std::to_string(rank);
  }
  std::string move_at(int file, int row) const override {
    if constexpr (requires { G::kMovesAreColumns; }) {
      if (G::kMovesAreColumns) return std::to_string(file + 1);
    }
    return cell_name(file, row);
  }

 private:
  static constexpr bool ranks_from_top() {
    if constexpr (requires { G::kRanksFromTop; })
      return G::kRanksFromTop;
    else
      return false;
  }

  typename G::Variant variant_;
  G game_;
  std::vector<core::Move> history_;  // since the last reset, for undo
  int height_;  // fixed by the variant; cell_name is asked per cell, per frame
};

// The start position of `game` with `variant` keys (as after `newgame <game>`), or
// why there is none (unknown game, bad variant).
core::Expected<std::unique_ptr<AnyPosition>> make_position(std::string_view game, const core::VariantArgs& variant);

// Every game name the registry knows, in its order, for help texts and errors.
std::vector<std::string> known_games();

}  // namespace narabe::games
