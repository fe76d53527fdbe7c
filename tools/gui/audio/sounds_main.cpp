// narabe-gui-sounds: writes every sound narabe-gui makes as a WAV file (mono,
// 16-bit, 48 kHz), rendered by the same synthesizer, so a person can listen to
// them without a display or the GUI.
//
//   narabe-gui-sounds OUT_DIR   stone_first.wav ... refused.wav, flip_chain.wav,
//                               tune.wav (two loops, to hear the loop point)

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "narabe/version.h"
#include "tools/gui/audio/synthesizer.h"

namespace {

using narabe::gui::audio::Effect;
using narabe::gui::audio::Synthesizer;

constexpr std::string_view kUsage =
    "Usage: narabe-gui-sounds OUT_DIR\n"
    "Writes narabe-gui's sound effects and background tune as WAV files into OUT_DIR.\n";

void put_le(std::string& bytes, std::uint32_t value, int size) {
  for (int i = 0; i < size; ++i) bytes.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

// The canonical 44-byte PCM header, then the samples as little-endian int16.
std::string wav_bytes(const std::vector<float>& samples, int sample_rate) {
  const auto data_size = static_cast<std::uint32_t>(samples.size() * 2);
  std::string bytes = "RIFF";
  put_le(bytes, 36 + data_size, 4);
  bytes += "WAVEfmt ";
  put_le(bytes, 16, 4);  // fmt chunk size
  put_le(bytes, 1, 2);   // PCM
  put_le(bytes, 1, 2);   // mono
  put_le(bytes, static_cast<std::uint32_t>(sample_rate), 4);
  put_le(bytes, static_cast<std::uint32_t>(sample_rate * 2), 4);  // bytes a second
  put_le(bytes, 2, 2);                                            // bytes a frame
  put_le(bytes, 16, 2);                                           // bits a sample
  bytes += "data";
  put_le(bytes, data_size, 4);
  for (const float s : samples) {
    const auto value =
        static_cast<std::int16_t>(std::lround(std::clamp(s, -1.0f, 1.0f) * 32767.0f));
    put_le(bytes, static_cast<std::uint16_t>(value), 2);
  }
  return bytes;
}

struct Sound {
  std::string name;
  std::vector<float> samples;
};

// What a synthesizer with the music off plays in `seconds` after `start` ran.
std::vector<float> render_effects(const std::function<void(Synthesizer&)>& start, double seconds) {
  Synthesizer synth;
  synth.set_music_enabled(false);
  start(synth);
  std::vector<float> samples(static_cast<std::size_t>(seconds * synth.sample_rate()));
  synth.render(samples);
  return samples;
}

std::vector<Sound> all_sounds() {
  std::vector<Sound> sounds;
  const std::pair<const char*, Effect> effects[] = {{"stone_first", Effect::kStoneFirst},
                                                    {"stone_second", Effect::kStoneSecond},
                                                    {"win", Effect::kWin},
                                                    {"loss", Effect::kLoss},
                                                    {"draw", Effect::kDraw},
                                                    {"refused", Effect::kRefused}};
  for (const auto& [name, effect] : effects) {
    sounds.push_back({name, render_effects([e = effect](Synthesizer& s) { s.play(e); }, 1.2)});
  }
  sounds.push_back(
      {"flip_chain", render_effects([](Synthesizer& s) { s.play_flip_chain(8, 0.09); }, 1.2)});
  Synthesizer music;
  music.set_effects_enabled(false);
  music.set_music_volume(1.0);
  std::vector<float> tune(static_cast<std::size_t>(2 * music.music_loop_samples()));
  music.render(tune);
  sounds.push_back({"tune", std::move(tune)});
  return sounds;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && (std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "-h")) {
    std::cout << kUsage;
    return 0;
  }
  if (argc == 2 && std::string_view(argv[1]) == "--version") {
    std::cout << narabe::version_line("narabe-gui-sounds") << "\n";
    return 0;
  }
  if (argc != 2 || argv[1][0] == '-') {
    std::cerr << "narabe-gui-sounds: "
              << (argc < 2 ? "missing OUT_DIR" : "one argument expected, OUT_DIR") << "\n"
              << kUsage;
    return 2;
  }
  const std::filesystem::path out_dir = argv[1];
  std::error_code error;
  std::filesystem::create_directories(out_dir, error);
  if (error) {
    std::cerr << fmt::format("narabe-gui-sounds: cannot create {}: {}\n", out_dir.string(),
                             error.message());
    return 1;
  }
  for (const Sound& sound : all_sounds()) {
    const std::filesystem::path path = out_dir / (sound.name + ".wav");
    std::ofstream file(path, std::ios::binary);
    const std::string bytes = wav_bytes(sound.samples, Synthesizer::kDefaultSampleRate);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file.flush()) {
      std::cerr << fmt::format("narabe-gui-sounds: cannot write {}: {}\n", path.string(),
                               std::strerror(errno));
      return 1;
    }
    std::cout << fmt::format(
        "{} ({:.2f} s)\n", path.string(),
        static_cast<double>(sound.samples.size()) / Synthesizer::kDefaultSampleRate);
  }
  return 0;
}
