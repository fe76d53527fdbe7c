#include "tools/gui/app/controller.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "tools/gui/app/animation_timing.h"

namespace narabe::gui {
namespace {

using core::Outcome;
using core::Side;

template <class E>
E cycle(E value, int count, int delta) {
  return static_cast<E>(((static_cast<int>(value) + delta) % count + count) % count);
}

// The start screen's sound rows step through Off and five volumes (20 % each),
// so a person sets both the switch and the level there; M and S stay plain
// switches that keep the level.
void step_sound(bool& on, double& volume, int delta) {
  constexpr int kSteps = 5;
  int index = on ? std::clamp(static_cast<int>(std::lround(volume * kSteps)), 1, kSteps) : 0;
  index = cycle(index, kSteps + 1, delta);
  on = index > 0;
  if (on) volume = static_cast<double>(index) / kSteps;
}

std::unique_ptr<rules::Referee> make_board(const Settings& settings) {
  auto made = rules::make_referee(game_name(settings.game), variant_args(settings));
  // The choices are fixed words the rules library knows; a failure here is a
  // programming error, shown on the board rather than crashing.
  if (!made) made = rules::make_referee("tictactoe", {});
  return std::move(*made);
}

// The cell that was empty before a move and holds a stone after it (none for a pass).
CellPos placed_cell(const rules::BoardCells& before, const rules::BoardCells& after) {
  for (int row = 0; row < after.height; ++row)
    for (int file = 0; file < after.width; ++file)
      if (before.at(file, row) == '.' && after.at(file, row) != '.') return {file, row};
  return {};
}

}  // namespace

Controller::Controller(Settings settings, EngineLink& engine, SoundSink& sound)
    : settings_(settings), engine_(engine), sound_(sound), referee_(make_board(settings)) {
  sound_.set_music_enabled(settings_.music);
  sound_.set_effects_enabled(settings_.effects);
  sound_.set_music_volume(settings_.music_volume);
  sound_.set_effects_volume(settings_.effects_volume);
}

bool Controller::start_row_shown(StartRow row) const {
  if (row == StartRow::kRule) return settings_.game == GameKind::kGomoku;
  if (row == StartRow::kFirst) return settings_.mode == Mode::kPersonVsEngine;
  return true;
}

bool Controller::is_engine_side(Side side) const {
  switch (settings_.mode) {
    case Mode::kEngineVsEngine: return true;
    case Mode::kTwoPeople: return false;
    case Mode::kPersonVsEngine:
      return (side == Side::kFirst) == (settings_.first == FirstMover::kEngine);
  }
  return false;
}

bool Controller::game_over() const { return core::is_over(referee_->outcome()); }

bool Controller::accepts_moves(double now) const {
  if (screen_ != Screen::kPlaying || help_shown_ || game_over() || awaiting_) return false;
  if (animation_ && now < animation_->start + animation_->end) return false;
  if (animation_) return false;  // finished but not yet retired by update()
  return !is_engine_side(referee_->side_to_move());
}

void Controller::handle(const Command& command, double now) {
  if (help_shown_ && command.kind != CommandKind::kToggleMusic && command.kind != CommandKind::kToggleEffects) {
    // Any key closes the help overlay; it does nothing else.
    help_shown_ = false;
    return;
  }
  switch (command.kind) {
    case CommandKind::kHelp: help_shown_ = true; return;
    case CommandKind::kToggleMusic:
      settings_.music = !settings_.music;
      sound_.set_music_enabled(settings_.music);
      message_ = settings_.music ? "Music on" : "Music off";
      return;
    case CommandKind::kToggleEffects:
      settings_.effects = !settings_.effects;
      sound_.set_effects_enabled(settings_.effects);
      message_ = settings_.effects ? "Sound effects on" : "Sound effects off";
      return;
    default: break;
  }

  if (screen_ == Screen::kStart) {
    switch (command.kind) {
      case CommandKind::kCursor:
        if (command.y != 0) move_start_selection(command.y);
        if (command.x != 0 && start_selection_ != StartRow::kStart) choose(start_selection_, command.x);
        return;
      case CommandKind::kChoose:
        if (command.x >= 0 && command.x < kStartRows) {
          start_selection_ = static_cast<StartRow>(command.x);
          choose(start_selection_, command.y);
        }
        return;
      case CommandKind::kActivate:
        if (start_selection_ == StartRow::kStart) start_game(now);
        else choose(start_selection_, 1);
        return;
      case CommandKind::kStart:
      case CommandKind::kNewGame: start_game(now); return;
      case CommandKind::kToggleHints: settings_.hints = !settings_.hints; return;
      default: return;
    }
  }

  const rules::BoardCells cells = referee_->board();
  switch (command.kind) {
    case CommandKind::kPlayCell:
      if (command.x < 0 || command.x >= cells.width || command.y < 0 || command.y >= cells.height) return;
      cursor_ = {command.x, command.y};
      if (accepts_moves(now)) play_person_move(referee_->move_at(command.x, command.y), now);
      return;
    case CommandKind::kDropColumn:
      if (settings_.game != GameKind::kConnect4 || command.x < 0 || command.x >= cells.width) return;
      cursor_.file = command.x;
      if (accepts_moves(now)) play_person_move(referee_->move_at(command.x, 0), now);
      return;
    case CommandKind::kHover:
      if (command.x >= 0 && command.x < cells.width && command.y >= 0 && command.y < cells.height)
        cursor_ = {command.x, command.y};
      return;
    case CommandKind::kCursor:
      cursor_.file = std::clamp(cursor_.file + command.x, 0, cells.width - 1);
      cursor_.row = std::clamp(cursor_.row + command.y, 0, cells.height - 1);
      return;
    case CommandKind::kActivate:
      if (accepts_moves(now)) play_person_move(referee_->move_at(cursor_.file, cursor_.row), now);
      return;
    case CommandKind::kUndo: undo(); return;
    case CommandKind::kNewGame: new_game(now); return;
    case CommandKind::kToggleHints:
      settings_.hints = !settings_.hints;
      message_ = settings_.hints ? "Hints on" : "Hints off";
      return;
    case CommandKind::kBack:
      cancel_engine();
      animation_.reset();
      screen_ = Screen::kStart;
      start_selection_ = StartRow::kStart;
      return;
    case CommandKind::kRestartEngine: {
      cancel_engine();
      const std::string error = engine_.start();
      engine_failed_ = !error.empty();
      message_ = error.empty() ? "Engine restarted" : "Engine restart failed: " + error;
      return;
    }
    default: return;
  }
}

void Controller::choose(StartRow row, int delta) {
  switch (row) {
    case StartRow::kGame: settings_.game = cycle(settings_.game, kGameKinds, delta); break;
    case StartRow::kRule: settings_.rule = cycle(settings_.rule, 4, delta); break;
    case StartRow::kMode: settings_.mode = cycle(settings_.mode, 3, delta); break;
    case StartRow::kFirst: settings_.first = cycle(settings_.first, 2, delta); break;
    case StartRow::kLevel: settings_.level = cycle(settings_.level, 4, delta); break;
    case StartRow::kMusic:
      step_sound(settings_.music, settings_.music_volume, delta);
      sound_.set_music_volume(settings_.music_volume);
      sound_.set_music_enabled(settings_.music);
      break;
    case StartRow::kEffects:
      step_sound(settings_.effects, settings_.effects_volume, delta);
      sound_.set_effects_volume(settings_.effects_volume);
      sound_.set_effects_enabled(settings_.effects);
      break;
    case StartRow::kStart: break;
  }
}

void Controller::move_start_selection(int delta) {
  StartRow row = start_selection_;
  for (int i = 0; i < kStartRows; ++i) {
    row = cycle(row, kStartRows, delta > 0 ? 1 : -1);
    if (start_row_shown(row)) break;
  }
  start_selection_ = row;
}

void Controller::start_game(double now) {
  screen_ = Screen::kPlaying;
  new_game(now);
}

void Controller::new_game(double) {
  cancel_engine();
  referee_ = make_board(settings_);
  moves_.clear();
  animation_.reset();
  winning_cells_.clear();
  scored_outcome_.reset();
  last_move_ = {};
  const rules::BoardCells cells = referee_->board();
  cursor_ = {cells.width / 2, settings_.game == GameKind::kConnect4 ? 0 : cells.height / 2};
  evaluation_.clear();
  depth_ = 0;
  ++position_id_;
  set_turn_message();
}

void Controller::cancel_engine() {
  if (awaiting_) engine_.cancel();
  awaiting_ = false;
}

std::string Controller::refusal_message(const std::string& error) const {
  if (error.find("is full") != std::string::npos) return "Column full";
  if (const auto at = error.find("forbidden for black ("); at != std::string::npos) {
    const auto open = error.find('(', at);
    return "Forbidden point " + error.substr(open);
  }
  if (error.find("taken") != std::string::npos || error.find("occupied") != std::string::npos)
    return "That point is taken";
  if (settings_.game == GameKind::kReversi) return "Not a legal move: no disc would flip";
  return "Not a legal move";
}

void Controller::play_person_move(const std::string& move, double now) {
  auto probe = referee_->clone();
  if (auto played = probe->play(move); !played) {
    message_ = refusal_message(played.error());
    sound_.play(Cue::kRefused);
    return;
  }
  apply_move(move, now);
}

CellPos Controller::cell_named(const std::string& name) const {
  const rules::BoardCells cells = referee_->board();
  for (int row = 0; row < cells.height; ++row)
    for (int file = 0; file < cells.width; ++file)
      if (referee_->cell_name(file, row) == name) return {file, row};
  return {};
}

void Controller::apply_move(const std::string& move, double now) {
  const rules::BoardCells before = referee_->board();
  if (auto played = referee_->play(move); !played) return;
  moves_.push_back(move);
  ++position_id_;
  const rules::BoardCells after = referee_->board();

  MoveAnimation anim;
  anim.start = now;
  anim.cell = placed_cell(before, after);
  if (anim.cell.valid()) anim.stone = after.at(anim.cell.file, anim.cell.row);
  if (!anim.cell.valid()) {  // a pass: nothing moves
    after_move();
    return;
  }
  last_move_ = anim.cell;
  set_turn_message();  // the result, if any, waits for the stone to land
  if (settings_.game == GameKind::kConnect4) {
    anim.fall_rows = anim.cell.row + 1;
    anim.land = timing::fall_seconds(anim.fall_rows);
    anim.end = anim.land + timing::kBounceSeconds;
  } else {
    anim.land = timing::kPlaceSeconds;
    anim.end = anim.land;
  }
  for (int row = 0; row < after.height; ++row) {
    for (int file = 0; file < after.width; ++file) {
      const char was = before.at(file, row);
      if (was == '.' || was == after.at(file, row)) continue;
      // Outward from the new disc, one step of the line at a time.
      const int steps = std::max(std::abs(file - anim.cell.file), std::abs(row - anim.cell.row));
      const double start = anim.land + timing::kFlipGapSeconds * (steps - 1);
      anim.flips.push_back({{file, row}, start});
      anim.end = std::max(anim.end, start + timing::kFlipSeconds);
    }
  }
  std::sort(anim.flips.begin(), anim.flips.end(),
            [](const FlipStep& a, const FlipStep& b) { return a.start < b.start; });
  animation_ = anim;
}

void Controller::update(double now) {
  handle_engine_events(now);
  if (animation_) {
    MoveAnimation& anim = *animation_;
    const double t = now - anim.start;
    if (!anim.landed_cue_sent && t >= anim.land) {
      anim.landed_cue_sent = true;
      sound_.play(anim.stone == 'x' ? Cue::kStoneFirst : Cue::kStoneSecond);
    }
    if (!anim.flip_cue_sent && !anim.flips.empty() && t >= anim.flips.front().start) {
      anim.flip_cue_sent = true;
      sound_.play_flip_chain(static_cast<int>(anim.flips.size()), timing::kFlipGapSeconds);
    }
    if (t < anim.end) return;
    animation_.reset();
    after_move();
  }
  if (screen_ != Screen::kPlaying || game_over()) return;
  play_pass_if_forced(now);
  maybe_ask_engine(now);
}

void Controller::play_pass_if_forced(double now) {
  if (animation_ || awaiting_) return;
  const auto legal = referee_->legal_moves();
  if (legal.size() != 1 || legal.front() != "pass") return;
  const bool engine_passes = is_engine_side(referee_->side_to_move());
  apply_move("pass", now);
  if (game_over()) return;
  if (settings_.mode == Mode::kPersonVsEngine)
    message_ = engine_passes ? "Reversi: the engine has no legal move and passes; your move"
                             : "Reversi: no legal move, you pass";
  else
    message_ = fmt::format("Reversi: {} has no legal move and passes",
                           side_name(settings_.game, core::index_of(core::opposite(referee_->side_to_move()))));
}

void Controller::maybe_ask_engine(double) {
  if (animation_ || awaiting_ || engine_failed_ || game_over()) return;
  if (!is_engine_side(referee_->side_to_move())) return;
  MoveRequest request;
  request.position_id = position_id_;
  request.newgame = referee_->newgame_arguments();
  request.level = std::string(kLevelWords[static_cast<std::size_t>(settings_.level)]);
  request.moves = moves_;
  request.movetime_ms = movetime_ms(settings_.level);
  engine_.request_move(request);
  awaiting_ = true;
}

void Controller::handle_engine_events(double now) {
  for (const EngineEvent& event : engine_.poll()) {
    if (event.kind == EngineEvent::Kind::kFailure) {
      awaiting_ = false;
      engine_failed_ = true;
      message_ = fmt::format("Engine problem: {}. Press R to restart it; the game stays.", event.message);
      continue;
    }
    if (!awaiting_ || event.position_id != position_id_) {
      ++dropped_replies_;
      continue;
    }
    if (event.kind == EngineEvent::Kind::kInfo) {
      if (event.score_mate) {
        evaluation_ = *event.score_mate > 0 ? fmt::format("wins in {}", *event.score_mate)
                                            : fmt::format("loses in {}", -*event.score_mate);
      } else if (event.score_cp) {
        evaluation_ = fmt::format("{:+.2f}", *event.score_cp / 100.0);
      }
      if (event.depth) depth_ = *event.depth;
      continue;
    }
    awaiting_ = false;
    auto probe = referee_->clone();
    if (auto played = probe->play(event.move); !played) {
      engine_failed_ = true;
      message_ = fmt::format("The engine played an illegal move '{}'. Press R to restart it.", event.move.substr(0, 20));
      continue;
    }
    apply_move(event.move, now);
  }
}

void Controller::after_move() {
  const Outcome outcome = referee_->outcome();
  if (!core::is_over(outcome)) {
    set_turn_message();
    return;
  }
  winning_cells_.clear();
  for (const auto& name : referee_->winning_line()) {
    if (const CellPos cell = cell_named(name); cell.valid()) winning_cells_.push_back(cell);
  }
  SessionScore& score = scores_[static_cast<std::size_t>(settings_.game)];
  if (outcome == Outcome::kDraw) {
    message_ = "Draw";
    sound_.play(Cue::kDraw);
    if (settings_.mode == Mode::kPersonVsEngine) ++score.draws;
  } else {
    const Side winner = outcome == Outcome::kFirstWins ? Side::kFirst : Side::kSecond;
    if (settings_.mode == Mode::kPersonVsEngine) {
      const bool engine_won = is_engine_side(winner);
      message_ = engine_won ? "Engine wins" : "You win!";
      sound_.play(engine_won ? Cue::kLoss : Cue::kWin);
      ++(engine_won ? score.engine : score.person);
    } else {
      message_ = fmt::format("{} wins", side_name(settings_.game, core::index_of(winner)));
      sound_.play(Cue::kWin);
    }
  }
  if (settings_.mode == Mode::kPersonVsEngine) scored_outcome_ = outcome;
}

void Controller::set_turn_message() {
  const Side side = referee_->side_to_move();
  const std::string_view name = side_name(settings_.game, core::index_of(side));
  switch (settings_.mode) {
    case Mode::kPersonVsEngine:
      message_ = is_engine_side(side) ? "Engine is thinking..." : "Your move";
      break;
    case Mode::kEngineVsEngine: message_ = fmt::format("{} (engine) is thinking...", name); break;
    case Mode::kTwoPeople: message_ = fmt::format("{} to move", name); break;
  }
}

void Controller::undo() {
  if (settings_.mode == Mode::kEngineVsEngine) {
    message_ = "Undo is for games with a person in them";
    return;
  }
  // Back to the last position where a person was to move and did not pass:
  // your move and the engine's reply, in a game against it.
  auto probe = referee_->clone();
  std::size_t take = 0;
  bool found = false;
  while (take < moves_.size()) {
    probe->undo();
    ++take;
    if (!is_engine_side(probe->side_to_move()) && moves_[moves_.size() - take] != "pass") {
      found = true;
      break;
    }
  }
  if (!found) {
    message_ = "Nothing to undo";
    return;
  }
  cancel_engine();
  animation_.reset();
  if (scored_outcome_) {
    SessionScore& score = scores_[static_cast<std::size_t>(settings_.game)];
    if (*scored_outcome_ == Outcome::kDraw) --score.draws;
    else if (is_engine_side(*scored_outcome_ == Outcome::kFirstWins ? Side::kFirst : Side::kSecond)) --score.engine;
    else --score.person;
    scored_outcome_.reset();
  }
  for (std::size_t i = 0; i < take; ++i) {
    referee_->undo();
    moves_.pop_back();
  }
  winning_cells_.clear();
  last_move_ = {};
  if (!moves_.empty()) {
    auto previous = referee_->clone();
    previous->undo();
    last_move_ = placed_cell(previous->board(), referee_->board());
  }
  ++position_id_;
  evaluation_.clear();
  depth_ = 0;
  set_turn_message();
}

std::vector<CellPos> Controller::forbidden_hints() const {
  std::vector<CellPos> cells;
  if (!settings_.hints || screen_ != Screen::kPlaying || is_engine_side(referee_->side_to_move())) return cells;
  for (const auto& name : referee_->forbidden_cells()) {
    if (const CellPos cell = cell_named(name); cell.valid()) cells.push_back(cell);
  }
  return cells;
}

std::vector<CellPos> Controller::move_hints() const {
  std::vector<CellPos> cells;
  if (!settings_.hints || settings_.game != GameKind::kReversi || screen_ != Screen::kPlaying || game_over() ||
      is_engine_side(referee_->side_to_move()))
    return cells;
  for (const auto& name : referee_->legal_moves()) {
    if (const CellPos cell = cell_named(name); cell.valid()) cells.push_back(cell);
  }
  return cells;
}

}  // namespace narabe::gui
