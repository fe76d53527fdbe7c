#pragma once
// A controller with the in-process fakes behind it (the fake engine, the
// recording sound sink), for the tests that drive a Controller directly.

#include "tests/tools/gui/fake_engine_link.h"
#include "tools/gui/app/controller.h"
#include "tools/gui/app/sound_sink.h"

namespace narabe::gui::test_fakes {

struct ControllerWithFakes {
  explicit ControllerWithFakes(Settings settings = {}) : controller(settings, engine, sound) {}
  FakeEngineLink engine;
  RecordingSoundSink sound;
  Controller controller;
};

}  // namespace narabe::gui::test_fakes
