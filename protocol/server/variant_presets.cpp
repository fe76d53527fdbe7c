#include "protocol/server/variant_presets.h"

#include "engine/games/gomoku/rule.h"
#include "engine/games/registry.h"
#include "protocol/server/tokens.h"

namespace narabe::server {

const std::vector<VariantPreset>& variant_presets() {
  static const std::vector<VariantPreset> presets = [] {
    std::vector<VariantPreset> list;
    list.push_back({std::string(games::kDefaultGame), std::string(games::kDefaultGame), {}});
    games::AllGames::for_each([&]<class G>(std::type_identity<G>) {
      if (G::kName != games::kDefaultGame) list.push_back({std::string(G::kName), std::string(G::kName), {}});
    });
    for (const games::gomoku::Rule rule : games::gomoku::kAllRules) {
      if (rule == games::Gomoku::Variant{}.rule) continue;  // the default rule is plain "gomoku"
      const std::string name(games::gomoku::rule_name(rule));
      list.push_back({"gomoku-" + name, "gomoku", {{"rule", name}}});
    }
    return list;
  }();
  return presets;
}

const VariantPreset* find_variant_preset(std::string_view name) {
  const std::string wanted = lowercase_ascii(name);
  for (const VariantPreset& preset : variant_presets())
    if (preset.name == wanted) return &preset;
  return nullptr;
}

const VariantPreset* preset_playing(std::string_view game, std::string_view description) {
  for (const VariantPreset& preset : variant_presets()) {
    if (preset.game != game) continue;
    bool same = false;
    games::AllGames::visit(game, [&]<class G>(std::type_identity<G>) {
      const auto parsed = G::parse_variant(preset.variant);
      same = parsed && G::describe_variant(*parsed) == description;
    });
    if (same) return &preset;
  }
  return nullptr;
}

}  // namespace narabe::server
