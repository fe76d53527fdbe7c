// Fuzz target: NBoard's `set game` argument, a GGF game (protocol/server/ggf.h).
// The input is the game text. A game is refused with a one-line reason (NBoard
// reads it as a protocol line), or parses to a Reversi fen and moves that
// - read back the same when written as GGF again (BO from the fen, B[]/W[] from
//   the moves, in NBoard's spelling), and
// - are the Reversi game's to judge: the fen loads or is refused with a reason,
//   and the moves play while legal, keeping the position invariants.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/position_invariants.h"
#include "engine/games/reversi/reversi.h"
#include "protocol/server/ggf.h"
#include "tests/fuzz/fuzz_support.h"

namespace narabe::fuzz {
namespace {

// The GGF of a parsed game: its board as BO (cells from the fen's ranks), its
// moves alternating from the side to move.
std::string to_ggf(const server::GgfGame& game) {
  std::string cells;
  std::size_t i = 0;
  for (; i < game.fen.size() && game.fen[i] != ' '; ++i) {
    const char c = game.fen[i];
    if (c >= '1' && c <= '8') cells.append(static_cast<std::size_t>(c - '0'), '-');
    else if (c == 'x') cells += '*';
    else if (c == 'o') cells += 'O';
    else if (c != '/') fail("the fen of a GGF game holds an unexpected character", game.fen);
  }
  if (cells.size() != 64 || i + 2 != game.fen.size()) fail("the fen of a GGF game is not 64 cells and a side", game.fen);
  char side = game.fen.back();
  if (side != 'x' && side != 'o') fail("the fen of a GGF game has no side to move", game.fen);
  std::string text = "(;GM[Othello]PC[fuzz]TY[8]BO[8 " + cells + (side == 'x' ? " *]" : " O]");
  for (const std::string& move : game.moves) {
    const std::string nboard = server::reversi_move_to_nboard(move);
    auto back = server::nboard_move_to_reversi(nboard);
    if (!back || *back != move) fail("a move does not convert to NBoard's spelling and back", move);
    text += (side == 'x' ? "B[" : "W[") + nboard + "//1.5]";
    side = side == 'x' ? 'o' : 'x';
  }
  return text + ";)";
}

void check_reason(std::string_view reason, std::string_view what) {
  if (reason.empty()) fail(what, "no reason");
  if (reason.find_first_of("\r\n") != std::string_view::npos) fail(what, "the reason is not one line");
}

void run(std::string_view text) {
  const auto game = server::parse_ggf(text);
  if (!game) return check_reason(game.error(), "a GGF game was refused");
  const std::string again_text = to_ggf(*game);
  const auto again = server::parse_ggf(again_text);
  if (!again) fail("a GGF game does not read back from its own GGF", again.error());
  if (again->fen != game->fen || again->moves != game->moves) fail("a GGF game reads back different", again_text);

  const auto variant = games::Reversi::parse_variant({});
  if (!variant) fail("Reversi has no default variant", variant.error());
  auto position = games::Reversi::from_fen(*variant, game->fen);
  if (!position) return check_reason(position.error(), "a GGF board was refused");
  require(core::check_position_invariants(*position), "after the GGF board");
  for (const std::string& text_move : game->moves) {
    auto move = position->parse_move(text_move);
    if (!move) return check_reason(move.error(), "a GGF move was refused");
    position->make_move(*move);
    require(core::check_position_invariants(*position), "after a GGF move");
  }
}

}  // namespace
}  // namespace narabe::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  narabe::fuzz::run(narabe::fuzz::as_text(data, size));
  return 0;
}
