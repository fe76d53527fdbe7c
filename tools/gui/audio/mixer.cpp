#include "tools/gui/audio/mixer.h"

#include <algorithm>
#include <cmath>

namespace narabe::gui::audio {

RampedGain::RampedGain(double initial, int ramp_samples)
    : current_(initial), target_(initial), step_(1.0 / ramp_samples) {}

double RampedGain::next() {
  const double now = current_;
  if (current_ < target_) {
    current_ = std::min(current_ + step_, target_);
  } else if (current_ > target_) {
    current_ = std::max(current_ - step_, target_);
  }
  return now;
}

double soft_limit(double x) {
  constexpr double kKnee = 0.7;
  const double magnitude = std::fabs(x);
  if (magnitude <= kKnee) return x;
  const double bent = kKnee + (1.0 - kKnee) * std::tanh((magnitude - kKnee) / (1.0 - kKnee));
  return std::copysign(std::min(bent, 1.0), x);
}

}  // namespace narabe::gui::audio
