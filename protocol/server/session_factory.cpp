#include "protocol/server/session_factory.h"

#include "engine/games/registry.h"
#include "protocol/server/game_session.h"
#include "protocol/server/info_format.h"

namespace narabe::server {

core::Expected<std::unique_ptr<Session>> create_session(std::string_view game,
                                                        const core::VariantArgs& variant,
                                                        core::TranspositionTable& table,
                                                        const std::function<void()>& before_build,
                                                        const GameSettings& settings) {
  core::Expected<std::unique_ptr<Session>> result = core::make_error("unknown game '" + sanitize_for_echo(game) + "'");
  games::AllGames::visit(game, [&]<class G>(std::type_identity<G>) {
    auto parsed = G::parse_variant(variant);
    if (!parsed) {
      result = core::make_error(parsed.error());
      return;
    }
    if (before_build) before_build();
    result = std::unique_ptr<Session>(std::make_unique<GameSession<G>>(*parsed, table, settings));
  });
  return result;
}

bool plays(const Session& session, std::string_view game, const core::VariantArgs& variant) {
  bool same = false;
  games::AllGames::visit(game, [&]<class G>(std::type_identity<G>) {
    const auto parsed = G::parse_variant(variant);
    same = parsed && session.position().game_name() == G::kName && session.position().variant_description() == G::describe_variant(*parsed);
  });
  return same;
}

std::vector<std::string> game_lines() {
  std::vector<std::string> lines;
  games::AllGames::for_each([&]<class G>(std::type_identity<G>) {
    std::string line = "game " + std::string(G::kName);
    if (!G::kVariantSpec.empty()) line += " variants " + std::string(G::kVariantSpec);
    lines.push_back(line);
  });
  return lines;
}

BenchTotals run_all_benches(const core::StopSignal& stop, const GameSettings& settings,
                            const std::function<void(const BenchLine&)>& each) {
  BenchTotals totals;
  games::AllGames::for_each([&]<class G>(std::type_identity<G>) {
    if (stop.requested()) return;
    const BenchResult r = run_bench<G>(stop, settings.reversi, [&](const core::BenchPosition& p, const search::SearchResult& s, std::int64_t us) {
      each(BenchLine{G::kName, p.variant, p.fen, p.depth, s.nodes, us});
    });
    totals.positions += r.positions;
    totals.nodes += r.nodes;
    totals.time_us += r.time_us;
  });
  return totals;
}

}  // namespace narabe::server
