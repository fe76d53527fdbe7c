#include "tools/gui/app/redraw_gate.h"

#include <utility>

namespace narabe::gui {

bool RedrawGate::should_draw(std::uint64_t revision, bool animating, bool window_changed) {
  const bool draw = window_changed || animating || was_animating_ || drawn_revision_ != revision;
  was_animating_ = animating;
  if (draw) {
    drawn_revision_ = revision;
    ++frames_;
  }
  return draw;
}

int RedrawGate::take_frames() { return std::exchange(frames_, 0); }

}  // namespace narabe::gui
