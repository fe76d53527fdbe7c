#pragma once
// A list of moves with a fixed capacity, so move generation never allocates.

#include <cassert>
#include <cstddef>

#include "engine/core/move.h"

namespace narabe::core {

template <std::size_t Capacity>
class MoveList {
 public:
  static constexpr std::size_t kCapacity = Capacity;

  void push_back(Move m) {
    assert(size_ < Capacity);
    moves_.slot[size_++] = m;
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool contains(Move m) const {
    for (std::size_t i = 0; i < size_; ++i)
      if (moves_.slot[i] == m) return true;
    return false;
  }

  Move& operator[](std::size_t i) { return moves_.slot[i]; }
  Move operator[](std::size_t i) const { return moves_.slot[i]; }
  Move* begin() { return moves_.slot; }
  Move* end() { return moves_.slot + size_; }
  const Move* begin() const { return moves_.slot; }
  const Move* end() const { return moves_.slot + size_; }

 private:
  // The slots past size() are left unset: the search makes a list at every node,
  // and filling all of a 22x22 Gomoku board's 484 slots each time cost more than
  // the moves written into them (a union's member is not constructed by itself).
  union Slots {
    Slots() {}
    Move slot[Capacity];
  };
  Slots moves_;
  std::size_t size_ = 0;
};

}  // namespace narabe::core
