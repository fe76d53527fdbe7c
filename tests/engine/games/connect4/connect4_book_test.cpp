// Connect Four's opening book: the file format (round trip, corrupt files rejected),
// mirror-image sharing, and the solver answering from a book without searching.

#include <gtest/gtest.h>

#include "engine/games/connect4/connect4.h"
#include "engine/games/connect4/exact_solver.h"
#include "engine/games/connect4/opening_book.h"
#include "tests/support/positions.h"

namespace narabe {
namespace {

using test_positions::connect4_after;

using games::Connect4;
using games::connect4::ExactSolver;
using games::connect4::OpeningBook;


// The exact values of the seven first moves, known since Allis and Tromp and
// reproduced by Pons' solver: the centre wins, its neighbours draw, the rest lose.
OpeningBook first_moves_book() {
  OpeningBook book;
  const int first_move_scores[7] = {-2, -1, 0, 1, 0, -1, -2};
  for (int column = 0; column < 7; ++column) {
    const Connect4 child = connect4_after(std::to_string(column + 1).c_str());
    book.add(child.current(), child.mask(), -first_move_scores[column]);  // the second player's view
  }
  book.set_depth(0);
  return book;
}

TEST(Connect4Book, RoundTripsThroughItsFileFormat) {
  const OpeningBook book = first_moves_book();
  EXPECT_EQ(book.size(), 4u) << "mirror images share a record";
  auto parsed = OpeningBook::parse(book.serialize());
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->size(), book.size());
  EXPECT_EQ(parsed->depth(), 0);
  const Connect4 centre = connect4_after("4");
  EXPECT_EQ(parsed->score(centre.current(), centre.mask()), -1);
  const Connect4 left = connect4_after("1"), right = connect4_after("7");
  EXPECT_EQ(parsed->score(left.current(), left.mask()), 2);
  EXPECT_EQ(parsed->score(right.current(), right.mask()), 2);
  const Connect4 unknown = connect4_after("44");
  EXPECT_FALSE(parsed->score(unknown.current(), unknown.mask()).has_value());
}

TEST(Connect4Book, CorruptFilesAreRejected) {
  auto bytes = first_moves_book().serialize();
  const auto expect_rejected = [](std::vector<std::uint8_t> b, const char* why) {
    EXPECT_FALSE(OpeningBook::parse(b).ok()) << why;
  };
  expect_rejected({bytes.begin(), bytes.end() - 3}, "cut short");
  std::vector<std::uint8_t> bad_magic = bytes;
  bad_magic[0] = 'X';
  expect_rejected(bad_magic, "wrong magic");
  std::vector<std::uint8_t> unsorted = bytes;
  const std::size_t body = unsorted.size() - 32;
  std::swap_ranges(unsorted.begin() + static_cast<std::ptrdiff_t>(body),
                   unsorted.begin() + static_cast<std::ptrdiff_t>(body + 8),
                   unsorted.begin() + static_cast<std::ptrdiff_t>(body + 8));
  expect_rejected(unsorted, "records out of order");
  std::vector<std::uint8_t> bad_score = bytes;
  bad_score[body] = 0;  // score byte of the first record: -128
  expect_rejected(bad_score, "score out of range");
  const std::string header = "narabe-connect4-book 1 7 6 x\n";
  expect_rejected({header.begin(), header.end()}, "no depth");
  EXPECT_TRUE(OpeningBook::parse({}).ok()) << "no book at all is an empty book";
}

TEST(Connect4Book, TheSolverAnswersTheStartFromTheBookAtOnce) {
  const OpeningBook book = first_moves_book();
  ExactSolver solver(Connect4(), 1);
  solver.use_book(&book);
  const auto score = solver.solve(Connect4());
  ASSERT_TRUE(score.has_value());
  EXPECT_EQ(core::mate_moves(*score), 21) << "the first player wins with its 21st disc";
  EXPECT_EQ(solver.best_move(), core::Move(3)) << "column 4";
  EXPECT_EQ(solver.nodes(), 0u) << "nothing searched";
  EXPECT_EQ(solver.solve_move(Connect4(), core::Move(2)), 0) << "column 3 draws";
  EXPECT_TRUE(core::is_loss(*solver.solve_move(Connect4(), core::Move(0)))) << "column 1 loses";
}

TEST(Connect4Book, APositionOneDiscPastTheDepthIsAnsweredWhenAllItsMovesAreScored) {
  // A layer in the making: the depth-0 book plus the positions after 4 and a reply
  // (their scores from the built-in book, which holds every two-disc position).
  const OpeningBook& builtin = OpeningBook::builtin();
  if (builtin.depth() < 1) GTEST_SKIP() << "needs the built-in book of depth 1 or more";
  OpeningBook book = first_moves_book();
  const Connect4 centre = connect4_after("4");
  for (char reply = '1'; reply <= '7'; ++reply) {
    const Connect4 child = connect4_after((std::string("4") + reply).c_str());
    book.add(child.current(), child.mask(), *builtin.score(child.current(), child.mask()));
  }
  ExactSolver solver(centre, 1);
  solver.use_book(&book);
  const auto score = solver.solve(centre);
  ASSERT_TRUE(score.has_value());
  EXPECT_EQ(core::mate_moves(*score), -20) << "the second player loses, whatever it does";
  EXPECT_EQ(solver.nodes(), 0u) << "nothing searched";
  EXPECT_FALSE(ExactSolver::best_from_book(book, connect4_after("1"))) << "the replies to 1 are not in this book";
}

TEST(Connect4Book, TheBuiltInBookAnswersTheCentreAnsweredInTheCentre) {
  // The first positions of the depth-2 layer complete "4 4" (every move from it).
  const OpeningBook& builtin = OpeningBook::builtin();
  if (builtin.depth() < 1) GTEST_SKIP() << "needs the built-in book of depth 1 or more";
  const Connect4 position = connect4_after("44");
  ExactSolver solver(position, 1);
  solver.use_book(true);
  const auto score = solver.solve(position);
  ASSERT_TRUE(score.has_value());
  EXPECT_EQ(core::mate_moves(*score), 20) << "the first player still wins with its 21st disc";
  EXPECT_EQ(solver.best_move(), core::Move(3)) << "column 4 again";
  EXPECT_EQ(solver.nodes(), 0u) << "nothing searched";
}

TEST(Connect4Book, TheBuiltInBookIsWellFormed) {
  // Whatever book is compiled in parses, and every position it promises is there.
  const OpeningBook& book = OpeningBook::builtin();
  if (book.depth() < 0) GTEST_SKIP() << "no opening book compiled in";
  std::vector<Connect4> layer{Connect4()};
  for (int discs = 0; discs <= book.depth(); ++discs) {
    std::vector<Connect4> next;
    for (const Connect4& position : layer) {
      Connect4::MoveList moves;
      position.generate_moves(moves);
      for (core::Move m : moves) {
        Connect4 child = position;
        child.make_move(m);
        if (core::is_over(child.outcome())) continue;
        EXPECT_TRUE(book.score(child.current(), child.mask()).has_value()) << child.to_fen();
        next.push_back(child);
      }
    }
    layer = std::move(next);
  }
}

}  // namespace
}  // namespace narabe
