#pragma once
// Memory for big hash tables, asking the kernel for 2 MiB pages where it offers
// them (Linux transparent huge pages): a table probed at random addresses misses
// the TLB on nearly every probe with 4 KiB pages, which costs more than the probe.

#include <cstddef>
#include <memory>
#include <type_traits>

namespace narabe::core {

struct LargePageFree {
  void operator()(void* p) const;
};

// Zero-filled, aligned to 2 MiB (to 64 bytes when smaller than 2 MiB); throws
// std::bad_alloc when the memory cannot be had.
std::unique_ptr<void, LargePageFree> allocate_large(std::size_t bytes);

// An array of plain structs whose all-zero bytes mean "empty" (hash table entries):
// the memory comes zero-filled and is not otherwise constructed.
template <class T>
class LargePageArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  LargePageArray() = default;
  explicit LargePageArray(std::size_t count)
      : memory_(allocate_large(count * sizeof(T))), size_(count) {}
  T* data() { return static_cast<T*>(memory_.get()); }
  const T* data() const { return static_cast<const T*>(memory_.get()); }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  std::size_t size() const { return size_; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }

 private:
  std::unique_ptr<void, LargePageFree> memory_;
  std::size_t size_ = 0;
};

}  // namespace narabe::core
