#include "tools/gui/audio/synthesizer.h"

#include <algorithm>
#include <cmath>

namespace narabe::gui::audio {

namespace {

// Rendering goes in blocks so each note runs its own tight loop.
constexpr std::size_t kBlock = 512;

double clamp_volume(double volume) {
  return volume > 0.0 ? std::min(volume, 1.0) : 0.0;
}

}  // namespace

Synthesizer::Synthesizer(int sample_rate)
    : sample_rate_(std::clamp(sample_rate, kMinSampleRate, kMaxSampleRate)),
      tune_(background_tune(sample_rate_)),
      music_(kDefaultMusicVolume, static_cast<int>(kRampSeconds * sample_rate_)),
      effects_(kDefaultEffectsVolume, static_cast<int>(kRampSeconds * sample_rate_)),
      music_block_(kBlock),
      effects_block_(kBlock) {}

void Synthesizer::play(Effect effect) {
  if (!effects_.enabled) return;  // a muted bus takes no new notes
  for (const Note& note : effect_notes(effect, now_, sample_rate_)) {
    if (effects_.notes.size() >= kMaxEffectNotes) return;
    effects_.notes.push_back(note);
  }
}

void Synthesizer::play_flip_chain(int flips, double seconds_between) {
  if (!effects_.enabled) return;
  for (const Note& note : flip_chain_notes(flips, seconds_between, now_, sample_rate_)) {
    if (effects_.notes.size() >= kMaxEffectNotes) return;
    effects_.notes.push_back(note);
  }
}

void Synthesizer::set_bus(Bus& bus, bool enabled, double volume) {
  bus.enabled = enabled;
  bus.volume = clamp_volume(volume);
  bus.gain.set_target(enabled ? bus.volume : 0.0);
  // Before the first sample nothing is playing, so there is nothing to click:
  // the settings read at start take effect at once instead of fading in.
  if (now_ == 0) bus.gain.settle();
}

void Synthesizer::set_music_enabled(bool on) {
  set_bus(music_, on, music_.volume);
}
void Synthesizer::set_effects_enabled(bool on) {
  set_bus(effects_, on, effects_.volume);
}
void Synthesizer::set_music_volume(double volume) {
  set_bus(music_, music_.enabled, volume);
}
void Synthesizer::set_effects_volume(double volume) {
  set_bus(effects_, effects_.enabled, volume);
}

void Synthesizer::render(std::span<float> out) {
  while (!out.empty()) {
    const std::size_t n = std::min(out.size(), kBlock);
    render_block(out.first(n));
    out = out.subspan(n);
  }
}

void Synthesizer::render_block(std::span<float> out) {
  const std::int64_t block_end = now_ + static_cast<std::int64_t>(out.size());
  // The tune keeps its time while muted, so unmuting resumes it mid-bar in step.
  while (next_loop_start_ < block_end) {
    for (Note note : tune_.notes) {
      note.start += next_loop_start_;
      music_.notes.push_back(note);
    }
    next_loop_start_ += tune_.loop_samples;
  }
  const std::span<float> music(music_block_.data(), out.size());
  const std::span<float> effects(effects_block_.data(), out.size());
  render_bus(music_, music);
  render_bus(effects_, effects);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const double mixed = music_.gain.next() * music[i] + effects_.gain.next() * effects[i];
    out[i] = static_cast<float>(soft_limit(mixed));
  }
  now_ = block_end;
}

void Synthesizer::render_bus(Bus& bus, std::span<float> out) {
  std::fill(out.begin(), out.end(), 0.0f);
  const std::int64_t block_end = now_ + static_cast<std::int64_t>(out.size());
  // A silent bus is not rendered: its notes are functions of time, so they
  // need nothing to keep their place.
  if (!bus.gain.silent()) {
    for (const Note& note : bus.notes) note.add_to(out, now_, sample_rate_);
  }
  std::erase_if(bus.notes, [&](const Note& note) { return note.end(sample_rate_) <= block_end; });
}

}  // namespace narabe::gui::audio
