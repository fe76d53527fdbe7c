#include "tools/gui/audio/sound_board.h"

#include <SDL.h>
#include <fmt/format.h>

#include <span>

#include "tools/gui/audio/synthesizer.h"

namespace narabe::gui::audio {

namespace {

std::string silent_because(const char* reason) {
  return fmt::format("no audio device: sound off ({})", reason);
}

}  // namespace

std::unique_ptr<SoundBoard> SoundBoard::open() {
  std::unique_ptr<SoundBoard> board(new SoundBoard());
  if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
    board->status_ = silent_because(SDL_GetError());
    return board;
  }
  SDL_AudioSpec wanted{};
  wanted.freq = Synthesizer::kDefaultSampleRate;
  wanted.format = AUDIO_F32SYS;
  wanted.channels = 1;
  wanted.samples = 1024;  // ~21 ms at 48 kHz: prompt enough for a stone landing
  wanted.callback = &SoundBoard::fill;
  wanted.userdata = board.get();
  SDL_AudioSpec obtained{};
  // Any rate the device prefers is fine (the synthesizer renders at it); the
  // format and channel count stay ours and SDL converts.
  const SDL_AudioDeviceID device =
      SDL_OpenAudioDevice(nullptr, 0, &wanted, &obtained, SDL_AUDIO_ALLOW_FREQUENCY_CHANGE);
  if (device == 0) {
    board->status_ = silent_because(SDL_GetError());
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    return board;
  }
  board->synth_ = std::make_unique<Synthesizer>(obtained.freq);
  board->device_ = device;
  const char* driver = SDL_GetCurrentAudioDriver();
  board->status_ =
      fmt::format("sound on ({}, {} Hz)", driver ? driver : "?", board->synth_->sample_rate());
  SDL_PauseAudioDevice(device, 0);
  return board;
}

SoundBoard::~SoundBoard() {
  if (device_ == 0) return;
  SDL_CloseAudioDevice(device_);  // waits for a running callback to finish
  SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void SoundBoard::fill(void* board, std::uint8_t* stream, int bytes) {
  auto* self = static_cast<SoundBoard*>(board);
  // SDL hands over a byte buffer of whole samples in the format asked for (F32).
  std::span<float> out(reinterpret_cast<float*>(stream),
                       static_cast<std::size_t>(bytes) / sizeof(float));
  self->synth_->render(out);
}

template <typename Change>
void SoundBoard::locked(Change change) {
  // Without a device time stands still, so notes would pile up: drop the call.
  if (device_ == 0) return;
  SDL_LockAudioDevice(device_);
  change(*synth_);
  SDL_UnlockAudioDevice(device_);
}

void SoundBoard::play(Effect effect) {
  locked([&](Synthesizer& s) { s.play(effect); });
}
void SoundBoard::play_flip_chain(int flips, double seconds_between) {
  locked([&](Synthesizer& s) { s.play_flip_chain(flips, seconds_between); });
}
void SoundBoard::set_music_enabled(bool on) {
  locked([&](Synthesizer& s) { s.set_music_enabled(on); });
}
void SoundBoard::set_effects_enabled(bool on) {
  locked([&](Synthesizer& s) { s.set_effects_enabled(on); });
}
void SoundBoard::set_music_volume(double v) {
  locked([&](Synthesizer& s) { s.set_music_volume(v); });
}
void SoundBoard::set_effects_volume(double v) {
  locked([&](Synthesizer& s) { s.set_effects_volume(v); });
}

}  // namespace narabe::gui::audio
