#pragma once
// The waveforms the synthesizer's notes are made of, as pure functions of the
// phase, so a note's sample depends only on its own time (deterministic, and a
// note can be skipped while its bus is silent without losing its place).

namespace narabe::gui::audio {

enum class Waveform {
  kSine,
  kTriangle,    // odd harmonics falling as 1/n^2: soft, aliasing stays below -50 dB at our pitches
  kSoftSquare,  // tanh(k sin): a hollow, reedy square whose harmonics die off fast
};

// One sample of the waveform at `phase` in cycles (any real value; only the
// fractional part matters). Starts at 0 rising, amplitude 1.
double oscillator_sample(Waveform waveform, double phase);

}  // namespace narabe::gui::audio
