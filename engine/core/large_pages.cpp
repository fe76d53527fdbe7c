#include "engine/core/large_pages.h"

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
