#include "engine/games/reversi/reversi.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "engine/core/zobrist.h"
#include "engine/games/fen_board.h"
#include "engine/games/reversi/bit_count.h"
#include "engine/games/reversi/bitboard_moves.h"
#include "engine/games/reversi/pattern_weights.h"

namespace narabe::games {

using reversi::bit_count;

using core::Move;
using core::Outcome;
using core::Side;

namespace {

// Zobrist keys for the discs and the side to move, and per cell the XOR of both
// sides' keys: flipping a disc changes its colour, so one XOR updates the hash.
struct Keys {
  core::ZobristKeys<Reversi::kCells> zobrist{0x7265'7665'7273'6921ULL};
  std::array<std::uint64_t, Reversi::kCells> flip{};
  Keys() {
    for (std::size_t cell = 0; cell < flip.size(); ++cell)
      flip[cell] = zobrist.stone(cell, Side::kFirst) ^ zobrist.stone(cell, Side::kSecond);
  }
};

const Keys& keys() {
  static const Keys table;
  return table;
}

constexpr std::uint64_t kCorners = Reversi::bit(0) | Reversi::bit(7) | Reversi::bit(56) | Reversi::bit(63);
// The X-squares (b2, g2, b7, g7) paired with their corners (a1, h1, a8, h8).
constexpr std::array<std::pair<int, int>, 4> kXSquares = {{{9, 0}, {14, 7}, {49, 56}, {54, 63}}};
// d4, e4, d5, e5: discs are never taken off the board, so these stay filled.
constexpr std::array<int, 4> kCentre = {27, 28, 35, 36};

// The cell at fen_board's (file, rank), rank 0 being the bottom row (rank 8).
constexpr int cell_at(int file, int rank) { return (7 - rank) * 8 + file; }

}  // namespace

Reversi::Reversi(const Variant& variant) : variant_(variant) {
  // d4 o, e4 x, d5 x, e5 o; black (x) to move.
  set_discs(bit(28) | bit(35), bit(27) | bit(36), Side::kFirst);
}

core::Expected<Reversi::Variant> Reversi::parse_variant(const core::VariantArgs& args) {
  if (!args.empty()) return core::make_error("reversi has no variant key '" + args[0].first + "'");
  return Variant{};
}

// One flip and move code serves the rules and the solver (bitboard_moves.h).
std::uint64_t Reversi::legal_cells(std::uint64_t own, std::uint64_t other) { return reversi::legal(own, other); }

std::uint64_t Reversi::flips(int cell, std::uint64_t own, std::uint64_t other) {
  if ((bit(cell) & (own | other)) != 0) return 0;
  return reversi::flips(cell, own, other);
}

int Reversi::empties() const {
  return bit_count(empty_cells());
}

Outcome Reversi::outcome() const {
  if (legal_cells(player_, opponent_) != 0 || legal_cells(opponent_, player_) != 0) return Outcome::kNone;
  const int black = bit_count(discs(Side::kFirst));
  const int white = bit_count(discs(Side::kSecond));
  if (black == white) return Outcome::kDraw;
  return black > white ? Outcome::kFirstWins : Outcome::kSecondWins;
}

void Reversi::generate_moves(MoveList& list) const {
  list.clear();
  const std::uint64_t cells = legal_cells(player_, opponent_);
  for (std::uint64_t bits = cells; bits != 0; bits &= bits - 1)
    list.push_back(Move(static_cast<std::uint16_t>(std::countr_zero(bits))));
  if (cells == 0 && legal_cells(opponent_, player_) != 0) list.push_back(kPass);
}

bool Reversi::is_legal(Move m) const {
  const std::uint64_t cells = legal_cells(player_, opponent_);
  if (m == kPass) return cells == 0 && legal_cells(opponent_, player_) != 0;
  return m.value() < kCells && (cells & bit(m.value())) != 0;
}

void Reversi::make_move(Move m) {
  const Keys& k = keys();
  std::uint64_t flipped = 0;
  if (m != kPass) {
    const int cell = m.value();
    flipped = flips(cell, player_, opponent_);
    player_ ^= flipped | bit(cell);
    opponent_ ^= flipped;
    hash_ ^= k.zobrist.stone(static_cast<std::size_t>(cell), side_);
    for (std::uint64_t bits = flipped; bits != 0; bits &= bits - 1) hash_ ^= k.flip[std::countr_zero(bits)];
  }
  undo_flips_[undo_size_++] = flipped;
  std::swap(player_, opponent_);
  side_ = core::opposite(side_);
  hash_ ^= k.zobrist.second_to_move();
}

void Reversi::unmake_move(Move m) {
  const Keys& k = keys();
  const std::uint64_t flipped = undo_flips_[--undo_size_];
  std::swap(player_, opponent_);
  side_ = core::opposite(side_);
  hash_ ^= k.zobrist.second_to_move();
  if (m == kPass) return;
  const int cell = m.value();
  player_ ^= flipped | bit(cell);
  opponent_ ^= flipped;
  hash_ ^= k.zobrist.stone(static_cast<std::size_t>(cell), side_);
  for (std::uint64_t bits = flipped; bits != 0; bits &= bits - 1) hash_ ^= k.flip[std::countr_zero(bits)];
}

int Reversi::max_remaining_plies() const {
  if (core::is_over(outcome())) return 0;
  const int plies = 2 * empties();
  return legal_cells() != 0 ? plies - 1 : plies;
}

namespace {

struct EvalParts {
  int mobility_own = 0, mobility_other = 0;
  int corners_own = 0, corners_other = 0;
  int x_own = 0, x_other = 0;
  core::Score discs = 0;  // the faded-in disc term, already weighted
};

EvalParts evaluation_parts(const Reversi& game) {
  const std::uint64_t own = game.player();
  const std::uint64_t other = game.opponent();
  EvalParts p;
  p.mobility_own = bit_count(Reversi::legal_cells(own, other));
  p.mobility_other = bit_count(Reversi::legal_cells(other, own));
  p.corners_own = bit_count(own & kCorners);
  p.corners_other = bit_count(other & kCorners);
  const std::uint64_t empty = game.empty_cells();
  for (const auto& [x_square, corner] : kXSquares) {
    if ((empty & Reversi::bit(corner)) == 0) continue;
    p.x_own += (own & Reversi::bit(x_square)) != 0;
    p.x_other += (other & Reversi::bit(x_square)) != 0;
  }
  const int fade = std::max(0, Reversi::kDiscPhaseEmpties - game.empties());
  const int difference = bit_count(own) - bit_count(other);
  p.discs = Reversi::kDiscWorth * difference * fade / Reversi::kDiscPhaseEmpties;
  return p;
}

core::Score total_of(const EvalParts& p) {
  return Reversi::kMobilityWorth * (p.mobility_own - p.mobility_other) +
         Reversi::kCornerWorth * (p.corners_own - p.corners_other) -
         Reversi::kXSquareWorth * (p.x_own - p.x_other) + p.discs;
}

}  // namespace

core::Score Reversi::evaluate() const {
  if (const reversi::PatternWeights* weights = pattern_weights())
    return weights->evaluate(player_, opponent_);
  return simple_evaluate();
}

core::Score Reversi::simple_evaluate() const {
  return total_of(evaluation_parts(*this));
}

std::vector<core::EvalTerm> Reversi::evaluation_terms() const {
  if (const reversi::PatternWeights* weights = pattern_weights()) {
    const std::vector<int> parts = weights->terms(player_, opponent_);
    std::vector<core::EvalTerm> terms;
    for (std::size_t i = 0; i < reversi::kPatternNames.size(); ++i)
      terms.push_back({std::string("pattern ") + reversi::kPatternNames[i], parts[i]});
    terms.push_back({"mobility", parts.back()});
    terms.push_back({"total", weights->evaluate(player_, opponent_)});
    return terms;
  }
  const EvalParts p = evaluation_parts(*this);
  return {{"mobility (side to move)", kMobilityWorth * p.mobility_own},
          {"mobility (opponent)", -kMobilityWorth * p.mobility_other},
          {"corners (side to move)", kCornerWorth * p.corners_own},
          {"corners (opponent)", -kCornerWorth * p.corners_other},
          {"x-squares (side to move)", -kXSquareWorth * p.x_own},
          {"x-squares (opponent)", kXSquareWorth * p.x_other},
          {"discs (late game)", p.discs},
          {"total", total_of(p)}};
}

int Reversi::move_order_bonus(Move m) const {
  if (m.value() >= kCells) return 0;
  const int cell = m.value();
  const std::uint64_t flipped = flips(cell, player_, opponent_);
  const std::uint64_t own = player_ | flipped | bit(cell);
  const std::uint64_t replies = legal_cells(opponent_ & ~flipped, own);
  return -kReplyWorth * (bit_count(replies) + bit_count(replies & kCorners)) + kSquareWeights[cell];
}

std::string Reversi::cell_name(int cell) {
  return {static_cast<char>('a' + cell % 8), static_cast<char>('1' + cell / 8)};
}

std::string Reversi::move_to_string(Move m) const {
  if (m == kPass) return "pass";
  return m.value() < kCells ? cell_name(m.value()) : "(none)";
}

core::Expected<Move> Reversi::parse_move(std::string_view text) const {
  const bool is_pass = text == "pass";
  if (!is_pass && (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8'))
    return core::make_error("not a reversi cell (a1..h8) or pass");
  const std::uint64_t cells = legal_cells();
  if (cells == 0 && legal_cells(opponent_, player_) == 0) return core::make_error("the game is over");
  const std::string mover(1, core::fen_letter(side_));
  if (is_pass) {
    if (cells != 0)
      return core::make_error("pass is not allowed: " + mover + " can place a disc (" +
                              cell_name(std::countr_zero(cells)) + ")");
    return kPass;
  }
  const int cell = (text[1] - '1') * 8 + (text[0] - 'a');
  if ((empty_cells() & bit(cell)) == 0) return core::make_error("cell " + std::string(text) + " is occupied");
  if (cells == 0) return core::make_error(mover + " has no move and must pass");
  if ((cells & bit(cell)) == 0) return core::make_error(std::string(text) + " flips no disc");
  return Move(static_cast<std::uint16_t>(cell));
}

char Reversi::cell_char(int cell) const {
  if (discs(Side::kFirst) & bit(cell)) return 'x';
  if (discs(Side::kSecond) & bit(cell)) return 'o';
  return '.';
}

std::string Reversi::to_fen() const {
  return write_fen_board(8, 8, [this](int file, int rank) { return cell_char(cell_at(file, rank)); }) + ' ' +
         core::fen_letter(side_);
}

std::string Reversi::diagram() const {
  return write_diagram(
      8, 8, [this](int file, int rank) { return cell_char(cell_at(file, rank)); }, kRanksFromTop);
}

void Reversi::set_discs(std::uint64_t black, std::uint64_t white, Side to_move) {
  side_ = to_move;
  player_ = to_move == Side::kFirst ? black : white;
  opponent_ = to_move == Side::kFirst ? white : black;
  const Keys& k = keys();
  hash_ = to_move == Side::kSecond ? k.zobrist.second_to_move() : 0;
  for (std::uint64_t bits = black; bits != 0; bits &= bits - 1)
    hash_ ^= k.zobrist.stone(static_cast<std::size_t>(std::countr_zero(bits)), Side::kFirst);
  for (std::uint64_t bits = white; bits != 0; bits &= bits - 1)
    hash_ ^= k.zobrist.stone(static_cast<std::size_t>(std::countr_zero(bits)), Side::kSecond);
  undo_size_ = 0;
}

core::Expected<Reversi> Reversi::from_discs(std::uint64_t black, std::uint64_t white, Side to_move) {
  for (const int cell : kCentre)
    if (((black | white) & bit(cell)) == 0)
      return core::make_error("centre cell " + cell_name(cell) +
                              " is empty (d4, e4, d5 and e5 are filled from the start and discs never leave)");
  Reversi game;
  game.set_discs(black, white, to_move);
  return game;
}

// Besides the centre, every arrangement is accepted: which discs a game can flip
// where is too rich a question to reject positions by, and the rules (including
// passes and the end) are well defined for any board.
core::Expected<Reversi> Reversi::from_fen(const Variant&, std::string_view fen) {
  auto parsed = parse_fen_board(fen, 8, 8);
  if (!parsed) return core::make_error(parsed.error());
  std::uint64_t black = 0;
  std::uint64_t white = 0;
  for (int rank = 0; rank < 8; ++rank)
    for (int file = 0; file < 8; ++file) {
      const char c = parsed->cell(file, rank);
      if (c == 'x') black |= bit(cell_at(file, rank));
      if (c == 'o') white |= bit(cell_at(file, rank));
    }
  return from_discs(black, white, parsed->side_to_move);
}

core::Expected<Reversi> Reversi::from_obf(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n' || line.back() == ' '))
    line.remove_suffix(1);
  if (line.size() < 66)
    return core::make_error("an OBF line needs 64 board characters, a space and the side to move");
  std::uint64_t black = 0;
  std::uint64_t white = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    const char c = line[static_cast<std::size_t>(cell)];
    if (c == 'X')
      black |= bit(cell);
    else if (c == 'O')
      white |= bit(cell);
    else if (c != '-')
      return core::make_error("OBF board character " + std::to_string(cell + 1) + " (" + cell_name(cell) +
                              ") must be X, O or -");
  }
  if (line[64] != ' ') return core::make_error("OBF board must be followed by a space");
  if (line[65] != 'X' && line[65] != 'O') return core::make_error("OBF side to move must be X or O");
  if (line.size() > 66 && line[66] != ';') return core::make_error("OBF side to move must be followed by ';'");
  return from_discs(black, white, line[65] == 'X' ? Side::kFirst : Side::kSecond);
}

std::vector<core::BenchPosition> Reversi::bench_positions() {
  // The start and three FFO positions (#40: 20 empties, #77: 34, #79: 36), to
  // depths that take about 0.1-0.2 s together in a release build.
  return {{"8/8/8/3ox3/3xo3/8/8/8 x", 12},
          {"o2oooox/1oooooox/ooxxooox/ooxoooxx/ooooooxx/3oooox/4o2x/8 x", 8},
          {"2o1ox2/x1ooo3/xxooo3/xxoxoooo/1ooooo2/o1x1o3/2ox4/8 x", 8},
          {"8/6x1/4o1xx/3ooox1/ooooxoxx/2oooooo/2o1oo1o/4oo2 x", 8}};
}

}  // namespace narabe::games
