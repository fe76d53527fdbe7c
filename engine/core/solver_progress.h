#pragma once
// The bounds an exact solver proves along the way, relayed to the search on the
// engine's score scale. The solvers report through a plain function and a context
// (no std::function in their inner loop); this turns that into the search's
// callback, converting each bound from the solver's units.

#include <functional>
#include <utility>

#include "engine/core/score.h"

namespace narabe::core {

class SolverProgress {
 public:
  using Callback = std::function<void(Score lower, Score upper)>;

  // Hands `solver` (set_progress(void (*)(void*, int, int), void*)) the relay, or
  // nothing when `callback` is empty. `to_engine` converts one bound; it is called
  // when a bound comes, so it may read state the solve sets up.
  template <class Solver>
  void connect(Solver& solver, Callback callback, std::function<Score(int)> to_engine) {
    callback_ = std::move(callback);
    to_engine_ = std::move(to_engine);
    if (callback_) solver.set_progress(&SolverProgress::relay, this);
    else solver.set_progress(nullptr, nullptr);
  }

 private:
  static void relay(void* context, int lower, int upper) {
    auto* self = static_cast<SolverProgress*>(context);
    self->callback_(self->to_engine_(lower), self->to_engine_(upper));
  }

  Callback callback_;
  std::function<Score(int)> to_engine_;
};

}  // namespace narabe::core
