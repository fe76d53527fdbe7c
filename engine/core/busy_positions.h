#pragma once
// The positions some solver thread is searching right now (ABDADA's idea, without
// its counters in the table): a thread that meets a move leading to one searches
// its other moves first and comes back to it last, by when the other thread has
// usually stored its value. The threads then split the tree between them instead of
// searching the same nodes, and every move is still searched, so results stay exact.
//
// A fixed array of keys, one a slot (0: free); a key whose slot is taken is simply
// not marked. Small: it holds the nodes on the threads' paths near the root only.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace narabe::core {

class BusyPositions {
 public:
  static constexpr std::size_t kSlots = 1 << 12;

  // Keeps `key` marked busy for its lifetime (nothing when its slot was taken).
  class Mark {
   public:
    Mark() = default;
    Mark(const Mark&) = delete;
    Mark& operator=(const Mark&) = delete;
    ~Mark() {
      if (slot_ != nullptr) slot_->store(0, std::memory_order_relaxed);
    }

   private:
    friend class BusyPositions;
    explicit Mark(std::atomic<std::uint64_t>* slot) : slot_(slot) {}
    std::atomic<std::uint64_t>* slot_ = nullptr;
  };

  BusyPositions() : slots_(std::make_unique<std::atomic<std::uint64_t>[]>(kSlots)) {}

  // Marks the position of `key` (not 0) busy while the returned Mark lives.
  [[nodiscard]] Mark enter(std::uint64_t key) {
    std::atomic<std::uint64_t>& slot = slots_[slot_of(key)];
    std::uint64_t free = 0;
    return Mark(slot.compare_exchange_strong(free, key, std::memory_order_relaxed) ? &slot : nullptr);
  }
  bool contains(std::uint64_t key) const { return slots_[slot_of(key)].load(std::memory_order_relaxed) == key; }

 private:
  static std::size_t slot_of(std::uint64_t key) {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 52) & (kSlots - 1);
  }
  std::unique_ptr<std::atomic<std::uint64_t>[]> slots_;
};

}  // namespace narabe::core
