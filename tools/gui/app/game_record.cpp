#include "tools/gui/app/game_record.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "protocol/common/parse_number.h"

namespace narabe::gui {
namespace {

// Reversi's standard start in GGF's BO[] (A1..H8, rank 1 at the top, black
// (*) to move), and as the protocol's fen.
constexpr std::string_view kGgfReversiStart =
    "---------------------------O*------*O--------------------------- *";
constexpr std::string_view kReversiStartFen = "8/8/8/3ox3/3xo3/8/8/8 x";
// A saved game is a few kilobytes; anything far larger is not one.
constexpr std::uintmax_t kMaxRecordBytes = 1 << 20;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string without_blanks(std::string_view text) {
  std::string out;
  for (const char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) out += c;
  return out;
}

// The values of every `KEY[value]` property, in order, for keys in `keys`.
struct Property {
  std::string key, value;
};
std::vector<Property> properties(std::string_view text) {
  std::vector<Property> out;
  std::size_t at = 0;
  while ((at = text.find('[', at)) != std::string_view::npos) {
    std::size_t key_start = at;
    while (key_start > 0 && std::isupper(static_cast<unsigned char>(text[key_start - 1]))) --key_start;
    const std::size_t close = text.find(']', at);
    if (close == std::string_view::npos) break;
    out.push_back({std::string(text.substr(key_start, at - key_start)), std::string(text.substr(at + 1, close - at - 1))});
    at = close + 1;
  }
  return out;
}

// GGF's board, "<64 cells> <side>" with blanks anywhere ('-' empty, '*' black,
// 'O' white, rank 1 first), as the protocol's fen, whose first row is rank 1 too.
core::Expected<std::string> ggf_board_to_fen(std::string_view cells_and_side) {
  const std::string plain = without_blanks(cells_and_side);
  if (plain.size() != 65) return core::make_error("GGF: BO[] needs 64 cells and the side to move");
  auto stone = [](char c) -> char {
    switch (c) {
      case '-': return '.';
      case '*': case 'X': case 'x': case '#': return 'x';
      case 'O': case 'o': return 'o';
      default: return '?';
    }
  };
  std::string fen;
  for (int row = 0; row < 8; ++row) {
    int empties = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = stone(plain[static_cast<std::size_t>(row * 8 + file)]);
      if (c == '?') return core::make_error(fmt::format("GGF: BO[] has '{}', not a cell (-, * or O)", plain[static_cast<std::size_t>(row * 8 + file)]));
      if (c == '.') { ++empties; continue; }
      if (empties > 0) fen += std::to_string(std::exchange(empties, 0));
      fen += c;
    }
    if (empties > 0) fen += std::to_string(empties);
    if (row < 7) fen += '/';
  }
  const char side = stone(plain.back());
  if (side != 'x' && side != 'o') return core::make_error("GGF: BO[] ends with the side to move, * or O");
  return fen + ' ' + side;
}

// The protocol's Reversi fen as GGF's BO[] cells and side, the inverse of the above.
std::string fen_to_ggf_board(std::string_view fen) {
  std::string out;
  for (const char c : fen) {
    if (c == ' ') break;
    if (c >= '1' && c <= '8') out.append(static_cast<std::size_t>(c - '0'), '-');
    else if (c == 'x') out += '*';
    else if (c == 'o') out += 'O';
  }
  return out + (fen.ends_with(" o") ? " O" : " *");
}

core::Expected<GameRecord> parse_ggf(std::string_view text) {
  GameRecord record;
  record.game = game_with_record(RecordFormat::kGgf);
  bool black_to_move = true;
  for (const Property& p : properties(text)) {
    if (p.key == "TY" && p.value != "8") return core::make_error("GGF: only the 8x8 board (TY[8])");
    if (p.key == "BO") {
      if (!record.moves.empty()) return core::make_error("GGF: BO[] after the moves");
      const std::string value = without_blanks(p.value);
      if (value.empty() || value[0] != '8') return core::make_error("GGF: only the 8x8 board (BO[8 ...])");
      auto fen = ggf_board_to_fen(std::string_view(value).substr(1));
      if (!fen) return core::make_error(fen.error());
      // The usual start is kept as none, so such a game saves and plays as any other.
      record.start_fen = *fen == kReversiStartFen ? std::string() : *fen;
      black_to_move = fen->back() == 'x';
    }
    if (p.key != "B" && p.key != "W") continue;
    std::string move = lower(p.value.substr(0, p.value.find('/')));
    if (move == "pa") move = "pass";
    const bool square = move.size() == 2 && move[0] >= 'a' && move[0] <= 'h' && move[1] >= '1' && move[1] <= '8';
    if (!square && move != "pass") return core::make_error(fmt::format("GGF: bad move '{}'", p.value.substr(0, 20)));
    const bool black = (record.moves.size() % 2 == 0) == black_to_move;
    if ((p.key == "B") != black)
      return core::make_error(fmt::format("GGF: move {} is {}'s, but {} is to move", record.moves.size() + 1,
                                          p.key == "B" ? "Black" : "White", black ? "Black" : "White"));
    record.moves.push_back(move);
  }
  return record;
}

core::Expected<GameRecord> parse_sgf(std::string_view text) {
  GameRecord record;
  record.game = game_with_record(RecordFormat::kSgf);
  const auto props = properties(text);
  // The size first: it says how the moves' letters map to ranks.
  for (const Property& p : props) {
    if (p.key != "SZ") continue;
    int size = 0;
    if (!protocol::parse_int(p.value, size))
      return core::make_error(fmt::format("SGF: SZ[{}] is not a board size (one number: Gomoku's boards are square)",
                                          p.value.substr(0, 20)));
    if (size < kMinGomokuSize || size > kMaxGomokuSize)
      return core::make_error(fmt::format("SGF: a {0}x{0} board (SZ[{0}]); Gomoku is played here on {1}x{1} to {2}x{2}",
                                          size, kMinGomokuSize, kMaxGomokuSize));
    record.gomoku_size = size;
  }
  const int n = record.gomoku_size;
  for (const Property& p : props) {
    if (p.key == "AB" || p.key == "AW" || p.key == "AE")
      return core::make_error("SGF: set-up stones (AB, AW, AE) are not read; only games from the empty board");
    if (p.key == "RU") {
      const auto at = std::find(kRuleWords.begin(), kRuleWords.end(), lower(p.value));
      if (at == kRuleWords.end()) return core::make_error(fmt::format("SGF: unknown rule '{}'", p.value.substr(0, 20)));
      record.rule = static_cast<GomokuRule>(at - kRuleWords.begin());
    }
    if (p.key != "B" && p.key != "W") continue;
    const std::string xy = lower(p.value);
    if (xy.size() != 2 || xy[0] < 'a' || xy[0] >= 'a' + n || xy[1] < 'a' || xy[1] >= 'a' + n)
      return core::make_error(fmt::format("SGF: bad move '{}' (not a point of the {}x{} board)", p.value.substr(0, 20), n, n));
    if ((p.key == "B") != (record.moves.size() % 2 == 0)) return core::make_error("SGF: the moves must alternate from black");
    // SGF counts rows from the top; the board's ranks count from the bottom.
    record.moves.push_back(fmt::format("{}{}", xy[0], n - (xy[1] - 'a')));
  }
  return record;
}

}  // namespace

std::string format_record(const GameRecord& record) {
  std::string out;
  switch (display_of(record.game).record) {
    case RecordFormat::kGgf: {
      out = "(;GM[Othello]PC[narabe-gui]TY[8]BO[8 ";
      out += record.start_fen.empty() ? std::string(kGgfReversiStart) : fen_to_ggf_board(record.start_fen);
      out += "]";
      const bool black_first = !record.start_fen.ends_with(" o");
      for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const std::string& m = record.moves[i];
        out += fmt::format("{}[{}]", (i % 2 == 0) == black_first ? 'B' : 'W', m == "pass" ? std::string("PA") : [&] {
          std::string upper = m;
          for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
          return upper;
        }());
      }
      return out + ";)\n";
    }
    case RecordFormat::kSgf: {
      const int n = record.gomoku_size;
      out = fmt::format("(;GM[4]FF[4]SZ[{}]RU[{}]AP[narabe-gui]", n, kRuleWords[static_cast<std::size_t>(record.rule)]);
      for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const std::string& m = record.moves[i];
        const int rank = std::atoi(m.c_str() + 1);
        out += fmt::format(";{}[{}{}]", i % 2 == 0 ? 'B' : 'W', m[0], static_cast<char>('a' + n - rank));
      }
      return out + ")\n";
    }
    case RecordFormat::kColumns:
      for (const auto& m : record.moves) out += m;
      return out + "\n";
    case RecordFormat::kCells:
      for (const auto& m : record.moves) out += (out.empty() ? "" : " ") + m;
      return out + "\n";
  }
  return out;
}

core::Expected<GameRecord> parse_record(std::string_view text) {
  if (text.find("GM[Othello]") != std::string_view::npos) return parse_ggf(text);
  if (text.find("GM[4]") != std::string_view::npos) return parse_sgf(text);
  // An SGF or GGF of another game (Go is GM[1], chess GM[Chess]).
  if (const auto game = text.find("GM["); game != std::string_view::npos) {
    const auto close = text.find(']', game);
    return core::make_error(fmt::format("a record of another game ({}); narabe-gui reads Gomoku's SGF (GM[4]) and "
                                        "Othello's GGF (GM[Othello])",
                                        text.substr(game, std::min<std::size_t>(close == std::string_view::npos
                                                                                    ? 20 : close - game + 1, 20))));
  }
  GameRecord record;
  const std::string plain = without_blanks(text);
  if (!plain.empty() && std::all_of(plain.begin(), plain.end(), [](char c) { return c >= '1' && c <= '7'; })) {
    record.game = game_with_record(RecordFormat::kColumns);
    for (const char c : plain) record.moves.emplace_back(1, c);
    return record;
  }
  record.game = game_with_record(RecordFormat::kCells);
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
    std::size_t end = at;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    if (end == at) break;
    const std::string cell = lower(text.substr(at, end - at));
    if (cell.size() != 2 || cell[0] < 'a' || cell[0] > 'c' || cell[1] < '1' || cell[1] > '3')
      return core::make_error(fmt::format("not a game record (GGF, SGF, Connect Four's columns or tic-tac-toe's cells): '{}'",
                                          text.substr(at, std::min<std::size_t>(end - at, 20))));
    record.moves.push_back(cell);
    at = end;
  }
  if (record.moves.empty()) return core::make_error("an empty game record");
  return record;
}

core::Expected<GameRecord> read_record_file(const std::string& path) {
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(path, ec);
  if (ec) return core::make_error(fmt::format("cannot read {}: {}", path, ec.message()));
  if (bytes > kMaxRecordBytes) return core::make_error(fmt::format("{} is {} bytes: too large for a saved game", path, bytes));
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) return core::make_error(fmt::format("cannot read {}", path));
  auto record = parse_record(text.str());
  if (!record) return core::make_error(fmt::format("{}: {}", std::filesystem::path(path).filename().string(), record.error()));
  return record;
}

std::string record_file_name(GameKind game, std::string_view stamp) {
  const RecordFormat format = display_of(game).record;
  const char* ext = format == RecordFormat::kGgf ? "ggf" : format == RecordFormat::kSgf ? "sgf" : "txt";
  return fmt::format("{}-{}.{}", display_of(game).word, stamp, ext);
}

std::string default_records_dir() {
  if (const char* data = std::getenv("XDG_DATA_HOME"); data != nullptr && *data != '\0')
    return std::string(data) + "/narabe/games";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return std::string(home) + "/.local/share/narabe/games";
  return {};
}

}  // namespace narabe::gui
