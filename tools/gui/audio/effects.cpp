#include "tools/gui/audio/effects.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace narabe::gui::audio {

namespace {

// A struck, quickly dying tone: a stone landing, a disc turning.
constexpr Envelope kPluck{.attack = 0.003, .decay = 0.07, .sustain = 0.0, .release = 0.05};
// The click at a stone's touch: a few milliseconds of a high tone.
constexpr Envelope kClick{.attack = 0.0005, .decay = 0.006, .sustain = 0.0, .release = 0.002};
// Fanfare notes ring a little under the next one.
constexpr Envelope kBell{.attack = 0.006, .decay = 0.12, .sustain = 0.25, .release = 0.15};

std::int64_t samples(double seconds, int sample_rate) {
  return static_cast<std::int64_t>(std::llround(seconds * sample_rate));
}

// A melody of equally spaced notes; the last one is held `last_gate` seconds.
std::vector<Note> arpeggio(std::span<const double> midi_notes, double spacing, double last_gate,
                           Waveform waveform, double gain, std::int64_t start, int sample_rate) {
  std::vector<Note> notes;
  for (std::size_t i = 0; i < midi_notes.size(); ++i) {
    const bool last = i + 1 == midi_notes.size();
    notes.push_back(Note{.start = start + samples(spacing * static_cast<double>(i), sample_rate),
                         .frequency = midi_frequency(midi_notes[i]),
                         .waveform = waveform,
                         .envelope = kBell,
                         .gate = last ? last_gate : spacing,
                         .gain = gain});
  }
  return notes;
}

}  // namespace

std::vector<Note> effect_notes(Effect effect, std::int64_t start, int sample_rate) {
  switch (effect) {
    case Effect::kStoneFirst:  // E4, round triangle: the first player's lower "tock", with its click
      return {Note{start, midi_frequency(64), Waveform::kTriangle, kPluck, 0.2, 0.45},
              Note{start, midi_frequency(96), Waveform::kSine, kClick, 0.004, 0.07}};
    case Effect::kStoneSecond:  // A4, reedy soft square: the second player's brighter "tick", with its click
      return {Note{start, midi_frequency(69), Waveform::kSoftSquare, kPluck, 0.2, 0.3},
              Note{start, midi_frequency(96), Waveform::kSine, kClick, 0.004, 0.07}};
    case Effect::kWin: {  // C major arpeggio up to the octave
      static constexpr std::array<double, 4> kUp = {72, 76, 79, 84};
      return arpeggio(kUp, 0.1, 0.45, Waveform::kTriangle, 0.35, start, sample_rate);
    }
    case Effect::kLoss: {  // slower, down a minor triad
      static constexpr std::array<double, 4> kDown = {67, 63, 60, 55};
      return arpeggio(kDown, 0.16, 0.5, Waveform::kTriangle, 0.35, start, sample_rate);
    }
    case Effect::kDraw: {  // the same note twice: neither up nor down
      static constexpr std::array<double, 2> kLevel = {67, 67};
      return arpeggio(kLevel, 0.15, 0.3, Waveform::kSine, 0.35, start, sample_rate);
    }
    case Effect::kRefused: {  // "uh-uh": two short buzzes on Bb4, high enough for laptop speakers
      constexpr Envelope kBuzz{.attack = 0.004, .decay = 0.04, .sustain = 0.6, .release = 0.02};
      return {Note{start, midi_frequency(70), Waveform::kSoftSquare, kBuzz, 0.05, 0.3},
              Note{start + samples(0.09, sample_rate), midi_frequency(70), Waveform::kSoftSquare, kBuzz, 0.05, 0.3}};
    }
  }
  return {};
}

std::vector<Note> flip_chain_notes(int flips, double seconds_between, std::int64_t start,
                                   int sample_rate) {
  // The major scale's steps within an octave, in semitones above the tonic.
  static constexpr std::array<int, 7> kMajor = {0, 2, 4, 5, 7, 9, 11};
  constexpr int kTopDegree = 14;  // two octaves above C5
  constexpr int kTonic = 72;      // C5
  if (flips <= 0) return {};
  flips = std::min(flips, kMaxFlipTones);
  // NaN and negatives become 0 (all at once), the upper bound keeps a chain short.
  seconds_between = seconds_between > 0.0 ? std::min(seconds_between, 1.0) : 0.0;
  const int first_degree = std::min(0, kTopDegree - (flips - 1));
  std::vector<Note> notes;
  for (int i = 0; i < flips; ++i) {
    const int degree = first_degree + i;
    const int octave = degree >= 0 ? degree / 7 : -((6 - degree) / 7);
    const int semitones = 12 * octave + kMajor[static_cast<std::size_t>(degree - 7 * octave)];
    notes.push_back(Note{.start = start + samples(seconds_between * i, sample_rate),
                         .frequency = midi_frequency(kTonic + semitones),
                         .waveform = Waveform::kTriangle,
                         .envelope = kPluck,
                         .gate = 0.08,
                         .gain = 0.3});
  }
  return notes;
}

}  // namespace narabe::gui::audio
