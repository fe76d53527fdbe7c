#pragma once
// Where the controller sends its sound cues. The synthesizer (tools/gui/audio,
// SoundBoard) implements the same calls; the controller only knows this
// interface, so it is tested with the recording sink and runs silent with the
// null one.

#include <string>
#include <vector>

namespace narabe::gui {

enum class Cue { kStoneFirst, kStoneSecond, kWin, kLoss, kDraw, kRefused };

class SoundSink {
 public:
  virtual ~SoundSink() = default;
  virtual void play(Cue cue) = 0;
  // A rising run of `flips` tones, one every `seconds_between`, in step with
  // Reversi's flip animation.
  virtual void play_flip_chain(int flips, double seconds_between) = 0;
  virtual void set_music_enabled(bool on) = 0;
  virtual void set_effects_enabled(bool on) = 0;
  virtual void set_music_volume(double volume) = 0;  // 0..1
  virtual void set_effects_volume(double volume) = 0;
};

class NullSoundSink final : public SoundSink {
 public:
  void play(Cue) override {}
  void play_flip_chain(int, double) override {}
  void set_music_enabled(bool) override {}
  void set_effects_enabled(bool) override {}
  void set_music_volume(double) override {}
  void set_effects_volume(double) override {}
};

// Keeps every call as a word ("stone-first", "flips 3", "music off"), for tests.
class RecordingSoundSink final : public SoundSink {
 public:
  void play(Cue cue) override;
  void play_flip_chain(int flips, double seconds_between) override;
  void set_music_enabled(bool on) override { events.push_back(on ? "music on" : "music off"); }
  void set_effects_enabled(bool on) override { events.push_back(on ? "effects on" : "effects off"); }
  void set_music_volume(double volume) override;    // "music volume 60"
  void set_effects_volume(double volume) override;  // "effects volume 100"

  std::vector<std::string> events;
};

}  // namespace narabe::gui
