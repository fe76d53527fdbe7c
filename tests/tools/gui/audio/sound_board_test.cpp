// narabe-gui's SDL sound output: it opens on SDL's dummy driver (a device that
// plays nowhere), and with a driver that cannot exist it runs silently and
// says why; no call crashes either way.

#include <gtest/gtest.h>

#include <cstdlib>

#include "tools/gui/audio/sound_board.h"

namespace narabe::gui::audio {
namespace {

void exercise(SoundBoard& board) {
  board.set_music_enabled(true);
  board.set_effects_enabled(true);
  board.set_music_volume(0.7);
  board.set_effects_volume(2.0);
  for (Effect e : {Effect::kStoneFirst, Effect::kStoneSecond, Effect::kWin, Effect::kLoss,
                   Effect::kDraw, Effect::kRefused}) {
    board.play(e);
  }
  board.play_flip_chain(7, 0.05);
  board.play_flip_chain(-1, -1.0);
  board.set_music_enabled(false);
  board.set_effects_enabled(false);
}

TEST(GuiSoundBoard, OpensOnTheDummyDriver) {
  ASSERT_EQ(setenv("SDL_AUDIODRIVER", "dummy", 1), 0);
  auto board = SoundBoard::open();
  ASSERT_NE(board, nullptr);
  EXPECT_TRUE(board->has_device()) << board->status_message();
  EXPECT_NE(board->status_message().find("sound on (dummy"), std::string::npos)
      << board->status_message();
  exercise(*board);
  board.reset();
  // Closing gave the subsystem back: it opens again.
  EXPECT_TRUE(SoundBoard::open()->has_device());
}

TEST(GuiSoundBoard, RunsSilentlyWithAMessageWhenThereIsNoDevice) {
  ASSERT_EQ(setenv("SDL_AUDIODRIVER", "no-such-driver", 1), 0);
  auto board = SoundBoard::open();
  ASSERT_NE(board, nullptr);
  EXPECT_FALSE(board->has_device());
  EXPECT_EQ(board->status_message().rfind("no audio device: sound off (", 0), 0u)
      << board->status_message();
  EXPECT_GT(board->status_message().size(), std::string("no audio device: sound off ()").size());
  exercise(*board);
}

}  // namespace
}  // namespace narabe::gui::audio
