#include "engine/games/connect4/solver.h"

#include <stdexcept>

#include "engine/games/connect4/solver_core.h"

namespace narabe::games::connect4 {

namespace {

template <int W, int H>
std::unique_ptr<SolverCore> make_if(int width, int height, std::size_t megabytes) {
  if constexpr ((H + 1) * W <= 64) {
    if (width == W && height == H) return std::make_unique<FixedSolver<W, H>>(megabytes);
  }
  return nullptr;
}

template <int H, int... Ws>
std::unique_ptr<SolverCore> make_for_height(int width, int height, std::size_t megabytes) {
  std::unique_ptr<SolverCore> core;
  ((core = core ? std::move(core) : make_if<Ws, H>(width, height, megabytes)), ...);
  return core;
}

std::unique_ptr<SolverCore> make_core(int width, int height, std::size_t megabytes) {
  std::unique_ptr<SolverCore> core;
  auto try_height = [&]<int H>() {
    if (!core && height == H) core = make_for_height<H, 4, 5, 6, 7, 8, 9>(width, height, megabytes);
  };
  try_height.operator()<4>();
  try_height.operator()<5>();
  try_height.operator()<6>();
  try_height.operator()<7>();
  try_height.operator()<8>();
  try_height.operator()<9>();
  if (!core) throw std::invalid_argument("connect4 solver: unsupported board size");
  return core;
}

}  // namespace

Solver::Solver(int width, int height, std::size_t table_megabytes)
    : width_(width), height_(height), core_(make_core(width, height, table_megabytes)) {}

}  // namespace narabe::games::connect4
