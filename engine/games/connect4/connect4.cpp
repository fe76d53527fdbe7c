#include "engine/games/connect4/connect4.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdlib>

#include "engine/games/fen_board.h"

namespace narabe::games {

using core::Move;
using core::Outcome;
using core::Side;

namespace {

// The four line directions as bit shifts (see the layout in the header):
// vertical, diagonal down-right, horizontal, diagonal up-right.
std::array<int, 4> directions(int height) {
  return {1, height, height + 1, height + 2};
}

// Murmur3's 64-bit finaliser: a bijection, so distinct keys keep distinct hashes,
// and it spreads the key's few changing bits over the whole word for the table.
std::uint64_t mix(std::uint64_t key) {
  key ^= key >> 33;
  key *= 0xff51afd7ed558ccdULL;
  key ^= key >> 33;
  key *= 0xc4ceb9fe1a85ec53ULL;
  key ^= key >> 33;
  return key;
}

core::Expected<int> parse_side_length(const std::string& key, const std::string& text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    return core::make_error("connect4 " + key + " must be a number, not '" + text + "'");
  if (value < Connect4::kMinSide || value > Connect4::kMaxSide)
    return core::make_error("connect4 " + key + " must be 4..9, not " + text);
  return value;
}

struct OpenWindows {
  int threes = 0;
  int twos = 0;
};

// Counts the windows of four (evaluate()'s "open" threes and twos) of `own`.
OpenWindows count_open_windows(std::uint64_t own, std::uint64_t empty, std::uint64_t board,
                               int height) {
  OpenWindows count;
  for (const int d : directions(height)) {
    // Bits where a window of four cells starts that lies wholly on the board.
    const std::uint64_t starts = board & (board >> d) & (board >> 2 * d) & (board >> 3 * d);
    std::array<std::uint64_t, 4> own_at{};
    std::array<std::uint64_t, 4> empty_at{};
    for (int k = 0; k < 4; ++k) {
      own_at[k] = own >> (k * d);
      empty_at[k] = empty >> (k * d);
    }
    for (int gap = 0; gap < 4; ++gap) {
      std::uint64_t windows = starts & empty_at[gap];
      for (int k = 0; k < 4; ++k)
        if (k != gap) windows &= own_at[k];
      count.threes += std::popcount(windows);
    }
    for (int a = 0; a < 4; ++a)
      for (int b = a + 1; b < 4; ++b) {
        std::uint64_t windows = starts & empty_at[a] & empty_at[b];
        for (int k = 0; k < 4; ++k)
          if (k != a && k != b) windows &= own_at[k];
        count.twos += std::popcount(windows);
      }
  }
  return count;
}

struct EvalParts {
  core::Score centre_own = 0, centre_other = 0;
  OpenWindows own, other;
};

}  // namespace

Connect4::Connect4(const Variant& variant) : variant_(variant) {
  for (int column = 0; column < width(); ++column) {
    bottom_mask_ |= bottom_cell(column);
    board_mask_ |= column_mask(column);
  }
}

core::Expected<Connect4::Variant> Connect4::parse_variant(const core::VariantArgs& args) {
  Variant variant;
  bool width_seen = false;
  bool height_seen = false;
  for (const auto& [key, value] : args) {
    bool* seen = key == "width" ? &width_seen : key == "height" ? &height_seen : nullptr;
    if (seen == nullptr)
      return core::make_error("connect4 has no variant key '" + key + "' (width, height)");
    if (*seen) return core::make_error("connect4 " + key + " is given twice");
    *seen = true;
    auto length = parse_side_length(key, value);
    if (!length) return core::make_error(length.error());
    (key == "width" ? variant.width : variant.height) = *length;
  }
  if ((variant.height + 1) * variant.width > 64)
    return core::make_error("connect4 width " + std::to_string(variant.width) + " height " +
                            std::to_string(variant.height) +
                            " is too large: (height + 1) * width must be at most 64");
  return variant;
}

std::string Connect4::describe_variant(const Variant& variant) {
  return "width " + std::to_string(variant.width) + " height " + std::to_string(variant.height);
}

bool Connect4::has_four(std::uint64_t discs, int height) {
  for (const int d : directions(height)) {
    const std::uint64_t pairs = discs & (discs >> d);
    if (pairs & (pairs >> 2 * d)) return true;
  }
  return false;
}

std::uint64_t Connect4::four_cells(std::uint64_t discs, int height) {
  std::uint64_t cells = 0;
  for (const int d : directions(height)) {
    const std::uint64_t pairs = discs & (discs >> d);
    const std::uint64_t starts = pairs & (pairs >> 2 * d);
    cells |= starts | (starts << d) | (starts << 2 * d) | (starts << 3 * d);
  }
  return cells;
}

std::uint64_t Connect4::winning_cells(std::uint64_t discs) const {
  std::uint64_t cells = 0;
  for (const int d : directions(height())) {
    // The missing cell is one end of the four or one of its two inner cells.
    cells |= (discs << d) & (discs << 2 * d) & (discs << 3 * d);
    cells |= (discs >> d) & (discs >> 2 * d) & (discs >> 3 * d);
    const std::uint64_t inner_up = (discs >> d) & (discs >> 2 * d);
    cells |= inner_up & (discs << d);
    const std::uint64_t inner_down = (discs << d) & (discs << 2 * d);
    cells |= inner_down & (discs >> d);
  }
  return cells & board_mask_ & ~mask_;
}

int Connect4::centre_steps(int column) const {
  // Twice the distance from the centre, so even widths (centre between two
  // columns) stay in integers.
  const int twice_off_centre = std::abs(2 * column - (width() - 1));
  return (width() - 1 - twice_off_centre) / 2;
}

// Only the player who just moved can have a four: a fen with the side to move
// holding one is rejected, and play stops at the first four.
Outcome Connect4::winner_outcome() const {
  if (moves_ > 0 && has_four(opponent(), height()))
    return core::win_for(core::opposite(side_to_move()));
  return Outcome::kNone;
}

Outcome Connect4::outcome() const {
  const Outcome won = winner_outcome();
  if (won != Outcome::kNone) return won;
  return moves_ == width() * height() ? Outcome::kDraw : Outcome::kNone;
}

std::uint64_t Connect4::hash() const {
  return mix(key());
}

void Connect4::generate_moves(MoveList& list) const {
  list.clear();
  if (core::is_over(outcome())) return;
  // Centre, then one left, one right, two left, ... (Pons' order).
  const int centre = width() / 2;
  for (int i = 0; i < width(); ++i) {
    const int column = centre + (i % 2 == 0 ? i / 2 : -(i + 1) / 2);
    if (column >= 0 && column < width() && can_play(column))
      list.push_back(Move(static_cast<std::uint16_t>(column)));
  }
}

bool Connect4::is_legal(Move m) const {
  return m.value() < width() && can_play(m.value()) && !core::is_over(outcome());
}

void Connect4::make_move(Move m) {
  current_ ^= mask_;
  mask_ |= mask_ + bottom_cell(m.value());
  ++moves_;
}

void Connect4::unmake_move(Move m) {
  // The column's discs run from its bottom cell up, so adding the bottom cell and
  // halving gives the top disc: the one the move put there.
  const std::uint64_t column_discs = mask_ & column_mask(m.value());
  const std::uint64_t top_disc = (column_discs + bottom_cell(m.value())) >> 1;
  mask_ ^= top_disc;
  current_ ^= mask_;
  --moves_;
}

int Connect4::max_remaining_plies() const {
  return core::is_over(outcome()) ? 0 : width() * height() - moves_;
}

namespace {

EvalParts evaluation_parts(const Connect4& game) {
  EvalParts parts;
  const std::uint64_t own = game.current();
  const std::uint64_t other = game.opponent();
  for (int column = 0; column < game.width(); ++column) {
    const core::Score worth = Connect4::kCentreStepWorth * game.centre_steps(column);
    parts.centre_own += worth * std::popcount(own & game.column_mask(column));
    parts.centre_other += worth * std::popcount(other & game.column_mask(column));
  }
  const std::uint64_t empty = game.board_mask() & ~game.mask();
  parts.own = count_open_windows(own, empty, game.board_mask(), game.height());
  parts.other = count_open_windows(other, empty, game.board_mask(), game.height());
  return parts;
}

core::Score total_of(const EvalParts& p) {
  const core::Score total = p.centre_own - p.centre_other +
                            Connect4::kOpenThreeWorth * (p.own.threes - p.other.threes) +
                            Connect4::kOpenTwoWorth * (p.own.twos - p.other.twos);
  // Dozens of open threes could otherwise reach the range the search reads as a won
  // game.
  return std::clamp(total, -core::kWinBound + 1, core::kWinBound - 1);
}

}  // namespace

core::Score Connect4::evaluate() const {
  return total_of(evaluation_parts(*this));
}

std::vector<core::EvalTerm> Connect4::evaluation_terms() const {
  const EvalParts p = evaluation_parts(*this);
  return {{"centre discs (side to move)", p.centre_own},
          {"centre discs (opponent)", -p.centre_other},
          {"open threes (side to move)", kOpenThreeWorth * p.own.threes},
          {"open threes (opponent)", -kOpenThreeWorth * p.other.threes},
          {"open twos (side to move)", kOpenTwoWorth * p.own.twos},
          {"open twos (opponent)", -kOpenTwoWorth * p.other.twos},
          {"total", total_of(p)}};
}

core::CasualSettings Connect4::casual_settings(core::Level level) {
  switch (level) {
    case core::Level::kEasy:
      return {3, 0};
    case core::Level::kNormal:
      return {6, 0};
    case core::Level::kHard:
      return {8, 0};
    case core::Level::kMax:
      break;
  }
  return {core::kMaxPly - 1, 0};
}

core::Expected<Move> Connect4::parse_move(std::string_view text) const {
  if (text.size() != 1 || text[0] < '1' || text[0] >= '1' + width())
    return core::make_error("not a column of a " + std::to_string(width()) + "-wide board (1.." +
                            std::to_string(width()) + ")");
  if (core::is_over(outcome())) return core::make_error("the game is over");
  const int column = text[0] - '1';
  if (!can_play(column)) return core::make_error("column " + std::string(text) + " is full");
  return Move(static_cast<std::uint16_t>(column));
}

std::string Connect4::cell_name(int column, int row) {
  return static_cast<char>('a' + column) + std::to_string(row + 1);
}

namespace {

// 'x', 'o' or '.' for the cell at (column, row).
char cell_char(const Connect4& game, int column, int row) {
  const std::uint64_t bit = game.bottom_cell(column) << row;
  if ((game.mask() & bit) == 0) return '.';
  const bool to_move_owns = (game.current() & bit) != 0;
  return (to_move_owns == (game.side_to_move() == Side::kFirst)) ? 'x' : 'o';
}

}  // namespace

std::string Connect4::to_fen() const {
  return write_fen_board(width(), height(),
                         [this](int column, int row) { return cell_char(*this, column, row); }) +
         ' ' + core::fen_letter(side_to_move());
}

core::Expected<Connect4> Connect4::from_fen(const Variant& variant, std::string_view fen) {
  auto parsed = parse_fen_board(fen, variant.width, variant.height);
  if (!parsed) return core::make_error(parsed.error());
  Connect4 game(variant);
  std::uint64_t discs[2] = {0, 0};
  for (int column = 0; column < variant.width; ++column) {
    bool gap_below = false;
    for (int row = 0; row < variant.height; ++row) {
      const char c = parsed->cell(column, row);
      if (c == '.') {
        gap_below = true;
        continue;
      }
      if (gap_below)
        return core::make_error("floating disc in column " + std::to_string(column + 1) +
                                " (an empty cell under a disc)");
      discs[c == 'x' ? 0 : 1] |= game.bottom_cell(column) << row;
    }
  }

  // x drops first, so x has as many discs as o with x to move, one more with o to move.
  const Side to_move = parsed->side_to_move;
  const int x = std::popcount(discs[0]);
  const int o = std::popcount(discs[1]);
  if (x != (to_move == Side::kFirst ? o : o + 1))
    return core::make_error("disc counts (" + std::to_string(x) + " x, " + std::to_string(o) +
                            " o) do not fit " + core::fen_letter(to_move) + " to move");
  const std::uint64_t own = discs[core::index_of(to_move)];
  const std::uint64_t last = discs[core::index_of(core::opposite(to_move))];
  if (has_four(own, variant.height) && has_four(last, variant.height))
    return core::make_error("both players have four in a row");
  if (has_four(own, variant.height))
    return core::make_error("the side to move already has four in a row");
  if (has_four(last, variant.height)) {
    // Play stops at the first four: taking back the last disc (the top disc of one
    // column, the last mover's) must leave no four.
    bool reachable = false;
    for (int column = 0; column < variant.width && !reachable; ++column) {
      const std::uint64_t column_discs = (discs[0] | discs[1]) & game.column_mask(column);
      if (column_discs == 0) continue;
      const std::uint64_t top = std::uint64_t{1} << (63 - std::countl_zero(column_discs));
      reachable = (last & top) != 0 && !has_four(last ^ top, variant.height);
    }
    if (!reachable) return core::make_error("no single last move makes these fours");
  }
  game.current_ = own;
  game.mask_ = discs[0] | discs[1];
  game.moves_ = x + o;
  return game;
}

core::Expected<Connect4> Connect4::from_move_string(const Variant& variant,
                                                    std::string_view moves) {
  Connect4 game(variant);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto move = game.parse_move(moves.substr(i, 1));
    if (!move) {
      const char c = moves[i];
      const std::string shown = c >= 32 && c < 127 ? std::string(1, c) : std::string("?");
      return core::make_error("move " + std::to_string(i + 1) + " ('" + shown +
                              "'): " + move.error());
    }
    game.make_move(*move);
  }
  return game;
}

std::vector<std::string> Connect4::winning_line() const {
  std::vector<std::string> cells;
  if (winner_outcome() == Outcome::kNone) return cells;
  // Bit order is column by column, bottom up: a1, a2, .., b1, the names' order too.
  for (std::uint64_t bits = four_cells(opponent(), height()); bits != 0; bits &= bits - 1) {
    const int index = std::countr_zero(bits);
    cells.push_back(cell_name(index / (height() + 1), index % (height() + 1)));
  }
  return cells;
}

// Columns are the notation, so the diagram labels columns by number, not letter.
std::string Connect4::diagram() const {
  std::string out;
  for (int row = height() - 1; row >= 0; --row) {
    out += "   ";
    for (int column = 0; column < width(); ++column) {
      out += ' ';
      out += cell_char(*this, column, row);
    }
    out += '\n';
  }
  out += "   ";
  for (int column = 0; column < width(); ++column) out += ' ' + std::to_string(column + 1);
  out += '\n';
  return out;
}

std::vector<core::BenchPosition> Connect4::bench_positions() {
  // At Level max Connect Four is solved, so the bench proves four positions of Pons'
  // test sets exactly (Test_L2_R1 lines 1-2, Test_L2_R2 lines 1 and 5: a win, a
  // draw and a loss for the side to move). The depth is the empty cells left.
  return {{"4x2/o2oo2/x1oxo2/xxoxx2/ooxxo2/xxooxox o", 17},
          {"7/1o5/xoxo3/xxoo2o/oxoxo1x/xoxxxox o", 19},
          {"7/7/1o5/xx5/oo1xxo1/oxxxoxo o", 27},
          {"5o1/5x1/3o1o1/3o1x1/o1xx1o1/x1xoxxo x", 26}};
}

}  // namespace narabe::games
