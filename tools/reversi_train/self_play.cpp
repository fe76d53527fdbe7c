#include "tools/reversi_train/self_play.h"

#include <algorithm>
#include <memory>
#include <thread>

#include "engine/core/rng.h"
#include "engine/core/stop_signal.h"
#include "engine/core/transposition_table.h"
#include "engine/games/reversi/endgame_solver.h"
#include "engine/games/reversi/reversi.h"
#include "engine/search/search.h"

namespace narabe::tools::reversi_train {

namespace {

using games::Reversi;

core::Move random_move(const Reversi& game, core::Rng& rng) {
  Reversi::MoveList moves;
  game.generate_moves(moves);
  return moves[static_cast<std::size_t>(rng.below(moves.size()))];
}

}  // namespace

std::vector<TrainingPosition> play_games(const SelfPlaySettings& settings, int first, int count) {
  core::TranspositionTable table(16);
  search::Search<Reversi> searcher(table);
  games::reversi::EndgameSolver solver(16);
  const core::StopSignal stop;
  search::SearchLimits limits;
  limits.depth = settings.depth;
  search::SearchOptions options;
  options.exact = false;  // the solver below takes over at solve_empties

  std::vector<TrainingPosition> out;
  for (int index = first; index < first + count; ++index) {
    core::Rng rng(settings.seed * 0x9e37'79b9'7f4a'7c15ULL + static_cast<std::uint64_t>(index));
    Reversi game;
    game.set_eval_settings(settings.eval);
    solver.set_weights(game.pattern_weights());
    const int random_plies =
        settings.random_plies_min +
        static_cast<int>(rng.below(static_cast<std::uint64_t>(settings.random_plies_max - settings.random_plies_min + 1)));
    table.clear();
    solver.clear_table();
    // Positions waiting for the game's result, with the side that was to move.
    std::vector<std::pair<TrainingPosition, core::Side>> pending;
    int final_margin_first = 0;  // for the first player (black)
    bool solved = false;
    for (int ply = 0; !core::is_over(game.outcome()); ++ply) {
      const bool can_move = game.legal_cells() != 0;
      if (game.empties() <= settings.solve_empties) {
        const std::optional<int> margin = solver.solve(game.player(), game.opponent());
        if (!margin) break;  // cannot happen without interrupts
        if (!solved) {
          solved = true;
          final_margin_first = game.side_to_move() == core::Side::kFirst ? *margin : -*margin;
        }
        if (can_move) out.push_back({game.player(), game.opponent(), static_cast<std::int8_t>(*margin), 1});
        const int cell = solver.best_move();
        game.make_move(cell == games::reversi::EndgameSolver::kPass ? Reversi::kPass
                                                                   : core::Move(static_cast<std::uint16_t>(cell)));
        continue;
      }
      if (!can_move) {
        game.make_move(Reversi::kPass);
        continue;
      }
      pending.push_back({{game.player(), game.opponent(), 0, 0}, game.side_to_move()});
      core::Move move;
      if (ply < random_plies || rng.below(1000) < static_cast<std::uint64_t>(settings.random_move_rate * 1000)) {
        move = random_move(game, rng);
      } else {
        move = searcher.run(game, limits, options, {}, stop).best_move;
      }
      game.make_move(move);
    }
    if (!solved) {
      // The game ended before the solver's range: count the discs.
      const int own = std::popcount(game.player()), other = std::popcount(game.opponent());
      const int empty = 64 - own - other;
      int margin = own - other;
      if (margin > 0) margin += empty;
      if (margin < 0) margin -= empty;
      final_margin_first = game.side_to_move() == core::Side::kFirst ? margin : -margin;
    }
    for (auto& [position, side] : pending) {
      position.margin = static_cast<std::int8_t>(side == core::Side::kFirst ? final_margin_first : -final_margin_first);
      out.push_back(position);
    }
  }
  return out;
}

std::vector<TrainingPosition> play_all_games(const SelfPlaySettings& settings) {
  const int threads = std::max(1, settings.threads);
  std::vector<std::vector<TrainingPosition>> parts(static_cast<std::size_t>(threads));
  std::vector<std::thread> workers;
  const int per_thread = (settings.games + threads - 1) / threads;
  for (int t = 0; t < threads; ++t) {
    const int first = t * per_thread;
    const int count = std::max(0, std::min(per_thread, settings.games - first));
    workers.emplace_back([&, t, first, count] { parts[static_cast<std::size_t>(t)] = play_games(settings, first, count); });
  }
  for (std::thread& w : workers) w.join();
  std::vector<TrainingPosition> all;
  for (auto& part : parts) all.insert(all.end(), part.begin(), part.end());
  return all;
}

}  // namespace narabe::tools::reversi_train
