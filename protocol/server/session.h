#pragma once
// The one virtual boundary between the protocol and the games: a Session holds the
// loaded game's position (engine/games/any_position.h) and its search, and hides
// which game it is. GameSession<G> (game_session.h) implements it once per game
// with the generic search.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/expected.h"
#include "engine/core/game_concept.h"
#include "engine/core/level.h"
#include "engine/core/stop_signal.h"
#include "engine/games/any_position.h"
#include "engine/games/gomoku/eval_weights.h"
#include "engine/games/reversi/reversi.h"
#include "engine/search/limits.h"
#include "engine/search/search_report.h"

namespace narabe::server {

struct SearchRequest {
  search::SearchLimits limits;
  core::Level level = core::Level::kMax;
  int multipv = 1;
  bool own_book = true;
  int threads = 1;  // search threads, the main one included (search.h, lazy SMP)
};

// A search line with its moves already in the game's notation.
struct TextLine {
  search::LineReport report;
  std::vector<std::string> pv;
};

struct TextResult {
  std::string best_move;  // "(none)" when the game is over
  std::string ponder_move;  // empty when there is none
  search::SearchResult search;
};

using LineSink = std::function<void(const TextLine&)>;
// Work for the search thread. It owns a copy of the position, so the command loop
// may change the session's position while it runs.
using SearchJob = std::function<TextResult(const core::StopSignal&)>;

struct PerftResult {
  std::vector<std::pair<std::string, std::uint64_t>> per_move;
  std::uint64_t total = 0;
};
using PerftJob = std::function<PerftResult(const core::StopSignal&)>;

// Each game's own settings (the engine host's, from the options), which a session
// gives every position it makes beyond its variant.
struct GameSettings {
  // Gomoku's trained evaluation weights for a rule (null: the hand-set evaluation).
  std::function<std::shared_ptr<const games::gomoku::EvalWeights>(games::gomoku::Rule)> gomoku_weights;
  // Reversi's evaluation and ProbCut (null: the simple evaluation, no ProbCut).
  std::shared_ptr<const games::reversi::EvalSettings> reversi;
};

class Session {
 public:
  virtual ~Session() = default;

  // The loaded game's position: its rules, notation, fen and board, with no search.
  virtual const games::AnyPosition& position() const = 0;

  // `position`: a fen (nullopt for startpos) and moves. Any error leaves the
  // position as it was.
  virtual core::Status set_position(std::optional<std::string_view> fen,
                                    std::span<const std::string> moves) = 0;
  // Takes new settings (an evaluation option changed) for the position and every
  // later one.
  virtual void set_game_settings(const GameSettings& settings) = 0;

  // Forgets what earlier searches learned (killers, history); the hash table
  // belongs to the caller.
  virtual void clear_memory() = 0;
  // Bytes the search tables hold for this session (the shared table and the game's
  // exact solver): the Hash option caps this (see docs/architecture.md).
  virtual std::size_t table_bytes() const = 0;
  virtual void reseed(std::uint64_t seed) = 0;

  virtual SearchJob make_search_job(const SearchRequest& request, LineSink sink) = 0;
  virtual PerftJob make_perft_job(int depth) const = 0;
};

}  // namespace narabe::server
