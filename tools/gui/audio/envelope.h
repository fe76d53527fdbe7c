#pragma once
// ADSR envelope as a pure function of the time since the note began, so
// rendering needs no per-note state. Starts and ends at 0: no note ever clicks.

namespace narabe::gui::audio {

struct Envelope {
  double attack = 0.005;  // seconds, linear rise 0 -> 1
  double decay = 0.1;     // seconds, time constant of the exponential fall to `sustain`
  double sustain = 0.0;   // level held while the key is down (0: a plucked note)
  double release = 0.05;  // seconds from the key's release to silence

  // The level `t` seconds after the note began, its key held for `gate` seconds.
  double level(double t, double gate) const;
  // Seconds from the start until the note is silent for good.
  double length(double gate) const { return gate + release; }
};

}  // namespace narabe::gui::audio
