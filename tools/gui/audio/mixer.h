#pragma once
// The last stage before the speaker: each bus's gain moves towards its target
// in a short linear ramp (a mute or a volume change never jumps, so never
// clicks), and the sum goes through a soft limiter so nothing clips however
// many sounds pile up.

namespace narabe::gui::audio {

class RampedGain {
 public:
  // `ramp_samples`: how many samples a change from 0 to 1 takes.
  RampedGain(double initial, int ramp_samples);

  void set_target(double target) { target_ = target; }
  // Jumps straight to the target: only before any sample was played.
  void settle() { current_ = target_; }
  // The gain for the next sample (then one step closer to the target).
  double next();
  // Silent now and staying so: the bus need not be rendered at all.
  bool silent() const { return current_ == 0.0 && target_ == 0.0; }

 private:
  double current_;
  double target_;
  double step_;
};

// Identity below the knee (0.7), then a tanh curve bending smoothly towards 1:
// the output always lies in (-1, 1) and its slope is continuous at the knee.
double soft_limit(double x);

}  // namespace narabe::gui::audio
