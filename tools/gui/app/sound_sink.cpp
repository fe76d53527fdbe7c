#include "tools/gui/app/sound_sink.h"

#include <fmt/format.h>

#include <cmath>

namespace narabe::gui {

void RecordingSoundSink::play(Cue cue) {
  switch (cue) {
    case Cue::kStoneFirst: events.push_back("stone-first"); break;
    case Cue::kStoneSecond: events.push_back("stone-second"); break;
    case Cue::kWin: events.push_back("win"); break;
    case Cue::kLoss: events.push_back("loss"); break;
    case Cue::kDraw: events.push_back("draw"); break;
    case Cue::kRefused: events.push_back("refused"); break;
  }
}

void RecordingSoundSink::play_flip_chain(int flips, double) { events.push_back(fmt::format("flips {}", flips)); }

void RecordingSoundSink::set_music_volume(double volume) {
  events.push_back(fmt::format("music volume {}", std::lround(volume * 100)));
}

void RecordingSoundSink::set_effects_volume(double volume) {
  events.push_back(fmt::format("effects volume {}", std::lround(volume * 100)));
}

}  // namespace narabe::gui
