#pragma once
// Reversi's opening book: positions near the start with the move to play and its
// score, built offline by the project's own tools from deep searches of the
// positions, negamaxed through the book's tree (tools/reversi_book). The engine plays
// from it at Level max when OwnBook is on (book_move below).
//
// A position is stored once for its eight symmetric images: as the least image
// (the side to move's discs first, then the opponent's), with the move in that image.
//
// File format (reversi_book.bin), integers little-endian:
//
//   offset    size  field
//        0       8  magic "NRBRVBK1"
//        8       4  format version (1)
//       12       4  entries (N)
//       16    20 N  the entries in increasing (own, other): own discs u64, other
//                   discs u64, score i16 (hundredths of a disc, for the side to
//                   move), cell u8 (the move, 0..63 in the stored image), depth u8
//                   (the plies of search behind the score)
//  16+20 N       8  FNV-1a 64 of every byte before it

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/core/book_move.h"
#include "engine/core/expected.h"

namespace narabe::games::reversi {

class OpeningBook {
 public:
  struct Entry {
    std::uint64_t own = 0;    // the side to move's discs, in the least image
    std::uint64_t other = 0;  // the opponent's
    std::int16_t score = 0;
    std::uint8_t cell = 0;
    std::uint8_t depth = 0;
  };
  static constexpr std::uint32_t kFormatVersion = 1;
  static constexpr std::size_t kHeaderBytes = 16;
  static constexpr std::size_t kEntryBytes = 20;

  OpeningBook() = default;
  // Entries in any order and image: each is stored as its least image; of two for
  // one position the first given stays.
  explicit OpeningBook(std::vector<Entry> entries);

  // Checks and reads a book file's bytes; the error says what is wrong.
  static core::Expected<OpeningBook> from_bytes(std::span<const std::uint8_t> bytes);
  std::vector<std::uint8_t> to_bytes() const;

  // The least of a position's eight images, and which image it is (symmetry() of
  // pattern_features.h).
  struct Image {
    std::uint64_t own;
    std::uint64_t other;
    int symmetry;
  };
  static Image least_image(std::uint64_t own, std::uint64_t other);
  // Where `cell` lands in image `symmetry` of the board.
  static int cell_in_image(int cell, int symmetry);

  // The book's entry for the position, its cell turned back into the position's own
  // image; nothing when the book lacks the position or its move is not legal there
  // (a book made for other rules must not make the engine play an illegal move).
  std::optional<Entry> find(std::uint64_t own, std::uint64_t other) const;

  std::size_t size() const { return entries_.size(); }
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  std::vector<Entry> entries_;  // least images, in increasing (own, other)
};

}  // namespace narabe::games::reversi

namespace narabe::games {

class Reversi;  // reversi.h

// The move the position's book (its EvalSettings) gives, if any: the generic
// search's book_move hook (engine/search/game_hooks.h).
std::optional<core::BookMove> book_move(const Reversi& position);

}  // namespace narabe::games
