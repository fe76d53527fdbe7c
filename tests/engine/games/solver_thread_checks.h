#pragma once
// Checks the exact solvers' thread tests share: one thread repeats its search node
// for node, also after a solve on two threads over the same table.

#include <gtest/gtest.h>

#include <cstdint>

namespace narabe::test_support {

// `solve(solver)` runs one solve and checks its answer.
template <class Solver, class Solve>
void expect_one_thread_repeats(Solver& solver, Solve solve) {
  const auto count_nodes = [&] {
    solver.clear_table();
    solver.reset_nodes();
    solve(solver);
    return solver.nodes();
  };
  const std::uint64_t first = count_nodes();
  EXPECT_EQ(count_nodes(), first);
  solver.set_threads(2);
  count_nodes();
  solver.set_threads(1);
  EXPECT_EQ(count_nodes(), first);
}

}  // namespace narabe::test_support
