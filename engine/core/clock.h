#pragma once
// Monotonic time for the search's limits: never the wall clock, which can jump.

#include <chrono>
#include <cstdint>

namespace narabe::core {

using SteadyClock = std::chrono::steady_clock;

class Stopwatch {
 public:
  Stopwatch() : start_(SteadyClock::now()) {}
  void restart() { start_ = SteadyClock::now(); }
  std::int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start_)
        .count();
  }
  std::int64_t elapsed_us() const {
    return std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() - start_)
        .count();
  }

 private:
  SteadyClock::time_point start_;
};

}  // namespace narabe::core
