// Fuzz target: every game's fen and move parsers. The first byte picks the game,
// the next two its variant (board size, rule); the first line of the rest is a fen
// (empty: the start position) and the words after it are moves, played while they
// parse. Whatever loads must keep the position invariants (fen round trip, hash
// recomputation, legal moves, make/unmake) after the fen and after every move.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/position_invariants.h"
#include "engine/games/registry.h"
#include "protocol/server/tokens.h"
#include "tests/fuzz/fuzz_support.h"

namespace narabe::fuzz {
namespace {

// The variant arguments `newgame` would pass, spread over every size the games
// accept (and a few they refuse, which parse_variant must reject cleanly).
template <class G>
core::VariantArgs variant_args(std::uint8_t a, std::uint8_t b) {
  if constexpr (G::kName == games::Connect4::kName) {
    return {{"width", std::to_string(3 + a % 8)}, {"height", std::to_string(3 + b % 8)}};
  } else if constexpr (G::kName == games::Gomoku::kName) {
    static constexpr const char* kRules[] = {"freestyle", "standard", "renju", "overline-forbidden"};
    return {{"size", std::to_string(4 + a % 20)}, {"rule", kRules[b % 4]}};
  } else {
    return {};
  }
}

template <class G>
void run(std::uint8_t a, std::uint8_t b, std::string_view text) {
  const auto variant = G::parse_variant(variant_args<G>(a, b));
  if (!variant) return;
  const std::size_t line_end = text.find('\n');
  const std::string_view fen = text.substr(0, line_end);
  const std::string_view moves = line_end == std::string_view::npos ? std::string_view{} : text.substr(line_end + 1);

  auto loaded = fen.empty() ? core::Expected<G>(G(*variant)) : G::from_fen(*variant, fen);
  if (!loaded) {
    if (loaded.error().empty()) fail("a fen was refused without a reason");
    return;
  }
  G game = std::move(*loaded);
  require(core::check_position_invariants(game), "after the fen");
  for (std::string_view word : server::split_tokens(moves)) {
    auto move = game.parse_move(word);
    if (!move) {
      if (move.error().empty()) fail("a move was refused without a reason");
      return;
    }
    game.make_move(*move);
    require(core::check_position_invariants(game), "after a move");
  }
}

}  // namespace
}  // namespace narabe::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace narabe;
  if (size < 3) return 0;
  int index = data[0] % 4;
  const std::string_view text = fuzz::as_text(data + 3, size - 3);
  games::AllGames::for_each([&]<class G>(std::type_identity<G>) {
    if (index-- == 0) fuzz::run<G>(data[1], data[2], text);
  });
  return 0;
}
