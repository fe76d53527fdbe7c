#include "engine/games/gomoku/exact_solver.h"

#include <algorithm>

namespace narabe::games {

namespace gomoku {

ThreatProver::ThreatProver(const Gomoku&, std::size_t table_megabytes) : solver_(table_megabytes) {}

std::optional<core::Score> ThreatProver::solve(const Gomoku& position) {
  best_move_ = core::Move::null();
  line_.clear();
  // The share of the budget the proof may take: the search needs the rest.
  std::optional<core::SteadyClock::time_point> deadline;
  if (deadline_) {
    const auto now = core::SteadyClock::now();
    deadline = now + std::max(*deadline_ - now, core::SteadyClock::duration::zero()) / kTimeShare;
  }
  const std::uint64_t budget = node_limit_ ? *node_limit_ / kNodeShare : kUnlimitedNodes;
  solver_.set_interrupts(stop_, solver_.nodes() + budget, deadline);
  ThreatResult result = solver_.solve(position, ThreatMode::kVcf, kVcfMoves);
  if (!result.proven && !result.interrupted) result = solver_.solve(position, ThreatMode::kVct, kVctMoves);
  // Quiet VCF threats cost much more: only when the plain VCT ended without a win.
  if (!result.proven && !result.interrupted) result = solver_.solve(position, ThreatMode::kVctQuiet, kVctMoves);
  if (!result.proven || result.move.is_null()) return std::nullopt;
  best_move_ = result.move;
  line_ = result.line;
  return core::win_in(2 * result.attacker_moves - 1);
}

}  // namespace gomoku

std::unique_ptr<gomoku::ThreatProver> make_exact_solver(const Gomoku& position, std::size_t table_megabytes) {
  return std::make_unique<gomoku::ThreatProver>(position, table_megabytes);
}

}  // namespace narabe::games
