#include "protocol/server/ggf.h"

#include <array>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "protocol/server/info_format.h"

namespace narabe::server {

namespace {

constexpr int kSize = 8;
constexpr std::string_view kStartCells =
    "---------------------------O*------*O---------------------------";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// 'x' black, 'o' white, '.' empty; 0 for anything else.
char cell_of(char c) {
  switch (c) {
    case '*': case 'X': case 'x': case '#': return 'x';
    case 'O': case 'o': return 'o';
    case '-': case '.': return '.';
    default: return 0;
  }
}

struct Board {
  std::array<char, kSize * kSize> cells{};
  char side = 'x';
};

core::Expected<Board> parse_board(std::string_view value) {
  value = trim(value);
  std::size_t i = 0;
  while (i < value.size() && !is_space(value[i])) ++i;
  if (value.substr(0, i) != "8")
    return core::make_error(fmt::format("BO: board size '{}' is not 8", sanitize_for_echo(value.substr(0, i), 10)));
  Board board;
  int filled = 0;
  for (; i < value.size() && filled < kSize * kSize; ++i) {
    if (is_space(value[i])) continue;
    const char cell = cell_of(value[i]);
    if (cell == 0)
      return core::make_error(fmt::format("BO: '{}' is not a cell (*, O or -)", sanitize_for_echo(value.substr(i, 1))));
    board.cells[static_cast<std::size_t>(filled++)] = cell;
  }
  if (filled < kSize * kSize) return core::make_error(fmt::format("BO: {} cells instead of 64", filled));
  const std::string_view side = trim(value.substr(i));
  if (side.size() != 1 || (cell_of(side[0]) != 'x' && cell_of(side[0]) != 'o'))
    return core::make_error(fmt::format("BO: the side to move must be * or O, not '{}'", sanitize_for_echo(side, 10)));
  board.side = cell_of(side[0]);
  return board;
}

std::string to_fen(const Board& board) {
  std::string fen;
  for (int rank = 0; rank < kSize; ++rank) {
    if (rank > 0) fen += '/';
    int empty = 0;
    for (int file = 0; file < kSize; ++file) {
      const char cell = board.cells[static_cast<std::size_t>(rank * kSize + file)];
      if (cell == '.') {
        ++empty;
        continue;
      }
      if (empty > 0) fen += static_cast<char>('0' + empty);
      empty = 0;
      fen += cell;
    }
    if (empty > 0) fen += static_cast<char>('0' + empty);
  }
  fen += ' ';
  fen += board.side;
  return fen;
}

Board start_board() {
  Board board;
  for (std::size_t i = 0; i < kStartCells.size(); ++i) board.cells[i] = cell_of(kStartCells[i]);
  return board;
}

}  // namespace

core::Expected<std::string> nboard_move_to_reversi(std::string_view text) {
  const std::string_view move = text.substr(0, text.find('/'));
  if (equals_ignoring_case(move, "pa") || equals_ignoring_case(move, "pass")) return std::string("pass");
  if (move.size() == 2) {
    const char file = lower(move[0]);
    const char rank = move[1];
    if (file >= 'a' && file <= 'h' && rank >= '1' && rank <= '8') return std::string{file, rank};
  }
  return core::make_error(fmt::format("'{}' is not a move (F5, PA)", sanitize_for_echo(move)));
}

std::string reversi_move_to_nboard(std::string_view move) {
  if (move == "pass") return "PA";
  std::string out(move);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

core::Expected<GgfGame> parse_ggf(std::string_view text) {
  text = trim(text);
  if (text.substr(0, 2) != "(;") return core::make_error("a GGF game starts with '(;'");
  std::size_t i = 2;
  std::optional<Board> board;
  struct Move {
    char colour;  // 'x' for B[..], 'o' for W[..]
    std::string text;
  };
  std::vector<Move> moves;
  bool closed = false;
  while (i < text.size()) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    if (text.substr(i, 2) == ";)") {
      closed = true;
      i += 2;
      break;
    }
    const std::size_t name_start = i;
    while (i < text.size() && std::isupper(static_cast<unsigned char>(text[i]))) ++i;
    const std::string_view name = text.substr(name_start, i - name_start);
    if (name.empty() || i >= text.size() || text[i] != '[')
      return core::make_error(
          fmt::format("expected a property like PB[name] at '{}'", sanitize_for_echo(text.substr(name_start, 12))));
    // The value runs to the next ']' not escaped by a backslash.
    std::string value;
    bool ended = false;
    for (++i; i < text.size(); ++i) {
      if (text[i] == '\\' && i + 1 < text.size()) {
        value += text[++i];
      } else if (text[i] == ']') {
        ended = true;
        ++i;
        break;
      } else {
        value += text[i];
      }
    }
    if (!ended) return core::make_error(fmt::format("property {} has no closing ']'", sanitize_for_echo(name)));

    if (name == "GM") {
      if (!equals_ignoring_case(trim(value), "othello"))
        return core::make_error(fmt::format("GM[{}]: only Othello is played", sanitize_for_echo(value)));
    } else if (name == "TY") {
      // The type: the board size, with letters for variants (8r: random start).
      std::string digits;
      for (char c : value)
        if (c >= '0' && c <= '9') digits += c;
      if (digits != "8")
        return core::make_error(fmt::format("TY[{}]: only the 8x8 board is played", sanitize_for_echo(value)));
    } else if (name == "BO") {
      if (!moves.empty()) return core::make_error("BO comes after the first move");
      auto parsed = parse_board(value);
      if (!parsed) return core::make_error(parsed.error());
      board = *parsed;
    } else if (name == "B" || name == "W") {
      moves.push_back({name == "B" ? 'x' : 'o', value});
    }
  }
  if (!closed) return core::make_error("a GGF game ends with ';)'");
  if (!trim(text.substr(i)).empty()) return core::make_error("text after the end of the game ';)'");

  const Board start = board ? *board : start_board();
  GgfGame game;
  game.fen = to_fen(start);
  char side = start.side;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const Move& m = moves[k];
    if (m.colour != side)
      return core::make_error(fmt::format("move {} ({}[{}]) is not {}'s turn", k + 1, m.colour == 'x' ? 'B' : 'W',
                                          sanitize_for_echo(m.text), m.colour == 'x' ? "black" : "white"));
    auto move = nboard_move_to_reversi(trim(m.text));
    if (!move) return core::make_error(fmt::format("move {}: {}", k + 1, move.error()));
    game.moves.push_back(*move);
    side = side == 'x' ? 'o' : 'x';
  }
  return game;
}

}  // namespace narabe::server
