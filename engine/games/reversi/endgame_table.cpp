#include "engine/games/reversi/endgame_table.h"

#include <algorithm>

namespace narabe::games::reversi {

EndgameTable::EndgameTable(std::size_t megabytes) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  std::size_t count = 1;
  while (count * 2 * sizeof(Bucket) <= bytes) count *= 2;
  buckets_ = core::LargePageArray<Bucket>(count);
  mask_ = count - 1;
}

void EndgameTable::clear() {
  Bucket empty{};
  for (EntryWords& words : empty.slots) words = std::bit_cast<EntryWords>(Entry{});
  std::fill(buckets_.begin(), buckets_.end(), empty);
}

void EndgameTable::store(std::uint64_t player, std::uint64_t opponent, int empties, int lower, int upper,
                         int move) {
  Bucket& b = bucket(player, opponent);
  std::optional<std::uint32_t> version;
  if (shared_ && !(version = core::SequenceLock::try_begin_write(b.version))) return;
  std::array<Entry, kWays> slots;
  for (std::size_t i = 0; i < slots.size(); ++i) slots[i] = load(b.slots[i]);
  std::size_t slot = kWays;
  for (std::size_t i = 0; i < slots.size(); ++i)
    if (slots[i].holds(player, opponent)) slot = i;
  Entry e;
  if (slot != kWays) {
    // The same position: both bounds are proven, so they only narrow.
    e = slots[slot];
    lower = std::max(lower, static_cast<int>(e.lower));
    upper = std::min(upper, static_cast<int>(e.upper));
    if (move < 0) move = e.move;
  } else {
    slot = 0;
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (slots[i].empties < slots[slot].empties) slot = i;
    e.set_position(player, opponent);
  }
  e.lower = static_cast<std::int8_t>(lower);
  e.upper = static_cast<std::int8_t>(upper);
  e.move = static_cast<std::uint8_t>(move < 0 ? kNoMove : move);
  e.empties = static_cast<std::uint8_t>(empties);
  save(b.slots[slot], e);
  if (shared_) core::SequenceLock::end_write(b.version, *version);
}

}  // namespace narabe::games::reversi
