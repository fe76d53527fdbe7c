#include "tools/reversi_train/self_play.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
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

// One thread's games: its tables and searches, reused from game to game.
class GamePlayer {
 public:
  explicit GamePlayer(const SelfPlaySettings& settings) : settings_(settings), searcher_(table_) {
    limits_.depth = settings.depth;
    options_.exact = false;  // the solver below takes over at solve_empties
  }

  // Game `index`'s positions; its last one is marked last_of_game.
  std::vector<TrainingPosition> play(int index);

 private:
  const SelfPlaySettings& settings_;
  core::TranspositionTable table_{16};
  search::Search<Reversi> searcher_;
  games::reversi::EndgameSolver solver_{16};
  const core::StopSignal stop_;
  search::SearchLimits limits_;
  search::SearchOptions options_;
};

std::vector<TrainingPosition> GamePlayer::play(int index) {
  const SelfPlaySettings& settings = settings_;
  std::vector<TrainingPosition> out;
  core::Rng rng(settings.seed * 0x9e37'79b9'7f4a'7c15ULL + static_cast<std::uint64_t>(index));
  Reversi game;
  game.set_eval_settings(settings.eval);
  solver_.set_weights(game.pattern_weights());
  const int random_plies =
      settings.random_plies_min +
      static_cast<int>(rng.below(static_cast<std::uint64_t>(settings.random_plies_max - settings.random_plies_min + 1)));
  // Nothing learned in another game carries over, so a game is the same whichever
  // thread plays it and after whichever game.
  table_.clear();
  solver_.clear_table();
  searcher_.clear_memory();
  // Positions waiting for the game's result, with the side that was to move.
  std::vector<std::pair<TrainingPosition, core::Side>> pending;
  int final_margin_first = 0;  // for the first player (black)
  bool solved = false;
  for (int ply = 0; !core::is_over(game.outcome()); ++ply) {
    const bool can_move = game.legal_cells() != 0;
    if (game.empties() <= settings.solve_empties) {
      const std::optional<int> margin = solver_.solve(game.player(), game.opponent());
      if (!margin) break;  // cannot happen without interrupts
      if (!solved) {
        solved = true;
        final_margin_first = game.side_to_move() == core::Side::kFirst ? *margin : -*margin;
      }
      if (can_move) out.push_back({game.player(), game.opponent(), static_cast<std::int8_t>(*margin), 1});
      const int cell = solver_.best_move();
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
      move = searcher_.run(game, limits_, options_, {}, stop_).best_move;
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
  out.back().last_of_game = 1;  // the first ply is always pending, so the game has one
  return out;
}

}  // namespace

void play_games_in_order(const SelfPlaySettings& settings, int first,
                         const std::function<void(int index, std::vector<TrainingPosition>&& positions)>& sink) {
  // Each thread takes the next unplayed index; finished games wait in `done` until
  // every game before them has been handed over.
  std::atomic<int> next{first};
  std::mutex mutex;
  std::map<int, std::vector<TrainingPosition>> done;
  int next_to_hand = first;
  const auto work = [&] {
    GamePlayer player(settings);
    for (int index = next++; index < settings.games; index = next++) {
      std::vector<TrainingPosition> positions = player.play(index);
      const std::lock_guard lock(mutex);
      done.emplace(index, std::move(positions));
      for (auto it = done.begin(); it != done.end() && it->first == next_to_hand; it = done.erase(it), ++next_to_hand)
        sink(it->first, std::move(it->second));
    }
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < std::max(1, settings.threads); ++t) workers.emplace_back(work);
  work();
  for (std::thread& w : workers) w.join();
}

}  // namespace narabe::tools::reversi_train
