#include "tools/gui/app/game_record.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace narabe::gui {
namespace {

// Reversi's standard start, A1..H8 with rank 1 at the top, black (*) to move.
constexpr std::string_view kReversiStart =
    "8---------------------------O*------*O---------------------------*";

constexpr int kGomokuSize = 15;

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

core::Expected<GameRecord> parse_ggf(std::string_view text) {
  GameRecord record;
  record.game = GameKind::kReversi;
  for (const Property& p : properties(text)) {
    if (p.key == "BO" && without_blanks(p.value) != kReversiStart)
      return core::make_error("GGF: only games from Reversi's standard start can be loaded");
    if (p.key == "TY" && p.value != "8") return core::make_error("GGF: only the 8x8 board (TY[8])");
    if (p.key != "B" && p.key != "W") continue;
    std::string move = lower(p.value.substr(0, p.value.find('/')));
    if (move == "pa") move = "pass";
    const bool square = move.size() == 2 && move[0] >= 'a' && move[0] <= 'h' && move[1] >= '1' && move[1] <= '8';
    if (!square && move != "pass") return core::make_error(fmt::format("GGF: bad move '{}'", p.value.substr(0, 20)));
    const bool black = record.moves.size() % 2 == 0;
    if ((p.key == "B") != black) return core::make_error("GGF: the moves must alternate from black");
    record.moves.push_back(move);
  }
  return record;
}

core::Expected<GameRecord> parse_sgf(std::string_view text) {
  GameRecord record;
  record.game = GameKind::kGomoku;
  for (const Property& p : properties(text)) {
    if (p.key == "SZ" && p.value != "15") return core::make_error("SGF: only the 15x15 board (SZ[15])");
    if (p.key == "RU") {
      const auto at = std::find(kRuleWords.begin(), kRuleWords.end(), lower(p.value));
      if (at == kRuleWords.end()) return core::make_error(fmt::format("SGF: unknown rule '{}'", p.value.substr(0, 20)));
      record.rule = static_cast<GomokuRule>(at - kRuleWords.begin());
    }
    if (p.key != "B" && p.key != "W") continue;
    const std::string xy = lower(p.value);
    if (xy.size() != 2 || xy[0] < 'a' || xy[0] >= 'a' + kGomokuSize || xy[1] < 'a' || xy[1] >= 'a' + kGomokuSize)
      return core::make_error(fmt::format("SGF: bad move '{}'", p.value.substr(0, 20)));
    if ((p.key == "B") != (record.moves.size() % 2 == 0)) return core::make_error("SGF: the moves must alternate from black");
    // SGF counts rows from the top; the board's ranks count from the bottom.
    record.moves.push_back(fmt::format("{}{}", xy[0], kGomokuSize - (xy[1] - 'a')));
  }
  return record;
}

}  // namespace

std::string format_record(const GameRecord& record) {
  std::string out;
  switch (record.game) {
    case GameKind::kReversi: {
      out = "(;GM[Othello]PC[narabe-gui]TY[8]BO[8 ";
      out += kReversiStart.substr(1, 64);
      out += " *]";
      for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const std::string& m = record.moves[i];
        out += fmt::format("{}[{}]", i % 2 == 0 ? 'B' : 'W', m == "pass" ? std::string("PA") : [&] {
          std::string upper = m;
          for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
          return upper;
        }());
      }
      return out + ";)\n";
    }
    case GameKind::kGomoku: {
      out = fmt::format("(;GM[4]FF[4]SZ[{}]RU[{}]AP[narabe-gui]", kGomokuSize,
                        kRuleWords[static_cast<std::size_t>(record.rule)]);
      for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const std::string& m = record.moves[i];
        const int rank = std::atoi(m.c_str() + 1);
        out += fmt::format(";{}[{}{}]", i % 2 == 0 ? 'B' : 'W', m[0], static_cast<char>('a' + kGomokuSize - rank));
      }
      return out + ")\n";
    }
    case GameKind::kConnect4:
      for (const auto& m : record.moves) out += m;
      return out + "\n";
    case GameKind::kTicTacToe:
      for (const auto& m : record.moves) out += (out.empty() ? "" : " ") + m;
      return out + "\n";
  }
  return out;
}

core::Expected<GameRecord> parse_record(std::string_view text) {
  if (text.find("GM[Othello]") != std::string_view::npos) return parse_ggf(text);
  if (text.find("GM[4]") != std::string_view::npos) return parse_sgf(text);
  GameRecord record;
  const std::string plain = without_blanks(text);
  if (!plain.empty() && std::all_of(plain.begin(), plain.end(), [](char c) { return c >= '1' && c <= '7'; })) {
    record.game = GameKind::kConnect4;
    for (const char c : plain) record.moves.emplace_back(1, c);
    return record;
  }
  record.game = GameKind::kTicTacToe;
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

std::string record_file_name(GameKind game, std::string_view stamp) {
  const char* ext = game == GameKind::kReversi ? "ggf" : game == GameKind::kGomoku ? "sgf" : "txt";
  return fmt::format("{}-{}.{}", kGameWords[static_cast<std::size_t>(game)], stamp, ext);
}

std::string default_records_dir() {
  if (const char* data = std::getenv("XDG_DATA_HOME"); data != nullptr && *data != '\0')
    return std::string(data) + "/narabe/games";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return std::string(home) + "/.local/share/narabe/games";
  return {};
}

}  // namespace narabe::gui
