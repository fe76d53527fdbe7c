#include "tools/gui/audio/background_tune.h"

#include <array>
#include <cmath>

namespace narabe::gui::audio {

namespace {

constexpr double kBeatSeconds = 0.6;  // 100 beats a minute
constexpr int kBeats = 32;            // eight bars of 4/4: a phrase and its answer

struct Chord {
  int root;                  // MIDI note of the bass
  std::array<int, 3> tones;  // the pad's three notes
};

// I - vi - IV - V in C major, then vi - IV - I - V for the answer, the pad
// around middle C.
constexpr std::array<Chord, 8> kChords = {{
    {48, {60, 64, 67}},  // C
    {45, {60, 64, 69}},  // Am
    {41, {60, 65, 69}},  // F
    {43, {59, 62, 67}},  // G
    {45, {60, 64, 69}},  // Am
    {41, {60, 65, 69}},  // F
    {48, {60, 64, 67}},  // C
    {43, {59, 62, 67}},  // G
}};

struct MelodyNote {
  double beat;
  double beats;
  int midi;
};

// Pentatonic, so it sits on every chord. The phrase ends open on G; the
// answer varies it (higher, then stepping down) and its last bar falls to G4
// and picks up on A4 into the first bar's E5. One bar a line.
// clang-format off
constexpr std::array<MelodyNote, 29> kMelody = {{
    {0, 1, 76}, {1, 1, 79}, {2, 1.5, 81}, {3.5, 0.5, 79},   // E G A G
    {4, 1, 76}, {5, 1, 74}, {6, 2, 72},                      // E D C
    {8, 1, 69}, {9, 1, 72}, {10, 1, 74}, {11, 1, 76},        // A C D E
    {12, 2, 74}, {14, 1, 67},                                // D G (A below)
    {16, 1, 72}, {17, 1, 76}, {18, 1.5, 84}, {19.5, 0.5, 81}, // C E C A
    {20, 1, 79}, {21, 1, 76}, {22, 2, 81},                   // G E A
    {24, 0.5, 79}, {24.5, 0.5, 76}, {25, 1, 74}, {26, 2, 72}, // G E D C
    {28, 2, 74}, {30, 1, 71}, {31, 0.5, 67},                 // D B G
    {31.5, 0.5, 69},                                         // A, a pickup into the loop
    {15, 1, 69},                                             // A, leading the answer in
}};
// clang-format on

constexpr Envelope kPad{.attack = 0.5, .decay = 1.5, .sustain = 0.7, .release = 0.8};
constexpr Envelope kBass{.attack = 0.01, .decay = 0.35, .sustain = 0.35, .release = 0.2};
constexpr Envelope kLead{.attack = 0.02, .decay = 0.3, .sustain = 0.45, .release = 0.25};

}  // namespace

BackgroundTune background_tune(int sample_rate) {
  const double beat_samples = kBeatSeconds * sample_rate;
  const auto at = [&](double beat) {
    return static_cast<std::int64_t>(std::llround(beat * beat_samples));
  };
  BackgroundTune tune;
  tune.loop_samples = at(kBeats);
  for (std::size_t bar = 0; bar < kChords.size(); ++bar) {
    const double first_beat = 4.0 * static_cast<double>(bar);
    // The pad is held the whole bar and releases across the bar line, so the
    // chords overlap (and the last one overlaps the next loop's first).
    for (const int tone : kChords[bar].tones) {
      tune.notes.push_back(Note{at(first_beat), midi_frequency(tone), Waveform::kSine, kPad,
                                4.0 * kBeatSeconds, 0.045});
    }
    for (const double beat : {0.0, 2.0}) {
      tune.notes.push_back(Note{at(first_beat + beat), midi_frequency(kChords[bar].root),
                                Waveform::kTriangle, kBass, 1.6 * kBeatSeconds, 0.11});
    }
  }
  for (const MelodyNote& m : kMelody) {
    tune.notes.push_back(Note{at(m.beat), midi_frequency(m.midi), Waveform::kTriangle, kLead,
                              0.85 * m.beats * kBeatSeconds, 0.08});
  }
  return tune;
}

}  // namespace narabe::gui::audio
