#pragma once
// The moves some search thread is in the middle of, shared by the threads of one
// run (ABDADA's deferral on top of lazy SMP): a thread that reaches a move another
// thread is already searching from the same position puts it last, and usually
// finds the other thread's result in the transposition table by then. It only
// orders work, so a lost or stale mark costs time, never correctness.
//
// A fixed table of 2^14 slots (128 KiB), allocated only with two threads or more;
// a mark is the position's key mixed with the move, in the slot its low bits
// name. Marks overwrite each other on a collision, and a thread clears only its
// own (a compare-and-swap), so the table never needs locks or a reset.

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace narabe::search {

class BusyMoves {
 public:
  // The mark of `move` played from the position whose key is `position_key`.
  static std::uint64_t mark_of(std::uint64_t position_key, std::uint16_t move) {
    // An odd multiplier spreads the move over every bit; never 0 (the empty slot).
    const std::uint64_t mark = position_key ^ ((move + 1ULL) * 0x9E3779B97F4A7C15ULL);
    return mark != 0 ? mark : 1;
  }

  bool busy(std::uint64_t mark) const { return slot(mark).load(std::memory_order_relaxed) == mark; }
  void enter(std::uint64_t mark) { slot(mark).store(mark, std::memory_order_relaxed); }
  void leave(std::uint64_t mark) {
    std::uint64_t expected = mark;
    slot(mark).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr std::size_t kSlots = std::size_t{1} << 14;
  std::atomic<std::uint64_t>& slot(std::uint64_t mark) { return slots_[mark & (kSlots - 1)]; }
  const std::atomic<std::uint64_t>& slot(std::uint64_t mark) const { return slots_[mark & (kSlots - 1)]; }

  std::array<std::atomic<std::uint64_t>, kSlots> slots_{};
};

}  // namespace narabe::search
