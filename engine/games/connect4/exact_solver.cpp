#include "engine/games/connect4/exact_solver.h"

namespace narabe::games {

namespace connect4 {

ExactSolver::ExactSolver(const Connect4& position, std::size_t table_megabytes)
    : solver_(position.width(), position.height(), table_megabytes) {}

core::Score ExactSolver::to_engine_score(int pons_score, int moves, int cells) {
  if (pons_score == 0) return core::kDrawScore;
  // A win of score s comes with the disc played when (cells + 1 - 2s) or
  // (cells - 2s) discs are down, whichever has the winner's parity.
  const int s = pons_score > 0 ? pons_score : -pons_score;
  const int winner_parity = pons_score > 0 ? moves % 2 : (moves + 1) % 2;
  int discs_before_win = cells + 1 - 2 * s;
  if (discs_before_win % 2 != winner_parity) --discs_before_win;
  const int plies = discs_before_win - moves + 1;
  return pons_score > 0 ? core::win_in(plies) : core::loss_in(plies);
}

void ExactSolver::set_progress(std::function<void(core::Score, core::Score)> progress) {
  progress_.connect(solver_, std::move(progress), [this](int pons_score) {
    return to_engine_score(pons_score, progress_moves_, solver_.width() * solver_.height());
  });
}

bool ExactSolver::book_covers(const Connect4& position) const {
  return book_ != nullptr && position.width() == OpeningBook::kWidth &&
         position.height() == OpeningBook::kHeight && position.moves_played() <= book_->depth() + 1;
}

std::optional<int> ExactSolver::book_move_score(const OpeningBook& book, const Connect4& position,
                                                core::Move move) {
  Connect4 after = position;
  after.make_move(move);
  const core::Outcome outcome = after.outcome();
  if (outcome == core::Outcome::kDraw) return 0;
  if (core::is_over(outcome))
    return (position.width() * position.height() + 1 - position.moves_played()) / 2;
  const auto child = book.score(after.current(), after.mask());
  if (!child) return std::nullopt;
  return -*child;
}

std::optional<ExactSolver::BookAnswer> ExactSolver::best_from_book(const OpeningBook& book,
                                                                    const Connect4& position) {
  Connect4::MoveList moves;
  position.generate_moves(moves);
  std::optional<BookAnswer> best;
  for (core::Move m : moves) {
    const auto score = book_move_score(book, position, m);
    if (!score) return std::nullopt;
    if (!best || *score > best->score) best = BookAnswer{m, *score};
  }
  return best;
}

std::optional<core::Score> ExactSolver::solve(const Connect4& position) {
  progress_moves_ = position.moves_played();
  book_best_ = core::Move::null();
  const int cells = position.width() * position.height();
  if (book_covers(position)) {
    if (const auto answer = best_from_book(*book_, position)) {
      book_best_ = answer->move;
      return to_engine_score(answer->score, position.moves_played(), cells);
    }
  }
  const auto score = solver_.solve(position.current(), position.mask(), position.moves_played());
  if (!score) return std::nullopt;
  return to_engine_score(*score, position.moves_played(), cells);
}

std::optional<core::Score> ExactSolver::solve_move(const Connect4& position, core::Move move) {
  const auto known = book_covers(position) ? book_move_score(*book_, position, move) : std::nullopt;
  if (known)
    return to_engine_score(*known, position.moves_played(), position.width() * position.height());
  const auto score =
      solver_.solve_move(position.current(), position.mask(), position.moves_played(), move.value());
  if (!score) return std::nullopt;
  return to_engine_score(*score, position.moves_played(), position.width() * position.height());
}

}  // namespace connect4

std::unique_ptr<connect4::ExactSolver> make_exact_solver(const Connect4& position,
                                                         std::size_t table_megabytes) {
  return std::make_unique<connect4::ExactSolver>(position, table_megabytes);
}

}  // namespace narabe::games
