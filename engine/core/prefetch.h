#pragma once
// A table's cache line fetched ahead of a write. A search probes a node's bucket
// and stores into it a little later; a read prefetch brings the line shared, and
// when another thread has the line too, the store must then wait for that copy to
// be invalidated. PREFETCHW asks for the line to own at once: with Connect Four's
// solver on two threads it took 12 % off a node's time (docs/connect4.md, "Threads").
// PREFETCHW is used when the processor has it (CPUID 0x80000001, ECX bit 8: every
// AMD64 processor, Intel's since Broadwell), checked once at start-up, so the
// binary still runs on any x86-64; else a read prefetch.

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

namespace narabe::core {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
inline bool processor_has_prefetchw() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  return __get_cpuid(0x8000'0001U, &eax, &ebx, &ecx, &edx) != 0 && (ecx & (1U << 8)) != 0;
}
inline const bool kHasPrefetchw = processor_has_prefetchw();

inline void prefetch_for_write(const void* address) {
  if (kHasPrefetchw) asm volatile("prefetchw %0" : : "m"(*static_cast<const char*>(address)));
  else __builtin_prefetch(address);
}
#else
inline void prefetch_for_write(const void* address) { __builtin_prefetch(address, 1); }
#endif

}  // namespace narabe::core
