#pragma once
// The controller's sound cues played by the synthesizer: app/ knows only the
// SoundSink interface (so it is tested without SDL), audio/ only its own
// Effect names (so it is tested without the controller); this is the one
// place that joins them.

#include "tools/gui/app/sound_sink.h"
#include "tools/gui/audio/sound_board.h"

namespace narabe::gui {

class SoundBoardSink final : public SoundSink {
 public:
  explicit SoundBoardSink(audio::SoundBoard& board) : board_(board) {}

  void play(Cue cue) override { board_.play(effect_for(cue)); }
  void play_flip_chain(int flips, double seconds_between) override {
    board_.play_flip_chain(flips, seconds_between);
  }
  void set_music_enabled(bool on) override { board_.set_music_enabled(on); }
  void set_effects_enabled(bool on) override { board_.set_effects_enabled(on); }
  void set_music_volume(double volume) override { board_.set_music_volume(volume); }
  void set_effects_volume(double volume) override { board_.set_effects_volume(volume); }

 private:
  static audio::Effect effect_for(Cue cue) {
    switch (cue) {
      case Cue::kStoneFirst: return audio::Effect::kStoneFirst;
      case Cue::kStoneSecond: return audio::Effect::kStoneSecond;
      case Cue::kWin: return audio::Effect::kWin;
      case Cue::kLoss: return audio::Effect::kLoss;
      case Cue::kDraw: return audio::Effect::kDraw;
      case Cue::kRefused: break;
    }
    return audio::Effect::kRefused;
  }

  audio::SoundBoard& board_;
};

}  // namespace narabe::gui
