#pragma once
// Connect Four's opening book: exact scores (Pons' convention) of the 7x6 positions
// nearest the start, proven offline by the project's own solver (tools/book_gen) and
// compiled into the engine, so the first moves are played at once with their proven
// value instead of being solved again at every game.
//
// File format (book_7x6.bin): the text line "narabe-connect4-book 1 7 6 <depth>\n",
// then one little-endian 64-bit record a position, sorted, no duplicates:
//   record = canonical_key << 8 | (score + 128)
// where canonical_key = min(key, mirror(key)), key = current + mask in Pons' layout
// (solver.h), so a position and its mirror image share one record. <depth> is the
// largest number of discs of the positions the book answers for: it holds every
// position up to <depth> + 1 discs, so that every move from those is scored.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/expected.h"

namespace narabe::games::connect4 {

class OpeningBook {
 public:
  static constexpr int kWidth = 7;
  static constexpr int kHeight = 6;

  OpeningBook() = default;

  // The book compiled into the engine (empty when none was built in).
  static const OpeningBook& builtin();

  // Reads the file format above; a malformed book is an error, never a crash.
  static core::Expected<OpeningBook> parse(std::span<const std::uint8_t> bytes);
  std::vector<std::uint8_t> serialize() const;

  static std::uint64_t canonical_key(std::uint64_t current, std::uint64_t mask);

  // Pons' score of the 7x6 position for its side to move, if the book has it.
  std::optional<int> score(std::uint64_t current, std::uint64_t mask) const;

  void add(std::uint64_t current, std::uint64_t mask, int score);  // for the generator
  int depth() const { return depth_; }
  void set_depth(int depth) { depth_ = depth; }
  std::size_t size() const { return records_.size(); }

 private:
  std::vector<std::uint64_t> records_;  // sorted
  int depth_ = -1;                      // -1: answers for no position
};

}  // namespace narabe::games::connect4
