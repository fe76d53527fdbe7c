#include "tools/gui/view/canvas.h"

#include <algorithm>
#include <cmath>
#include <fstream>

namespace narabe::gui::view {
namespace {

constexpr float kPi = 3.14159265358979f;

SDL_Vertex vertex(float x, float y, Colour c) {
  return SDL_Vertex{SDL_FPoint{x, y}, SDL_Color{c.r, c.g, c.b, c.a}, SDL_FPoint{0, 0}};
}

// Enough segments that the outline never shows corners at this radius.
int segments_for(float r) { return std::clamp(static_cast<int>(r * 1.2f), 16, 160) / 4 * 4; }

// The band between the edge a0-a1 (colour ca) and the edge b0-b1 (colour cb),
// as two triangles: every shape here is made of these and of fans.
void add_band(std::vector<SDL_Vertex>& v, Point a0, Point a1, Colour ca, Point b0, Point b1, Colour cb) {
  v.push_back(vertex(a0.x, a0.y, ca));
  v.push_back(vertex(b0.x, b0.y, cb));
  v.push_back(vertex(a1.x, a1.y, ca));
  v.push_back(vertex(a1.x, a1.y, ca));
  v.push_back(vertex(b0.x, b0.y, cb));
  v.push_back(vertex(b1.x, b1.y, cb));
}

Uint8 blend(Uint8 a, Uint8 b, double t) { return static_cast<Uint8>(std::lround(a + (b - a) * t)); }

}  // namespace

Colour Colour::with_alpha(double alpha) const {
  return {r, g, b, static_cast<Uint8>(std::lround(std::clamp(alpha, 0.0, 1.0) * a))};
}

Colour Colour::mix(const Colour& other, double t) const {
  return {blend(r, other.r, t), blend(g, other.g, t), blend(b, other.b, t), blend(a, other.a, t)};
}

std::unique_ptr<Canvas> Canvas::open(SDL_Renderer* renderer, const std::string& font_dir, std::string* error) {
  const std::string regular = font_dir + "/DejaVuSans.ttf";
  const std::string bold = font_dir + "/DejaVuSans-Bold.ttf";
  for (const auto& path : {regular, bold}) {
    if (!std::ifstream(path)) {
      if (error) *error = "font not found: " + path + " (install fonts-dejavu-core)";
      return nullptr;
    }
  }
  std::unique_ptr<Canvas> canvas(new Canvas(renderer, regular, bold));
  // Japanese text needs a font with its glyphs (fonts-ipafont-gothic, from
  // tools/setup.sh); without one it still shows, as boxes.
  for (const char* path : {"/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
                           "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf"})
    if (std::ifstream(path)) {
      canvas->cjk_path_ = path;
      break;
    }
  if (canvas->font(16, false) == nullptr) {
    if (error) *error = "cannot load font " + regular + ": " + TTF_GetError();
    return nullptr;
  }
  return canvas;
}

Canvas::Canvas(SDL_Renderer* renderer, std::string regular, std::string bold)
    : renderer_(renderer), regular_path_(std::move(regular)), bold_path_(std::move(bold)) {
  SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);
}

Canvas::~Canvas() {
  flush_text_cache();
  for (auto& [key, font] : fonts_) TTF_CloseFont(font);
}

void Canvas::triangles(const std::vector<SDL_Vertex>& vertices) {
  SDL_RenderGeometry(renderer_, nullptr, vertices.data(), static_cast<int>(vertices.size()), nullptr, 0);
}

void Canvas::clear(Colour c) {
  SDL_SetRenderDrawColor(renderer_, c.r, c.g, c.b, c.a);
  SDL_RenderClear(renderer_);
}

// Rectangles are triangles too: SDL's rectangle fill rounds to whole pixels
// and would leave seams or double-blended lines beside the shapes.
static void add_rect(std::vector<SDL_Vertex>& v, const Rect& r, Colour c) {
  if (r.w <= 0 || r.h <= 0) return;
  add_band(v, {r.x, r.y}, {r.x + r.w, r.y}, c, {r.x, r.y + r.h}, {r.x + r.w, r.y + r.h}, c);
}

void Canvas::fill_rect(const Rect& rect, Colour c) {
  std::vector<SDL_Vertex> v;
  add_rect(v, rect, c);
  triangles(v);
}

void Canvas::vertical_gradient(const Rect& rect, Colour top, Colour bottom) {
  triangles({vertex(rect.x, rect.y, top), vertex(rect.x + rect.w, rect.y, top),
             vertex(rect.x, rect.y + rect.h, bottom), vertex(rect.x + rect.w, rect.y, top),
             vertex(rect.x + rect.w, rect.y + rect.h, bottom), vertex(rect.x, rect.y + rect.h, bottom)});
}

void Canvas::fill_rounded_rect(const Rect& rect, float radius, Colour c) {
  if (boxes_ != nullptr) boxes_->push_back(rect);
  radius = std::min({radius, rect.w / 2, rect.h / 2});
  std::vector<SDL_Vertex> v;
  add_rect(v, {rect.x + radius, rect.y, rect.w - 2 * radius, rect.h}, c);
  add_rect(v, {rect.x, rect.y + radius, radius, rect.h - 2 * radius}, c);
  add_rect(v, {rect.x + rect.w - radius, rect.y + radius, radius, rect.h - 2 * radius}, c);
  // Quarter discs in the corners, each clipped to its corner square.
  const Point corners[4] = {{rect.x + radius, rect.y + radius},
                            {rect.x + rect.w - radius, rect.y + radius},
                            {rect.x + rect.w - radius, rect.y + rect.h - radius},
                            {rect.x + radius, rect.y + rect.h - radius}};
  const float start[4] = {kPi, 1.5f * kPi, 0, 0.5f * kPi};
  const int n = segments_for(radius) / 4 + 2;
  for (int k = 0; k < 4; ++k) {
    for (int i = 0; i < n; ++i) {
      const float a0 = start[k] + 0.5f * kPi * fl(i) / fl(n);
      const float a1 = start[k] + 0.5f * kPi * fl(i + 1) / fl(n);
      const Point p = corners[k];
      v.push_back(vertex(p.x, p.y, c));
      v.push_back(vertex(p.x + radius * std::cos(a0), p.y + radius * std::sin(a0), c));
      v.push_back(vertex(p.x + radius * std::cos(a1), p.y + radius * std::sin(a1), c));
    }
  }
  triangles(v);
}

void Canvas::fill_ellipse(Point o, float rx, float ry, Colour c) {
  if (rx <= 0 || ry <= 0) return;
  const int n = segments_for(std::max(rx, ry));
  const Colour clear = c.with_alpha(0);
  std::vector<SDL_Vertex> v;
  v.reserve(static_cast<std::size_t>(n) * 9);
  // The body to half a pixel inside the edge, then a one-pixel feather.
  const float ix = std::max(rx - 0.5f, 0.0f), iy = std::max(ry - 0.5f, 0.0f);
  const float ox = rx + 0.5f, oy = ry + 0.5f;
  for (int i = 0; i < n; ++i) {
    const float a0 = 2 * kPi * fl(i) / fl(n), a1 = 2 * kPi * fl(i + 1) / fl(n);
    const float c0 = std::cos(a0), s0 = std::sin(a0), c1 = std::cos(a1), s1 = std::sin(a1);
    v.push_back(vertex(o.x, o.y, c));
    v.push_back(vertex(o.x + ix * c0, o.y + iy * s0, c));
    v.push_back(vertex(o.x + ix * c1, o.y + iy * s1, c));
    add_band(v, {o.x + ix * c0, o.y + iy * s0}, {o.x + ix * c1, o.y + iy * s1}, c, {o.x + ox * c0, o.y + oy * s0},
             {o.x + ox * c1, o.y + oy * s1}, clear);
  }
  triangles(v);
}

void Canvas::shaded_disc(Point o, float rx, float ry, Colour body, Colour rim, Colour highlight) {
  fill_ellipse(o, rx, ry, rim);
  fill_ellipse(o, rx * 0.9f, ry * 0.9f, body);
  fill_ellipse({o.x - rx * 0.25f, o.y - ry * 0.28f}, rx * 0.42f, ry * 0.36f, highlight);
}

void Canvas::ring(Point o, float r_in, float r_out, Colour c) {
  const int n = segments_for(r_out);
  const Colour clear = c.with_alpha(0);
  std::vector<SDL_Vertex> v;
  auto band = [&](float ra, Colour ca, float rb, Colour cb) {
    for (int i = 0; i < n; ++i) {
      const float a0 = 2 * kPi * fl(i) / fl(n), a1 = 2 * kPi * fl(i + 1) / fl(n);
      const Point p0{o.x + ra * std::cos(a0), o.y + ra * std::sin(a0)}, p1{o.x + ra * std::cos(a1), o.y + ra * std::sin(a1)};
      const Point q0{o.x + rb * std::cos(a0), o.y + rb * std::sin(a0)}, q1{o.x + rb * std::cos(a1), o.y + rb * std::sin(a1)};
      add_band(v, p0, p1, ca, q0, q1, cb);
    }
  };
  band(r_in - 0.5f, clear, r_in + 0.5f, c);
  band(r_in + 0.5f, c, r_out - 0.5f, c);
  band(r_out - 0.5f, c, r_out + 0.5f, clear);
  triangles(v);
}

void Canvas::line(Point a, Point b, float width, Colour c) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float length = std::hypot(dx, dy);
  if (length <= 0) return;
  const float nx = -dy / length, ny = dx / length;
  const float h = width / 2;
  const Colour clear = c.with_alpha(0);
  auto quad = [&](float o0, Colour c0, float o1, Colour c1, std::vector<SDL_Vertex>& v) {
    add_band(v, {a.x + nx * o0, a.y + ny * o0}, {b.x + nx * o0, b.y + ny * o0}, c0, {a.x + nx * o1, a.y + ny * o1},
             {b.x + nx * o1, b.y + ny * o1}, c1);
  };
  std::vector<SDL_Vertex> v;
  // The feathers overlap the core by half a pixel: the software rasterizer
  // leaves a hairline gap between triangles that only share an edge.
  const float core = std::max(h - 0.5f, 0.0f);
  quad(-h, c, h, c, v);
  quad(core, c, h + 0.5f, clear, v);
  quad(-core, c, -h - 0.5f, clear, v);
  triangles(v);
}

void Canvas::square_with_hole(const Rect& cell, float r, Colour c) {
  const Point o{cell.x + cell.w / 2, cell.y + cell.h / 2};
  const Point corners[4] = {{cell.x + cell.w, cell.y + cell.h},  // quadrant 0: angles 0..90 (y down)
                            {cell.x, cell.y + cell.h},
                            {cell.x, cell.y},
                            {cell.x + cell.w, cell.y}};
  const int n = segments_for(r);
  const int per_quadrant = n / 4;
  const Colour clear = c.with_alpha(0);
  std::vector<SDL_Vertex> v;
  auto at = [&](int i, float radius) {
    const float a = 2 * kPi * fl(i) / fl(n);
    return Point{o.x + radius * std::cos(a), o.y + radius * std::sin(a)};
  };
  const float outer = r + 0.5f, inner = r - 0.5f;
  for (int i = 0; i < n; ++i) {
    const Point corner = corners[i / per_quadrant];
    const Point p0 = at(i, outer), p1 = at(i + 1, outer);
    v.push_back(vertex(corner.x, corner.y, c));
    v.push_back(vertex(p0.x, p0.y, c));
    v.push_back(vertex(p1.x, p1.y, c));
    // The hole's feathered edge.
    const Point q0 = at(i, inner), q1 = at(i + 1, inner);
    add_band(v, p0, p1, c, q0, q1, clear);
    if ((i + 1) % per_quadrant == 0) {
      // Between two quadrants: the triangle from the circle's point to both corners.
      const Point next = corners[((i + 1) / per_quadrant) % 4];
      v.push_back(vertex(corner.x, corner.y, c));
      v.push_back(vertex(p1.x, p1.y, c));
      v.push_back(vertex(next.x, next.y, c));
    }
  }
  triangles(v);
}

bool Canvas::wants_cjk(const std::string& text) const {
  // A UTF-8 lead byte of 0xE3 or above starts U+3000 and up: kana, kanji,
  // full-width forms. DejaVu Sans has none of them.
  return !cjk_path_.empty() &&
         std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0xE3; });
}

TTF_Font* Canvas::font(int size, bool bold, bool cjk) {
  size = std::clamp(size, 6, 200);
  const auto key = std::make_tuple(size, bold, cjk);
  if (auto it = fonts_.find(key); it != fonts_.end()) return it->second;
  TTF_Font* font = TTF_OpenFont((cjk ? cjk_path_ : bold ? bold_path_ : regular_path_).c_str(), size);
  // IPA Gothic has one weight: SDL_ttf emboldens it.
  if (font != nullptr && cjk && bold) TTF_SetFontStyle(font, TTF_STYLE_BOLD);
  if (font != nullptr) fonts_[key] = font;
  return font;
}

float Canvas::text_width(const std::string& text, float size, bool bold) {
  TTF_Font* f = font(static_cast<int>(std::lround(size)), bold, wants_cjk(text));
  int w = 0, h = 0;
  if (f == nullptr || text.empty() || TTF_SizeUTF8(f, text.c_str(), &w, &h) != 0) return 0;
  return static_cast<float>(w);
}

float Canvas::text(const std::string& text, float x, float y, float size, Colour c, Align align, bool bold) {
  if (text.empty()) return 0;
  const int px = static_cast<int>(std::lround(size));
  const Uint32 colour_key = (Uint32{c.r} << 24) | (Uint32{c.g} << 16) | (Uint32{c.b} << 8) | c.a;
  const auto key = std::make_tuple(text, px, bold, colour_key);
  auto it = text_cache_.find(key);
  if (it == text_cache_.end()) {
    TTF_Font* f = font(px, bold, wants_cjk(text));
    if (f == nullptr) return 0;
    SDL_Surface* surface = TTF_RenderUTF8_Blended(f, text.c_str(), SDL_Color{c.r, c.g, c.b, c.a});
    if (surface == nullptr) return 0;
    CachedText cached{SDL_CreateTextureFromSurface(renderer_, surface), surface->w, surface->h};
    SDL_FreeSurface(surface);
    if (cached.texture == nullptr) return 0;
    if (text_cache_.size() > 512) flush_text_cache();  // the score and message lines change; keep it bounded
    it = text_cache_.emplace(key, cached).first;
  }
  const CachedText& t = it->second;
  float left = x;
  if (align == Align::kCentre) left = x - fl(t.w) / 2.0f;
  if (align == Align::kRight) left = x - static_cast<float>(t.w);
  const SDL_FRect dst{std::round(left), std::round(y), static_cast<float>(t.w), static_cast<float>(t.h)};
  SDL_RenderCopyF(renderer_, t.texture, nullptr, &dst);
  if (boxes_ != nullptr) boxes_->push_back({dst.x, dst.y, dst.w, dst.h});
  return static_cast<float>(t.w);
}

void Canvas::flush_text_cache() {
  for (auto& [key, cached] : text_cache_) SDL_DestroyTexture(cached.texture);
  text_cache_.clear();
}

}  // namespace narabe::gui::view
