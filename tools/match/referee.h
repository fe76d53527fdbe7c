#pragma once
// The referee of narabe-match: one game's rules, chosen at run time by name,
// from the engine's own rules library (engine/games). Every move an engine sends
// goes through it, and only it decides when a game is over: the tool never
// trusts an engine's claim.
//
// One virtual boundary over the registry's games (as protocol/server's session
// is): the match loop does not know which game it referees.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/expected.h"
#include "engine/core/game_concept.h"
#include "engine/core/outcome.h"
#include "engine/core/side.h"

namespace narabe::match {

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
};

// The referee for `game` with `variant` keys (as after `newgame <game>`), or why
// there is none (unknown game, bad variant).
core::Expected<std::unique_ptr<Referee>> make_referee(std::string_view game,
                                                      const core::VariantArgs& variant);

// Every game name the rules library knows, for help texts and errors.
std::vector<std::string> known_games();

}  // namespace narabe::match
