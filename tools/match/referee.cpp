#include "tools/match/referee.h"

#include <fmt/format.h>

#include "engine/games/registry.h"

namespace narabe::match {
namespace {

template <core::Game G>
class GameReferee final : public Referee {
 public:
  explicit GameReferee(typename G::Variant variant) : variant_(variant), game_(variant) {}

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

 private:
  typename G::Variant variant_;
  G game_;
  std::vector<core::Move> history_;
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

}  // namespace narabe::match
