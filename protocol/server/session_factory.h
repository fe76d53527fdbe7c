#pragma once
// Creates the Session of a game by name (the games registry), with its variant.

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/core/expected.h"
#include "engine/core/game_concept.h"
#include "engine/core/transposition_table.h"
#include "protocol/server/session.h"

namespace narabe::server {

// `before_build` runs once the game and its variant are known to be good, just
// before the new session is built: a caller replacing a session drops the old one
// there, so the two never hold their tables at once (a `newgame` would otherwise
// peak at the old game's tables plus the new one's), while a refused `newgame`
// still keeps the old session.
core::Expected<std::unique_ptr<Session>> create_session(std::string_view game,
                                                        const core::VariantArgs& variant,
                                                        core::TranspositionTable& table,
                                                        const std::function<void()>& before_build = {},
                                                        const GameSettings& settings = {});

// Whether `session` already plays `game` in the variant `variant` names: a new game
// of it can then reuse the session and its tables instead of allocating new ones.
// false for an unknown game or a bad variant.
bool plays(const Session& session, std::string_view game, const core::VariantArgs& variant);

// The handshake's `game <name> [variants ...]` lines.
std::vector<std::string> game_lines();

// Every game's bench positions, one callback per position; returns the totals.
struct BenchLine {
  std::string_view game;
  std::string_view variant;  // empty: the default
  std::string_view fen;
  int depth;
  std::uint64_t nodes;
  std::int64_t time_us;
};
struct BenchTotals {
  int positions = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_us = 0;
};
// `settings.reversi` is what Reversi's positions evaluate with (game_session.h, run_bench).
BenchTotals run_all_benches(const core::StopSignal& stop, const GameSettings& settings,
                            const std::function<void(const BenchLine&)>& each);

}  // namespace narabe::server
