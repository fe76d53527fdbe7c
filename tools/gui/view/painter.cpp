#include "tools/gui/view/painter.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "tools/gui/app/animation_timing.h"
#include "tools/gui/app/move_list.h"
#include "tools/gui/app/translation.h"
#include "tools/gui/view/buttons.h"

namespace narabe::gui::view {
namespace {

constexpr double kPi = 3.14159265358979;

// The palette.
constexpr Colour kBackTop{34, 41, 54}, kBackBottom{17, 21, 29};
constexpr Colour kPanel{38, 45, 58}, kText{232, 236, 242}, kDim{150, 160, 176}, kAccent{255, 204, 77};
constexpr Colour kGlow{255, 214, 90};
// Connect Four's yellow discs would hide a golden glow: theirs is ice blue.
constexpr Colour kGlowOnYellow{150, 240, 255};
constexpr Colour kCursorDark{20, 20, 28}, kCursorLight{255, 236, 120};
constexpr Colour kButton{58, 67, 84}, kButtonRim{88, 99, 120};
constexpr Colour kRed{224, 48, 58}, kRedRim{163, 20, 29}, kRedLight{255, 122, 127};
constexpr Colour kYellow{247, 201, 72}, kYellowRim{199, 154, 18}, kYellowLight{255, 242, 168};
constexpr Colour kBlue{31, 95, 209}, kBlueLight{66, 133, 244};
constexpr Colour kBlack{29, 29, 29}, kBlackRim{0, 0, 0}, kBlackLight{92, 92, 92};
constexpr Colour kWhite{242, 242, 242}, kWhiteRim{170, 170, 170}, kWhiteLight{255, 255, 255};
constexpr Colour kWood{222, 178, 95}, kWoodDark{205, 155, 72}, kInk{58, 42, 20};
constexpr Colour kFelt{31, 122, 74}, kFeltDark{20, 83, 47}, kFeltLine{15, 61, 35};
constexpr Colour kPaper{244, 239, 230}, kGrid{59, 66, 82}, kCross{224, 69, 79}, kNought{45, 125, 210};
constexpr Colour kMark{230, 40, 40};

double ease_out_back(double s) {
  const double c1 = 1.70158, c3 = c1 + 1;
  return 1 + c3 * std::pow(s - 1, 3) + c1 * std::pow(s - 1, 2);
}

// How far a new stone has grown (0..1), by the time since its move.
double growth(const MoveAnimation& anim, double now) {
  const double t = now - anim.start;
  if (t >= anim.land) return 1.0;
  return std::max(0.0, ease_out_back(std::clamp(t / anim.land, 0.0, 1.0)));
}

void draw_stone(Canvas& c, GameKind game, char stone, Point p, float rx, float ry) {
  const bool first = stone == 'x';
  switch (display_of(game).stones) {
    case StoneStyle::kRedYellowDiscs:
      if (first) c.shaded_disc(p, rx, ry, kRed, kRedRim, kRedLight.with_alpha(0.45));
      else c.shaded_disc(p, rx, ry, kYellow, kYellowRim, kYellowLight.with_alpha(0.55));
      return;
    case StoneStyle::kMarks: {
      const float r = rx * 0.72f;
      const float w = std::max(2.0f, rx * 0.22f);
      if (first) {
        c.line({p.x - r, p.y - r}, {p.x + r, p.y + r}, w, kCross);
        c.line({p.x - r, p.y + r}, {p.x + r, p.y - r}, w, kCross);
      } else {
        c.ring(p, r * 1.05f - w, r * 1.05f, kNought);
      }
      return;
    }
    case StoneStyle::kBlackWhite:
      c.fill_ellipse({p.x + rx * 0.08f, p.y + ry * 0.12f}, rx, ry, Colour{0, 0, 0, 70});  // shadow
      if (first) c.shaded_disc(p, rx, ry, kBlack, kBlackRim, kBlackLight.with_alpha(0.5));
      else c.shaded_disc(p, rx, ry, kWhite, kWhiteRim, kWhiteLight);
      return;
  }
}

float stone_radius(GameKind game, float cell) { return cell * display_of(game).stone_radius; }

// The board's own colour where a stone sits: what a see-through stone shows.
Colour board_colour(BoardStyle board) {
  switch (board) {
    case BoardStyle::kPaperGrid: return kPaper;
    case BoardStyle::kColumnFrame: return Colour{18, 22, 30};  // the hole
    case BoardStyle::kWoodLines: return kWood;
    case BoardStyle::kFeltSquares: return kFelt;
  }
  return kWood;
}

void draw_board_background(Canvas& c, const BoardLayout& L) {
  const Rect& f = L.frame;
  switch (display_of(L.game).board) {
    case BoardStyle::kColumnFrame: break;  // the frame goes on top of the discs
    case BoardStyle::kPaperGrid: {
      c.fill_rounded_rect(f, L.cell * 0.08f, kPaper);
      const float w = std::max(2.0f, L.cell * 0.05f);
      for (int i = 1; i < 3; ++i) {
        const float x = L.first.x + (fl(i) - 0.5f) * L.cell, y = L.first.y + (fl(i) - 0.5f) * L.cell;
        c.line({x, L.first.y - L.cell * 0.4f}, {x, L.first.y + 2.4f * L.cell}, w, kGrid);
        c.line({L.first.x - L.cell * 0.4f, y}, {L.first.x + 2.4f * L.cell, y}, w, kGrid);
      }
      break;
    }
    case BoardStyle::kWoodLines: {
      c.fill_rounded_rect({f.x + 4, f.y + 6, f.w, f.h}, L.cell * 0.15f, Colour{0, 0, 0, 90});
      c.fill_rounded_rect(f, L.cell * 0.15f, kWood);
      c.vertical_gradient({f.x + L.cell * 0.15f, f.y + L.cell * 0.15f, f.w - L.cell * 0.3f, f.h - L.cell * 0.3f},
                          kWood, kWoodDark);
      const float w = std::max(1.0f, L.cell * 0.035f);
      const Point a = L.center(0, 0), b = L.center(L.files - 1, L.rows - 1);
      for (int i = 0; i < L.files; ++i) c.line({L.center(i, 0).x, a.y}, {L.center(i, 0).x, b.y}, w, kInk);
      for (int i = 0; i < L.rows; ++i) c.line({a.x, L.center(0, i).y}, {b.x, L.center(0, i).y}, w, kInk);
      if (L.files == 15) {
        for (int fx : {3, 7, 11})
          for (int ry : {3, 7, 11})
            if ((fx == 7) == (ry == 7)) c.fill_circle(L.center(fx, ry), L.cell * 0.1f, kInk);
      }
      const float size = L.cell * 0.36f;
      for (int i = 0; i < L.files; ++i) {
        const std::string letter(1, static_cast<char>('a' + i));
        c.text(letter, L.center(i, 0).x, a.y - L.cell * 0.95f, size, kInk, Align::kCentre);
        c.text(letter, L.center(i, 0).x, b.y + L.cell * 0.5f, size, kInk, Align::kCentre);
      }
      for (int i = 0; i < L.rows; ++i) {
        const std::string number = std::to_string(L.rows - i);
        const float y = L.center(0, i).y - size * 0.62f;
        c.text(number, a.x - L.cell * 0.55f, y, size, kInk, Align::kRight);
        c.text(number, b.x + L.cell * 0.55f, y, size, kInk, Align::kLeft);
      }
      break;
    }
    case BoardStyle::kFeltSquares: {
      c.fill_rounded_rect({f.x + 4, f.y + 6, f.w, f.h}, L.cell * 0.12f, Colour{0, 0, 0, 90});
      c.fill_rounded_rect(f, L.cell * 0.12f, kFeltDark);
      const Rect felt{L.first.x - L.cell / 2, L.first.y - L.cell / 2, L.cell * fl(L.files), L.cell * fl(L.rows)};
      c.fill_rect(felt, kFelt);
      const float w = std::max(1.0f, L.cell * 0.03f);
      for (int i = 0; i <= L.files; ++i)
        c.line({felt.x + fl(i) * L.cell, felt.y}, {felt.x + fl(i) * L.cell, felt.y + felt.h}, w, kFeltLine);
      for (int i = 0; i <= L.rows; ++i)
        c.line({felt.x, felt.y + fl(i) * L.cell}, {felt.x + felt.w, felt.y + fl(i) * L.cell}, w, kFeltLine);
      for (int fx : {2, 6})
        for (int ry : {2, 6}) c.fill_circle({felt.x + fl(fx) * L.cell, felt.y + fl(ry) * L.cell}, L.cell * 0.07f, kFeltLine);
      break;
    }
  }
}

void draw_column_frame(Canvas& c, const BoardLayout& L, const Controller& ctl, double now) {
  const Rect& f = L.frame;
  const float hole = L.cell * 0.40f;
  // The frame's border (outside the grid of cells, edge to edge with it so
  // that no seam shows), then each cell with its hole.
  const Rect grid{L.first.x - L.cell / 2, L.first.y - L.cell / 2, L.cell * fl(L.files), L.cell * fl(L.rows)};
  c.fill_rect({f.x, f.y, f.w, grid.y - f.y}, kBlue);
  c.fill_rect({f.x, grid.y + grid.h, f.w, f.y + f.h - grid.y - grid.h}, kBlue);
  c.fill_rect({f.x, grid.y, grid.x - f.x, grid.h}, kBlue);
  c.fill_rect({grid.x + grid.w, grid.y, f.x + f.w - grid.x - grid.w, grid.h}, kBlue);
  for (int row = 0; row < L.rows; ++row)
    for (int file = 0; file < L.files; ++file)
      c.square_with_hole({grid.x + fl(file) * L.cell, grid.y + fl(row) * L.cell, L.cell, L.cell}, hole, kBlue);
  c.fill_rect({f.x, f.y + f.h - L.cell * 0.08f, f.w, L.cell * 0.08f}, kBlueLight.with_alpha(0.5));
  // The columns' numbers, as the 1-7 keys name them.
  for (int file = 0; file < L.files; ++file)
    c.text(std::to_string(file + 1), L.center(file, 0).x, f.y + f.h + L.cell * 0.06f, L.cell * 0.32f,
           file == ctl.cursor().file && ctl.accepts_moves(now) ? kAccent : kDim, Align::kCentre, true);
  if (ctl.cursor().file >= 0 && ctl.accepts_moves(now))  // the hovered column
    c.fill_rect({grid.x + fl(ctl.cursor().file) * L.cell, grid.y, L.cell, grid.h}, Colour{255, 255, 255, 34});
}

void draw_stones(Canvas& c, const BoardLayout& L, const Controller& ctl, double now) {
  const games::BoardCells cells = ctl.board().board();
  const auto& anim = ctl.animation();
  const float r = stone_radius(L.game, L.cell);
  for (int row = 0; row < cells.height; ++row) {
    for (int file = 0; file < cells.width; ++file) {
      const char stone = cells.at(file, row);
      if (stone == '.') continue;
      const CellPos here{file, row};
      Point p = L.center(file, row);
      float rx = r, ry = r;
      char shown = stone;
      if (anim && anim->cell == here) {
        const double t = now - anim->start;
        if (display_of(L.game).drops_in_columns) {
          // Gravity: distance grows with t squared; then one small bounce.
          const float top = L.center(file, -1).y;
          if (t < anim->land) {
            const double s = t / anim->land;
            p.y = static_cast<float>(top + (p.y - top) * s * s);
          } else if (t < anim->end) {
            const double s = (t - anim->land) / timing::kBounceSeconds;
            p.y -= static_cast<float>(std::sin(kPi * s) * L.cell * 0.12);
          }
        } else {
          const float g = static_cast<float>(growth(*anim, now));
          rx *= g;
          ry *= g;
        }
      } else if (anim) {
        for (const FlipStep& flip : anim->flips) {
          if (!(flip.cell == here)) continue;
          const double s = (now - anim->start - flip.start) / timing::kFlipSeconds;
          const char old = stone == 'x' ? 'o' : 'x';
          if (s < 0) shown = old;
          else if (s < 1) {
            // A turning disc seen edge-on halfway, lifted a little.
            shown = s < 0.5 ? old : stone;
            rx = static_cast<float>(r * std::max(0.06, std::abs(std::cos(kPi * s))));
            p.y -= static_cast<float>(std::sin(kPi * s) * L.cell * 0.08);
          }
        }
      }
      draw_stone(c, L.game, shown, p, rx, ry);
    }
  }
}

// The cells of the winning line in order along it, so the glow can sweep.
std::vector<CellPos> ordered_line(std::vector<CellPos> cells) {
  std::sort(cells.begin(), cells.end(),
            [](const CellPos& a, const CellPos& b) { return a.file != b.file ? a.file < b.file : a.row < b.row; });
  return cells;
}

void draw_win(Canvas& c, const BoardLayout& L, const Controller& ctl, double now, float r) {
  const auto won = ordered_line(ctl.winning_cells());
  if (won.empty()) return;
  const Colour glow = display_of(L.game).stones == StoneStyle::kRedYellowDiscs ? kGlowOnYellow : kGlow;
  // A sweep from one end of the line to the other, then a still glow (so an
  // ended game costs no frames).
  const double since = ctl.over_at() < 0 ? timing::kWinSweepSeconds : now - ctl.over_at();
  const float reach = static_cast<float>(std::clamp(since / timing::kWinSweepSeconds, 0.0, 1.0)) *
                      fl(static_cast<int>(won.size()) - 1);
  for (std::size_t i = 0; i < won.size(); ++i) {
    if (fl(static_cast<int>(i)) > reach + 0.01f) break;
    const Point p = L.center(won[i].file, won[i].row);
    c.ring(p, r * 0.98f, r * 1.2f, glow);
    c.ring(p, r * 1.2f, r * 1.45f, glow.with_alpha(0.4));
  }
  const float width = std::max(3.0f, L.cell * 0.12f);
  for (std::size_t i = 0; i + 1 < won.size(); ++i) {
    const float part = std::clamp(reach - fl(static_cast<int>(i)), 0.0f, 1.0f);
    if (part <= 0) break;
    const Point a = L.center(won[i].file, won[i].row), b = L.center(won[i + 1].file, won[i + 1].row);
    c.line(a, {a.x + (b.x - a.x) * part, a.y + (b.y - a.y) * part}, width, glow.with_alpha(0.9));
  }
}

// A ring dark outside and light inside: it shows on any board and any stone.
void contrast_ring(Canvas& c, Point p, float radius, float width) {
  c.ring(p, radius - width * 0.5f, radius + width, kCursorDark.with_alpha(0.85));
  c.ring(p, radius - width * 1.5f, radius - width * 0.5f, kCursorLight);
}

// The stone the side to move would place here, see-through: the board's
// colour laid over it again at half strength.
void ghost_stone(Canvas& c, const BoardLayout& L, const Controller& ctl, Point p, float r) {
  const char stone = ctl.board().side_to_move() == core::Side::kFirst ? 'x' : 'o';
  const GameDisplay& display = display_of(L.game);
  const float size = display.stones == StoneStyle::kMarks ? r : r * 0.9f;
  draw_stone(c, L.game, stone, p, size, size);
  c.fill_circle(p, r * 1.02f, board_colour(display.board).with_alpha(0.5));
}

void draw_marks(Canvas& c, const BoardLayout& L, const Controller& ctl, double now) {
  const games::BoardCells cells = ctl.board().board();
  const auto& anim = ctl.animation();
  const float r = stone_radius(L.game, L.cell);
  // The last move, once its stone is down (tic-tac-toe's is under its mark).
  const CellPos last = ctl.last_move();
  const StoneStyle stones = display_of(L.game).stones;
  if (last.valid() && !(anim && now - anim->start < anim->end) && stones != StoneStyle::kMarks) {
    const Point p = L.center(last.file, last.row);
    if (stones == StoneStyle::kRedYellowDiscs) c.ring(p, r * 0.18f, r * 0.3f, Colour{255, 255, 255, 200});
    else c.fill_circle(p, std::max(2.5f, r * 0.2f), kMark);
  }
  // Hints: Reversi's legal moves, Renju's forbidden points.
  const Colour mover = ctl.board().side_to_move() == core::Side::kFirst ? kBlack : kWhite;
  if (!anim && !ctl.thinking()) {
    // Larger than the board's corner dots, and in the mover's colour.
    for (const CellPos cell : ctl.move_hints()) {
      const Point p = L.center(cell.file, cell.row);
      c.ring(p, r * 0.3f, r * 0.42f, mover.with_alpha(0.6));
      c.fill_circle(p, r * 0.14f, mover.with_alpha(0.6));
    }
    for (const CellPos cell : ctl.forbidden_hints()) {
      const Point p = L.center(cell.file, cell.row);
      const float s = L.cell * 0.22f, w = std::max(2.5f, L.cell * 0.1f);
      c.line({p.x - s, p.y - s}, {p.x + s, p.y + s}, w, kMark);
      c.line({p.x - s, p.y + s}, {p.x + s, p.y - s}, w, kMark);
    }
  }
  if (!anim) draw_win(c, L, ctl, now, r);
  // The engine's suggestion: the stone it would play, ringed.
  const CellPos hint = ctl.hint_cell();
  if (hint.valid() && !anim) {
    const Point p = L.center(hint.file, hint.row);
    ghost_stone(c, L, ctl, p, r);
    // Dashed: eight short arcs of the contrasting ring set it apart from the cursor.
    const float w = std::max(2.0f, L.cell * 0.05f);
    for (int i = 0; i < 8; ++i) {
      const double a = kPi / 4 * i;
      const Point q{p.x + static_cast<float>(std::cos(a)) * r * 1.05f, p.y + static_cast<float>(std::sin(a)) * r * 1.05f};
      c.fill_circle(q, w * 1.8f, kCursorDark);
      c.fill_circle(q, w * 1.2f, kGlowOnYellow);
    }
  }
  // The keyboard cursor: a contrasting ring, over a stone too, with a ghost
  // stone on an empty point (Connect Four shows its column instead).
  const CellPos cur = ctl.cursor();
  if (cur.valid() && !display_of(L.game).drops_in_columns && ctl.settings().mode != Mode::kEngineVsEngine && !ctl.game_over()) {
    const Point p = L.center(cur.file, cur.row);
    // No ghost on a forbidden point: its red cross must stay in sight.
    const auto forbidden = ctl.forbidden_hints();
    const bool barred = std::find(forbidden.begin(), forbidden.end(), cur) != forbidden.end();
    if (ctl.accepts_moves(now) && cells.at(cur.file, cur.row) == '.' && !barred) ghost_stone(c, L, ctl, p, r);
    contrast_ring(c, p, std::min(L.cell * 0.47f, r * 1.12f), std::max(2.0f, L.cell * 0.045f));
  }
}

void draw_pass_banner(Canvas& c, const BoardLayout& L, const Controller& ctl) {
  if (ctl.pass_banner().empty()) return;
  const float size = std::clamp(L.cell * 0.5f, 14.0f, 30.0f);
  const float w = c.text_width(ctl.pass_banner(), size, true) + size * 2;
  const Rect box{L.frame.x + (L.frame.w - w) / 2, L.frame.y + L.frame.h / 2 - size, w, size * 2};
  c.fill_rounded_rect(box, size * 0.5f, Colour{15, 18, 26, 215});
  c.text(ctl.pass_banner(), box.x + box.w / 2, box.y + size * 0.42f, size, kAccent, Align::kCentre, true);
}

void draw_board(Canvas& c, const BoardLayout& L, const Controller& ctl, double now) {
  const GameDisplay& display = display_of(L.game);
  draw_board_background(c, L);
  if (display.drops_in_columns && ctl.accepts_moves(now) && ctl.cursor().file >= 0) {
    // The disc waiting above the hovered column.
    const char stone = ctl.board().side_to_move() == core::Side::kFirst ? 'x' : 'o';
    const Point p = L.center(ctl.cursor().file, -1);
    draw_stone(c, L.game, stone, {p.x, p.y + L.cell * 0.1f}, L.cell * 0.4f, L.cell * 0.4f);
  }
  const CellPos last = ctl.last_move();
  if (display.stones == StoneStyle::kMarks && last.valid() && !ctl.animation()) {
    // Tic-tac-toe's last move: its cell tinted under the mark.
    const Point p = L.center(last.file, last.row);
    c.fill_rounded_rect({p.x - L.cell * 0.44f, p.y - L.cell * 0.44f, L.cell * 0.88f, L.cell * 0.88f}, L.cell * 0.08f,
                        kAccent.with_alpha(0.28));
  }
  draw_stones(c, L, ctl, now);
  if (display.board == BoardStyle::kColumnFrame) draw_column_frame(c, L, ctl, now);
  draw_marks(c, L, ctl, now);
  draw_pass_banner(c, L, ctl);
}

// The words of `text` in lines no wider than `width`; a word wider than a line
// (Japanese has no spaces) is broken between characters.
std::vector<std::string> wrap(Canvas& c, const std::string& text, float size, float width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(at, end - at);
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (c.text_width(candidate, size, true) <= width) {
      line = candidate;
    } else if (!line.empty() && c.text_width(word, size, true) <= width) {
      lines.push_back(line);
      line = word;
    } else {
      // Character by character (UTF-8: a character starts at a byte not 10xxxxxx).
      std::string piece = line.empty() ? "" : line + " ";
      for (std::size_t i = 0; i < word.size();) {
        std::size_t next = i + 1;
        while (next < word.size() && (static_cast<unsigned char>(word[next]) & 0xC0) == 0x80) ++next;
        const std::string grown = piece + word.substr(i, next - i);
        if (!piece.empty() && c.text_width(grown, size, true) > width) {
          lines.push_back(piece);
          piece = word.substr(i, next - i);
        } else {
          piece = grown;
        }
        i = next;
      }
      line = piece;
    }
    at = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// The interface's text in the chosen language.
std::string say(const Controller& ctl, std::string_view english) { return std::string(tr(ctl.settings().language, english)); }

std::string level_title(const Controller& ctl, Level level) {
  std::string word(kLevelWords[static_cast<std::size_t>(level)]);
  word[0] = static_cast<char>(word[0] - 'a' + 'A');
  return say(ctl, word);
}

std::string_view button_english(const Controller& ctl, ButtonId id) {
  const Settings& s = ctl.settings();
  switch (id) {
    case ButtonId::kNewGame: return "New";
    case ButtonId::kUndo: return "Undo";
    case ButtonId::kMenu: return "Menu";
    case ButtonId::kHint: return "Hint";
    case ButtonId::kHints: return s.hints ? "Marks on" : "Marks off";
    case ButtonId::kMusic: return s.music ? "Music on" : "Music off";
    case ButtonId::kEffects: return s.effects ? "Sound on" : "Sound off";
    case ButtonId::kVolumeDown: return "Vol −";
    case ButtonId::kVolumeUp: return "Vol +";
    case ButtonId::kPlayAgain: return "Play again";
    case ButtonId::kSave: return "Save";
    case ButtonId::kLoad: return "Load";
    case ButtonId::kStepBack: return "◀";
    case ButtonId::kStepForward: return "▶";
    case ButtonId::kEndUndo: return "Undo";
    case ButtonId::kEndMenu: return "Menu";
  }
  return "";
}

std::string button_label(const Controller& ctl, ButtonId id) { return say(ctl, button_english(ctl, id)); }

// Text that fits `width`: the size shrinks for a long word in a narrow button.
float fitted_size(Canvas& c, const std::string& text, float size, float width, bool bold) {
  const float w = c.text_width(text, size, bold);
  return w > width ? size * width / w : size;
}

void draw_buttons(Canvas& c, const BoardLayout& L, const Controller& ctl) {
  const float unit = panel_unit_for(L, ctl.game_over());
  for (const Button& b : game_buttons(L, ctl.game_over())) {
    const bool strip = b.id == ButtonId::kPlayAgain || b.id == ButtonId::kEndUndo || b.id == ButtonId::kEndMenu;
    const bool toggle = b.id == ButtonId::kHints || b.id == ButtonId::kMusic || b.id == ButtonId::kEffects;
    const bool lit = strip ? b.id == ButtonId::kPlayAgain
                           : (b.id == ButtonId::kHints && ctl.settings().hints) ||
                                 (b.id == ButtonId::kMusic && ctl.settings().music) ||
                                 (b.id == ButtonId::kEffects && ctl.settings().effects);
    const float radius = b.rect.h * 0.25f;
    c.fill_rounded_rect(b.rect, radius, strip ? (lit ? kAccent : kButtonRim) : kButtonRim);
    c.fill_rounded_rect({b.rect.x + 1, b.rect.y + 1, b.rect.w - 2, b.rect.h - 2}, radius,
                        strip ? (lit ? kAccent : kButton) : kButton);
    const std::string label = button_label(ctl, b.id);
    // The strip's labels share one size, fitted to its longest.
    const float size = fitted_size(c, strip ? button_label(ctl, ButtonId::kPlayAgain) : label, unit * (strip ? 0.95f : 0.8f),
                                   b.rect.w - unit * 0.5f, true);
    // Switches that are on read in the accent colour, off ones dimmed.
    const Colour ink = strip && lit ? Colour{30, 30, 30} : !toggle ? kText : lit ? kAccent : kDim;
    c.text(label, b.rect.x + b.rect.w / 2, b.rect.y + (b.rect.h - size * 1.2f) / 2, size, ink, Align::kCentre, true);
  }
}

// The message's lines at a size that fits `room` (down to 0.7 of `size`),
// and at most as many lines as fit there then: the last one shown ends in "…".
struct FittedText {
  std::vector<std::string> lines;
  float size = 0;
};
FittedText fit_lines(Canvas& c, const std::string& text, float size, float width, float room, float line_ratio) {
  FittedText out{wrap(c, text, size, width), size};
  for (int shrink = 0; shrink < 4 && fl(static_cast<int>(out.lines.size())) * out.size * line_ratio > room; ++shrink) {
    out.size *= 0.9f;
    out.lines = wrap(c, text, out.size, width);
  }
  const auto fit = static_cast<std::size_t>(std::max(1.0f, std::floor(room / (out.size * line_ratio))));
  if (out.lines.size() > fit) {
    out.lines.resize(fit);
    std::string& last = out.lines.back();
    while (!last.empty() && c.text_width(last + "…", out.size, true) > width) {
      // One UTF-8 character off the end: its continuation bytes, then its first.
      while (!last.empty() && (static_cast<unsigned char>(last.back()) & 0xC0) == 0x80) last.pop_back();
      if (!last.empty()) last.pop_back();
    }
    last += "…";
  }
  return out;
}

void draw_panel(Canvas& c, const BoardLayout& L, const Controller& ctl, double now) {
  const Settings& s = ctl.settings();
  const Rect& p = L.panel;
  c.fill_rect(p, kPanel);
  // Fitted to the panel's height (buttons.h): a short panel shrinks the unit
  // so that its first lines and buttons stay inside; the rest shows where it fits.
  const float unit = panel_unit_for(L, ctl.game_over());
  // A panel beside the board is one column; a panel below it, two.
  const bool wide = p.h > p.w;
  const float bottom = panel_text_bottom(L, ctl.game_over());
  float x = p.x + unit * 1.2f;
  float width = wide ? p.w - unit * 2.4f : p.w / 2 - unit * 2.4f;
  float y = p.y + unit * 1.2f;
  std::string title = say(ctl, game_title(s.game));
  if (display_of(s.game).has_rules) {
    if (const int size = ctl.board().board().width; size != kStandardGomokuSize) title += fmt::format(" {}x{}", size, size);
    title += fmt::format(" ({})", say(ctl, rule_title(s.rule)));
  }
  c.text(title, x, y, fitted_size(c, title, unit * 1.35f, width, true), kText, Align::kLeft, true);
  y += unit * 2.0f;
  // What is always kept room for below here (panel_text_units): the score
  // line, two message lines and, while the game runs, whose turn and the thinking dots.
  const float kept = unit * (2.0f + 2 * 1.45f + 0.4f + (ctl.game_over() ? 0.0f : 2.4f + 1.6f));
  if (y + unit * 1.5f + kept <= bottom) {
    const std::string sub = s.mode == Mode::kTwoPeople
                                ? say(ctl, mode_title(s.mode))
                                : fmt::format(fmt::runtime(say(ctl, "{} · level {}")), say(ctl, mode_title(s.mode)),
                                              level_title(ctl, s.level));
    c.text(sub, x, y, fitted_size(c, sub, unit * 0.9f, width, false), kDim);
    y += unit * 1.5f;
  }
  // The live score line: discs each side (Reversi), or the move number.
  const std::string score = ctl.score_line();
  c.text(score, x, y, fitted_size(c, score, unit * 1.05f, width, true), kText, Align::kLeft, true);
  y += unit * 2.0f;

  // Whose turn, with the side's stone.
  if (!ctl.game_over()) {
    const core::Side side = ctl.board().side_to_move();
    const char stone = side == core::Side::kFirst ? 'x' : 'o';
    const float r = unit * 0.7f;
    if (const GameDisplay& display = display_of(s.game); display.turn_stone_on_board)
      c.fill_circle({x + r, y + r}, r * 1.25f, board_colour(display.board));
    draw_stone(c, s.game, stone, {x + r, y + r}, r, r);
    std::string who = say(ctl, side_name(s.game, core::index_of(side)));
    if (s.mode == Mode::kPersonVsEngine) who += say(ctl, ctl.is_engine_side(side) ? " — engine" : " — you");
    c.text(who, x + r * 2.6f, y + r - unit * 0.65f, fitted_size(c, who, unit, width - r * 2.6f, false), kText);
    y += unit * 2.4f;
  }
  // The message, in the accent colour, wrapped; smaller, then cut short,
  // where the panel has no room for all of it.
  const float below_message = unit * (ctl.game_over() ? 0.4f : 2.0f);  // the thinking dots' line
  const FittedText message = fit_lines(c, ctl.message(), unit * 1.05f, width, bottom - y - below_message, 1.45f / 1.05f);
  for (const auto& line : message.lines) {
    c.text(line, x, y, message.size, kAccent, Align::kLeft, true);
    y += message.size * 1.45f / 1.05f;
  }
  y += unit * 0.4f;
  if (ctl.thinking()) {
    const std::string what = say(ctl, ctl.hint_pending() ? "Looking" : "Thinking");
    c.text(what, x, y, unit * 0.9f, kDim);
    const float w = c.text_width(what, unit * 0.9f);
    for (int i = 0; i < 3; ++i) {
      const double phase = std::fmod(now * 2.5 - i * 0.25, 1.0);
      const double alpha = 0.25 + 0.75 * std::max(0.0, std::sin(kPi * (phase < 0 ? phase + 1 : phase)));
      c.fill_circle({x + w + unit * (0.6f + 0.55f * fl(i)), y + unit * 0.72f}, unit * 0.16f, kAccent.with_alpha(alpha));
    }
  }
  y += unit * 1.6f;
  if (!wide) {
    x = p.x + p.w / 2 + unit * 1.2f;
    y = p.y + unit * 1.2f;
  }
  // The evaluation only when the engine reported one, from the player's side.
  if (s.mode != Mode::kTwoPeople && !ctl.evaluation().empty() && y + unit * 2.6f < bottom) {
    std::string line = s.mode == Mode::kPersonVsEngine
                           ? fmt::format(fmt::runtime(say(ctl, "Evaluation for you {}")), ctl.evaluation())
                           : fmt::format(fmt::runtime(say(ctl, "Evaluation for {} {}")), say(ctl, side_name(s.game, 0)),
                                         ctl.evaluation());
    if (ctl.depth() > 0) line += fmt::format(fmt::runtime(say(ctl, " · depth {}")), ctl.depth());
    c.text(line, x, y, fitted_size(c, line, unit * 0.85f, width, false), kText);
    y += unit * 1.3f;
    const Rect bar{x, y, width, unit * 0.55f};
    c.fill_rounded_rect(bar, bar.h / 2, kBlack);
    c.fill_rounded_rect({bar.x, bar.y, bar.w * static_cast<float>(ctl.evaluation_share()), bar.h}, bar.h / 2, kWhite);
    c.fill_rect({bar.x + bar.w / 2 - 1, bar.y - 2, 2, bar.h + 4}, kAccent);
    y += unit * 1.4f;
  }
  // Its heading, numbers and labels take 4.3 units (then a gap).
  if (s.mode == Mode::kPersonVsEngine && y + unit * 4.3f <= bottom) {
    const SessionScore session = ctl.score(s.game);
    const std::string heading = say(ctl, "Score this session");
    c.text(heading, x, y, fitted_size(c, heading, unit * 0.85f, width, false), kDim);
    y += unit * 1.3f;
    const int numbers[3] = {session.person, session.engine, session.draws};
    const char* labels[3] = {"you", "engine", "draws"};
    for (int i = 0; i < 3; ++i) {
      const float cx = x + width * (fl(i) + 0.5f) / 3;
      const std::string label = say(ctl, labels[i]);
      c.text(std::to_string(numbers[i]), cx, y, unit * 1.5f, kText, Align::kCentre, true);
      c.text(label, cx, y + unit * 1.9f, fitted_size(c, label, unit * 0.8f, width / 3, false), kDim, Align::kCentre);
    }
    y += unit * 3.2f;
  }
  // The move list: the latest moves that fit, in two columns.
  const float line = unit * 1.15f;
  const int lines = static_cast<int>((bottom - unit * 1.3f - y - unit * 1.3f) / line);
  const auto rows = move_list_rows(ctl.moves(), ctl.second_moved_first());
  if (lines >= 2 && !rows.empty()) {
    c.text(say(ctl, "Moves"), x, y, unit * 0.85f, kDim);
    y += unit * 1.3f;
    const std::size_t fit = static_cast<std::size_t>(lines) * 2;
    const std::size_t first = rows.size() > fit ? rows.size() - fit : 0;
    for (std::size_t i = first; i < rows.size(); ++i) {
      const std::size_t k = i - first;
      const float col = k < static_cast<std::size_t>(lines) ? 0.0f : width / 2;
      const float row_y = y + line * fl(static_cast<int>(k % static_cast<std::size_t>(lines)));
      c.text(rows[i], x + col, row_y, fitted_size(c, rows[i], unit * 0.8f, width / 2, false),
             i + 1 == rows.size() ? kText : kDim);
    }
  }
  const std::string keys = say(ctl, "F1: all keys");
  if (y + unit * 1.2f < bottom) c.text(keys, x, bottom - unit * 1.1f, fitted_size(c, keys, unit * 0.8f, width, false), kDim);
  draw_buttons(c, L, ctl);
}

// The chooser of saved games over the window (layout.h places it).
void draw_chooser(Canvas& c, const Controller& ctl, int w, int h) {
  const FileChooser& chooser = *ctl.chooser();
  const ChooserLayout L = layout_chooser(chooser, ctl.settings().text_size, w, h);
  const float u = L.unit;
  c.fill_rect({0, 0, fl(w), fl(h)}, Colour{0, 0, 0, 170});
  c.fill_rounded_rect(L.box, u * 0.8f, kPanel);
  const float inner = L.box.w - 2 * u;
  const std::string title = say(ctl, "Open a saved game");
  c.text(title, L.box.x + u, L.box.y + u * 0.8f, fitted_size(c, title, u * 1.4f, inner, true), kText, Align::kLeft, true);
  const auto& files = chooser.files();
  if (files.empty()) {
    const FittedText none = fit_lines(c, say(ctl, "No saved games yet: F2 or Save keeps a game, and the .ggf, .sgf and .txt files of the folder narabe-gui was started in are listed too."),
                                      u, inner, L.list.h, 1.4f);
    float y = L.list.y;
    for (const auto& line : none.lines) {
      c.text(line, L.list.x, y, none.size, kDim);
      y += none.size * 1.4f;
    }
  }
  // A scroll bar when the list is longer than its room.
  const int count = static_cast<int>(files.size());
  const float bar_w = count > L.shown ? u * 0.5f : 0.0f;
  for (int i = L.first; i < L.first + L.shown; ++i) {
    const Rect r = L.row(i);
    const bool selected = i == chooser.selected();
    if (selected) c.fill_rounded_rect({r.x, r.y + 1, r.w - bar_w - u * 0.3f, r.h - 2}, u * 0.4f, Colour{255, 255, 255, 30});
    const SavedGameFile& f = files[static_cast<std::size_t>(i)];
    const float text_w = r.w - bar_w - u * 1.6f;
    c.text(f.name, r.x + u * 0.6f, r.y + u * 0.25f, fitted_size(c, f.name, u, text_w, true), selected ? kAccent : kText,
           Align::kLeft, true);
    const std::string where = fmt::format("{} · {}", say(ctl, f.folder), f.when);
    c.text(where, r.x + u * 0.6f, r.y + u * 1.45f, fitted_size(c, where, u * 0.75f, text_w, false), kDim);
  }
  if (bar_w > 0) {
    const Rect track{L.list.x + L.list.w - bar_w, L.list.y, bar_w, L.list.h};
    c.fill_rounded_rect(track, bar_w / 2, kButton);
    const float share = fl(L.shown) / fl(count);
    c.fill_rounded_rect({track.x, track.y + track.h * fl(L.first) / fl(count), bar_w, track.h * share}, bar_w / 2, kDim);
  }
  // The foot: why the last file did not load, the keys, Cancel.
  float y = L.list.y + L.list.h + u * 0.3f;
  if (!chooser.error().empty()) {
    const FittedText error = fit_lines(c, chooser.error(), u * 0.85f, inner, L.cancel.y - y - u * 0.2f, 1.3f);
    for (const auto& line : error.lines) {
      c.text(line, L.box.x + u, y, error.size, Colour{255, 140, 130}, Align::kLeft, true);
      y += error.size * 1.3f;
    }
  }
  const std::string keys = say(ctl, "↑ ↓ choose · Enter loads · Esc cancels");
  c.text(keys, L.box.x + u, L.cancel.y + u * 0.5f, fitted_size(c, keys, u * 0.8f, L.cancel.x - L.box.x - u * 2, false), kDim);
  c.fill_rounded_rect(L.cancel, L.cancel.h * 0.25f, kButtonRim);
  c.fill_rounded_rect({L.cancel.x + 1, L.cancel.y + 1, L.cancel.w - 2, L.cancel.h - 2}, L.cancel.h * 0.25f, kButton);
  const std::string cancel = say(ctl, "Cancel");
  const float size = fitted_size(c, cancel, u * 0.9f, L.cancel.w - u * 0.5f, true);
  c.text(cancel, L.cancel.x + L.cancel.w / 2, L.cancel.y + (L.cancel.h - size * 1.2f) / 2, size, kText, Align::kCentre, true);
}

std::string start_value(const Controller& ctl, StartRow row) {
  const Settings& s = ctl.settings();
  switch (row) {
    case StartRow::kGame: return say(ctl, game_title(s.game));
    case StartRow::kRule: return say(ctl, rule_title(s.rule));
    case StartRow::kMode: return say(ctl, mode_title(s.mode));
    case StartRow::kFirst: return say(ctl, s.first == FirstMover::kPerson ? "You" : "Engine");
    case StartRow::kLevel: return level_title(ctl, s.level);
    case StartRow::kAnalysis: return say(ctl, s.analysis ? "On" : "Off");
    case StartRow::kMusic: return s.music ? fmt::format("{} %", std::lround(s.music_volume * 100)) : say(ctl, "Off");
    case StartRow::kEffects: return s.effects ? fmt::format("{} %", std::lround(s.effects_volume * 100)) : say(ctl, "Off");
    // Each language by its own name, so a person who cannot read the other finds theirs.
    case StartRow::kLanguage: return s.language == Language::kJapanese ? "日本語" : "English";
    case StartRow::kTextSize: return fmt::format("{} %", s.text_size);
    case StartRow::kLoad: return say(ctl, "Open… (L)");
    case StartRow::kStart: return say(ctl, "Start");
    case StartRow::kResume: return say(ctl, "Resume");
  }
  return "";
}

std::string_view start_label(StartRow row) {
  switch (row) {
    case StartRow::kGame: return "Game";
    case StartRow::kRule: return "Rule";
    case StartRow::kMode: return "Players";
    case StartRow::kFirst: return "First move";
    case StartRow::kLevel: return "Level";
    case StartRow::kAnalysis: return "Analysis (max)";
    case StartRow::kMusic: return "Music";
    case StartRow::kEffects: return "Sound effects";
    case StartRow::kLanguage: return "Language";
    case StartRow::kTextSize: return "Text size";
    case StartRow::kLoad: return "Saved game";
    case StartRow::kStart:
    case StartRow::kResume: return "";
  }
  return "";
}

void draw_start(Canvas& c, const Controller& ctl, int w, int h, const std::string& notice) {
  const auto rows = shown_start_rows(ctl);
  // A short window shows some of the rows, scrolled to the selected one.
  const StartRowsView in_view = visible_start_rows(ctl, h);
  const int n = in_view.count;
  const Rect first = start_row_rect(0, n, w, h);
  const float unit = first.h * 0.42f;
  c.text("narabe", fl(w) / 2.0f, first.y - unit * 5.2f, unit * 2.6f, kText, Align::kCentre, true);
  c.text(say(ctl, "line-up games against an engine"), fl(w) / 2.0f, first.y - unit * 1.9f, unit * 0.85f, kDim, Align::kCentre);
  // A row of the four games' stones under the title, gently bobbing.
  for (int i = 0; i < n; ++i) {
    const Rect r = start_row_rect(i, n, w, h);
    const StartRow row = rows[static_cast<std::size_t>(in_view.first + i)];
    const bool selected = row == ctl.start_selection();
    // More rows above or below: an arrow beside the first or last row shown.
    const bool more_above = i == 0 && in_view.first > 0;
    const bool more_below = i == n - 1 && in_view.first + n < static_cast<int>(rows.size());
    if (more_above || more_below) {
      const Rect arrow = start_scroll_arrow_rect(r);
      c.text(more_above ? "▲" : "▼", arrow.x + arrow.w / 2, arrow.y + arrow.h / 2 - unit * 0.6f, unit, kDim, Align::kCentre);
    }
    if (row == StartRow::kStart || row == StartRow::kResume) {
      // Still, not pulsing: the start screen costs no frames while nobody moves.
      const Rect button{r.x + r.w * 0.25f, r.y + r.h * 0.12f, r.w * 0.5f, r.h * 0.95f};
      c.fill_rounded_rect(button, r.h * 0.3f, selected ? kAccent : kAccent.with_alpha(0.55));
      if (selected) c.ring({button.x - unit * 0.6f, button.y + button.h / 2}, unit * 0.2f, unit * 0.35f, kAccent);
      c.text(start_value(ctl, row), r.x + r.w / 2, button.y + button.h / 2 - unit * 0.7f, unit * 1.15f,
             Colour{30, 30, 30}, Align::kCentre, true);
      continue;
    }
    if (selected) c.fill_rounded_rect(r, r.h * 0.25f, Colour{255, 255, 255, 28});
    // The rows' text grows with the text size, within the row's height.
    const float size = std::min(unit * static_cast<float>(ctl.settings().text_size) / 100.0f, r.h * 0.62f);
    const float y_text = r.y + r.h / 2 - size * 0.62f;
    const Rect value = start_value_rect(r);
    const std::string label = say(ctl, start_label(row));
    c.text(label, r.x + unit, y_text, fitted_size(c, label, size, value.x - r.x - unit * 1.5f, false), kDim);
    // "‹" steps back and sits over the part of the row that steps back (Load's row only opens).
    if (row != StartRow::kLoad) {
      c.text("‹", value.x + unit * 0.3f, y_text, size, selected ? kAccent : kDim, Align::kLeft, true);
      c.text("›", value.x + value.w, y_text, size, selected ? kAccent : kDim, Align::kRight, true);
    }
    const std::string shown = start_value(ctl, row);
    c.text(shown, value.x + value.w / 2, y_text, fitted_size(c, shown, size, value.w - size * 2.4f, true),
           selected ? kAccent : kText, Align::kCentre, true);
  }
  const Rect last = start_row_rect(n - 1, n, w, h);
  const std::string keys = say(ctl, ctl.resumable() ? "Arrows choose · Enter starts · Esc resumes · F1 keys"
                                                     : "Arrows or mouse choose · Enter starts · F1 keys");
  // The foot lines grow with the text size too, a little less than the rows.
  const float foot = unit * 0.75f * std::min(1.3f, static_cast<float>(ctl.settings().text_size) / 100.0f);
  c.text(keys, fl(w) / 2.0f, last.y + last.h + unit * 1.0f, foot, kDim, Align::kCentre);
  c.text(say(ctl, level_description(ctl.settings().level)), fl(w) / 2.0f, last.y + last.h + unit * 1.0f + foot * 1.55f,
         foot, ctl.start_selection() == StartRow::kLevel ? kAccent : kDim, Align::kCentre);
  if (!notice.empty())
    c.text(notice, fl(w) / 2.0f, last.y + last.h + unit * 3.4f, unit * 0.75f, kDim, Align::kCentre);
}

void draw_help(Canvas& c, const Controller& ctl, int w, int h) {
  c.fill_rect({0, 0, static_cast<float>(w), static_cast<float>(h)}, Colour{0, 0, 0, 170});
  // The text size grows the help as far as the window holds it.
  const float unit = std::min(std::clamp(fl(std::min(w, h)) / 31.0f, 10.0f, 22.0f) *
                                  static_cast<float>(ctl.settings().text_size) / 100.0f,
                              std::min(fl(w) / 33.0f, fl(h) / 31.0f));
  const Rect box{fl(w) / 2.0f - unit * 16, fl(h) / 2.0f - unit * 15.0f, unit * 32, unit * 30.0f};
  c.fill_rounded_rect(box, unit, kPanel);
  c.text(say(ctl, "Keys"), box.x + box.w / 2, box.y + unit, unit * 1.4f, kText, Align::kCentre, true);
  const char* keys[][2] = {{"Mouse", "click a cell or column to play"},
                           {"1 - 7", "drop in that column (Connect Four)"},
                           {"Arrows", "move the cursor"},
                           {"Enter, Space", "play at the cursor (game over: play again)"},
                           {"U", "undo your last move and the reply"},
                           {"N", "new game"},
                           {"T", "hint: the engine marks a move for you"},
                           {"H", "marks on / off (legal, forbidden points)"},
                           {"M / S", "music / sound effects on / off"},
                           {"- / +", "volume down / up"},
                           {"F2", "save the game (GGF, SGF, moves)"},
                           {"L, F3", "open a saved game (a list to choose from)"},
                           {"< / >", "a move back / forward (two people, loaded games)"},
                           {"R", "restart the engine after a failure"},
                           {"Esc", "menu (the game waits: Esc again resumes)"},
                           {"F1", "this help"}};
  float y = box.y + unit * 3.6f;
  for (const auto& k : keys) {
    c.text(say(ctl, k[0]), box.x + unit * 10, y, unit, kAccent, Align::kRight, true);
    c.text(say(ctl, k[1]), box.x + unit * 11, y, fitted_size(c, say(ctl, k[1]), unit, box.w - unit * 12, false), kText);
    y += unit * 1.5f;
  }
  c.text(say(ctl, "any key closes this"), box.x + box.w / 2, box.y + box.h - unit * 1.8f, unit * 0.8f, kDim, Align::kCentre);
}

}  // namespace

std::vector<StartRow> shown_start_rows(const Controller& controller) {
  std::vector<StartRow> rows;
  for (int i = 0; i < kStartRows; ++i)
    if (controller.start_row_shown(static_cast<StartRow>(i))) rows.push_back(static_cast<StartRow>(i));
  return rows;
}

StartRowsView visible_start_rows(const Controller& controller, int window_h) {
  const auto rows = shown_start_rows(controller);
  const auto at = std::find(rows.begin(), rows.end(), controller.start_selection());
  return start_rows_view(static_cast<int>(rows.size()), static_cast<int>(at - rows.begin()), window_h);
}

BoardLayout layout_for(const Controller& controller, int window_w, int window_h) {
  const games::BoardCells cells = controller.board().board();
  BoardLayout layout = layout_board(controller.settings().game, cells.width, cells.height, window_w, window_h);
  layout.text_scale = static_cast<float>(controller.settings().text_size) / 100.0f;
  return layout;
}

void paint(Canvas& canvas, const Controller& controller, double now, int window_w, int window_h,
           const std::string& notice, std::vector<Rect>* panel_boxes) {
  canvas.vertical_gradient({0, 0, static_cast<float>(window_w), static_cast<float>(window_h)}, kBackTop, kBackBottom);
  if (controller.screen() == Screen::kStart) {
    draw_start(canvas, controller, window_w, window_h, notice);
  } else {
    const BoardLayout layout = layout_for(controller, window_w, window_h);
    draw_board(canvas, layout, controller, now);
    canvas.record_boxes(panel_boxes);
    draw_panel(canvas, layout, controller, now);
    canvas.record_boxes(nullptr);
  }
  if (controller.help_shown()) draw_help(canvas, controller, window_w, window_h);
  if (controller.chooser() != nullptr) draw_chooser(canvas, controller, window_w, window_h);
}

}  // namespace narabe::gui::view
