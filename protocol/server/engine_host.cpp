#include "protocol/server/engine_host.h"

#include <random>
#include <thread>

#include <fmt/format.h>

#include "engine/games/registry.h"
#include "protocol/server/info_format.h"
#include "protocol/server/session_factory.h"
#include "protocol/server/variant_presets.h"

namespace narabe::server {

EngineHost::EngineHost(std::string_view game, Notice notice)
    : notice_(std::move(notice)), table_(allocate_table(options_)) {
  auto session = create_session(game, {}, table_, {}, game_settings());
  if (!session) session = create_session(games::kDefaultGame, {}, table_, {}, game_settings());
  session_ = std::move(*session);
  match_variant_option();
  reseed();  // the table and the session start empty
}

EngineHost::~EngineHost() { worker_.stop(); }

std::string EngineHost::startup_notes() const {
  if (reversi_eval_.patterns_loaded() || reversi_eval_.startup_error().empty()) return {};
  return fmt::format("reversi evaluation weights: {}; using the simple evaluation", reversi_eval_.startup_error());
}

GameSettings EngineHost::game_settings() {
  return GameSettings{[this](games::gomoku::Rule rule) { return gomoku_eval_.weights_for(rule); },
                      reversi_eval_.settings()};
}

void EngineHost::tell_gomoku_messages() {
  for (const std::string& text : gomoku_eval_.take_messages()) notice_(text);
}

void EngineHost::reseed() {
  // A set Seed restarts the same random sequence at every game, so a game played
  // with the same moves repeats exactly whatever came before; Seed 0 draws a fresh
  // seed for every game.
  session_->reseed(options_.seed != 0 ? options_.seed : std::random_device{}());
}

void EngineHost::match_variant_option() {
  // UCI_Variant follows `newgame` too, when a preset names the game now in play.
  if (const VariantPreset* preset = preset_playing(session_->position().game_name(), session_->position().variant_description()))
    options_.variant = preset->name;
}

core::Status EngineHost::set_option(std::string_view args) {
  auto change = parse_setoption(args, options_);
  if (!change) return core::make_error(change.error());
  return apply(std::move(*change));
}

core::Status EngineHost::apply(OptionChange change) {
  switch (change.id) {
    case OptionId::kHash:
      try {
        table_.resize(static_cast<std::size_t>(change.updated.hash_mb));
      } catch (const std::bad_alloc&) {
        return core::make_error(
            fmt::format("cannot allocate {} MB for Hash; keeping {} MB", change.updated.hash_mb, options_.hash_mb));
      }
      break;
    case OptionId::kEvaluation:
      reversi_eval_.use_patterns(change.updated.pattern_eval);
      session_->set_game_settings(game_settings());
      break;
    case OptionId::kProbCut:
      reversi_eval_.use_probcut(change.updated.probcut);
      session_->set_game_settings(game_settings());
      break;
    case OptionId::kEvalFile:
      if (const core::Status loaded = reversi_eval_.load(change.updated.eval_file); !loaded)
        return core::make_error(
            fmt::format("reversi evaluation weights: {}; keeping the previous ones", loaded.error()));
      session_->set_game_settings(game_settings());
      break;
    case OptionId::kBookFile:
      if (change.updated.book_file.empty())
        reversi_eval_.clear_book();
      else if (const core::Status loaded = reversi_eval_.load_book(change.updated.book_file); !loaded)
        return core::make_error(fmt::format("reversi opening book: {}; keeping the previous one", loaded.error()));
      session_->set_game_settings(game_settings());
      break;
    case OptionId::kGomokuEval:
      gomoku_eval_.set_mode(change.updated.gomoku_eval);
      session_->set_game_settings(game_settings());
      tell_gomoku_messages();
      break;
    case OptionId::kClearHash:
      // Everything earlier searches learned goes; the position and options stay.
      table_.clear();
      session_->clear_memory();
      break;
    case OptionId::kThreads: {
      // Kept clamped to what the machine has: more threads than cores only slow
      // each other down. Every search the loops start reads it (SearchRequest).
      const ThreadsSetting setting = clamp_threads(change.updated.threads, std::thread::hardware_concurrency());
      change.updated.threads = setting.threads;
      notice_(setting.note);
      break;
    }
    case OptionId::kVariant: {
      const VariantPreset* preset = find_variant_preset(change.updated.variant);
      if (preset == nullptr) return core::make_error("unknown UCI_Variant");  // parse_setoption checked it
      if (const core::Status status = new_game(preset->game, preset->variant); !status) return status;
      break;
    }
    default:
      break;
  }
  options_ = change.updated;
  if (change.id == OptionId::kSeed) reseed();
  if (const auto callback = callbacks_.find(change.id); callback != callbacks_.end()) callback->second(options_);
  return core::Ok{};
}

core::Status EngineHost::new_game(std::string_view game, const core::VariantArgs& variant) {
  if (plays(*session_, game, variant)) {
    // The same game and variant: its tables are reused, only cleared.
    restart_game();
    tell_gomoku_messages();  // those of the session made with the host, if any
    return core::Ok{};
  }
  auto session = create_session(game, variant, table_, [this] { session_.reset(); }, game_settings());
  tell_gomoku_messages();
  if (!session) return core::make_error(session.error());
  session_ = std::move(*session);
  position_error_.clear();
  // A new session's own tables start empty; the shared one may hold the last game's.
  table_.clear();
  reseed();
  match_variant_option();
  return core::Ok{};
}

void EngineHost::restart_game() {
  (void)session_->set_position(std::nullopt, {});  // the start position is always valid
  position_error_.clear();
  clear_game_memory();
  match_variant_option();
}

void EngineHost::clear_game_memory() {
  table_.clear();
  session_->clear_memory();
  reseed();
}

core::Status EngineHost::set_position(std::optional<std::string_view> fen, std::span<const std::string> moves,
                                      std::string_view command) {
  const core::Status status = session_->set_position(fen, moves);
  if (status)
    position_error_.clear();
  else
    reject_position(command, status.error());
  return status;
}

void EngineHost::reject_position(std::string_view command, std::string_view reason) {
  position_error_ = fmt::format("the last {} was rejected ({})", command, printable(reason, 200));
}

bool EngineHost::queue_if_waiting(std::string_view line, DeferredLines::Clock::time_point read) {
  if (deferred_.empty() && !(worker_.busy() && waits_(line))) return false;
  deferred_.push(line, read);
  return true;
}

void EngineHost::resume() {
  worker_.wait_if_answering();
  deferred_.run_ready([this](std::string_view line) { return !worker_.busy() || !waits_(line); }, run_);
}

void EngineHost::wait_idle() {
  wait_until_settled(worker_, deferred_, [this] { resume(); });
}

void EngineHost::finish(std::chrono::milliseconds grace) {
  if (worker_.busy() && !worker_.running_infinite()) worker_.wait_for(grace);
  run_all_stopped(worker_, deferred_, run_);
}

}  // namespace narabe::server
