// Reversi's opening book: the file (round trip, and every way a file can be bad),
// finding a position in any of its eight images with the move turned to match, a
// stored move that is not legal never given, and the search playing the book's move
// only where a book answer is asked for (a timed search at full strength, OwnBook on,
// one line).

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/core/little_endian.h"
#include "engine/games/reversi/opening_book.h"
#include "engine/games/reversi/reversi.h"
#include "tests/support/search_run.h"

namespace narabe {
namespace {

using games::Reversi;
using games::reversi::OpeningBook;

Reversi position_after(std::initializer_list<const char*> moves) {
  Reversi game;
  for (const char* move : moves) game.make_move(*game.parse_move(move));
  return game;
}

OpeningBook::Entry book_entry(const Reversi& position, const char* move, int score, int depth) {
  return {position.player(), position.opponent(), static_cast<std::int16_t>(score),
          static_cast<std::uint8_t>(position.parse_move(move)->value()),
          static_cast<std::uint8_t>(depth)};
}

// After f5: d6 (the perpendicular opening) scored 0 at depth 18; after f5 d6: c3.
OpeningBook small_book() {
  return OpeningBook({book_entry(position_after({"f5"}), "d6", 0, 18),
                      book_entry(position_after({"f5", "d6"}), "c3", -30, 17)});
}

OpeningBook::Image least_image_of(const Reversi& position) {
  return OpeningBook::least_image(position.player(), position.opponent());
}

TEST(ReversiOpeningBook, RoundTripsThroughItsBytes) {
  const OpeningBook book = small_book();
  const auto read = OpeningBook::from_bytes(book.to_bytes());
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(read->entries()[i].own, book.entries()[i].own);
    EXPECT_EQ(read->entries()[i].other, book.entries()[i].other);
    EXPECT_EQ(read->entries()[i].score, book.entries()[i].score);
    EXPECT_EQ(read->entries()[i].cell, book.entries()[i].cell);
    EXPECT_EQ(read->entries()[i].depth, book.entries()[i].depth);
  }
  EXPECT_EQ(book.to_bytes().size(), OpeningBook::kHeaderBytes + 2 * OpeningBook::kEntryBytes + 8);
}

TEST(ReversiOpeningBook, FindsEveryImageOfAPositionWithTheMoveTurnedToMatch) {
  const OpeningBook book = small_book();
  const OpeningBook::Image perpendicular = least_image_of(position_after({"f5", "d6"}));
  // The four first moves are images of each other: each finds the entry, and its
  // move leads to an image of f5 d6.
  for (const char* first : {"f5", "e6", "d3", "c4"}) {
    Reversi game = position_after({first});
    const auto found = book.find(game.player(), game.opponent());
    ASSERT_TRUE(found) << first;
    EXPECT_EQ(found->score, 0);
    EXPECT_EQ(found->depth, 18);
    game.make_move(core::Move(found->cell));
    const OpeningBook::Image reached = least_image_of(game);
    EXPECT_EQ(reached.own, perpendicular.own) << first;
    EXPECT_EQ(reached.other, perpendicular.other) << first;
  }
  const Reversi start;
  EXPECT_FALSE(book.find(start.player(), start.opponent()));
  const Reversi other = position_after({"f5", "f6"});
  EXPECT_FALSE(book.find(other.player(), other.opponent()));
}

TEST(ReversiOpeningBook, NeverGivesAStoredMoveThatIsNotLegal) {
  const Reversi game = position_after({"f5"});
  OpeningBook::Entry corner = book_entry(game, "d6", 0, 18);
  corner.cell = 0;  // a1: empty, but no move there
  const OpeningBook book({corner});
  EXPECT_FALSE(book.find(game.player(), game.opponent()));
}

TEST(ReversiOpeningBook, RejectsEveryKindOfDamagedFile) {
  const std::vector<std::uint8_t> good = small_book().to_bytes();
  const auto error_of = [](std::vector<std::uint8_t> bytes) {
    const auto read = OpeningBook::from_bytes(bytes);
    return read.ok() ? std::string("accepted") : read.error();
  };
  const auto resealed = [](std::vector<std::uint8_t> bytes) {
    bytes.resize(bytes.size() - 8);
    core::write_u64(bytes, core::fnv1a(bytes));
    return bytes;
  };
  EXPECT_NE(error_of({}).find("truncated"), std::string::npos);
  auto magic = good;
  magic[0] = 'X';
  EXPECT_NE(error_of(magic).find("bad magic"), std::string::npos);
  auto version = good;
  version[8] = 2;
  EXPECT_NE(error_of(version).find("format version 2"), std::string::npos);
  auto shorter = good;
  shorter.pop_back();
  EXPECT_NE(error_of(shorter).find("truncated or padded"), std::string::npos);
  auto flipped = good;
  flipped[20] ^= 1;
  EXPECT_NE(error_of(flipped).find("checksum mismatch"), std::string::npos);
  // Sealed again, so that the check behind the checksum speaks.
  auto swapped = good;  // the two entries in the wrong order
  std::swap_ranges(swapped.begin() + 16, swapped.begin() + 36, swapped.begin() + 36);
  EXPECT_NE(error_of(resealed(swapped)).find("out of order"), std::string::npos);
  auto occupied = good;
  occupied[16 + 18] = 27;  // d4 holds a disc
  EXPECT_NE(error_of(resealed(occupied)).find("not a position and an empty cell"),
            std::string::npos);
  auto mirrored = good;  // the first entry's discs mirrored: no longer the least image
  const std::uint64_t own = core::read_u64(good, 16), other = core::read_u64(good, 24);
  const OpeningBook::Image least = OpeningBook::least_image(own, other);
  ASSERT_EQ(least.own, own);
  std::vector<std::uint8_t> image;
  core::write_u64(image, games::reversi::mirror_ranks(own));
  core::write_u64(image, games::reversi::mirror_ranks(other));
  std::copy(image.begin(), image.end(), mirrored.begin() + 16);
  EXPECT_NE(error_of(resealed(mirrored)).find("least image"), std::string::npos);
}

// The search with a book in its settings.
using BookSearch = test_search::SearchRun;

BookSearch search_with_book(const search::SearchLimits& limits,
                            const search::SearchOptions& options) {
  Reversi game = position_after({"f5"});
  auto settings = std::make_shared<games::reversi::EvalSettings>();
  settings->book = std::make_shared<const OpeningBook>(small_book());
  game.set_eval_settings(settings);
  return test_search::run_search(game, limits, options);
}

TEST(ReversiOpeningBook, ATimedSearchAtFullStrengthPlaysTheBookMoveAtOnce) {
  search::SearchLimits limits;
  limits.movetime = 60'000;
  const BookSearch searched = search_with_book(limits, {});
  EXPECT_EQ(position_after({"f5"}).move_to_string(searched.result.best_move), "d6");
  EXPECT_EQ(searched.result.nodes, 0u);
  EXPECT_EQ(searched.result.depth, 18);
  ASSERT_EQ(searched.lines.size(), 1u);
  EXPECT_EQ(searched.lines[0].depth, 18);
  EXPECT_EQ(searched.lines[0].score, 0);
  ASSERT_EQ(searched.lines[0].pv.size(), 1u);
  EXPECT_EQ(searched.lines[0].pv[0], searched.result.best_move);
}

TEST(ReversiOpeningBook, SearchesWhenTheBookIsOffOrADepthNodesAnalysisOrSeveralLinesAreAsked) {
  // Each of these would end at once from the book if it answered: they search.
  search::SearchLimits timed;
  timed.movetime = 50;
  search::SearchLimits depth;
  depth.depth = 3;
  search::SearchLimits nodes;
  nodes.nodes = 2000;
  search::SearchOptions off;
  off.own_book = false;
  search::SearchOptions casual;
  casual.exact = false;
  search::SearchOptions lines;
  lines.multipv = 2;
  for (const auto& [limits, options] :
       std::vector<std::pair<search::SearchLimits, search::SearchOptions>>{
           {depth, {}}, {nodes, {}}, {timed, off}, {timed, casual}, {timed, lines}}) {
    const BookSearch searched = search_with_book(limits, options);
    EXPECT_GT(searched.result.nodes, 0u);
  }
}

}  // namespace
}  // namespace narabe
