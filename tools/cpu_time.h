#pragma once
// The process's CPU time, which the developer tools quote rather than wall time:
// the machines are shared, and CPU time moves less with the other work on them.
// With threads both count: CPU is the work, wall time the answer's delay.

#include <time.h>

namespace narabe::tools {

inline double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Wall time, for runs on several threads (their CPU time is the sum of all).
inline double wall_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace narabe::tools
