#include "tools/gui/audio/oscillator.h"

#include <cmath>
#include <numbers>

namespace narabe::gui::audio {

namespace {

// How hard the sine is driven into tanh: 2.5 gives a clearly square-ish
// timbre, while tanh of a sine stays smooth enough that its spectrum falls off
// exponentially: the harmonics above the Nyquist frequency that a naive square
// would fold back as inharmonic whistles are negligible (band-limited by shape).
constexpr double kSquareDrive = 2.5;

}  // namespace

double oscillator_sample(Waveform waveform, double phase) {
  const double p = phase - std::floor(phase);
  switch (waveform) {
    case Waveform::kSine:
      return std::sin(2.0 * std::numbers::pi * p);
    case Waveform::kTriangle:
      if (p < 0.25) return 4.0 * p;
      if (p < 0.75) return 2.0 - 4.0 * p;
      return 4.0 * p - 4.0;
    case Waveform::kSoftSquare:
      return std::tanh(kSquareDrive * std::sin(2.0 * std::numbers::pi * p)) /
             std::tanh(kSquareDrive);
  }
  return 0.0;
}

}  // namespace narabe::gui::audio
