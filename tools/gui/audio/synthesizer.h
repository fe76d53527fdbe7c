#pragma once
// The synthesizer: effects and the background tune rendered to mono float PCM,
// on two buses (music, effects) with their own volume and mute, then a soft
// limiter. No SDL and no clock of its own: time is the count of samples
// rendered, so the same calls between the same render() calls give the same
// samples (whatever the block sizes).

#include <cstdint>
#include <span>
#include <vector>

#include "tools/gui/audio/background_tune.h"
#include "tools/gui/audio/effects.h"
#include "tools/gui/audio/mixer.h"
#include "tools/gui/audio/note.h"

namespace narabe::gui::audio {

class Synthesizer {
 public:
  static constexpr int kDefaultSampleRate = 48000;
  static constexpr int kMinSampleRate = 8000;  // a rate outside these is clamped
  static constexpr int kMaxSampleRate = 192000;
  static constexpr double kRampSeconds = 0.02;  // mutes and volume changes
  static constexpr double kDefaultMusicVolume = 0.5;
  static constexpr double kDefaultEffectsVolume = 0.8;
  // More effect notes than this at once are dropped (a UI calling play() in a
  // loop must not grow memory without bound; a real game has a few dozen).
  static constexpr std::size_t kMaxEffectNotes = 256;

  explicit Synthesizer(int sample_rate = kDefaultSampleRate);

  // Effects start at the next sample rendered.
  void play(Effect effect);
  void play_flip_chain(int flips, double seconds_between);

  void set_music_enabled(bool on);
  void set_effects_enabled(bool on);
  void set_music_volume(double volume);  // 0..1, clamped; NaN is 0
  void set_effects_volume(double volume);

  // Writes the next out.size() samples, each in [-1, 1].
  void render(std::span<float> out);

  int sample_rate() const { return sample_rate_; }
  std::int64_t now() const { return now_; }  // samples rendered so far
  std::int64_t music_loop_samples() const { return tune_.loop_samples; }

 private:
  struct Bus {
    Bus(double initial_volume, int ramp_samples)
        : gain(initial_volume, ramp_samples), volume(initial_volume) {}
    std::vector<Note> notes;
    RampedGain gain;
    double volume;
    bool enabled = true;
  };

  void set_bus(Bus& bus, bool enabled, double volume);
  void render_block(std::span<float> out);
  void render_bus(Bus& bus, std::span<float> out);

  int sample_rate_;
  std::int64_t now_ = 0;
  BackgroundTune tune_;
  std::int64_t next_loop_start_ = 0;
  Bus music_;
  Bus effects_;
  std::vector<float> music_block_;
  std::vector<float> effects_block_;
};

}  // namespace narabe::gui::audio
