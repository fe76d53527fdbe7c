#pragma once
// GameSession<G>: the Session of one game, where the game meets the generic search.
// Also the `bench` of one game.

#include <memory>

#include "engine/core/clock.h"
#include "engine/core/perft.h"
#include "engine/games/any_position.h"
#include "engine/core/rng.h"
#include "engine/core/transposition_table.h"
#include "engine/search/level_play.h"
#include "engine/search/search.h"
#include "protocol/server/info_format.h"
#include "protocol/server/session.h"
#include "protocol/server/tokens.h"

namespace narabe::server {

template <core::Game G>
class GameSession final : public Session {
 public:
  GameSession(const typename G::Variant& variant, core::TranspositionTable& table,
              const GameSettings& settings = {})
      : position_(variant), table_(table), search_(std::make_unique<search::Search<G>>(table)) {
    GameSession::set_game_settings(settings);
    search_->prepare(position_.game());  // at newgame, not in the first timed search
  }

  void set_game_settings(const GameSettings& settings) override {
    if constexpr (requires(G& g) { g.set_eval_weights(nullptr); })
      gomoku_weights_ = settings.gomoku_weights ? settings.gomoku_weights(position_.variant().rule) : nullptr;
    reversi_ = settings.reversi;
    give_settings(position_.game());
  }

  const games::AnyPosition& position() const override { return position_; }

  core::Status set_position(std::optional<std::string_view> fen,
                            std::span<const std::string> moves) override {
    games::GamePosition<G> next = position_;
    if (core::Status start = next.reset(fen.value_or(std::string_view{})); !start) return start;
    give_settings(next.game());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      // Every game's notation is lowercase; GUIs write F5 or H8 as often as f5.
      if (core::Status played = next.play(lowercase_ascii(moves[i])); !played)
        return core::make_error("illegal move '" + sanitize_for_echo(moves[i]) + "' (move " + std::to_string(i + 1) +
                                " of the list): " + played.error());
    }
    position_ = std::move(next);
    return core::Ok{};
  }

  void clear_memory() override { search_->clear_memory(); }
  std::size_t table_bytes() const override { return search_->table_bytes(); }
  void reseed(std::uint64_t seed) override { rng_.reseed(seed); }

  SearchJob make_search_job(const SearchRequest& request, LineSink sink) override {
    return [this, root = position_.game(), request, sink = std::move(sink)](const core::StopSignal& stop) {
      TextResult text;
      if (request.level != core::Level::kMax) {
        const core::Move m = search::choose_casual_move(root, request.level, rng_, table_);
        text.best_move = m.is_null() ? "(none)" : root.move_to_string(m);
        text.search.best_move = m;
        if (request.limits.infinite) stop.wait();
        return text;
      }
      search::SearchCallbacks callbacks;
      callbacks.on_line = [&](const search::LineReport& line) {
        if (sink) sink(TextLine{line, line_to_text(root, line.pv)});
      };
      text.search = search_->run(root, request.limits, search::SearchOptions{request.multipv, true, request.own_book, request.threads},
                                 callbacks, stop);
      text.best_move = text.search.best_move.is_null() ? "(none)" : root.move_to_string(text.search.best_move);
      if (!text.search.ponder_move.is_null()) {
        G after = root;
        after.make_move(text.search.best_move);
        text.ponder_move = after.move_to_string(text.search.ponder_move);
      }
      return text;
    };
  }

  PerftJob make_perft_job(int depth) const override {
    return [root = position_.game(), depth](const core::StopSignal& stop) {
      PerftResult result;
      G game = root;
      typename G::MoveList moves;
      game.generate_moves(moves);
      for (core::Move m : moves) {
        game.make_move(m);
        const std::uint64_t count = core::perft(game, depth - 1, &stop);
        game.unmake_move(m);
        result.per_move.emplace_back(root.move_to_string(m), count);
        result.total += count;
      }
      if (moves.empty()) result.total = core::perft(game, depth, &stop);
      return result;
    };
  }

 private:
  // The game's own settings, for a position this session made.
  void give_settings(G& position) const {
    if constexpr (requires(G& g) { g.set_eval_weights(nullptr); }) position.set_eval_weights(gomoku_weights_);
    if constexpr (requires(G& g) { g.set_eval_settings(nullptr); }) position.set_eval_settings(reversi_);
  }

  // Moves of a line in notation; each depends on the position it is played in.
  static std::vector<std::string> line_to_text(const G& root, const std::vector<core::Move>& line) {
    std::vector<std::string> text;
    G game = root;
    for (core::Move m : line) {
      if (!game.is_legal(m)) break;
      text.push_back(game.move_to_string(m));
      game.make_move(m);
    }
    return text;
  }

  games::GamePosition<G> position_;
  std::shared_ptr<const games::gomoku::EvalWeights> gomoku_weights_;  // what set_game_settings chose
  std::shared_ptr<const games::reversi::EvalSettings> reversi_;
  core::TranspositionTable& table_;
  std::unique_ptr<search::Search<G>> search_;
  core::Rng rng_;
};

struct BenchResult {
  int positions = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_us = 0;
};

// The variant a bench position is played in.
template <core::Game G>
core::Expected<typename G::Variant> bench_variant(const core::BenchPosition& bench) {
  const std::vector<std::string_view> words = split_tokens(bench.variant);
  if (words.size() % 2 != 0) return core::make_error("variant needs key value pairs");
  core::VariantArgs args;
  for (std::size_t i = 0; i < words.size(); i += 2) args.emplace_back(words[i], words[i + 1]);
  return G::parse_variant(args);
}

// Searches the game's fixed bench positions to their fixed depths with a fresh
// table, so the node count is a signature of the search. `each` sees every position.
// Reversi's positions evaluate with `reversi` (the host's settings: the shipped
// weights and ProbCut by default); Gomoku's with the hand-set weights.
template <core::Game G, class EachFn>
BenchResult run_bench(const core::StopSignal& stop, const std::shared_ptr<const games::reversi::EvalSettings>& reversi,
                      EachFn&& each) {
  BenchResult total;
  core::TranspositionTable table(16);
  auto search = std::make_unique<search::Search<G>>(table);
  for (const core::BenchPosition& bench : G::bench_positions()) {
    const auto variant = bench_variant<G>(bench);
    if (!variant) continue;  // the game's own tests keep these valid
    auto position = G::from_fen(*variant, bench.fen);
    if (!position) continue;
    if constexpr (requires(G& g) { g.set_eval_settings(nullptr); }) position->set_eval_settings(reversi);
    search::SearchLimits limits;
    limits.depth = bench.depth;
    search->prepare(*position);
    core::Stopwatch clock;
    const search::SearchResult result = search->run(*position, limits, {}, {}, stop);
    const std::int64_t us = clock.elapsed_us();
    each(bench, result, us);
    ++total.positions;
    total.nodes += result.nodes;
    total.time_us += us;
    if (stop.requested()) break;
  }
  return total;
}

}  // namespace narabe::server
