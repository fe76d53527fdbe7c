#include "engine/games/tictactoe/tictactoe.h"

#include <bit>

#include "engine/core/zobrist.h"
#include "engine/games/fen_board.h"

namespace narabe::games {

using core::Move;
using core::Outcome;
using core::Side;

namespace {

const core::ZobristKeys<TicTacToe::kCells>& keys() {
  static const core::ZobristKeys<TicTacToe::kCells> table(0x7474'7400);
  return table;
}

// Opponent-free lines holding n own stones are worth kLineWorth[n]: two in a row
// with the third cell free is a threat, and a pair of them is usually decisive.
constexpr std::array<core::Score, 4> kLineWorth = {0, 4, 30, 0};

core::Score open_line_worth(std::uint16_t own, std::uint16_t other) {
  core::Score total = 0;
  for (std::uint16_t line : TicTacToe::kLines)
    if ((line & other) == 0) total += kLineWorth[std::popcount(static_cast<unsigned>(line & own))];
  return total;
}

}  // namespace

TicTacToe::TicTacToe(const Variant& variant) : variant_(variant) {}

core::Expected<TicTacToe::Variant> TicTacToe::parse_variant(const core::VariantArgs& args) {
  if (!args.empty()) return core::make_error("tictactoe has no variant key '" + args[0].first + "'");
  return Variant{};
}

bool TicTacToe::has_line(std::uint16_t mask) {
  for (std::uint16_t line : kLines)
    if ((mask & line) == line) return true;
  return false;
}

Outcome TicTacToe::outcome() const {
  if (has_line(stones_[0])) return Outcome::kFirstWins;
  if (has_line(stones_[1])) return Outcome::kSecondWins;
  if (empty_cells() == 0) return Outcome::kDraw;
  return Outcome::kNone;
}

void TicTacToe::generate_moves(MoveList& list) const {
  list.clear();
  if (core::is_over(outcome())) return;
  for (unsigned free = empty_cells(); free != 0; free &= free - 1)
    list.push_back(Move(static_cast<std::uint16_t>(std::countr_zero(free))));
}

bool TicTacToe::is_legal(Move m) const {
  return m.value() < kCells && (empty_cells() >> m.value() & 1) && !core::is_over(outcome());
}

void TicTacToe::make_move(Move m) {
  stones_[core::index_of(side_)] |= static_cast<std::uint16_t>(1u << m.value());
  hash_ ^= keys().stone(m.value(), side_) ^ keys().second_to_move();
  side_ = core::opposite(side_);
}

void TicTacToe::unmake_move(Move m) {
  side_ = core::opposite(side_);
  stones_[core::index_of(side_)] &= static_cast<std::uint16_t>(~(1u << m.value()));
  hash_ ^= keys().stone(m.value(), side_) ^ keys().second_to_move();
}

int TicTacToe::max_remaining_plies() const {
  return core::is_over(outcome()) ? 0 : std::popcount(static_cast<unsigned>(empty_cells()));
}

core::Score TicTacToe::evaluate() const {
  const auto own = stones_[core::index_of(side_)];
  const auto other = stones_[core::index_of(core::opposite(side_))];
  return open_line_worth(own, other) - open_line_worth(other, own);
}

std::vector<core::EvalTerm> TicTacToe::evaluation_terms() const {
  const auto own = stones_[core::index_of(side_)];
  const auto other = stones_[core::index_of(core::opposite(side_))];
  return {{"open lines (side to move)", open_line_worth(own, other)},
          {"open lines (opponent)", -open_line_worth(other, own)},
          {"total", evaluate()}};
}

std::string TicTacToe::cell_name(int cell) {
  return {static_cast<char>('a' + cell % 3), static_cast<char>('1' + cell / 3)};
}

core::Expected<Move> TicTacToe::parse_move(std::string_view text) const {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'c' || text[1] < '1' || text[1] > '3')
    return core::make_error("not a tictactoe cell (a1..c3)");
  const int cell = (text[1] - '1') * 3 + (text[0] - 'a');
  if (core::is_over(outcome())) return core::make_error("the game is over");
  if (!(empty_cells() >> cell & 1)) return core::make_error("cell " + std::string(text) + " is occupied");
  return Move(static_cast<std::uint16_t>(cell));
}

char TicTacToe::cell_char(int file, int rank) const {
  const int cell = rank * 3 + file;
  if (stones_[0] >> cell & 1) return 'x';
  if (stones_[1] >> cell & 1) return 'o';
  return '.';
}

std::string TicTacToe::to_fen() const {
  return write_fen_board(3, 3, [this](int file, int rank) { return cell_char(file, rank); }) + ' ' +
         core::fen_letter(side_);
}

core::Expected<TicTacToe> TicTacToe::from_fen(const Variant& variant, std::string_view fen) {
  auto parsed = parse_fen_board(fen, 3, 3);
  if (!parsed) return core::make_error(parsed.error());
  TicTacToe game(variant);
  for (int rank = 0; rank < 3; ++rank)
    for (int file = 0; file < 3; ++file) {
      const char c = parsed->cell(file, rank);
      if (c == '.') continue;
      const Side s = c == 'x' ? Side::kFirst : Side::kSecond;
      game.stones_[core::index_of(s)] |= static_cast<std::uint16_t>(1u << (rank * 3 + file));
      game.hash_ ^= keys().stone(static_cast<std::size_t>(rank * 3 + file), s);
    }
  game.side_ = parsed->side_to_move;
  if (game.side_ == Side::kSecond) game.hash_ ^= keys().second_to_move();

  // Only positions that play can reach: X moved as often as O, or once more; only
  // the player who just moved can have a line, and its last stone must lie on every
  // line it has (removing it leaves none).
  const int x = std::popcount(static_cast<unsigned>(game.stones_[0]));
  const int o = std::popcount(static_cast<unsigned>(game.stones_[1]));
  const int expected_x = game.side_ == Side::kFirst ? o : o + 1;
  if (x != expected_x)
    return core::make_error("stone counts (" + std::to_string(x) + " x, " + std::to_string(o) +
                            " o) do not fit " + core::fen_letter(game.side_) + " to move");
  const Side just_moved = core::opposite(game.side_);
  if (has_line(game.stones_[core::index_of(game.side_)]))
    return core::make_error("the side to move already has three in a row");
  const std::uint16_t last = game.stones_[core::index_of(just_moved)];
  if (has_line(last)) {
    bool reachable = false;
    for (unsigned bits = last; bits != 0 && !reachable; bits &= bits - 1)
      reachable = !has_line(static_cast<std::uint16_t>(last & ~(1u << std::countr_zero(bits))));
    if (!reachable) return core::make_error("no single last move makes these lines");
  }
  return game;
}

std::vector<std::string> TicTacToe::winning_line() const {
  std::vector<std::string> cells;
  for (const std::uint16_t mask : stones_) {
    std::uint16_t on_lines = 0;
    for (std::uint16_t line : kLines)
      if ((mask & line) == line) on_lines |= line;
    for (unsigned bits = on_lines; bits != 0; bits &= bits - 1)
      cells.push_back(cell_name(std::countr_zero(bits)));
  }
  return cells;
}

std::string TicTacToe::diagram() const {
  return write_diagram(3, 3, [this](int file, int rank) { return cell_char(file, rank); });
}

std::vector<core::BenchPosition> TicTacToe::bench_positions() {
  return {{"3/3/3 x", 9}, {"3/1x1/3 o", 8}, {"x2/3/3 o", 8}, {"x2/1o1/2x o", 6}, {"xo1/3/3 x", 7}};
}

}  // namespace narabe::games
