#include "tools/match/match_game.h"

#include <chrono>
#include <ctime>

#include <fmt/format.h>

namespace narabe::match {
namespace {

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

const char* side_word(int side) { return side == 0 ? "first player" : "second player"; }

}  // namespace

std::optional<PlayedGame> play_game(const GameSetup& setup, games::AnyPosition& referee) {
  PlayedGame played;
  GameRecord& record = played.record;
  record.started = utc_now();
  const auto started = std::chrono::steady_clock::now();

  auto finish = [&](core::Outcome outcome, Termination termination, std::string reason) {
    record.outcome = outcome;
    record.termination = termination;
    record.reason = std::move(reason);
    record.final_fen = referee.fen();
    record.winning_line = referee.winning_line();
    record.duration_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    return played;
  };
  auto forfeit = [&](int side, const Failure& failure) {
    played.failed_side = side;
    return finish(core::win_for(side == 0 ? core::Side::kSecond : core::Side::kFirst), failure.kind,
                  fmt::format("{} ({}) {}: {}", setup.names[side], side_word(side), termination_name(failure.kind),
                              failure.detail));
  };

  // The opening was checked when the run was planned.
  if (auto s = referee.reset(setup.opening->fen); !s) return std::nullopt;
  for (const std::string& move : setup.opening->moves)
    if (auto s = referee.play(move); !s) return std::nullopt;

  const std::string arguments = referee.newgame_arguments();
  for (int side = 0; side < 2; ++side)
    if (auto failure = setup.players[side]->new_game(arguments)) return forfeit(side, *failure);

  MoveRequest request;
  request.newgame_arguments = arguments;
  request.start_fen = setup.opening->fen;
  request.moves = setup.opening->moves;
  std::optional<std::int64_t> clocks[2];
  for (int side = 0; side < 2; ++side) {
    clocks[side] = setup.limits[side]->base_ms;
    request.increment_ms[side] = setup.limits[side]->increment_ms;
  }

  int plies = 0;
  while (!core::is_over(referee.outcome())) {
    if (setup.abandon && setup.abandon->load()) return std::nullopt;
    if (setup.max_plies > 0 && plies >= setup.max_plies)
      return finish(core::Outcome::kDraw, Termination::kAdjudicated,
                    fmt::format("draw adjudicated after {} plies", plies));
    const int side = core::index_of(referee.side_to_move());
    request.side_to_move = referee.side_to_move();
    request.limits = setup.limits[side];
    for (int s = 0; s < 2; ++s) request.clock_ms[s] = clocks[s];

    MoveReply reply = setup.players[side]->request_move(request);
    if (reply.failure) return forfeit(side, *reply.failure);
    const Limits& limits = *setup.limits[side];
    if (clocks[side]) {
      *clocks[side] -= reply.elapsed_ms;
      if (*clocks[side] < -limits.margin_ms)
        return forfeit(side, Failure{Termination::kTimeForfeit,
                                     fmt::format("used {} ms, {} ms past its clock", reply.elapsed_ms,
                                                 -*clocks[side])});
      *clocks[side] += limits.increment_ms;
    }
    if (limits.movetime_ms && reply.elapsed_ms > *limits.movetime_ms + limits.margin_ms)
      return forfeit(side, Failure{Termination::kTimeForfeit,
                                   fmt::format("used {} ms of a {} ms movetime", reply.elapsed_ms,
                                               *limits.movetime_ms)});
    if (auto s = referee.play(reply.move); !s)
      return forfeit(side, Failure{Termination::kIllegalMove,
                                   fmt::format("'{}' in {}: {}", reply.move.substr(0, 40), referee.fen(), s.error())});
    record.moves.push_back(MoveRecord{reply.move, reply.elapsed_ms, reply.score_cp, reply.score_mate, reply.depth,
                                           reply.nodes});
    request.moves.push_back(reply.move);
    ++plies;
  }

  const core::Outcome outcome = referee.outcome();
  std::string reason = outcome == core::Outcome::kDraw
                           ? "draw by the rules"
                           : fmt::format("{} wins by the rules", setup.names[outcome == core::Outcome::kFirstWins ? 0 : 1]);
  return finish(outcome, Termination::kNormal, std::move(reason));
}

}  // namespace narabe::match
