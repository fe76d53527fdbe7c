#pragma once
// The GUI's sound: the synthesizer played through an SDL audio device. Opening
// never fails: without a device (no sound card, no sound server, an
// SDL_AUDIODRIVER that does not exist) every call is accepted, nothing is
// heard, and status_message() says why, for the GUI to show once.
//
// Only SDL's audio subsystem is initialised (SDL_InitSubSystem, reference
// counted), so the GUI's own video initialisation lives beside it; destroy the
// SoundBoard before the GUI calls SDL_Quit. Every call comes from one thread
// (the UI's); SDL's callback thread renders under the device lock.

#include <cstdint>
#include <memory>
#include <string>

#include "tools/gui/audio/effects.h"

namespace narabe::gui::audio {

class Synthesizer;

class SoundBoard {
 public:
  static std::unique_ptr<SoundBoard> open();  // never fails; never null
  ~SoundBoard();
  SoundBoard(const SoundBoard&) = delete;
  SoundBoard& operator=(const SoundBoard&) = delete;

  bool has_device() const { return device_ != 0; }
  // "sound on (<driver>, <rate> Hz)" or "no audio device: sound off (<SDL's reason>)".
  const std::string& status_message() const { return status_; }

  void play(Effect effect);
  // A rising run of tones, one per flipped disc, in step with the flip animation.
  void play_flip_chain(int flips, double seconds_between);
  void set_music_enabled(bool on);
  void set_effects_enabled(bool on);
  void set_music_volume(double v);  // 0..1, clamped
  void set_effects_volume(double v);

 private:
  SoundBoard() = default;
  // Runs `change` on the synthesizer while SDL's callback cannot run.
  template <typename Change>
  void locked(Change change);
  static void fill(void* board, std::uint8_t* stream, int bytes);

  std::uint32_t device_ = 0;  // SDL_AudioDeviceID; 0: silent
  std::unique_ptr<Synthesizer> synth_;
  std::string status_;
};

}  // namespace narabe::gui::audio
