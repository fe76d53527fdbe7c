#include "tools/gui/audio/envelope.h"

#include <cmath>

namespace narabe::gui::audio {

namespace {

double held_level(const Envelope& e, double t) {
  if (t < e.attack) return t / e.attack;
  return e.sustain + (1.0 - e.sustain) * std::exp(-(t - e.attack) / e.decay);
}

}  // namespace

double Envelope::level(double t, double gate) const {
  if (t <= 0.0) return 0.0;
  if (t < gate) return held_level(*this, t);
  const double into_release = t - gate;
  if (into_release >= release) return 0.0;
  // A squared fade from wherever the key was let go: continuous at the release
  // point and at the end, and softer to the ear than a straight line.
  const double left = 1.0 - into_release / release;
  return held_level(*this, gate) * left * left;
}

}  // namespace narabe::gui::audio
