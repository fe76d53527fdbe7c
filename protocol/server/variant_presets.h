#pragma once
// The values of the UCI_Variant option: one name for each game and common variant, so
// that a UCI or UGI manager that only sends `setoption`, `position` and `go` can choose
// every game (docs/protocol.md, "Options"). `newgame <game> [key value ...]` still
// reaches every variant.

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game_concept.h"

namespace narabe::server {

struct VariantPreset {
  std::string name;  // the option's value: "connect4", "gomoku-renju"
  std::string game;  // the registry's name
  core::VariantArgs variant;
};

// Every game in its default variant under its own name, then Gomoku's other rules as
// "gomoku-<rule>" (15x15); the first is the engine's default game.
const std::vector<VariantPreset>& variant_presets();

// The preset named `name` (any case), or null.
const VariantPreset* find_variant_preset(std::string_view name);

// The preset that plays `game` in the variant `description` names (Session's
// variant_description()), or null when none does.
const VariantPreset* preset_playing(std::string_view game, std::string_view description);

}  // namespace narabe::server
