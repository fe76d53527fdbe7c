#include "tools/rules/referee.h"

#include <fmt/format.h>

#include "engine/games/registry.h"

namespace narabe::rules {
namespace {

// Every game's fen starts with the rows from the top down (fen_board.h), so the
// board a person sees is read from the fen, the same for every game.
BoardCells board_from_fen(std::string_view fen) {
  BoardCells board;
  const std::string_view rows = fen.substr(0, fen.find(' '));
  std::size_t start = 0;
  while (start <= rows.size()) {
    std::size_t end = rows.find('/', start);
    if (end == std::string_view::npos) end = rows.size();
    int width = 0;
    int run = 0;
    for (char c : rows.substr(start, end - start)) {
      if (c >= '0' && c <= '9') {
        run = run * 10 + (c - '0');
        continue;
      }
      for (; run > 0; --run, ++width) board.cells.push_back('.');
      board.cells.push_back(c);
      ++width;
    }
    for (; run > 0; --run, ++width) board.cells.push_back('.');
    board.width = width;
    ++board.height;
    start = end + 1;
  }
  return board;
}

template <core::Game G>
class GameReferee final : public Referee {
 public:
  explicit GameReferee(typename G::Variant variant)
      : variant_(variant), game_(variant), height_(board_from_fen(game_.to_fen()).height) {}

  core::Status reset(std::string_view fen) override {
    if (fen.empty()) {
      game_ = G(variant_);
    } else {
      auto loaded = G::from_fen(variant_, fen);
      if (!loaded) return core::make_error("bad fen: " + loaded.error());
      game_ = std::move(*loaded);
    }
    history_.clear();
    return core::Ok{};
  }

  core::Status play(std::string_view text) override {
    if (core::is_over(game_.outcome())) return core::make_error("the game is over");
    auto move = game_.parse_move(text);
    if (!move) return core::make_error(move.error());
    game_.make_move(*move);
    history_.push_back(*move);
    return core::Ok{};
  }

  void undo() override {
    if (history_.empty()) return;
    game_.unmake_move(history_.back());
    history_.pop_back();
  }

  core::Side side_to_move() const override { return game_.side_to_move(); }
  core::Outcome outcome() const override { return game_.outcome(); }
  std::vector<std::string> legal_moves() const override {
    typename G::MoveList list;
    game_.generate_moves(list);
    std::vector<std::string> moves;
    for (core::Move m : list) moves.push_back(game_.move_to_string(m));
    return moves;
  }
  std::string fen() const override { return game_.to_fen(); }
  std::uint64_t hash() const override { return game_.hash(); }
  std::vector<std::string> winning_line() const override { return game_.winning_line(); }
  int plies_played() const override { return static_cast<int>(history_.size()); }
  std::string newgame_arguments() const override {
    std::string variant = G::describe_variant(variant_);
    return variant.empty() ? std::string(G::kName) : fmt::format("{} {}", G::kName, variant);
  }
  std::unique_ptr<Referee> clone() const override { return std::make_unique<GameReferee>(*this); }

  BoardCells board() const override { return board_from_fen(game_.to_fen()); }
  std::string cell_name(int file, int row) const override {
    // Reversi follows Othello's notation (rank 1 at the top); the others count
    // ranks from the bottom.
    const bool ranks_from_top = G::kName == std::string_view("reversi");
    const int rank = ranks_from_top ? row + 1 : height_ - row;
    return static_cast<char>('a' + file) + std::to_string(rank);
  }
  std::string move_at(int file, int row) const override {
    if (G::kName == std::string_view("connect4")) return std::to_string(file + 1);
    return cell_name(file, row);
  }
  std::vector<std::string> forbidden_cells() const override {
    if constexpr (requires(const G& g) { g.forbidden_cells(); }) {
      return game_.forbidden_cells();
    } else {
      return {};
    }
  }

 private:
  typename G::Variant variant_;
  G game_;
  std::vector<core::Move> history_;
  int height_;  // fixed by the variant; cell_name is called per cell, per frame
};

}  // namespace

core::Expected<std::unique_ptr<Referee>> make_referee(std::string_view game,
                                                      const core::VariantArgs& variant) {
  core::Expected<std::unique_ptr<Referee>> result =
      core::make_error(fmt::format("unknown game '{}' (known: {})", game, fmt::join(known_games(), ", ")));
  games::AllGames::visit(game, [&]<class G>(std::type_identity<G>) {
    auto parsed = G::parse_variant(variant);
    if (!parsed) {
      result = core::make_error(parsed.error());
      return;
    }
    result = std::unique_ptr<Referee>(std::make_unique<GameReferee<G>>(*parsed));
  });
  return result;
}

std::vector<std::string> known_games() {
  std::vector<std::string> names;
  games::AllGames::for_each([&]<class G>(std::type_identity<G>) { names.emplace_back(G::kName); });
  return names;
}

}  // namespace narabe::rules
