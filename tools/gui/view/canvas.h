#pragma once
// Anti-aliased shapes and text on an SDL renderer. Shapes are triangles
// (SDL_RenderGeometry) with a one-pixel feathered edge whose alpha falls to
// zero, so discs look smooth with any renderer, the software one included.
// Text is SDL_ttf (DejaVu Sans; IPA Gothic for Japanese), cached as textures
// per string and size.

#include <SDL.h>
#include <SDL_ttf.h>

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "tools/gui/view/layout.h"

namespace narabe::gui::view {

struct Colour {
  Uint8 r = 0, g = 0, b = 0, a = 255;
  Colour with_alpha(double alpha) const;
  Colour mix(const Colour& other, double t) const;  // t = 0: this, 1: other
};

enum class Align { kLeft, kCentre, kRight };

class Canvas {
 public:
  // Opens the regular and bold fonts; the error names the missing file.
  static std::unique_ptr<Canvas> open(SDL_Renderer* renderer, const std::string& font_dir, std::string* error);
  ~Canvas();
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;

  SDL_Renderer* renderer() const { return renderer_; }

  void clear(Colour colour);
  void fill_rect(const Rect& rect, Colour colour);
  void fill_rounded_rect(const Rect& rect, float radius, Colour colour);
  void vertical_gradient(const Rect& rect, Colour top, Colour bottom);
  // An ellipse (a circle when rx == ry), anti-aliased.
  void fill_ellipse(Point centre, float rx, float ry, Colour colour);
  void fill_circle(Point centre, float r, Colour colour) { fill_ellipse(centre, r, r, colour); }
  // A disc lit from the top-left: a body, a darker rim and a soft highlight.
  void shaded_disc(Point centre, float rx, float ry, Colour body, Colour rim, Colour highlight);
  void ring(Point centre, float r_inner, float r_outer, Colour colour);
  // A thick line with round-free square ends, anti-aliased along its sides.
  void line(Point a, Point b, float width, Colour colour);
  // The square `cell` with a round hole of radius r in its middle (Connect
  // Four's frame): discs drawn before it show only through the hole.
  void square_with_hole(const Rect& cell, float r, Colour colour);

  // Text with its top-left (or centre/right edge) at (x, y); returns its width.
  float text(const std::string& text, float x, float y, float size, Colour colour, Align align = Align::kLeft,
             bool bold = false);
  float text_width(const std::string& text, float size, bool bold = false);
  // Forgets cached text (after a resize).
  void flush_text_cache();
  // While set, the box of every text and rounded rectangle drawn is added to
  // `boxes` (a test that a layout stays inside its area); null stops it.
  void record_boxes(std::vector<Rect>* boxes) { boxes_ = boxes; }

 private:
  Canvas(SDL_Renderer* renderer, std::string regular, std::string bold);
  TTF_Font* font(int size, bool bold, bool cjk = false);
  bool wants_cjk(const std::string& text) const;
  void triangles(const std::vector<SDL_Vertex>& vertices);

  SDL_Renderer* renderer_;
  std::string regular_path_, bold_path_;
  std::string cjk_path_;  // empty when no Japanese font is installed
  std::map<std::tuple<int, bool, bool>, TTF_Font*> fonts_;
  struct CachedText {
    SDL_Texture* texture = nullptr;
    int w = 0, h = 0;
  };
  std::map<std::tuple<std::string, int, bool, Uint32>, CachedText> text_cache_;
  std::vector<Rect>* boxes_ = nullptr;
};

}  // namespace narabe::gui::view
