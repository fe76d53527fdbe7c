#include "tools/gui/app/controller.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "tools/gui/app/animation_timing.h"
#include "tools/gui/app/score_line.h"

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

// The board a game is played on: the settings' game, on a loaded game's
// Gomoku size and from its start position; the error says why there is none.
core::Expected<std::unique_ptr<games::AnyPosition>> board_for(const Settings& settings, int gomoku_size,
                                                              const std::string& start_fen) {
  auto made = games::make_position(game_name(settings.game), variant_args(settings, gomoku_size));
  if (!made) return core::make_error(made.error());
  if (!start_fen.empty()) {
    if (auto reset = (*made)->reset(start_fen); !reset)
      return core::make_error(fmt::format("the start position is not one the game allows: {}", reset.error()));
  }
  return std::move(*made);
}

std::unique_ptr<games::AnyPosition> make_board(const Settings& settings, int gomoku_size = kStandardGomokuSize,
                                               const std::string& start_fen = {}) {
  auto made = board_for(settings, gomoku_size, start_fen);
  // The choices are fixed words the rules library knows, and a loaded game's
  // board was checked when it was loaded; a failure here is a programming
  // error, shown on the board rather than crashing.
  if (!made) made = games::make_position("tictactoe", {});
  return std::move(*made);
}

// The cell that was empty before a move and holds a stone after it (none for a pass).
CellPos placed_cell(const games::BoardCells& before, const games::BoardCells& after) {
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
  if (row == StartRow::kRule) return display_of(settings_.game).has_rules;
  if (row == StartRow::kFirst || row == StartRow::kAnalysis) return settings_.mode == Mode::kPersonVsEngine;
  if (row == StartRow::kResume) return suspended_;
  return true;
}

bool Controller::animating(double now) const {
  if (screen_ != Screen::kPlaying) return false;
  if (animation_ || awaiting_) return true;  // a moving stone; the thinking dots
  return over_at_ >= 0 && now < over_at_ + timing::kWinSweepSeconds;
}

std::string Controller::score_line() const {
  return gui::score_line(settings_.game, referee_->board(), moves_, game_over(), settings_.language);
}

std::string Controller::side_word(Side side) const {
  return std::string(tr(settings_.language, side_name(settings_.game, core::index_of(side))));
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
  if (screen_ != Screen::kPlaying || help_shown_ || chooser_ || game_over() || awaiting_) return false;
  if (animation_ && now < animation_->start + animation_->end) return false;
  if (animation_) return false;  // finished but not yet retired by update()
  return !is_engine_side(referee_->side_to_move());
}

void Controller::handle(const Command& command, double now) {
  // The mouse moving within a cell changes nothing on screen.
  if (command.kind != CommandKind::kHover) ++revision_;
  if (chooser_) {
    // The chooser takes every command while open; main.cpp loads its files.
    if (command.kind == CommandKind::kCursor) chooser_->move(command.y != 0 ? command.y : command.x);
    if (command.kind == CommandKind::kBack) chooser_.reset();
    return;
  }
  if (help_shown_ && command.kind == CommandKind::kHover) return;  // the mouse moving keeps the help open
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
      message_ = say(settings_.music ? "Music on" : "Music off");
      return;
    case CommandKind::kToggleEffects:
      settings_.effects = !settings_.effects;
      sound_.set_effects_enabled(settings_.effects);
      message_ = say(settings_.effects ? "Sound effects on" : "Sound effects off");
      return;
    case CommandKind::kVolume: step_volume(command.x); return;
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
        // Enter starts from any row (left and right change the values);
        // on Resume it resumes.
        if (start_selection_ == StartRow::kResume) resume();
        else if (start_selection_ != StartRow::kLoad) start_game(now);  // Load's row opens the chooser (key_map.h)
        return;
      case CommandKind::kResume:
      case CommandKind::kBack:
        if (suspended_) resume();
        return;
      case CommandKind::kStart:
      case CommandKind::kNewGame: start_game(now); return;
      case CommandKind::kToggleHints: settings_.hints = !settings_.hints; return;
      default: return;
    }
  }

  const games::BoardCells cells = referee_->board();
  switch (command.kind) {
    case CommandKind::kPlayCell:
      if (command.x < 0 || command.x >= cells.width || command.y < 0 || command.y >= cells.height) return;
      cursor_ = {command.x, command.y};
      if (accepts_moves(now)) play_person_move(referee_->move_at(command.x, command.y), now);
      return;
    case CommandKind::kDropColumn:
      if (!display_of(settings_.game).drops_in_columns || command.x < 0 || command.x >= cells.width) return;
      cursor_.file = command.x;
      if (accepts_moves(now)) play_person_move(referee_->move_at(command.x, 0), now);
      return;
    case CommandKind::kHover:
      if (command.x >= 0 && command.x < cells.width && command.y >= 0 && command.y < cells.height &&
          !(cursor_ == CellPos{command.x, command.y})) {
        cursor_ = {command.x, command.y};
        ++revision_;
      }
      return;
    case CommandKind::kCursor:
      cursor_.file = std::clamp(cursor_.file + command.x, 0, cells.width - 1);
      cursor_.row = std::clamp(cursor_.row + command.y, 0, cells.height - 1);
      return;
    case CommandKind::kActivate:
      if (game_over() && !animation_) new_game(now);  // the end strip's "Play again"
      else if (accepts_moves(now)) play_person_move(referee_->move_at(cursor_.file, cursor_.row), now);
      return;
    case CommandKind::kUndo: undo(); return;
    case CommandKind::kNewGame: new_game(now); return;
    case CommandKind::kHint: ask_hint(now); return;
    case CommandKind::kStep: step_through(command.x, now); return;
    case CommandKind::kToggleHints:
      settings_.hints = !settings_.hints;
      message_ = say(settings_.hints ? "Hints on" : "Hints off");
      return;
    case CommandKind::kBack: suspend(now); return;
    case CommandKind::kRestartEngine: {
      cancel_engine();
      const std::string error = engine_.start();
      engine_problem_.clear();
      if (error.empty()) message_ = say("Engine restarted");
      else fail_engine(say("Engine restart failed: {}", error));
      return;
    }
    default: return;
  }
}

void Controller::choose(StartRow row, int delta) {
  // A game put aside is kept for Resume while what it is played under stays.
  if (row == StartRow::kGame || row == StartRow::kRule || row == StartRow::kMode || row == StartRow::kFirst) {
    suspended_ = false;
    if (start_selection_ == StartRow::kResume) start_selection_ = StartRow::kStart;
  }
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
    case StartRow::kLanguage: settings_.language = cycle(settings_.language, 2, delta); break;
    case StartRow::kAnalysis: settings_.analysis = !settings_.analysis; break;
    case StartRow::kTextSize: {
      const auto at = std::find(kTextSizes.begin(), kTextSizes.end(), settings_.text_size);
      const int index = at == kTextSizes.end() ? 0 : static_cast<int>(at - kTextSizes.begin());
      settings_.text_size = kTextSizes[static_cast<std::size_t>(cycle(index, static_cast<int>(kTextSizes.size()), delta))];
      break;
    }
    case StartRow::kLoad:
    case StartRow::kStart:
    case StartRow::kResume: break;
  }
}

void Controller::suspend(double now) {
  // Esc: the game waits behind the start screen unless it is over or empty;
  // the search in flight is stopped and asked again on resume.
  cancel_engine();
  if (animation_) {
    animation_.reset();
    after_move();
    if (game_over()) over_at_ = now;
  }
  suspended_ = !game_over() && !moves_.empty();
  screen_ = Screen::kStart;
  start_selection_ = suspended_ ? StartRow::kResume : StartRow::kStart;
}

void Controller::resume() {
  if (!suspended_) return;
  suspended_ = false;
  screen_ = Screen::kPlaying;
  ++position_id_;  // a fresh request for the same position
  set_turn_message();
}

std::string Controller::load_game(const GameRecord& record, double now) {
  // Every move is checked on a board of its own first: a game that does not
  // load leaves the one on the board as it was.
  Settings loaded = settings_;
  loaded.game = record.game;
  if (display_of(record.game).has_rules) loaded.rule = record.rule;
  loaded.mode = Mode::kTwoPeople;  // both sides are the person's to step through or play on
  const int size = display_of(record.game).has_rules ? record.gomoku_size : kStandardGomokuSize;
  auto probe = board_for(loaded, size, record.start_fen);
  if (!probe) return probe.error();
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    if (auto played = (*probe)->play(record.moves[i]); !played)
      return fmt::format("move {} ({}) is not legal: {}", i + 1, record.moves[i].substr(0, 20), played.error());
  }
  settings_ = loaded;
  gomoku_size_ = size;
  start_fen_ = record.start_fen;
  screen_ = Screen::kPlaying;
  suspended_ = false;
  chooser_.reset();
  help_shown_ = false;
  new_game(now);
  for (const auto& move : record.moves) {
    referee_->play(move);
    moves_.push_back(move);
  }
  ++position_id_;
  last_move_ = {};
  if (!moves_.empty()) {
    auto previous = referee_->clone();
    previous->undo();
    last_move_ = placed_cell(previous->board(), referee_->board());
  }
  after_move();
  if (game_over()) over_at_ = now;
  return {};
}

void Controller::open_chooser(std::vector<SavedGameFile> files) {
  help_shown_ = false;
  chooser_.emplace(std::move(files));
  ++revision_;
}

void Controller::chooser_failed(std::string error) {
  if (!chooser_) return;
  chooser_->set_error(std::move(error));
  ++revision_;
}

GameRecord Controller::record() const {
  GameRecord r{settings_.game, settings_.rule, moves_, start_fen_, gomoku_size_};
  r.moves.insert(r.moves.end(), stepped_back_.rbegin(), stepped_back_.rend());
  return r;
}

void Controller::step_through(int delta, double now) {
  if (settings_.mode != Mode::kTwoPeople) {
    message_ = say("Stepping through is for two people and loaded games; Undo takes back a move");
    return;
  }
  cancel_engine();
  animation_.reset();
  if (delta < 0 && !moves_.empty()) {
    stepped_back_.push_back(moves_.back());
    take_back(1);
  } else if (delta > 0 && !stepped_back_.empty()) {
    apply_move(stepped_back_.back(), now);
  }
}

void Controller::step_volume(int delta) {
  // Both buses a fifth of full scale at a time, never quite silent: Off is M and S.
  auto step = [&](double volume) { return std::clamp(std::round(volume * 5 + (delta > 0 ? 1 : -1)), 1.0, 5.0) / 5; };
  settings_.music_volume = step(settings_.music_volume);
  settings_.effects_volume = step(settings_.effects_volume);
  sound_.set_music_volume(settings_.music_volume);
  sound_.set_effects_volume(settings_.effects_volume);
  message_ = say("Volume: music {} %, effects {} %", std::lround(settings_.music_volume * 100),
                         std::lround(settings_.effects_volume * 100));
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
  // The start screen's games are the usual ones: a loaded game's size and
  // start position stay with New and Play again only.
  gomoku_size_ = kStandardGomokuSize;
  start_fen_.clear();
  screen_ = Screen::kPlaying;
  suspended_ = false;
  new_game(now);
}

void Controller::clear_move_marks() {
  pass_banner_.clear();
  pass_at_ = -1;
  hint_cell_ = {};
  over_at_ = -1;
}

void Controller::new_game(double) {
  cancel_engine();
  stepped_back_.clear();
  referee_ = make_board(settings_, gomoku_size_, start_fen_);
  moves_.clear();
  animation_.reset();
  winning_cells_.clear();
  scored_outcome_.reset();
  last_move_ = {};
  clear_move_marks();
  const games::BoardCells cells = referee_->board();
  cursor_ = {cells.width / 2, display_of(settings_.game).drops_in_columns ? 0 : cells.height / 2};
  // Reversi's centre is taken: the cursor starts on a legal move.
  if (display_of(settings_.game).shows_legal_moves) {
    const auto legal = referee_->legal_moves();
    if (!legal.empty()) {
      const CellPos first = cell_named(legal.front());
      if (first.valid()) cursor_ = first;
    }
  }
  evaluation_.clear();
  evaluation_share_ = 0.5;
  depth_ = 0;
  ++position_id_;
  set_turn_message();
}

void Controller::stop_analysis() {
  if (analysing_) engine_.cancel();
  analysing_ = false;
}

void Controller::maybe_analyse() {
  // With the analysis option, the engine at full strength looks at each of
  // the person's positions once; its info lines fill the evaluation bar, its
  // move is not shown. The person may move at any time: that stops it.
  if (!settings_.analysis || settings_.mode != Mode::kPersonVsEngine || analysing_ || awaiting_ || animation_ ||
      engine_failed() || game_over() || analysed_id_ == position_id_ || is_engine_side(referee_->side_to_move()))
    return;
  engine_.request_move(request_for(Level::kMax, movetime_ms(Level::kHard)));
  analysing_ = true;
  analysed_id_ = position_id_;
  searched_side_ = referee_->side_to_move();
}

MoveRequest Controller::request_for(Level level, int movetime) const {
  MoveRequest request;
  request.position_id = position_id_;
  request.newgame = referee_->newgame_arguments();
  request.level = std::string(kLevelWords[static_cast<std::size_t>(level)]);
  request.start_fen = start_fen_;
  request.moves = moves_;
  request.movetime_ms = movetime;
  return request;
}

void Controller::cancel_engine() {
  stop_analysis();
  if (awaiting_) engine_.cancel();
  awaiting_ = false;
  hint_pending_ = false;
  held_move_.reset();
}

void Controller::ask_hint(double now) {
  if (!accepts_moves(now)) {
    if (screen_ == Screen::kPlaying && !game_over() && !awaiting_) message_ = say("A hint is for your own move");
    return;
  }
  stop_analysis();
  // The hint plays at the strength of the level's search, with at least half a second.
  engine_.request_move(request_for(settings_.level, std::max(500, movetime_ms(settings_.level))));
  awaiting_ = true;
  hint_pending_ = true;
  searched_side_ = referee_->side_to_move();
  asked_at_ = now;
  message_ = say("Looking for a good move...");
}

std::string Controller::refusal_message(const std::string& error) const {
  if (error.find("is full") != std::string::npos) return say("Column full");
  if (const auto at = error.find("forbidden for black ("); at != std::string::npos) {
    // The rules library's reason: double-three, double-four or overline.
    const auto open = error.find('(', at) + 1;
    const auto close = error.find(')', open);
    const std::string reason = error.substr(open, close == std::string::npos ? std::string::npos : close - open);
    return say("Forbidden point ({})", tr(settings_.language, reason));
  }
  if (error.find("taken") != std::string::npos || error.find("occupied") != std::string::npos)
    return say("That point is taken");
  if (display_of(settings_.game).shows_legal_moves) return say("Not a legal move: no disc would flip");
  return say("Not a legal move");
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
  const games::BoardCells cells = referee_->board();
  for (int row = 0; row < cells.height; ++row)
    for (int file = 0; file < cells.width; ++file)
      if (referee_->cell_name(file, row) == name) return {file, row};
  return {};
}

void Controller::apply_move(const std::string& move, double now) {
  const games::BoardCells before = referee_->board();
  if (auto played = referee_->play(move); !played) return;
  stop_analysis();
  moves_.push_back(move);
  ++position_id_;
  ++revision_;
  // A move of its own replaces the line stepped back over; a step forward replays it.
  if (!stepped_back_.empty() && stepped_back_.back() == move) stepped_back_.pop_back();
  else stepped_back_.clear();
  hint_cell_ = {};
  if (move != "pass") {
    pass_banner_.clear();
    pass_at_ = -1;
  }
  const games::BoardCells after = referee_->board();

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
  if (display_of(settings_.game).drops_in_columns) {
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
  if (held_move_ && now >= release_at_) {
    const std::string move = *std::exchange(held_move_, std::nullopt);
    awaiting_ = false;
    ++revision_;
    apply_move(move, now);
  }
  if (animation_) {
    MoveAnimation& anim = *animation_;
    const double t = now - anim.start;
    if (!anim.landed_cue_sent && t >= anim.land) {
      anim.landed_cue_sent = true;
      ++revision_;
      sound_.play(anim.stone == 'x' ? Cue::kStoneFirst : Cue::kStoneSecond);
    }
    if (!anim.flip_cue_sent && !anim.flips.empty() && t >= anim.flips.front().start) {
      anim.flip_cue_sent = true;
      sound_.play_flip_chain(static_cast<int>(anim.flips.size()), timing::kFlipGapSeconds);
    }
    if (t < anim.end) return;
    animation_.reset();
    ++revision_;
    after_move();
    if (game_over()) over_at_ = now;
  }
  if (screen_ != Screen::kPlaying || game_over()) return;
  play_pass_if_forced(now);
  maybe_ask_engine(now);
  maybe_analyse();
}

void Controller::play_pass_if_forced(double now) {
  if (animation_ || awaiting_) return;
  const auto legal = referee_->legal_moves();
  if (legal.size() != 1 || legal.front() != "pass") return;
  const bool engine_passes = is_engine_side(referee_->side_to_move());
  const Side passer = referee_->side_to_move();
  apply_move("pass", now);
  if (game_over()) {
    over_at_ = now;
    return;
  }
  if (settings_.mode == Mode::kPersonVsEngine)
    message_ = say(engine_passes ? "Reversi: the engine has no legal move and passes; your move"
                                 : "Reversi: no legal move, you pass");
  else
    message_ = say("Reversi: {} has no legal move and passes", side_word(passer));
  pass_banner_ = settings_.mode == Mode::kPersonVsEngine
                     ? say(engine_passes ? "The engine passes" : "You pass: no legal move")
                     : say("{} passes", side_word(passer));
  pass_at_ = now;
}

void Controller::maybe_ask_engine(double now) {
  if (animation_ || awaiting_ || engine_failed() || game_over()) return;
  if (!is_engine_side(referee_->side_to_move())) return;
  engine_.request_move(request_for(settings_.level, movetime_ms(settings_.level)));
  awaiting_ = true;
  hint_pending_ = false;
  searched_side_ = referee_->side_to_move();
  asked_at_ = now;
  ++revision_;
}

void Controller::record_evaluation(const EngineEvent& event) {
  // The engine scores for the side it searched; the panel shows the person's
  // view (against the engine) or the first player's (otherwise).
  const Side viewer = settings_.mode == Mode::kPersonVsEngine
                          ? (is_engine_side(Side::kFirst) ? Side::kSecond : Side::kFirst)
                          : Side::kFirst;
  const int sign = searched_side_ == viewer ? 1 : -1;
  if (event.score_mate) {
    const int mate = *event.score_mate * sign;
    evaluation_ = mate > 0 ? say("wins in {}", mate) : say("loses in {}", -mate);
    evaluation_share_ = mate > 0 ? 1.0 : 0.0;
  } else if (event.score_cp) {
    const int cp = *event.score_cp * sign;
    evaluation_ = fmt::format("{:+.2f}", cp / 100.0);
    evaluation_share_ = 0.5 + 0.5 * std::tanh(cp / 400.0);
  }
}

void Controller::fail_engine(std::string problem) {
  engine_problem_ = std::move(problem);
  message_ = engine_problem_;
}

void Controller::handle_engine_events(double now) {
  for (const EngineEvent& event : engine_.poll()) {
    ++revision_;
    if (event.kind == EngineEvent::Kind::kFailure) {
      awaiting_ = false;
      hint_pending_ = false;
      held_move_.reset();
      fail_engine(say("Engine problem: {}. Press R to restart it; the game stays.", event.message));
      continue;
    }
    if (analysing_ && !awaiting_ && event.position_id == analysed_id_) {
      if (event.kind == EngineEvent::Kind::kInfo) {
        record_evaluation(event);
        if (event.depth) depth_ = *event.depth;
      } else {
        analysing_ = false;  // its move is not the person's to see
      }
      continue;
    }
    if (!awaiting_ || held_move_ || event.position_id != position_id_) {
      ++dropped_replies_;
      continue;
    }
    if (event.kind == EngineEvent::Kind::kInfo) {
      record_evaluation(event);
      if (event.depth) depth_ = *event.depth;
      continue;
    }
    auto probe = referee_->clone();
    if (auto played = probe->play(event.move); !played) {
      awaiting_ = false;
      hint_pending_ = false;
      fail_engine(say("The engine played an illegal move '{}'. Press R to restart it.", event.move.substr(0, 20)));
      continue;
    }
    if (hint_pending_) {
      awaiting_ = false;
      hint_pending_ = false;
      hint_cell_ = placed_cell(referee_->board(), probe->board());
      message_ = say(display_of(settings_.game).drops_in_columns ? "Hint: column {} (marked on the board)"
                                                                  : "Hint: {} (marked on the board)",
                     event.move.substr(0, 20));
      continue;
    }
    // Paced: a reply shows no sooner than the level's thinking time after the
    // question, nor before a pass has been on the board long enough.
    double release = asked_at_ + min_thinking_seconds(settings_.level);
    if (pass_at_ >= 0) release = std::max(release, pass_at_ + timing::kPassBannerSeconds);
    if (now < release) {
      held_move_ = event.move;
      release_at_ = release;
      continue;
    }
    awaiting_ = false;
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
    message_ = say("Draw");
    sound_.play(Cue::kDraw);
    if (settings_.mode == Mode::kPersonVsEngine) ++score.draws;
  } else {
    const Side winner = outcome == Outcome::kFirstWins ? Side::kFirst : Side::kSecond;
    if (settings_.mode == Mode::kPersonVsEngine) {
      const bool engine_won = is_engine_side(winner);
      message_ = say(engine_won ? "Engine wins" : "You win!");
      sound_.play(engine_won ? Cue::kLoss : Cue::kWin);
      ++(engine_won ? score.engine : score.person);
    } else {
      message_ = say("{} wins", side_word(winner));
      sound_.play(Cue::kWin);
    }
  }
  // Reversi's result goes with its count: "You win! Black 39 - 25 White".
  if (display_of(settings_.game).counts_discs) message_ = fmt::format("{} {}", message_, score_line());
  if (settings_.mode == Mode::kPersonVsEngine) scored_outcome_ = outcome;
}

void Controller::set_turn_message() {
  // A failed engine stays on screen until R: otherwise a stone landing after
  // the failure would say "Engine is thinking..." with no engine to think.
  if (engine_failed()) {
    message_ = engine_problem_;
    return;
  }
  const Side side = referee_->side_to_move();
  if (!is_engine_side(side)) {
    // Never "Your move" when the only move is a pass: it is played for you.
    const auto legal = referee_->legal_moves();
    if (legal.size() == 1 && legal.front() == "pass") {
      message_ = settings_.mode == Mode::kPersonVsEngine ? say("Reversi: no legal move, you pass")
                                                         : say("Reversi: {} has no legal move and passes", side_word(side));
      return;
    }
  }
  const std::string name = side_word(side);
  switch (settings_.mode) {
    case Mode::kPersonVsEngine:
      message_ = say(is_engine_side(side) ? "Engine is thinking..." : "Your move");
      break;
    case Mode::kEngineVsEngine: message_ = say("{} (engine) is thinking...", name); break;
    case Mode::kTwoPeople: message_ = say("{} to move", name); break;
  }
}

void Controller::undo() {
  if (settings_.mode == Mode::kEngineVsEngine) {
    message_ = say("Undo is for games with a person in them");
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
    message_ = say("Nothing to undo");
    return;
  }
  stepped_back_.clear();
  take_back(take);
}

void Controller::take_back(std::size_t take) {
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
  clear_move_marks();
  if (!moves_.empty()) {
    auto previous = referee_->clone();
    previous->undo();
    last_move_ = placed_cell(previous->board(), referee_->board());
  }
  ++position_id_;
  evaluation_.clear();
  evaluation_share_ = 0.5;
  depth_ = 0;
  set_turn_message();
}

std::vector<CellPos> Controller::forbidden_hints() const {
  std::vector<CellPos> cells;
  if (!settings_.hints || screen_ != Screen::kPlaying || is_engine_side(referee_->side_to_move())) return cells;
  for (const auto& name : referee_->forbidden_points()) {
    if (const CellPos cell = cell_named(name); cell.valid()) cells.push_back(cell);
  }
  return cells;
}

std::vector<CellPos> Controller::move_hints() const {
  std::vector<CellPos> cells;
  if (!settings_.hints || !display_of(settings_.game).shows_legal_moves || screen_ != Screen::kPlaying || game_over() ||
      is_engine_side(referee_->side_to_move()))
    return cells;
  for (const auto& name : referee_->legal_moves()) {
    if (const CellPos cell = cell_named(name); cell.valid()) cells.push_back(cell);
  }
  return cells;
}

}  // namespace narabe::gui
