#include "engine/core/large_pages.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace narabe::core {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
}

void LargePageFree::operator()(void* p) const { std::free(p); }

std::unique_ptr<void, LargePageFree> allocate_large(std::size_t bytes) {
  if (bytes < kHugePage) {
    // Too small for a huge page: rounding it up to one would double a 1 MiB table's
    // memory, which the Hash option's cap counts.
    const std::size_t lines = (std::max<std::size_t>(bytes, 1) + 63) / 64 * 64;
    void* small = std::aligned_alloc(64, lines);
    if (small == nullptr) throw std::bad_alloc();
    std::memset(small, 0, lines);
    return std::unique_ptr<void, LargePageFree>(small);
  }
  const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* p = std::aligned_alloc(kHugePage, rounded == 0 ? kHugePage : rounded);
  if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  madvise(p, rounded, MADV_HUGEPAGE);  // advice only: without it the table still works
#endif
  std::memset(p, 0, rounded);
  return std::unique_ptr<void, LargePageFree>(p);
}

}  // namespace narabe::core
