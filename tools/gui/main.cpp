// narabe-gui: the desktop frontend. Starts the engine (any program that speaks
// narabe's protocol) as a child process, opens a window and lets a person play
// the four games against it, watch it play itself, or play a friend.
//
//   narabe-gui [--engine PATH] [--config FILE] [--size WxH] [--start]
//   narabe-gui --script FILE [--screenshot PATH]   (headless tests, docs pictures)
//
// Everything is decided in app/ (the controller); this file only wires SDL's
// events, clock and window to it.

#include <SDL.h>
#include <SDL_ttf.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <fmt/format.h>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "narabe/version.h"
#include "tools/gui/app/controller.h"
#include "tools/gui/app/engine_link.h"
#include "tools/gui/app/game_record.h"
#include "tools/gui/app/redraw_gate.h"
#include "tools/gui/app/settings_file.h"
#include "tools/gui/app/sound_sink.h"
#include "tools/gui/app/translation.h"
#include "tools/gui/audio/sound_board.h"
#include "tools/gui/sound_board_sink.h"
#include "tools/gui/input/key_map.h"
#include "tools/gui/input/script.h"
#include "tools/gui/view/buttons.h"
#include "tools/gui/view/canvas.h"
#include "tools/gui/view/painter.h"

namespace {

using namespace narabe::gui;
namespace po = boost::program_options;

constexpr const char* kFontDir = "/usr/share/fonts/truetype/dejavu";
constexpr double kFrameSeconds = 1.0 / 60.0;

std::string engine_beside_us() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "narabe";
  return (self.parent_path() / "narabe").string();
}

bool save_bmp(SDL_Renderer* renderer, int w, int h, const std::string& path) {
  SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
  if (surface == nullptr) return false;
  bool ok = SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_ARGB8888, surface->pixels, surface->pitch) == 0 &&
            SDL_SaveBMP(surface, path.c_str()) == 0;
  SDL_FreeSurface(surface);
  return ok;
}

// What the program owns while it runs; released in reverse order.
struct Sdl {
  ~Sdl() {
    canvas.reset();
    if (renderer) SDL_DestroyRenderer(renderer);
    if (window) SDL_DestroyWindow(window);
    if (ttf) TTF_Quit();
    SDL_Quit();
  }
  SDL_Window* window = nullptr;
  SDL_Renderer* renderer = nullptr;
  bool ttf = false;
  std::unique_ptr<view::Canvas> canvas;
};

int fail(const std::string& message) {
  std::cerr << "narabe-gui: " << message << "\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::string engine_path, script_path, screenshot_path, config_path, load_path, size_text = "1040x700";
  po::options_description options("narabe-gui options");
  options.add_options()("help", "this text")("version", "print the version and exit")(
      "engine", po::value(&engine_path), "the engine to play (default: the narabe beside narabe-gui)")(
      "config", po::value(&config_path), "the settings file (default: $XDG_CONFIG_HOME/narabe/gui.conf)")(
      "size", po::value(&size_text), "the window's size, WxH (default 1040x700)")(
      "start", "straight into a game with the saved settings, past the start screen")(
      "load", po::value(&load_path), "open a saved game (GGF, SGF, Connect Four's columns, tic-tac-toe's cells) to step through or play on; "
      "in the window, L opens a list of saved games")(
      "script", po::value(&script_path), "run the steps of this file instead of reading the mouse and keyboard")(
      "screenshot", po::value(&screenshot_path), "with --script: save the last frame as this BMP file");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "narabe-gui: " << e.what() << " (narabe-gui --help lists the options)\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << "narabe-gui: play tic-tac-toe, Connect Four, Gomoku and Reversi against the narabe engine.\n\n"
              << options << "\nKeys: F1 in the window. Without a display: xvfb-run narabe-gui, or play the\n"
              << "engine directly (narabe; see docs/protocol.md).\n";
    return 0;
  }
  if (vm.count("version")) {
    std::cout << narabe::version_line("narabe-gui") << "\n";
    return 0;
  }
  int width = 0, height = 0;
  if (std::sscanf(size_text.c_str(), "%dx%d", &width, &height) != 2 || width < 320 || height < 240 || width > 8192 ||
      height > 8192) {
    std::cerr << "narabe-gui: --size wants WxH from 320x240 to 8192x8192, not '" << size_text << "'\n";
    return 2;
  }
  if (!screenshot_path.empty() && script_path.empty()) {
    std::cerr << "narabe-gui: --screenshot goes with --script\n";
    return 2;
  }
  std::vector<input::ScriptStep> script;
  const bool scripted = !script_path.empty();
  if (scripted) {
    std::ifstream in(script_path);
    if (!in) return fail("cannot read the script " + script_path);
    std::stringstream text;
    text << in.rdbuf();
    auto parsed = input::parse_script(text.str());
    if (!parsed) return fail(script_path + ": " + parsed.error());
    script = std::move(*parsed);
  }

  if (engine_path.empty()) engine_path = engine_beside_us();
  if (access(engine_path.c_str(), X_OK) != 0)
    return fail("no engine at " + engine_path + " (build it: cmake --build --preset release, or give --engine PATH)");

  if (config_path.empty()) config_path = default_settings_path();
  LoadedSettings loaded = config_path.empty() ? LoadedSettings{} : load_settings(config_path);
  for (const auto& problem : loaded.problems) std::cerr << "narabe-gui: " << problem << "\n";
  // Until the settings name a language, the locale chooses it.
  if (!loaded.language_given)
    loaded.settings.language = language_from_locale(std::getenv("LC_ALL"), std::getenv("LC_MESSAGES"), std::getenv("LANG"));

  ProcessEngineLink engine({engine_path});
  if (const std::string error = engine.start(); !error.empty()) return fail(error);


  Sdl sdl;
  const bool driver_chosen = std::getenv("SDL_VIDEODRIVER") != nullptr;
  // Scripted runs draw with the software renderer in memory: SDL's dummy
  // driver (its offscreen one loads Mesa's EGL, which LeakSanitizer sees leak).
  if (scripted && !driver_chosen) setenv("SDL_VIDEODRIVER", "dummy", 1);
  const std::string no_display_help = std::string("\nNo display here? Run it on a virtual one: xvfb-run -s '-screen 0 1280x800x24' ") +
                                      argv[0] + "\nor play the engine directly: " + engine_path + " (docs/protocol.md).";
  if (SDL_Init(SDL_INIT_VIDEO) != 0) return fail(std::string("cannot open a window (") + SDL_GetError() + ")." + no_display_help);
  // Without any display SDL falls back to its invisible offscreen driver: a
  // window nobody can see is no use to a person.
  const std::string driver = SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "";
  if (!scripted && !driver_chosen && (driver == "offscreen" || driver == "dummy"))
    return fail("cannot open a window: no display (DISPLAY and WAYLAND_DISPLAY are not set)." + no_display_help);
  sdl.window = SDL_CreateWindow("narabe", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                                SDL_WINDOW_RESIZABLE | (scripted ? SDL_WINDOW_HIDDEN : 0));
  if (sdl.window == nullptr) return fail(std::string("cannot open a window (") + SDL_GetError() + ")." + no_display_help);
  const Uint32 flags = scripted ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC;
  sdl.renderer = SDL_CreateRenderer(sdl.window, -1, flags);
  if (sdl.renderer == nullptr) sdl.renderer = SDL_CreateRenderer(sdl.window, -1, SDL_RENDERER_SOFTWARE);
  if (sdl.renderer == nullptr) return fail(std::string("cannot draw in the window: ") + SDL_GetError());
  if (TTF_Init() != 0) return fail(std::string("cannot start SDL_ttf: ") + TTF_GetError());
  sdl.ttf = true;
  std::string font_error;
  sdl.canvas = view::Canvas::open(sdl.renderer, kFontDir, &font_error);
  if (!sdl.canvas) return fail(font_error);

  // Declared after `sdl`, so the audio device closes before SDL_Quit. Scripted
  // runs (tests) use SDL's dummy audio driver unless one is chosen: the
  // synthesizer still runs, nothing is played, and no sound card is needed.
  if (scripted && std::getenv("SDL_AUDIODRIVER") == nullptr) setenv("SDL_AUDIODRIVER", "dummy", 1);
  const auto sound_board = audio::SoundBoard::open();
  SoundBoardSink sound(*sound_board);
  // Said once, on the start screen and on stderr, when there is no device.
  const std::string notice = sound_board->has_device() ? std::string() : sound_board->status_message();
  if (!notice.empty()) std::cerr << "narabe-gui: " << notice << "\n";

  Controller controller(loaded.settings, engine, sound);
  if (vm.count("start")) controller.handle({CommandKind::kStart}, 0);
  if (!load_path.empty()) {
    const auto record = read_record_file(load_path);
    if (!record) return fail(record.error());
    if (const std::string error = controller.load_game(*record, 0); !error.empty()) return fail(load_path + ": " + error);
  }
  const auto started = std::chrono::steady_clock::now();
  auto real_seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  double now = 0;
  auto window_size = [&] {
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(sdl.renderer, &w, &h);
    return std::pair{w, h};
  };
  auto draw = [&] {
    const auto [w, h] = window_size();
    view::paint(*sdl.canvas, controller, now, w, h, notice);
  };
  // Saving writes a file, so it is done here; the controller only gives the record.
  auto save_game = [&] {
    const std::string dir = default_records_dir();
    const std::time_t t = std::time(nullptr);
    char stamp[32] = "";
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&t));
    const GameRecord record = controller.record();
    std::error_code ec;
    if (!dir.empty()) std::filesystem::create_directories(dir, ec);
    const std::string path = dir + "/" + record_file_name(record.game, stamp);
    std::ofstream out(path, std::ios::binary);
    out << format_record(record);
    out.flush();
    const bool ok = !dir.empty() && !ec && out.good();
    controller.note(fmt::format(fmt::runtime(tr(controller.settings().language, ok ? "Saved: {}" : "Not saved: {}")),
                                ok ? path : (dir.empty() ? std::string("no HOME") : path)));
  };
  // The chooser lists the folder saves go to and the folder we were started in.
  auto open_chooser = [&] {
    std::error_code ec;
    const std::string here = std::filesystem::current_path(ec).string();
    controller.open_chooser(list_saved_games(default_records_dir(), ec ? std::string() : here));
  };
  // A file that does not load leaves the game on the board; the chooser says why.
  auto load_chosen = [&](int index) {
    const FileChooser* chooser = controller.chooser();
    if (chooser == nullptr || index < 0 || index >= static_cast<int>(chooser->files().size())) return;
    const SavedGameFile file = chooser->files()[static_cast<std::size_t>(index)];
    const auto record = read_record_file(file.path);
    std::string error = record ? controller.load_game(*record, now) : record.error();
    if (record && !error.empty()) error = file.name + ": " + error;
    const Language language = controller.settings().language;
    if (!error.empty())
      controller.chooser_failed(fmt::format(fmt::runtime(tr(language, "Not loaded: {}. The game on the board is kept.")), error));
    else
      controller.note(fmt::format(fmt::runtime(tr(language, "Loaded: {}")), file.name));
  };
  auto apply = [&](std::optional<Command> command) {
    if (!command) return;
    const bool overlay = controller.help_shown() || controller.chooser() != nullptr;
    if (command->kind == CommandKind::kSave && !overlay && controller.screen() == Screen::kPlaying)
      save_game();
    else if (command->kind == CommandKind::kLoad && !overlay)
      open_chooser();
    else if (command->kind == CommandKind::kLoadFile)
      load_chosen(command->x);
    else
      controller.handle(*command, now);
  };

  RedrawGate gate;
  if (scripted) {
    // A virtual clock: each frame is exactly 1/60 s, whatever the machine's
    // speed. Frames are counted as a window would draw them, not drawn.
    auto frame = [&] {
      now += kFrameSeconds;
      controller.update(now);
      gate.should_draw(controller.revision(), controller.animating(now), false);
    };
    for (const auto& step : script) {
      using Kind = input::ScriptStep::Kind;
      const auto [w, h] = window_size();
      auto where = [&] { return "script line " + std::to_string(step.line) + ": "; };
      switch (step.kind) {
        case Kind::kKey: {
          const SDL_Keycode key = SDL_GetKeyFromName(step.text.c_str());
          if (key == SDLK_UNKNOWN) return fail(where() + "unknown key name '" + step.text + "'");
          apply(input::command_for_key(key, controller));
          break;
        }
        case Kind::kClick:
          apply(input::command_for_click(static_cast<float>(step.x), static_cast<float>(step.y), controller, w, h));
          break;
        case Kind::kMove:
          apply(input::command_for_motion(static_cast<float>(step.x), static_cast<float>(step.y), controller, w, h));
          break;
        case Kind::kWheel: apply(input::command_for_wheel(step.x, controller)); break;
        case Kind::kCell: {
          const view::Point p = view::layout_for(controller, w, h).center(step.x, step.y);
          apply(input::command_for_motion(p.x, p.y, controller, w, h));
          apply(input::command_for_click(p.x, p.y, controller, w, h));
          break;
        }
        case Kind::kWait: {
          const double until = now + step.x / 1000.0;
          while (now + 1e-9 < until) frame();  // frame() advances `now`
          break;
        }
        case Kind::kIdle: {
          const double limit = real_seconds() + 60;
          frame();
          while (!(controller.screen() == Screen::kStart || controller.accepts_moves(now) || controller.game_over() ||
                   controller.engine_failed()) ||
                 controller.animation()) {
            if (real_seconds() > limit) return fail(where() + "still busy after 60 s: " + controller.message());
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            frame();
          }
          break;
        }
        case Kind::kAwaitEvaluation: {
          const double limit = real_seconds() + 60;
          while (controller.evaluation().empty() || controller.depth() <= 0) {
            if (real_seconds() > limit) return fail(where() + "no evaluation after 60 s: " + controller.message());
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            frame();
          }
          break;
        }
        case Kind::kExpectPanelInside: {
          std::vector<view::Rect> boxes;
          view::paint(*sdl.canvas, controller, now, w, h, notice, &boxes);
          if (controller.screen() != Screen::kPlaying) return fail(where() + "no panel on the start screen");
          const view::Rect panel = view::layout_for(controller, w, h).panel;
          auto inside = [](const view::Rect& box, const view::Rect& area) {
            constexpr float kSlack = 0.5f;  // rounding to whole pixels
            return box.x >= area.x - kSlack && box.y >= area.y - kSlack && box.x + box.w <= area.x + area.w + kSlack &&
                   box.y + box.h <= area.y + area.h + kSlack;
          };
          if (!inside(panel, {0, 0, static_cast<float>(w), static_cast<float>(h)}))
            return fail(where() + fmt::format("the panel ({} {} {}x{}) leaves the window", panel.x, panel.y, panel.w, panel.h));
          // Each box inside the panel, and the text above the buttons unless it is a button's.
          const view::BoardLayout layout = view::layout_for(controller, w, h);
          const auto buttons = view::game_buttons(layout, controller.game_over());
          const float text_bottom = view::panel_text_bottom(layout, controller.game_over());
          for (const view::Rect& box : boxes) {
            if (!inside(box, panel))
              return fail(where() + fmt::format("a box of the panel ({} {} {}x{}) leaves the panel ({} {} {}x{})", box.x,
                                                box.y, box.w, box.h, panel.x, panel.y, panel.w, panel.h));
            const bool on_a_button = std::any_of(buttons.begin(), buttons.end(),
                                                 [&](const view::Button& b) { return inside(box, b.rect); });
            if (!on_a_button && box.y + box.h > text_bottom + 0.5f)
              return fail(where() + fmt::format("a box of the panel ({} {} {}x{}) runs into the buttons (from y {})", box.x,
                                                box.y, box.w, box.h, text_bottom));
          }
          break;
        }
        case Kind::kExpectChooser: {
          const FileChooser* chooser = controller.chooser();
          if (chooser == nullptr || static_cast<int>(chooser->files().size()) != step.x)
            return fail(where() + fmt::format("expected the chooser open with {} files, {}", step.x,
                                              chooser == nullptr ? std::string("it is closed")
                                                                 : fmt::format("it has {}", chooser->files().size())));
          break;
        }
        case Kind::kExpectChooserError: {
          const std::string got = controller.chooser() != nullptr ? controller.chooser()->error() : "(the chooser is closed)";
          if (!input::text_matches(step.text, got))
            return fail(where() + "expected the chooser's error '" + step.text + "', got '" + got + "'");
          break;
        }
        case Kind::kScreenshot:
          draw();
          if (!save_bmp(sdl.renderer, w, h, step.text)) return fail(where() + "cannot save " + step.text + ": " + SDL_GetError());
          break;
        case Kind::kExpectOver:
          if (!controller.game_over()) return fail(where() + "expected the game to be over: " + controller.message());
          break;
        case Kind::kExpectMessage:
          if (!input::text_matches(step.text, controller.message()))
            return fail(where() + "expected the message '" + step.text + "', got '" + controller.message() + "'");
          break;
        case Kind::kExpectCell: {
          const auto cells = controller.board().board();
          const char got = step.x >= 0 && step.x < cells.width && step.y >= 0 && step.y < cells.height
                               ? cells.at(step.x, step.y) : '?';
          if (got != step.text[0])
            return fail(where() + "expected '" + step.text + "' in cell " + std::to_string(step.x) + " " +
                        std::to_string(step.y) + ", got '" + std::string(1, got) + "'");
          break;
        }
        case Kind::kExpectRedraws:
          if (const int frames = gate.take_frames(); frames > step.x)
            return fail(where() + "expected at most " + std::to_string(step.x) + " frames drawn, the window drew " +
                        std::to_string(frames));
          break;
        case Kind::kKillEngine: engine.kill_engine(); break;
        case Kind::kQuit: break;
      }
      if (step.kind == Kind::kQuit) break;
    }
    if (!screenshot_path.empty()) {
      draw();
      const auto [w, h] = window_size();
      if (!save_bmp(sdl.renderer, w, h, screenshot_path)) return fail("cannot save " + screenshot_path);
    }
    std::cout << "script done: " << controller.message() << "\n";
    return 0;
  }

  bool running = true;
  double last_frame = -1;
  const bool waits_in_driver = driver != "offscreen" && driver != "dummy";
  while (running) {
    SDL_Event event;
    // Asleep until an event, or until the next frame while something moves,
    // or a short while to read the engine's replies (they come from its thread).
    int wait_ms = 50;
    if (controller.animating(now)) wait_ms = std::max(1, static_cast<int>((last_frame + kFrameSeconds - real_seconds()) * 1000));
    bool have = false;
    if (waits_in_driver) {
      have = SDL_WaitEventTimeout(&event, wait_ms) != 0;
    } else {
      // SDL's offscreen and dummy drivers cannot block on events: their
      // SDL_WaitEventTimeout polls every millisecond. Sleep here instead.
      have = SDL_PollEvent(&event) != 0;
      if (!have) {
        SDL_Delay(static_cast<Uint32>(std::min(wait_ms, 20)));
        have = SDL_PollEvent(&event) != 0;
      }
    }
    now = real_seconds();
    bool window_changed = false;
    while (have) {
      const auto [w, h] = window_size();
      switch (event.type) {
        case SDL_QUIT: running = false; break;
        case SDL_KEYDOWN: apply(input::command_for_key(event.key.keysym.sym, controller)); break;
        case SDL_MOUSEBUTTONDOWN:
          if (event.button.button == SDL_BUTTON_LEFT)
            apply(input::command_for_click(static_cast<float>(event.button.x), static_cast<float>(event.button.y),
                                           controller, w, h));
          break;
        case SDL_MOUSEWHEEL: apply(input::command_for_wheel(event.wheel.y, controller)); break;
        case SDL_MOUSEMOTION:
          apply(input::command_for_motion(static_cast<float>(event.motion.x), static_cast<float>(event.motion.y),
                                          controller, w, h));
          break;
        case SDL_WINDOWEVENT:
          if (event.window.event == SDL_WINDOWEVENT_SIZE_CHANGED) sdl.canvas->flush_text_cache();
          window_changed = true;  // resized, exposed, shown: the picture may be gone
          break;
        default: break;
      }
      have = SDL_PollEvent(&event) != 0;
    }
    controller.update(now);
    if (!gate.should_draw(controller.revision(), controller.animating(now), window_changed)) continue;
    draw();
    SDL_RenderPresent(sdl.renderer);
    last_frame = now;
  }
  if (!config_path.empty()) {
    if (const std::string error = save_settings(config_path, controller.settings()); !error.empty())
      std::cerr << "narabe-gui: settings not saved: " << error << "\n";
  }
  return 0;
}
