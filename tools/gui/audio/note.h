#pragma once
// A note on the synthesizer's sample clock: where it starts, its pitch, its
// waveform, envelope and loudness. Its samples are a pure function of the
// absolute sample index, so notes can be scheduled ahead (fanfares, flip
// chains, the tune's next loop) and rendered in blocks of any size.

#include <cstdint>
#include <span>

#include "tools/gui/audio/envelope.h"
#include "tools/gui/audio/oscillator.h"

namespace narabe::gui::audio {

struct Note {
  std::int64_t start = 0;  // sample index of the first sample
  double frequency = 440.0;
  Waveform waveform = Waveform::kSine;
  Envelope envelope;
  double gate = 0.1;  // seconds the key is held
  double gain = 0.3;

  // Index one past the note's last non-silent sample.
  std::int64_t end(int sample_rate) const;
  // Adds the note's samples into `out`, whose first element is sample `out_start`.
  void add_to(std::span<float> out, std::int64_t out_start, int sample_rate) const;
};

// The equal-tempered frequency of a MIDI note number (69 = A4 = 440 Hz).
double midi_frequency(double midi_note);

}  // namespace narabe::gui::audio
