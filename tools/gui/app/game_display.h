#pragma once
// Everything narabe-gui does differently from one game to another, as one row a
// game: names, the board's drawing style, the stones, how a move is pointed at,
// the score line and the record format. The controller, the layout, the painter
// and the key map read these facts and never name a game, so a new game is a new
// row here (and its rules in engine/games); a new look is a new style the painter
// draws. The rules themselves (legal moves, outcome, cell names) come from
// engine/games/any_position.h.

#include <array>
#include <cstddef>
#include <string_view>

namespace narabe::gui {

// The rows of the table, in its order (the start screen cycles through them).
enum class GameKind { kTicTacToe, kConnect4, kGomoku, kReversi };

// The board under the stones.
enum class BoardStyle {
  kPaperGrid,    // two lines each way on paper
  kColumnFrame,  // a blue frame with holes, drawn over the discs
  kWoodLines,    // a wooden board with lines, stones on the crossings, coordinates
  kFeltSquares,  // green felt with squares
};

// What a side's stone looks like.
enum class StoneStyle {
  kMarks,           // a cross and a nought, the last move's cell tinted under its mark
  kRedYellowDiscs,  // a red and a yellow disc, the last move ringed
  kBlackWhite,      // black and white stones with a shadow, the last move dotted
};

// How a game is saved (game_record.h).
enum class RecordFormat { kCells, kColumns, kSgf, kGgf };

struct GameDisplay {
  std::string_view word;   // the engine's game name; the config file's word
  std::string_view title;  // what the start screen and the panel show
  std::array<std::string_view, 2> sides;  // the sides' names, first player first
  // The variant keys `newgame` always gets ("width 7 height 6"); empty for none.
  std::string_view variant = {};
  // Gomoku: a rule to choose on the start screen and a board size a loaded game
  // may change; `newgame` then gets `size` and `rule`.
  bool has_rules = false;
  BoardStyle board = BoardStyle::kPaperGrid;
  StoneStyle stones = StoneStyle::kBlackWhite;
  float stone_radius = 0.4f;  // in cells
  float margin = 0.3f;        // the board's margin around its cells, in cells
  // Stones on the lines' crossings: a board of n lines is n-1 cells across.
  bool on_crossings = false;
  // A move is a column: the disc falls, the mouse points at columns, the
  // cursor is a column, a hint names a column.
  bool drops_in_columns = false;
  // The side to move's legal moves are marked, the cursor starts on one and a
  // refused move is explained by flips (Reversi).
  bool shows_legal_moves = false;
  // The score line counts the discs and the result is given with the count.
  bool counts_discs = false;
  // The side to move's stone in the panel sits on the board's colour.
  bool turn_stone_on_board = false;
  RecordFormat record = RecordFormat::kCells;
};

inline constexpr std::array<GameDisplay, 4> kGameDisplays = {{
    {.word = "tictactoe", .title = "Tic-tac-toe", .sides = {"X", "O"}, .board = BoardStyle::kPaperGrid,
     .stones = StoneStyle::kMarks, .stone_radius = 0.36f, .margin = 0.2f, .turn_stone_on_board = true,
     .record = RecordFormat::kCells},
    {.word = "connect4", .title = "Connect Four", .sides = {"Red", "Yellow"}, .variant = "width 7 height 6",
     .board = BoardStyle::kColumnFrame, .stones = StoneStyle::kRedYellowDiscs, .stone_radius = 0.40f,
     .margin = 0.25f, .drops_in_columns = true, .record = RecordFormat::kColumns},
    {.word = "gomoku", .title = "Gomoku", .sides = {"Black", "White"}, .has_rules = true,
     .board = BoardStyle::kWoodLines, .stones = StoneStyle::kBlackWhite, .stone_radius = 0.46f, .margin = 1.1f,
     .on_crossings = true, .record = RecordFormat::kSgf},
    {.word = "reversi", .title = "Reversi", .sides = {"Black", "White"}, .board = BoardStyle::kFeltSquares,
     .stones = StoneStyle::kBlackWhite, .stone_radius = 0.41f, .margin = 0.35f, .shows_legal_moves = true,
     .counts_discs = true, .turn_stone_on_board = true, .record = RecordFormat::kGgf},
}};

inline constexpr int kGameKinds = static_cast<int>(kGameDisplays.size());

constexpr const GameDisplay& display_of(GameKind game) { return kGameDisplays[static_cast<std::size_t>(game)]; }

// The game words in the table's order (settings_file.h reads and writes them).
inline constexpr std::array<std::string_view, kGameDisplays.size()> kGameWords = [] {
  std::array<std::string_view, kGameDisplays.size()> words{};
  for (std::size_t i = 0; i < words.size(); ++i) words[i] = kGameDisplays[i].word;
  return words;
}();

// The game whose records are in `format`.
constexpr GameKind game_with_record(RecordFormat format) {
  for (std::size_t i = 0; i < kGameDisplays.size(); ++i)
    if (kGameDisplays[i].record == format) return static_cast<GameKind>(i);
  return GameKind::kTicTacToe;
}

}  // namespace narabe::gui
