#pragma once
// Saved games, each in its game's usual record format:
//   Reversi: GGF, as NBoard and the Othello servers read it:
//     (;GM[Othello]PC[narabe-gui]TY[8]BO[8 <64 cells> *]B[F5]W[D6]...;)
//   Gomoku (all rules): SGF, GM[4], as RenLib and the Gomoku programs import it:
//     (;GM[4]FF[4]SZ[15]RU[renju];B[hh];W[ih]...)
//   Connect Four: the columns played as digits, "4453..."
//   tic-tac-toe: the cells played, "b2 a1 c3 ..."
// Moves are in the rules library's notation ("f5", "pass", "h8", "4", "b2");
// whether they are legal is the game's to say when they are played.

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/expected.h"
#include "tools/gui/app/game_setup.h"

namespace narabe::gui {

struct GameRecord {
  GameKind game = GameKind::kTicTacToe;
  GomokuRule rule = GomokuRule::kFreestyle;
  std::vector<std::string> moves;
  // The position the moves start from, as the protocol's fen ("8/8/8/3ox3/3xo3/8/8/8 x");
  // empty for the game's usual start. GGF's BO[] sets it for Reversi.
  std::string start_fen;
  int gomoku_size = kStandardGomokuSize;  // SGF's SZ[]
};

std::string format_record(const GameRecord& record);
// Which game the text holds is read from it (GGF, SGF, digits, cells). The
// moves' legality is checked when they are played (Controller::load_game).
core::Expected<GameRecord> parse_record(std::string_view text);
// Reads and parses a saved game; the error names the file's problem.
core::Expected<GameRecord> read_record_file(const std::string& path);

// The file name a save gets: "<game>-<stamp>.<ext>" (ggf, sgf, txt).
std::string record_file_name(GameKind game, std::string_view stamp);

// Where saves go: $XDG_DATA_HOME/narabe/games, else ~/.local/share/narabe/games;
// empty when neither variable is set.
std::string default_records_dir();

}  // namespace narabe::gui
