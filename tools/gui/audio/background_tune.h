#pragma once
// The quiet background tune: four bars (C, Am, F, G at 100 beats a minute)
// of a soft pad, a bass on beats 1 and 3 and a gentle pentatonic melody. The
// synthesizer schedules it again every `loop_samples`; the last bar's notes
// ring on into the next loop, so the stream has no seam at the loop point.

#include <cstdint>
#include <vector>

#include "tools/gui/audio/note.h"

namespace narabe::gui::audio {

struct BackgroundTune {
  std::int64_t loop_samples = 0;
  std::vector<Note> notes;  // starts relative to the loop's first sample
};

BackgroundTune background_tune(int sample_rate);

}  // namespace narabe::gui::audio
