#include "tools/gui/audio/note.h"

#include <algorithm>
#include <cmath>

namespace narabe::gui::audio {

std::int64_t Note::end(int sample_rate) const {
  return start + static_cast<std::int64_t>(std::ceil(envelope.length(gate) * sample_rate)) + 1;
}

void Note::add_to(std::span<float> out, std::int64_t out_start, int sample_rate) const {
  const std::int64_t out_end = out_start + static_cast<std::int64_t>(out.size());
  const std::int64_t first = std::max(start, out_start);
  const std::int64_t last = std::min(end(sample_rate), out_end);
  const double rate = sample_rate;
  for (std::int64_t i = first; i < last; ++i) {
    // Phase and envelope from the note's own sample count, never accumulated:
    // the same note gives the same samples wherever and whenever it is rendered.
    const double local = static_cast<double>(i - start);
    const double level = envelope.level(local / rate, gate);
    const double wave = oscillator_sample(waveform, frequency * local / rate);
    out[static_cast<std::size_t>(i - out_start)] += static_cast<float>(gain * level * wave);
  }
}

double midi_frequency(double midi_note) {
  return 440.0 * std::exp2((midi_note - 69.0) / 12.0);
}

}  // namespace narabe::gui::audio
