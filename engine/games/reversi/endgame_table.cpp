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

void EndgameTable::clear() { std::fill(buckets_.begin(), buckets_.end(), Bucket{}); }

void EndgameTable::store(std::uint64_t player, std::uint64_t opponent, int empties, int lower, int upper,
                         int move) {
  Bucket& b = bucket(player, opponent);
  Entry* slot = nullptr;
  for (Entry& e : b.slots)
    if (e.holds(player, opponent)) slot = &e;
  if (slot != nullptr) {
    // The same position: both bounds are proven, so they only narrow.
    lower = std::max(lower, static_cast<int>(slot->lower));
    upper = std::min(upper, static_cast<int>(slot->upper));
    if (move < 0) move = slot->move;
  } else {
    slot = &b.slots[0];
    for (Entry& e : b.slots)
      if (e.empties < slot->empties) slot = &e;
    slot->set_position(player, opponent);
  }
  slot->lower = static_cast<std::int8_t>(lower);
  slot->upper = static_cast<std::int8_t>(upper);
  slot->move = static_cast<std::uint8_t>(move < 0 ? kNoMove : move);
  slot->empties = static_cast<std::uint8_t>(empties);
}

}  // namespace narabe::games::reversi
