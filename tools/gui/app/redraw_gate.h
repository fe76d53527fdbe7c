#pragma once
// When the window draws: only when something changed (the controller's
// revision moved, or the window was exposed or resized) or while an animation
// runs, plus one frame after it stops so its last state shows. An idle window
// then costs nothing but the wake-ups that poll the engine. No SDL: the
// scripted runs count the frames a real window would draw.

#include <cstdint>
#include <optional>

namespace narabe::gui {

class RedrawGate {
 public:
  bool should_draw(std::uint64_t revision, bool animating, bool window_changed);
  // Frames drawn since the last take_frames().
  int take_frames();

 private:
  std::optional<std::uint64_t> drawn_revision_;
  bool was_animating_ = false;
  int frames_ = 0;
};

}  // namespace narabe::gui
