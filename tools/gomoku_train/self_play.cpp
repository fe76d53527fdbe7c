#include "tools/gomoku_train/self_play.h"

#include <sstream>

#include "engine/core/rng.h"
#include "engine/core/stop_signal.h"
#include "engine/core/transposition_table.h"
#include "engine/search/search.h"

namespace narabe::tools::gomoku_train {

using games::Gomoku;
namespace gomoku = games::gomoku;

struct SelfPlayer::Engine {
  core::TranspositionTable table{16};
  search::Search<Gomoku> search{table};
  core::StopSignal stop;
};

SelfPlayer::SelfPlayer(const SelfPlaySettings& settings)
    : settings_(settings), engine_(std::make_unique<Engine>()) {}

SelfPlayer::~SelfPlayer() = default;

GameRecord SelfPlayer::play(int index) {
  core::Rng rng(settings_.seed * 0x9e37'79b9'7f4a'7c15ULL + static_cast<std::uint64_t>(index));
  Gomoku game(Gomoku::Variant{settings_.size, settings_.rule});
  game.set_eval_weights(settings_.weights);
  engine_->search.clear_memory();
  GameRecord record;
  record.index = index;

  if (!settings_.openings.empty())
    for (const core::Move m : settings_.openings[static_cast<std::size_t>(index) % settings_.openings.size()]) {
      record.moves.push_back(m);
      record.scores.push_back(std::nullopt);
      game.make_move(m);
    }
  // Then random stones in the square around the centre, alternately.
  const int span = settings_.opening_max - settings_.opening_min + 1;
  const int random_stones = settings_.opening_min + static_cast<int>(rng.below(static_cast<std::uint64_t>(span)));
  const int centre = settings_.size / 2;
  const int r = settings_.opening_radius;
  for (int ply = 0; ply < random_stones && !core::is_over(game.outcome()); ++ply) {
    std::vector<core::Move> points;
    for (int rank = centre - r; rank <= centre + r; ++rank)
      for (int file = centre - r; file <= centre + r; ++file) {
        const int at = gomoku::cell_index(file, rank);
        if (game.on_board(at) && game.cell(at) == gomoku::kEmpty && game.playable(at))
          points.push_back(core::Move(static_cast<std::uint16_t>(at)));
      }
    if (points.empty()) break;
    const core::Move m = points[static_cast<std::size_t>(rng.below(points.size()))];
    record.moves.push_back(m);
    record.scores.push_back(std::nullopt);
    game.make_move(m);
  }
  record.opening = static_cast<int>(record.moves.size());

  search::SearchLimits limits;
  limits.nodes = settings_.nodes;
  search::SearchOptions options;  // exact: the threat solver first, as at Level max
  while (!core::is_over(game.outcome())) {
    const search::SearchResult result = engine_->search.run(game, limits, options, {}, engine_->stop);
    if (result.best_move.is_null()) break;
    record.moves.push_back(result.best_move);
    record.scores.push_back(result.score);
    game.make_move(result.best_move);
  }
  switch (game.outcome()) {
    case core::Outcome::kFirstWins: record.result = 'x'; break;
    case core::Outcome::kSecondWins: record.result = 'o'; break;
    default: record.result = 'd'; break;
  }
  return record;
}

std::string format_game(const Gomoku& start, const GameRecord& game) {
  std::ostringstream out;
  out << game.index << ' ' << (game.result == 'd' ? "draw" : std::string(1, game.result)) << ' ' << game.opening;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    out << ' ' << start.move_to_string(game.moves[i]) << ':';
    if (game.scores[i]) out << *game.scores[i];
    else out << '-';
  }
  return out.str();
}

std::optional<GameRecord> parse_game(const Gomoku& start, const std::string& line) {
  std::istringstream in(line);
  GameRecord game;
  std::string result;
  if (!(in >> game.index >> result >> game.opening)) return std::nullopt;
  if (result == "x" || result == "o") game.result = result[0];
  else if (result == "draw") game.result = 'd';
  else return std::nullopt;
  Gomoku replay = start;
  for (std::string word; in >> word;) {
    const std::size_t colon = word.find(':');
    if (colon == std::string::npos) return std::nullopt;
    const auto move = replay.parse_move(std::string_view(word).substr(0, colon));
    if (!move) return std::nullopt;
    const std::string score = word.substr(colon + 1);
    if (score == "-") {
      game.scores.push_back(std::nullopt);
    } else {
      try {
        game.scores.push_back(std::stoi(score));
      } catch (...) {
        return std::nullopt;
      }
    }
    game.moves.push_back(*move);
    replay.make_move(*move);
  }
  return game;
}

}  // namespace narabe::tools::gomoku_train
