// narabe-gui's synthesizer, judged by the samples it renders: pitch (Goertzel),
// onsets, ramps, the loop point, bounds and determinism.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "tests/engine/games/slow_build.h"
#include "tools/gui/audio/synthesizer.h"

namespace narabe::gui::audio {
namespace {

constexpr int kRate = Synthesizer::kDefaultSampleRate;

std::size_t at(double seconds) {
  return static_cast<std::size_t>(std::lround(seconds * kRate));
}

std::vector<float> render(Synthesizer& synth, double seconds) {
  std::vector<float> out(at(seconds));
  synth.render(out);
  return out;
}

// A synthesizer with the music off, so only effects are heard.
Synthesizer effects_only() {
  Synthesizer synth;
  synth.set_music_enabled(false);
  return synth;
}

// Power of `samples[from, from + length)` at `frequency` (Goertzel), per sample.
double power_at(const std::vector<float>& samples, std::size_t from, std::size_t length,
                double frequency) {
  const double coefficient = 2.0 * std::cos(2.0 * std::numbers::pi * frequency / kRate);
  double s1 = 0.0, s2 = 0.0;
  for (std::size_t i = from; i < from + length; ++i) {
    const double s0 = samples[i] + coefficient * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (s1 * s1 + s2 * s2 - coefficient * s1 * s2) / static_cast<double>(length * length);
}

// The strongest equal-tempered pitch (MIDI number, 30..108) in a window.
int dominant_pitch(const std::vector<float>& samples, std::size_t from, std::size_t length) {
  int best = 0;
  double best_power = -1.0;
  for (int midi = 30; midi <= 108; ++midi) {
    const double power = power_at(samples, from, length, midi_frequency(midi));
    if (power > best_power) best_power = power, best = midi;
  }
  return best;
}

double peak(const std::vector<float>& samples, std::size_t from = 0, std::size_t to = SIZE_MAX) {
  double p = 0.0;
  for (std::size_t i = from; i < std::min(to, samples.size()); ++i)
    p = std::max(p, std::fabs(double{samples[i]}));
  return p;
}

double largest_step(const std::vector<float>& samples, std::size_t from = 1,
                    std::size_t to = SIZE_MAX) {
  double step = 0.0;
  for (std::size_t i = std::max<std::size_t>(from, 1); i < std::min(to, samples.size()); ++i) {
    step = std::max(step, std::fabs(double{samples[i]} - samples[i - 1]));
  }
  return step;
}

// Where sounds begin after at least 5 ms of exact silence (a note's first
// sample is 0, its attack starting from nothing, so this is start + 1).
std::vector<std::size_t> onsets_after_silence(const std::vector<float>& samples) {
  std::vector<std::size_t> found;
  std::size_t silent_run = at(0.005);  // the stream starts in silence
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (samples[i] == 0.0f) {
      ++silent_run;
      continue;
    }
    if (silent_run >= at(0.005)) found.push_back(i);
    silent_run = 0;
  }
  return found;
}

TEST(GuiSynthesizer, IsSilentWhenNothingPlays) {
  Synthesizer synth = effects_only();
  const auto samples = render(synth, 0.5);
  EXPECT_EQ(peak(samples), 0.0);
}

TEST(GuiSynthesizer, StoneTonesSoundAtTheirPitchAndDifferBySide) {
  Synthesizer first = effects_only();
  first.play(Effect::kStoneFirst);
  const auto a = render(first, 0.3);
  Synthesizer second = effects_only();
  second.play(Effect::kStoneSecond);
  const auto b = render(second, 0.3);
  // E4 (MIDI 64) and A4 (69): strong at the fundamental, far above a semitone off.
  const std::size_t window = at(0.1);
  EXPECT_EQ(dominant_pitch(a, 0, window), 64);
  EXPECT_EQ(dominant_pitch(b, 0, window), 69);
  EXPECT_GT(power_at(a, 0, window, midi_frequency(64)),
            20 * power_at(a, 0, window, midi_frequency(66)));
  // Short: silent by a quarter of a second.
  EXPECT_EQ(peak(a, at(0.26)), 0.0);
  EXPECT_EQ(peak(b, at(0.26)), 0.0);
  // A click at the touch: a high tone in the first milliseconds, gone after.
  for (const auto* stone : {&a, &b})
    EXPECT_GT(power_at(*stone, 0, at(0.005), midi_frequency(96)),
              10 * power_at(*stone, at(0.02), at(0.005), midi_frequency(96)));
}

TEST(GuiSynthesizer, FlipChainRisesOneToneADiscSpacedAsAsked) {
  // Spaced wider than a tone lasts (0.13 s), so each onset is exact; closer
  // spacings only overlap the same notes.
  constexpr int kFlips = 6;
  constexpr double kBetween = 0.15;
  Synthesizer synth = effects_only();
  synth.play_flip_chain(kFlips, kBetween);
  const auto samples = render(synth, 1.0);
  const auto starts = onsets_after_silence(samples);
  ASSERT_EQ(starts.size(), static_cast<std::size_t>(kFlips));
  int previous_pitch = 0;
  for (int i = 0; i < kFlips; ++i) {
    EXPECT_EQ(starts[i], at(kBetween * i) + 1) << "tone " << i;
    const int pitch = dominant_pitch(samples, at(kBetween * i + 0.005), at(0.05));
    EXPECT_GT(pitch, previous_pitch) << "tone " << i;
    previous_pitch = pitch;
  }
}

TEST(GuiSynthesizer, LongFlipChainsStillRiseAndStayBounded) {
  constexpr int kFlips = 18;  // Reversi's largest capture
  constexpr double kBetween = 0.06;
  Synthesizer synth = effects_only();
  synth.play_flip_chain(kFlips, kBetween);
  const auto samples = render(synth, kBetween * kFlips + 0.1);
  int previous_pitch = 0;
  for (int i = 0; i < kFlips; ++i) {
    const int pitch = dominant_pitch(samples, at(kBetween * i + 0.005), at(0.04));
    EXPECT_GT(pitch, previous_pitch) << "tone " << i;
    previous_pitch = pitch;
  }
  EXPECT_LE(previous_pitch, 96);  // never past C7
  // Bad arguments: nothing, or clamped, never a crash.
  synth.play_flip_chain(0, 0.1);
  synth.play_flip_chain(-3, 0.1);
  synth.play_flip_chain(1000000, std::nan(""));
  synth.play_flip_chain(5, -1.0);
  EXPECT_LE(peak(render(synth, 0.5)), 1.0);
}

// The pitch of each of `count` notes `spacing` apart.
std::vector<int> note_pitches(Effect effect, int count, double spacing) {
  Synthesizer synth = effects_only();
  synth.play(effect);
  const auto samples = render(synth, spacing * count + 0.1);
  std::vector<int> pitches;
  for (int i = 0; i < count; ++i)
    pitches.push_back(dominant_pitch(samples, at(spacing * i + 0.01), at(0.06)));
  return pitches;
}

TEST(GuiSynthesizer, WinRisesLossFallsDrawStaysRefusedIsAudibleAndShort) {
  EXPECT_EQ(note_pitches(Effect::kWin, 4, 0.1), (std::vector<int>{72, 76, 79, 84}));
  EXPECT_EQ(note_pitches(Effect::kLoss, 4, 0.16), (std::vector<int>{67, 63, 60, 55}));
  EXPECT_EQ(note_pitches(Effect::kDraw, 2, 0.15), (std::vector<int>{67, 67}));
  Synthesizer synth = effects_only();
  synth.play(Effect::kRefused);
  const auto refused = render(synth, 0.2);
  // Bb4 (466 Hz), above what small laptop speakers cut; two pulses, gone by 0.2 s.
  EXPECT_EQ(dominant_pitch(refused, 0, at(0.05)), 70);
  EXPECT_GT(midi_frequency(dominant_pitch(refused, 0, at(0.05))), 300.0);
  EXPECT_GT(peak(refused), 0.1);
  EXPECT_GT(peak(refused, at(0.09), at(0.13)), 0.1) << "the second pulse";
  EXPECT_EQ(peak(refused, at(0.2)), 0.0);
}

TEST(GuiSynthesizer, MutingEffectsRampsThemOutAndLeavesTheMusic) {
  // The same calls, once with the effects muted 50 ms into a win fanfare.
  Synthesizer heard;
  Synthesizer muted;
  Synthesizer music_alone;
  for (Synthesizer* s : {&heard, &muted, &music_alone}) render(*s, 1.0);  // the tune is under way
  heard.play(Effect::kWin);
  muted.play(Effect::kWin);
  render(heard, 0.05);
  render(muted, 0.05);
  render(music_alone, 0.05);
  muted.set_effects_enabled(false);
  const auto with_effects = render(heard, 0.3);
  const auto fading = render(muted, 0.3);
  const auto reference = render(music_alone, 0.3);
  // No jump: the mute never moves a sample further than the sound itself does.
  EXPECT_LE(largest_step(fading), largest_step(with_effects) + 1e-4);
  // A ramp, not a cut: 2 ms in, the fanfare is still mostly there.
  const std::size_t early = at(0.002);
  EXPECT_GT(std::fabs(fading[early] - reference[early]),
            0.5 * std::fabs(with_effects[early] - reference[early]));
  // After the ramp only the music is left, exactly as if no effect had played.
  const std::size_t after = at(Synthesizer::kRampSeconds) + 1;
  EXPECT_GT(peak(with_effects, after), 0.0);
  EXPECT_GT(peak(reference, after), 0.01);
  for (std::size_t i = after; i < fading.size(); ++i) ASSERT_EQ(fading[i], reference[i]) << i;
  // A muted bus takes no new effects.
  muted.play(Effect::kStoneFirst);
  EXPECT_EQ(render(muted, 0.2), render(music_alone, 0.2));
}

TEST(GuiSynthesizer, MutingMusicRampsItOutAndLeavesTheEffects) {
  Synthesizer heard;
  Synthesizer muted;
  Synthesizer effects_alone = effects_only();
  for (Synthesizer* s : {&heard, &muted, &effects_alone}) {
    render(*s, 1.0);
    s->play(Effect::kStoneSecond);
  }
  muted.set_music_enabled(false);
  const auto with_music = render(heard, 0.3);
  const auto fading = render(muted, 0.3);
  const auto reference = render(effects_alone, 0.3);
  EXPECT_LE(largest_step(fading), largest_step(with_music) + 1e-4);
  const std::size_t after = at(Synthesizer::kRampSeconds) + 1;
  EXPECT_GT(peak(reference, after), 0.05);
  for (std::size_t i = after; i < fading.size(); ++i) ASSERT_EQ(fading[i], reference[i]) << i;
}

TEST(GuiSynthesizer, VolumeChangesRampAndAreClamped) {
  Synthesizer synth = effects_only();
  synth.set_effects_volume(1.0);
  synth.play(Effect::kLoss);
  const auto loud = render(synth, 0.1);
  synth.set_effects_volume(0.0);
  const auto quiet = render(synth, 0.3);
  EXPECT_LE(largest_step(quiet), largest_step(loud) + 1e-4);
  EXPECT_EQ(peak(quiet, at(Synthesizer::kRampSeconds) + 1), 0.0);
  // Out of range and NaN are clamped: 7 is full volume, as loud as 1.
  Synthesizer clamped = effects_only();
  for (const double volume : {50.0, std::nan(""), -2.0, 7.0}) clamped.set_effects_volume(volume);
  clamped.play(Effect::kLoss);
  EXPECT_EQ(render(clamped, 0.1), loud);
}

TEST(GuiSynthesizer, MusicLoopsSeamlessly) {
  Synthesizer synth;
  synth.set_effects_enabled(false);
  synth.set_music_volume(1.0);
  const auto loop = static_cast<std::size_t>(synth.music_loop_samples());
  // Loop one, loop two, and the first part of loop three (a second; less in slow builds).
  const std::size_t tail = at(NARABE_SLOW_BUILD ? 0.2 : 1.0);
  std::vector<float> samples(2 * loop + tail);
  synth.render(samples);
  EXPECT_GT(peak(samples), 0.05);
  EXPECT_LT(peak(samples), 0.6);  // quiet, even at full volume
  // Continuous across the loop point: no step larger than anywhere inside a loop.
  const double inside = largest_step(samples, 1, loop);
  EXPECT_LE(largest_step(samples, loop - 100, loop + 100), inside);
  // From the second loop on, the stream repeats exactly (the tails of the last
  // bar ring into the next loop the same way each time).
  for (std::size_t i = 0; i < tail; ++i)
    ASSERT_NEAR(samples[loop + i], samples[2 * loop + i], 1e-6) << i;
  // And it is not silence at the loop point: the last bar still sounds there.
  EXPECT_GT(peak(samples, loop - at(0.05), loop + at(0.05)), 0.01);
}

TEST(GuiSynthesizer, NeverLeavesMinusOneToOneHoweverMuchPlays) {
  Synthesizer synth;
  synth.set_music_volume(1.0);
  synth.set_effects_volume(1.0);
  for (int i = 0; i < 40; ++i) {
    synth.play(static_cast<Effect>(i % 6));
    synth.play_flip_chain(18, 0.0);
  }
  const auto samples = render(synth, 0.6);
  EXPECT_LE(peak(samples), 1.0);
  EXPECT_GT(peak(samples), 0.7);  // it really was loud: the limiter did the work
}

TEST(GuiSynthesizer, SameCallsSameSamplesWhateverTheBlockSizes) {
  const auto run = [](std::size_t block) {
    Synthesizer synth;
    std::vector<float> all;
    const auto step = [&](double seconds) {
      std::vector<float> out(at(seconds));
      for (std::size_t i = 0; i < out.size(); i += block) {
        synth.render(std::span<float>(out).subspan(i, std::min(block, out.size() - i)));
      }
      all.insert(all.end(), out.begin(), out.end());
    };
    step(0.1);
    synth.play(Effect::kStoneFirst);
    step(0.2);
    synth.play_flip_chain(5, 0.05);
    synth.set_music_volume(0.3);
    step(0.3);
    synth.set_effects_enabled(false);
    step(0.1);
    return all;
  };
  const auto reference = run(4800);
  EXPECT_EQ(run(4800), reference);
  EXPECT_EQ(run(37), reference);
}

}  // namespace
}  // namespace narabe::gui::audio
