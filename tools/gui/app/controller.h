#pragma once
// narabe-gui's controller: everything the program decides, with no SDL and no
// drawing. It holds the start screen's choices, the game on the board (through
// the rules library), the history for undo, the session's scores, the
// messages, the animation in progress (as start times; the view draws it) and
// the conversation with the engine (through EngineLink, never blocking).
//
// Time is a number of seconds passed in by the caller (`now`), so tests and
// scripted runs drive it exactly.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/core/side.h"
#include "tools/gui/app/engine_link.h"
#include "tools/gui/app/file_chooser.h"
#include "tools/gui/app/game_record.h"
#include "tools/gui/app/game_setup.h"
#include "tools/gui/app/sound_sink.h"
#include "tools/gui/app/translation.h"
#include "engine/games/any_position.h"

namespace narabe::gui {

struct CellPos {
  int file = -1;
  int row = -1;  // 0 = top row, as drawn
  bool valid() const { return file >= 0 && row >= 0; }
  bool operator==(const CellPos&) const = default;
};

enum class Screen { kStart, kPlaying };

// The start screen's rows, top to bottom (Resume only while a game is put aside).
enum class StartRow {
  kGame, kRule, kMode, kFirst, kLevel, kAnalysis, kMusic, kEffects, kLanguage, kTextSize, kLoad, kStart, kResume
};
inline constexpr int kStartRows = 13;

enum class CommandKind {
  kPlayCell,       // x = file, y = row: play there (Connect Four: drop in that column)
  kDropColumn,     // x = column from 0 (Connect Four's 1-7 keys)
  kHover,          // x, y: the cell under the mouse becomes the cursor
  kCursor,         // x, y: move the cursor (board) or the selection (start screen)
  kActivate,       // Enter/Space: play at the cursor (a new game once one is over); start
  kChoose,         // x = StartRow, y = +1/-1: change that choice (mouse on the start screen)
  kStart,          // leave the start screen and play a new game
  kResume,         // back to the game put aside by Esc
  kUndo,
  kNewGame,
  kHint,           // ask the engine what it would play for the person, and mark it
  kToggleHints,
  kToggleMusic,
  kToggleEffects,
  kVolume,         // x = +1/-1: both sound buses a step louder or softer
  kStep,           // x = -1/+1: a move back or forward through the game (two people, a loaded game)
  kSave,           // save the game (main.cpp writes the file: the controller does no I/O)
  kLoad,           // open the chooser of saved games (main.cpp lists the files)
  kLoadFile,       // x = the chooser's row: load that file (main.cpp reads it)
  kBack,           // Esc: close the help, go back to the start screen, or resume from it
  kHelp,           // F1
  kRestartEngine,  // R, after the engine failed
};

struct Command {
  CommandKind kind;
  int x = 0;
  int y = 0;
};

struct FlipStep {
  CellPos cell;
  double start = 0;  // seconds after the move began
};

// One move's animation: the stone placed (or dropped), then Reversi's flips.
struct MoveAnimation {
  CellPos cell;
  char stone = 'x';
  int fall_rows = 0;  // Connect Four: rows fallen; 0 for a placed stone
  double start = 0;   // absolute time the move was made
  double land = 0;    // seconds after start: the stone is down
  std::vector<FlipStep> flips;
  double end = 0;     // seconds after start: all done
  bool landed_cue_sent = false;
  bool flip_cue_sent = false;
};

struct SessionScore {
  int person = 0;  // your wins
  int engine = 0;  // engine wins
  int draws = 0;
};

class Controller {
 public:
  Controller(Settings settings, EngineLink& engine, SoundSink& sound);

  void handle(const Command& command, double now);
  // Counts the changes a window would show: every command and every change
  // update() makes. The window redraws when it moves or animating() is true.
  std::uint64_t revision() const { return revision_; }
  // Whether the picture changes with time alone (a stone moving, the thinking
  // dots, the winning line's sweep): the window must keep drawing frames.
  bool animating(double now) const;
  // Reads the engine's replies, advances the animation, asks the engine for a
  // move when it is its turn. Call every frame.
  void update(double now);

  Screen screen() const { return screen_; }
  const Settings& settings() const { return settings_; }
  StartRow start_selection() const { return start_selection_; }
  // Whether a start-screen row is shown (the rule only for Gomoku).
  bool start_row_shown(StartRow row) const;
  // Opens a saved game between two people at its last position, to step
  // through (kStep) or play on; the error says which move is illegal.
  std::string load_game(const GameRecord& record, double now);
  // The chooser of saved games, shown over the screen while open (else null).
  // Its keys move the selection, Esc closes it; the file chosen is loaded
  // with load_game, and a failure is shown in it (chooser_failed).
  const FileChooser* chooser() const { return chooser_ ? &*chooser_ : nullptr; }
  void open_chooser(std::vector<SavedGameFile> files);
  void chooser_failed(std::string error);
  // The game on the board with any moves stepped back over, for saving.
  GameRecord record() const;
  // Shows a line in the message area (the result of a save).
  void note(std::string text) {
    message_ = std::move(text);
    ++revision_;
  }
  // A game put aside by Esc that Resume (or Esc again) brings back.
  bool resumable() const { return suspended_; }

  const games::AnyPosition& board() const { return *referee_; }
  const std::optional<MoveAnimation>& animation() const { return animation_; }
  CellPos last_move() const { return last_move_; }
  const std::vector<CellPos>& winning_cells() const { return winning_cells_; }
  // With hints on and a person to move: Renju's forbidden points, and the
  // legal moves where the game shows them (Reversi).
  std::vector<CellPos> forbidden_hints() const;
  std::vector<CellPos> move_hints() const;
  CellPos cursor() const { return cursor_; }

  const std::string& message() const { return message_; }
  // "Black 39 - 25 White" (Reversi), "Move 12" (the others).
  std::string score_line() const;
  // A pass, shown over the board until the next move (at least
  // kPassBannerSeconds: the engine's reply waits for it); empty when none.
  const std::string& pass_banner() const { return pass_banner_; }
  // The engine's suggestion for the person (the hint), until a move is made.
  CellPos hint_cell() const { return hint_cell_; }
  // When the game ended (for the winning line's sweep); negative while it runs.
  double over_at() const { return over_at_; }
  SessionScore score(GameKind game) const { return scores_[static_cast<std::size_t>(game)]; }
  bool thinking() const { return awaiting_; }
  bool hint_pending() const { return awaiting_ && hint_pending_; }
  // The engine is analysing the person's position (the analysis option).
  bool analysing() const { return analysing_; }
  bool engine_failed() const { return !engine_problem_.empty(); }
  bool help_shown() const { return help_shown_; }
  bool game_over() const;
  // Whether a person may move now (not the engine's turn, no animation).
  bool accepts_moves(double now) const;
  // The engine's last evaluation ("+0.35", "wins in 3") and depth, from the
  // point of view of the person (against the engine) or of the first player
  // (engine against engine, two people); empty when the engine reported none.
  const std::string& evaluation() const { return evaluation_; }
  // The same as a share of the bar, 0 (lost) .. 1 (won), 0.5 even.
  double evaluation_share() const { return evaluation_share_; }
  int depth() const { return depth_; }
  int dropped_replies() const { return dropped_replies_; }
  const std::vector<std::string>& moves() const { return moves_; }
  // Whether the game began with the second player to move (a loaded start position).
  bool second_moved_first() const { return start_fen_.ends_with(" o"); }
  bool is_engine_side(core::Side side) const;

 private:
  void start_game(double now);
  void new_game(double now);
  void choose(StartRow row, int delta);
  void move_start_selection(int delta);
  void play_person_move(const std::string& move, double now);
  // Plays a move checked legal; starts its animation.
  void apply_move(const std::string& move, double now);
  void after_move();
  void set_turn_message();
  void undo();
  // Takes back the last `take` moves (and a finished game's score).
  void take_back(std::size_t take);
  // A search of the board on screen at that level.
  MoveRequest request_for(Level level, int movetime) const;
  void cancel_engine();
  void ask_hint(double now);
  void maybe_analyse();
  void stop_analysis();
  void step_volume(int delta);
  void step_through(int delta, double now);
  void suspend(double now);
  void resume();
  void record_evaluation(const EngineEvent& event);
  void clear_move_marks();
  void handle_engine_events(double now);
  void fail_engine(std::string problem);  // shows it and holds the engine until R
  void maybe_ask_engine(double now);
  void play_pass_if_forced(double now);
  std::string refusal_message(const std::string& error) const;
  // A text of the interface in the chosen language, its values filled in.
  template <class... Args>
  std::string say(std::string_view english, const Args&... args) const {
    return fmt::format(fmt::runtime(tr(settings_.language, english)), args...);
  }
  std::string side_word(core::Side side) const;  // "Black", "黒"
  CellPos cell_named(const std::string& name) const;

  Settings settings_;
  EngineLink& engine_;
  SoundSink& sound_;

  Screen screen_ = Screen::kStart;
  StartRow start_selection_ = StartRow::kStart;
  bool help_shown_ = false;
  std::optional<FileChooser> chooser_;

  std::unique_ptr<games::AnyPosition> referee_;
  // A loaded game's board: Gomoku's size and the position its moves start from.
  int gomoku_size_ = kStandardGomokuSize;
  std::string start_fen_;
  std::vector<std::string> moves_;  // from the start, passes included
  std::optional<MoveAnimation> animation_;
  CellPos last_move_;
  CellPos cursor_;
  std::vector<CellPos> winning_cells_;
  std::string message_;
  std::array<SessionScore, kGameKinds> scores_{};
  std::optional<core::Outcome> scored_outcome_;  // the finished game's result, counted once
  bool suspended_ = false;
  std::string pass_banner_;
  double pass_at_ = -1;
  double over_at_ = -1;
  CellPos hint_cell_;
  std::vector<std::string> stepped_back_;  // moves kStep took back, the next one last
  std::uint64_t revision_ = 0;

  int position_id_ = 0;
  bool awaiting_ = false;
  bool hint_pending_ = false;
  bool analysing_ = false;
  int analysed_id_ = -1;  // the position the analysis was asked for
  core::Side searched_side_ = core::Side::kFirst;  // whose move the engine is searching
  double asked_at_ = 0;
  std::optional<std::string> held_move_;  // a reply kept back until release_at_ (pacing)
  double release_at_ = 0;
  // What went wrong with the engine, until R restarts it (empty: nothing); shown
  // in place of the turn message.
  std::string engine_problem_;
  std::string evaluation_;
  double evaluation_share_ = 0.5;
  int depth_ = 0;
  int dropped_replies_ = 0;
};

}  // namespace narabe::gui
