#include "engine/games/reversi/exact_solver.h"

#include <utility>

namespace narabe::games {

namespace reversi {

ExactSolver::ExactSolver(const Reversi&, std::size_t table_megabytes) : solver_(table_megabytes) {}

std::uint64_t ExactSolver::expected_nodes(int empties) {
  // About 3x more per empty cell; 16 empties: a few 10^5 nodes (FFO #1-#19).
  std::uint64_t nodes = 2'000'000;
  for (int e = 16; e < empties; ++e) nodes *= 3;
  for (int e = empties; e < 16; ++e) nodes /= 3;
  return nodes;
}

std::int64_t ExactSolver::expected_ms(int empties) {
  // At a (low) 5 million nodes a second.
  return static_cast<std::int64_t>(expected_nodes(empties) / 5000) + 1;
}

bool ExactSolver::applies(const Reversi& position, std::optional<std::int64_t> hard_ms,
                          std::optional<std::uint64_t> node_limit) {
  const int empties = position.empties();
  if (empties <= kAlwaysEmpties) return true;
  if (empties > kMaxEmpties) return false;
  if (hard_ms && *hard_ms < expected_ms(empties)) return false;
  if (node_limit && *node_limit < expected_nodes(empties)) return false;
  return true;
}

void ExactSolver::set_progress(std::function<void(core::Score, core::Score)> progress) {
  progress_.connect(solver_, std::move(progress), [](int margin) { return to_engine_score(margin); });
}

std::optional<core::Score> ExactSolver::solve(const Reversi& position) {
  Reversi::MoveList moves;
  position.generate_moves(moves);
  fallback_ = moves.size() > 0 ? moves[0] : core::Move::null();
  must_pass_ = moves.size() == 1 && moves[0] == Reversi::kPass;
  solver_.set_weights(position.pattern_weights());  // the position's settings keep them alive
  const auto margin = solver_.solve(position.player(), position.opponent());
  if (!margin) return std::nullopt;
  return to_engine_score(*margin);
}

std::optional<core::Score> ExactSolver::solve_move(const Reversi& position, core::Move move) {
  Reversi after = position;
  after.make_move(move);
  must_pass_ = false;
  solver_.set_weights(position.pattern_weights());
  const auto margin = solver_.solve(after.player(), after.opponent());
  if (!margin) return std::nullopt;
  return to_engine_score(-*margin);
}

}  // namespace reversi

std::unique_ptr<reversi::ExactSolver> make_exact_solver(const Reversi& position, std::size_t table_megabytes) {
  return std::make_unique<reversi::ExactSolver>(position, table_megabytes);
}

}  // namespace narabe::games
