#pragma once
// Which games a run plays, numbered so that every process of the run (resumed,
// sharded or not) agrees on them:
//
//   pair p = round * encounters + encounter   (an encounter is two engines)
//   game   = p * games_per_pair + k           (k = 1 swaps the colours)
//
// Pair p plays opening p. A shard K of N plays the pairs with p % N == K - 1:
// disjoint slices of the same sequence, each spread over the whole run.

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/expected.h"

namespace narabe::match {

enum class TournamentKind { kRoundRobin, kGauntlet };

struct ScheduleConfig {
  int engines = 2;
  TournamentKind kind = TournamentKind::kRoundRobin;
  std::int64_t rounds = 1;
  int games_per_pair = 2;  // 2: each opening with colours swapped; 1: once
  int shard = 1;           // 1-based
  int shards = 1;
};

struct ScheduledGame {
  std::int64_t id;
  std::int64_t pair;
  std::int64_t round;
  int first;   // engine index playing first
  int second;
};

class Schedule {
 public:
  static core::Expected<Schedule> make(const ScheduleConfig& config);

  std::int64_t pair_count() const { return rounds_ * static_cast<std::int64_t>(encounters_.size()); }
  std::int64_t game_count() const { return pair_count() * config_.games_per_pair; }
  // The game with this id (any id below game_count()).
  ScheduledGame game(std::int64_t id) const;
  bool in_shard(std::int64_t id) const;
  // The ids this shard plays, in order.
  std::vector<std::int64_t> shard_games() const;
  const ScheduleConfig& config() const { return config_; }

 private:
  ScheduleConfig config_;
  std::int64_t rounds_ = 0;
  std::vector<std::pair<int, int>> encounters_;
};

}  // namespace narabe::match
