#pragma once
// Hash table buckets that several solver threads share without a mutex. Every word
// of a bucket is read and written through std::atomic_ref, so no access is a data
// race, and each bucket has a version word, a sequence lock: a writer makes it odd
// while it writes and even again after; a reader trusts what it read only when the
// version was even and unchanged around its reads. A reader that meets a write
// under way takes it as a miss, a writer that meets another skips its store: a
// table only saves work, so neither ever waits and no bound is ever torn.
//
// Data words are loaded with acquire and stored with release (plain moves on x86):
// a reader that sees a word of a write in progress then also sees the odd version
// the writer set before it, so its check fails.

#include <atomic>
#include <cstdint>
#include <optional>

namespace narabe::core {

template <class Word>
Word load_shared(const Word& word) {
  return std::atomic_ref<Word>(const_cast<Word&>(word)).load(std::memory_order_acquire);
}

template <class Word>
void store_shared(Word& word, Word value) {
  std::atomic_ref<Word>(word).store(value, std::memory_order_release);
}

class SequenceLock {
 public:
  // The version before a read, or nothing when a write is under way.
  static std::optional<std::uint32_t> begin_read(const std::uint32_t& version) {
    const std::uint32_t seen = load_shared(version);
    if (seen & 1) return std::nullopt;
    return seen;
  }
  // Whether what was read since begin_read() returned `begun` is one write's whole.
  static bool end_read(const std::uint32_t& version, std::uint32_t begun) { return load_shared(version) == begun; }

  // The odd version this thread now writes under, or nothing when another writer
  // holds the bucket (the caller then skips its store).
  static std::optional<std::uint32_t> try_begin_write(std::uint32_t& version) {
    std::atomic_ref<std::uint32_t> word(version);
    std::uint32_t seen = word.load(std::memory_order_relaxed);
    if ((seen & 1) || !word.compare_exchange_strong(seen, seen + 1, std::memory_order_acquire,
                                                    std::memory_order_relaxed))
      return std::nullopt;
    return seen + 1;
  }
  static void end_write(std::uint32_t& version, std::uint32_t held) { store_shared(version, held + 1); }
};

}  // namespace narabe::core
