#include "engine/games/gomoku/gomoku.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <charconv>

#include "engine/core/zobrist.h"
#include "engine/games/fen_board.h"
#include "engine/games/gomoku/gomoku_eval.h"
#include "engine/games/gomoku/line_patterns.h"

namespace narabe::games {

using core::Move;
using core::Outcome;
using core::Side;
using namespace gomoku;

namespace {

const core::ZobristKeys<kCells>& zobrist() {
  static const core::ZobristKeys<kCells> keys(0x676f6d6f6b75ULL);  // "gomoku"
  return keys;
}

Side side_of(Cell colour) { return colour == kBlack ? Side::kFirst : Side::kSecond; }
Cell colour_of(Side side) { return side == Side::kFirst ? kBlack : kWhite; }

core::Expected<int> parse_size(const std::string& text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty())
    return core::make_error("gomoku size must be a number, not '" + text + "'");
  if (value < kMinSize || value > kMaxSize)
    return core::make_error("gomoku size must be " + std::to_string(kMinSize) + ".." +
                            std::to_string(kMaxSize) + ", not " + text);
  return value;
}

// Whether `colour` has a winning row anywhere on the board.
bool has_win(const Cells& cells, int size, Cell colour, Rule rule) {
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) {
      const int at = cell_index(file, rank);
      if (cells[static_cast<std::size_t>(at)] != colour) continue;
      for (const int step : kDirections)
        // Each row is seen from its first stone only.
        if (cells[static_cast<std::size_t>(at - step)] != colour &&
            run_wins(rule, colour, run_length(cells, at, step, colour)))
          return true;
    }
  return false;
}

}  // namespace

Gomoku::Gomoku(const Variant& variant)
    : variant_(variant), patterns_(PatternBoard::empty_cells(variant.size), variant.rule) {}

void Gomoku::set_cells(const Cells& cells) {
  patterns_ = PatternBoard(cells, rule());
  patterns_.set_values(eval_weights_ ? &eval_weights_->values() : nullptr);
  near_ = {};
  for (int at = 0; at < kCells; ++at)
    if (cells[static_cast<std::size_t>(at)] == kBlack || cells[static_cast<std::size_t>(at)] == kWhite)
      count_near(at, +1);
}

void Gomoku::set_eval_weights(std::shared_ptr<const gomoku::EvalWeights> weights) {
  if (weights && weights->rule() != rule()) weights.reset();
  eval_weights_ = std::move(weights);
  patterns_.set_values(eval_weights_ ? &eval_weights_->values() : nullptr);
}

std::uint32_t Gomoku::empty_near_row(int row) const {
  const std::uint8_t* near = near_.data() + row * kStride;
  const std::uint8_t* cells = patterns_.cells().data() + row * kStride;
#if defined(__SSE2__)
  // 32 cells at once: the bytes that are near (count > 0) and empty (0).
  const __m128i zero = _mm_setzero_si128();
  std::uint32_t mask = 0;
  for (int half = 0; half < 2; ++half) {
    const __m128i n = _mm_loadu_si128(reinterpret_cast<const __m128i*>(near + 16 * half));
    const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells + 16 * half));
    const __m128i wanted = _mm_andnot_si128(_mm_cmpeq_epi8(n, zero), _mm_cmpeq_epi8(c, zero));
    mask |= static_cast<std::uint32_t>(_mm_movemask_epi8(wanted)) << (16 * half);
  }
  return mask;
#else
  std::uint32_t mask = 0;
  for (int i = 0; i < kStride; ++i) mask |= std::uint32_t{near[i] != 0 && cells[i] == kEmpty} << i;
  return mask;
#endif
}

void Gomoku::count_near(int index, int sign) {
  // kNearRadius steps stay inside the padding around a board point.
  for (int dr = -kNearRadius; dr <= kNearRadius; ++dr)
    for (int df = -kNearRadius; df <= kNearRadius; ++df)
      near_[static_cast<std::size_t>(index + dr * kStride + df)] += static_cast<std::uint8_t>(sign);
}

core::Expected<Gomoku::Variant> Gomoku::parse_variant(const core::VariantArgs& args) {
  Variant variant;
  bool size_seen = false;
  bool rule_seen = false;
  for (const auto& [key, value] : args) {
    if (key == "size") {
      if (size_seen) return core::make_error("gomoku size is given twice");
      size_seen = true;
      auto size = parse_size(value);
      if (!size) return core::make_error(size.error());
      variant.size = *size;
    } else if (key == "rule") {
      if (rule_seen) return core::make_error("gomoku rule is given twice");
      rule_seen = true;
      const auto rule = parse_rule(value);
      if (!rule)
        return core::make_error("gomoku rule must be freestyle, standard, renju or overline-forbidden, not '" +
                                value + "'");
      variant.rule = *rule;
    } else {
      return core::make_error("gomoku has no variant key '" + key + "' (size, rule)");
    }
  }
  return variant;
}

std::string Gomoku::describe_variant(const Variant& variant) {
  return "size " + std::to_string(variant.size) + " rule " + std::string(rule_name(variant.rule));
}

bool Gomoku::on_board(int index) const {
  return index >= 0 && index < kCells && cell(index) != kWall;
}

Forbidden Gomoku::forbidden_at(int index) const {
  if (!has_forbidden_points(rule(), colour_to_move())) return Forbidden::kNone;
  Cells scratch = cells();  // the checker places stones to look ahead
  return forbidden_kind(scratch, index, colour_to_move(), rule());
}

bool Gomoku::playable(int index) const {
  if (!on_board(index) || cell(index) != kEmpty) return false;
  if (!has_forbidden_points(rule(), colour_to_move())) return true;
  // The pattern board's shapes settle all but a renju double three, a few table
  // reads where scanning the four lines cost a tenth of the search's time.
  return may_play(patterns_, index, colour_to_move());
}

bool Gomoku::black_has_no_point() const {
  // Most empty points pass the quick test, so this usually stops at the first.
  for (int rank = 0; rank < size(); ++rank)
    for (int file = 0; file < size(); ++file)
      if (playable(cell_index(file, rank))) return false;
  return true;
}

Outcome Gomoku::outcome() const {
  if (winner_ != Outcome::kNone) return winner_;
  if (stones_ == size() * size()) return Outcome::kDraw;
  if (has_forbidden_points(rule(), colour_to_move()) && black_has_no_point()) return Outcome::kSecondWins;
  return Outcome::kNone;
}

void Gomoku::generate_moves(MoveList& list) const {
  list.clear();
  if (core::is_over(outcome())) return;
  for (int rank = 0; rank < size(); ++rank)
    for (int file = 0; file < size(); ++file) {
      const int at = cell_index(file, rank);
      if (playable(at)) list.push_back(Move(static_cast<std::uint16_t>(at)));
    }
}

void Gomoku::generate_search_moves(MoveList& list) const {
  list.clear();
  if (core::is_over(outcome())) return;
  gomoku::search_moves(*this, list);
  if (list.empty()) generate_moves(list);  // every nearby point is forbidden
}

int Gomoku::move_order_bonus(Move m) const { return gomoku::move_order_bonus(*this, m.value()); }

bool Gomoku::has_winning_move() const { return gomoku::has_winning_move(*this); }

bool Gomoku::must_answer() const { return gomoku::must_answer(*this); }

void Gomoku::generate_quiescence_moves(MoveList& list) const { gomoku::quiescence_moves(*this, list); }

bool Gomoku::is_tactical(Move m) const { return gomoku::is_tactical(*this, m.value()); }

bool Gomoku::is_legal(Move m) const {
  return playable(m.value()) && !core::is_over(outcome());
}

void Gomoku::make_move(Move m) {
  const Cell colour = colour_to_move();
  const int at = m.value();
  // The point's shapes, read while it is empty, say whether the stone wins.
  const bool wins = patterns_.makes_five(at, colour);
  patterns_.place(at, colour);
  count_near(at, +1);
  hash_ = hash_after(m);
  placed_[static_cast<std::size_t>(stones_)] = static_cast<std::int16_t>(at);
  ++stones_;
  if (wins) winner_ = core::win_for(side_of(colour));
}

std::uint64_t Gomoku::hash_after(Move m) const {
  return hash_ ^ zobrist().stone(static_cast<std::size_t>(m.value()), side_of(colour_to_move())) ^
         zobrist().second_to_move();
}

void Gomoku::unmake_move(Move m) {
  // Play stops at a win, so the position before any move had none.
  const int at = m.value();
  --stones_;
  hash_ ^= zobrist().stone(static_cast<std::size_t>(at), side_of(colour_to_move())) ^ zobrist().second_to_move();
  patterns_.remove(at);
  count_near(at, -1);
  winner_ = Outcome::kNone;
}

int Gomoku::last_own_stone() const {
  // Without a pass the opponent placed the last stone; after one, the side to move did.
  const int i = stones_ - 2 + passed_;
  return i >= placed_from_ ? placed_[static_cast<std::size_t>(i)] : -1;
}

void Gomoku::make_null_move() {
  passed_ = 1;
  hash_ ^= zobrist().second_to_move();
}

void Gomoku::unmake_null_move() {
  passed_ = 0;
  hash_ ^= zobrist().second_to_move();
}

int Gomoku::max_remaining_plies() const {
  return core::is_over(outcome()) ? 0 : size() * size() - stones_;
}

core::Score Gomoku::evaluate() const { return gomoku::evaluate(*this); }

std::vector<core::EvalTerm> Gomoku::evaluation_terms() const { return gomoku::evaluation_terms(*this); }

std::string Gomoku::cell_name(int index) const {
  return static_cast<char>('a' + file_of(index)) + std::to_string(rank_of(index) + 1);
}

int Gomoku::cell_from_name(std::string_view text) const {
  if (text.size() < 2 || text.size() > 3) return -1;
  const int file = text[0] - 'a';
  if (file < 0 || file >= size()) return -1;
  // Digits only, no leading zero, no sign.
  if (text[1] < '1' || text[1] > '9') return -1;
  int rank = 0;
  for (const char c : text.substr(1)) {
    if (c < '0' || c > '9') return -1;
    rank = rank * 10 + (c - '0');
  }
  if (rank > size()) return -1;
  return cell_index(file, rank - 1);
}

core::Expected<Move> Gomoku::parse_move(std::string_view text) const {
  const int at = cell_from_name(text);
  if (at < 0) {
    const char last = static_cast<char>('a' + size() - 1);
    return core::make_error("not a point of the " + std::to_string(size()) + "x" + std::to_string(size()) +
                            " board (a1.." + last + std::to_string(size()) + ")");
  }
  if (core::is_over(outcome())) return core::make_error("the game is over");
  if (cell(at) != kEmpty) return core::make_error(cell_name(at) + " is already taken");
  const Forbidden why = forbidden_at(at);
  if (why != Forbidden::kNone)
    return core::make_error(cell_name(at) + " is forbidden for black (" + std::string(forbidden_name(why)) + ")");
  return Move(static_cast<std::uint16_t>(at));
}

namespace {

char cell_char(std::uint8_t c) { return c == kBlack ? 'x' : c == kWhite ? 'o' : '.'; }

}  // namespace

std::string Gomoku::to_fen() const {
  return write_fen_board(size(), size(),
                         [this](int file, int rank) { return cell_char(cell(cell_index(file, rank))); }) +
         ' ' + core::fen_letter(side_to_move());
}

std::string Gomoku::diagram() const {
  return write_diagram(size(), size(),
                       [this](int file, int rank) { return cell_char(cell(cell_index(file, rank))); });
}

Outcome Gomoku::winner_from_board() const {
  for (const Cell colour : {kBlack, kWhite})
    if (has_win(cells(), size(), colour, rule())) return core::win_for(side_of(colour));
  return Outcome::kNone;
}

core::Expected<Gomoku> Gomoku::from_fen(const Variant& variant, std::string_view fen) {
  auto parsed = parse_fen_board(fen, variant.size, variant.size);
  if (!parsed) return core::make_error(parsed.error());
  Gomoku game(variant);
  Cells cells = game.cells();
  int counts[2] = {0, 0};
  for (int rank = 0; rank < variant.size; ++rank)
    for (int file = 0; file < variant.size; ++file) {
      const char c = parsed->cell(file, rank);
      if (c == '.') continue;
      const Cell colour = c == 'x' ? kBlack : kWhite;
      const auto at = static_cast<std::size_t>(cell_index(file, rank));
      cells[at] = colour;
      game.hash_ ^= zobrist().stone(at, side_of(colour));
      ++counts[colour == kBlack ? 0 : 1];
    }
  // Black moves first: as many stones as White with Black to move, one more with White to move.
  const Side to_move = parsed->side_to_move;
  if (counts[0] != (to_move == Side::kFirst ? counts[1] : counts[1] + 1))
    return core::make_error("stone counts (" + std::to_string(counts[0]) + " x, " + std::to_string(counts[1]) +
                            " o) do not fit " + core::fen_letter(to_move) + " to move");
  game.stones_ = counts[0] + counts[1];
  game.placed_from_ = game.stones_;
  if (to_move == Side::kSecond) game.hash_ ^= zobrist().second_to_move();

  const Cell mover = colour_of(to_move);
  const Cell last = opponent_of(mover);
  const bool mover_won = has_win(cells, variant.size, mover, variant.rule);
  const bool last_won = has_win(cells, variant.size, last, variant.rule);
  if (mover_won && last_won) return core::make_error("both players have a winning row");
  if (mover_won) return core::make_error("the side to move already has a winning row");
  if (last_won) {
    // Play stops at the first win: taking back one stone of the last mover must
    // leave no win.
    bool reachable = false;
    for (int at = 0; at < kCells && !reachable; ++at) {
      if (cells[static_cast<std::size_t>(at)] != last) continue;
      cells[static_cast<std::size_t>(at)] = kEmpty;
      reachable = !has_win(cells, variant.size, last, variant.rule);
      cells[static_cast<std::size_t>(at)] = last;
    }
    if (!reachable) return core::make_error("no single last move makes these winning rows");
    game.winner_ = core::win_for(side_of(last));
  }
  game.set_cells(cells);
  return game;
}

std::vector<std::string> Gomoku::winning_line() const {
  std::vector<std::string> names;
  if (winner_ == Outcome::kNone) return names;
  const Cell colour = winner_ == Outcome::kFirstWins ? kBlack : kWhite;
  std::array<bool, kCells> in_line{};
  for (int rank = 0; rank < size(); ++rank)
    for (int file = 0; file < size(); ++file) {
      const int at = cell_index(file, rank);
      if (cell(at) != colour) continue;
      for (const int step : kDirections) {
        if (cell(at - step) == colour) continue;  // not the row's first stone
        const int length = run_length(cells(), at, step, colour);
        if (!run_wins(rule(), colour, length)) continue;
        for (int k = 0; k < length; ++k) in_line[static_cast<std::size_t>(at + k * step)] = true;
      }
    }
  for (int rank = 0; rank < size(); ++rank)
    for (int file = 0; file < size(); ++file)
      if (in_line[static_cast<std::size_t>(cell_index(file, rank))]) names.push_back(cell_name(cell_index(file, rank)));
  return names;
}

std::vector<std::string> Gomoku::forbidden_cells() const {
  std::vector<std::string> names;
  // Also when every empty point is forbidden (Black has lost by that): they are shown.
  if (!has_forbidden_points(rule(), colour_to_move()) || winner_ != Outcome::kNone) return names;
  for (int rank = 0; rank < size(); ++rank)
    for (int file = 0; file < size(); ++file) {
      const int at = cell_index(file, rank);
      if (cell(at) == kEmpty && !playable(at)) names.push_back(cell_name(at));
    }
  return names;
}

std::vector<core::BenchPosition> Gomoku::bench_positions() {
  // Rapfi's published bench set (its move strings turned into fens), searched far
  // less deep than Rapfi's 19 plies.
  return {
      {"15/15/15/15/15/5x9/6o8/6ox7/6x8/15/15/15/15/15/15 o", kBenchDepth, "size 15 rule freestyle"},
      {"15/7x7/15/7x7/7o7/5o9/15/15/15/15/15/15/15/15/15 x", kBenchDepth, "size 15 rule freestyle"},
      {"20/4xo14/6ox12/20/7o12/6x13/20/20/5x14/20/20/20/20/20/20/20/20/20/20/20 o", kBenchDepth,
       "size 20 rule freestyle"},
      {"20/5x14/4o1x13/3ooxox12/4xx1oo11/3o1o2x11/1x1xo15/5x14/20/20/20/20/20/20/20/20/20/20/20/20 o", kBenchDepth,
       "size 20 rule freestyle"},
      {"15/15/15/15/15/9x5/5x1oo6/7x7/15/15/15/15/15/15/15 o", kBenchDepth, "size 15 rule standard"},
      {"15/15/15/15/15/5x9/15/7x7/8o6/15/15/15/15/15/15 o", kBenchDepth, "size 15 rule standard"},
      {"15/6x8/1x13/15/15/5o9/15/15/15/10o4/15/15/15/15/15 x", kBenchDepth, "size 15 rule standard"},
      {"15/15/15/15/15/15/8x6/7xo6/6o1o6/9x5/15/15/15/15/15 x", kBenchDepth, "size 15 rule renju"},
      {"15/15/15/15/15/5x1xx2x3/6x1o1o4/5x1xxo5/4ooxoox5/7xo6/6o1o6/15/15/15/15 o", kBenchDepth,
       "size 15 rule renju"},
      {"15/15/15/15/15/7xx6/8o6/6ox7/6xoo6/8o6/9x5/15/15/15/15 x", kBenchDepth, "size 15 rule renju"},
  };
}

}  // namespace narabe::games
