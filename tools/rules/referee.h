#pragma once
// One game's rules, chosen at run time by name, from the engine's own rules
// library (engine/games): the referee of narabe-match (every move an engine
// sends goes through it, and only it decides when a game is over: the tool
// never trusts an engine's claim) and the board behind narabe-gui (legality,
// outcome, the cells to draw, Renju's forbidden points).
//
// One virtual boundary over the registry's games (as protocol/server's session
// is): neither the match loop nor the gui knows which game it referees.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/expected.h"
#include "engine/core/game_concept.h"
#include "engine/core/outcome.h"
#include "engine/core/side.h"

namespace narabe::rules {

// The board as a person sees it: row 0 is the TOP row, whatever the game's own
// rank convention. Cells hold 'x' (first player), 'o' (second) or '.'.
struct BoardCells {
  int width = 0;
  int height = 0;
  std::vector<char> cells;  // row * width + file

  char at(int file, int row) const { return cells[static_cast<std::size_t>(row * width + file)]; }
};

class Referee {
 public:
  virtual ~Referee() = default;

  // The start position of the variant, or the position of `fen` (empty: start).
  virtual core::Status reset(std::string_view fen) = 0;
  // Checks `text` against the rules and plays it; the error says why not.
  virtual core::Status play(std::string_view text) = 0;
  // Takes the last move back (for generating openings).
  virtual void undo() = 0;

  virtual core::Side side_to_move() const = 0;
  virtual core::Outcome outcome() const = 0;
  // The legal moves as text, in the game's own order.
  virtual std::vector<std::string> legal_moves() const = 0;
  virtual std::string fen() const = 0;
  virtual std::uint64_t hash() const = 0;
  // The cells of the winning line (empty unless won), for the game record.
  virtual std::vector<std::string> winning_line() const = 0;
  virtual int plies_played() const = 0;

  // The game's name and variant as `newgame` takes them: "connect4 width 7 height 6".
  virtual std::string newgame_arguments() const = 0;
  virtual std::unique_ptr<Referee> clone() const = 0;

  // What a board view needs.
  virtual BoardCells board() const = 0;
  // The cell's name in the game's notation ("d3"; Reversi counts rows from
  // the top, the others from the bottom), as winning_line() names cells.
  virtual std::string cell_name(int file, int row) const = 0;
  // The move that plays at that cell: its name, or its column in Connect Four
  // (where any cell of the column means "drop here").
  virtual std::string move_at(int file, int row) const = 0;
  // The side to move's forbidden points (Renju's Black), as cell names.
  virtual std::vector<std::string> forbidden_cells() const = 0;
};

// The referee for `game` with `variant` keys (as after `newgame <game>`), or why
// there is none (unknown game, bad variant).
core::Expected<std::unique_ptr<Referee>> make_referee(std::string_view game,
                                                      const core::VariantArgs& variant);

// Every game name the rules library knows, for help texts and errors.
std::vector<std::string> known_games();

}  // namespace narabe::rules
