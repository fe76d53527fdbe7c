#include "tools/match/schedule.h"

#include <fmt/format.h>

namespace narabe::match {

// Each pair's opening is made before the run starts; this keeps that list sane.
static constexpr std::int64_t kMaxPairs = 10'000'000;

core::Expected<Schedule> Schedule::make(const ScheduleConfig& config) {
  if (config.engines < 2) return core::make_error("a match needs at least two engines");
  if (config.rounds < 1) return core::make_error("rounds must be at least 1");
  if (config.games_per_pair != 1 && config.games_per_pair != 2)
    return core::make_error("games must be 1 or 2 (2: each opening with colours swapped)");
  if (config.shards < 1 || config.shard < 1 || config.shard > config.shards)
    return core::make_error(fmt::format("shard {}/{} is not one of 1..{}", config.shard, config.shards, config.shards));
  Schedule s;
  s.config_ = config;
  s.rounds_ = config.rounds;
  if (config.kind == TournamentKind::kGauntlet) {
    for (int j = 1; j < config.engines; ++j) s.encounters_.emplace_back(0, j);
  } else {
    for (int i = 0; i < config.engines; ++i)
      for (int j = i + 1; j < config.engines; ++j) s.encounters_.emplace_back(i, j);
  }
  // Compared by division: rounds * encounters may not fit in 64 bits.
  if (s.rounds_ > kMaxPairs / static_cast<std::int64_t>(s.encounters_.size()))
    return core::make_error(fmt::format("the run would have more than {} openings: fewer rounds", kMaxPairs));
  return s;
}

ScheduledGame Schedule::game(std::int64_t id) const {
  const std::int64_t pair = id / config_.games_per_pair;
  const std::int64_t k = id % config_.games_per_pair;
  const auto encounters = static_cast<std::int64_t>(encounters_.size());
  const auto [a, b] = encounters_[static_cast<std::size_t>(pair % encounters)];
  // With one game a pair, colours alternate from pair to pair instead.
  const bool swapped = config_.games_per_pair == 2 ? k == 1 : (pair / encounters) % 2 == 1;
  return ScheduledGame{id, pair, pair / encounters, swapped ? b : a, swapped ? a : b};
}

bool Schedule::in_shard(std::int64_t id) const {
  return (id / config_.games_per_pair) % config_.shards == config_.shard - 1;
}

std::vector<std::int64_t> Schedule::shard_games() const {
  std::vector<std::int64_t> ids;
  for (std::int64_t id = 0; id < game_count(); ++id)
    if (in_shard(id)) ids.push_back(id);
  return ids;
}

}  // namespace narabe::match
