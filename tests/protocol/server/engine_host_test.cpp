// Tests of protocol/server/engine_host.h in-process: the one host behind the three
// front doors (options and their callbacks, games and variants, no position after a
// rejected one, per-game settings), and of the pieces it uses: the UCI_Variant
// presets and the win/draw/loss curve.

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "protocol/server/engine_host.h"
#include "protocol/server/info_format.h"
#include "protocol/server/session_factory.h"
#include "protocol/server/variant_presets.h"

namespace narabe::server {
namespace {

struct HostWithNotes {
  std::vector<std::string> notes;
  EngineHost host{"tictactoe", [this](std::string_view text) { notes.emplace_back(text); }};
};

TEST(VariantPresets, EveryPresetNamesAPlayableGameAndItsVariant) {
  ASSERT_FALSE(variant_presets().empty());
  EXPECT_EQ(variant_presets().front().name, "tictactoe");  // the engine's default game first
  core::TranspositionTable table(1);
  for (const VariantPreset& preset : variant_presets()) {
    SCOPED_TRACE(preset.name);
    auto session = create_session(preset.game, preset.variant, table);
    ASSERT_TRUE(session) << session.error();
    EXPECT_EQ(find_variant_preset(preset.name), &preset);
    EXPECT_EQ(preset_playing((*session)->position().game_name(), (*session)->position().variant_description()), &preset);
  }
  EXPECT_NE(find_variant_preset("Gomoku-Renju"), nullptr);
  EXPECT_EQ(find_variant_preset("chess"), nullptr);
}

TEST(Wdl, SumsToAThousandAndFollowsTheScore) {
  int last_win = -1;
  for (core::Score score = -2000; score <= 2000; score += 50) {
    const Wdl wdl = wdl_of(score);
    EXPECT_EQ(wdl.win + wdl.draw + wdl.loss, 1000) << score;
    EXPECT_GE(wdl.draw, 0) << score;
    EXPECT_GE(wdl.win, last_win) << score;
    last_win = wdl.win;
    const Wdl mirror = wdl_of(static_cast<core::Score>(-score));
    EXPECT_EQ(wdl.win, mirror.loss) << score;
  }
  const Wdl even = wdl_of(0);
  EXPECT_EQ(even.win, even.loss);
  const Wdl won = wdl_of(core::win_in(3));
  EXPECT_EQ(won.win, 1000);
  const Wdl lost = wdl_of(static_cast<core::Score>(-core::win_in(3)));
  EXPECT_EQ(lost.loss, 1000);
}

TEST(EngineHost, VariantOptionChangesTheGameAndFollowsNewgame) {
  HostWithNotes h;
  EXPECT_EQ(h.host.session().position().game_name(), "tictactoe");
  ASSERT_TRUE(h.host.set_option("name UCI_Variant value gomoku-renju"));
  EXPECT_EQ(h.host.session().position().game_name(), "gomoku");
  EXPECT_NE(h.host.session().position().variant_description().find("renju"), std::string::npos);
  ASSERT_TRUE(h.host.new_game("reversi", {}));
  EXPECT_EQ(h.host.options().variant, "reversi");
  EXPECT_FALSE(h.host.set_option("name UCI_Variant value chess"));
  EXPECT_EQ(h.host.session().position().game_name(), "reversi");
}

TEST(EngineHost, TheSameGameReusesItsSessionAndAnotherReplacesIt) {
  HostWithNotes h;
  ASSERT_TRUE(h.host.new_game("connect4", {}));
  const Session* first = &h.host.session();
  ASSERT_TRUE(h.host.new_game("connect4", {{"width", "7"}, {"height", "6"}}));
  EXPECT_EQ(&h.host.session(), first);
  ASSERT_TRUE(h.host.new_game("connect4", {{"width", "5"}}));
  EXPECT_NE(h.host.session().position().variant_description(), "");
  // A refused game keeps the one in play.
  const std::string before = h.host.session().position().variant_description();
  EXPECT_FALSE(h.host.new_game("connect4", {{"width", "99"}}));
  EXPECT_EQ(h.host.session().position().variant_description(), before);
}

TEST(EngineHost, ARejectedPositionLeavesNoneUntilAValidOne) {
  HostWithNotes h;
  const std::vector<std::string> good{"b2"}, bad{"b2", "b2"};
  ASSERT_TRUE(h.host.set_position(std::nullopt, good));
  EXPECT_TRUE(h.host.has_position());
  EXPECT_FALSE(h.host.set_position(std::nullopt, bad));
  EXPECT_FALSE(h.host.has_position());
  EXPECT_NE(h.host.position_error().find("the last position was rejected"), std::string::npos);
  h.host.restart_game();
  EXPECT_TRUE(h.host.has_position());
  h.host.reject_position("set game", "bad GGF");
  EXPECT_EQ(h.host.position_error(), "the last set game was rejected (bad GGF)");
  ASSERT_TRUE(h.host.set_position(std::nullopt, good));
  EXPECT_TRUE(h.host.has_position());
}

TEST(EngineHost, OptionCallbacksRunAfterTheChangeAndNotOnAnError) {
  HostWithNotes h;
  int calls = 0;
  int seen_multipv = 0;
  h.host.on_option_change(OptionId::kMultiPv, [&](const EngineOptions& options) {
    ++calls;
    seen_multipv = options.multipv;
  });
  ASSERT_TRUE(h.host.set_option("name MultiPV value 3"));
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(seen_multipv, 3);
  EXPECT_FALSE(h.host.set_option("name MultiPV value 99"));
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(h.host.options().multipv, 3);
  ASSERT_TRUE(h.host.set_option("name Threads value 1"));
  ASSERT_EQ(h.notes.size(), 1u);  // what Threads keeps is said through the notice
  EXPECT_NE(h.notes[0].find("Threads 1"), std::string::npos);
}

TEST(EngineHost, ReversiSettingsReachTheSessionsPositions) {
  HostWithNotes h;
  ASSERT_TRUE(h.host.new_game("reversi", {}));
  const auto first_term = [&] { return h.host.session().position().evaluation().front().name; };
  if (h.host.reversi_patterns_loaded()) {
    EXPECT_EQ(first_term().rfind("pattern", 0), 0u) << first_term();
  }
  ASSERT_TRUE(h.host.set_option("name Evaluation value simple"));
  EXPECT_EQ(first_term(), "mobility (side to move)");
  // A position set afterwards keeps the choice.
  const std::vector<std::string> moves{"f5"};
  ASSERT_TRUE(h.host.set_position(std::nullopt, moves));
  EXPECT_EQ(first_term(), "mobility (side to move)");
}

}  // namespace
}  // namespace narabe::server
