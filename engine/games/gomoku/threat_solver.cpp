#include "engine/games/gomoku/threat_solver.h"

#include <algorithm>
#include <array>

#include "engine/core/zobrist.h"
#include "engine/games/gomoku/gomoku.h"
#include "engine/games/gomoku/renju_forbidden.h"

namespace narabe::games::gomoku {

namespace {

const core::ZobristKeys<kCells>& threat_keys() {
  static const core::ZobristKeys<kCells> keys(0x7468726561747321ULL);  // "threats!"
  return keys;
}

std::size_t table_entries(std::size_t megabytes) {
  std::size_t entries = 1;
  const std::size_t wanted = std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / 16;
  while (entries * 2 <= wanted) entries *= 2;
  return entries;
}

constexpr int kMaxList = 8 * 4;  // five points along four lines

void add_unique(std::vector<int>& list, int at) {
  if (std::find(list.begin(), list.end(), at) == list.end()) list.push_back(at);
}

}  // namespace

ThreatSolver::ThreatSolver(std::size_t table_megabytes) : table_(table_entries(table_megabytes)) {}

void ThreatSolver::clear() { std::fill(table_.begin(), table_.end(), Entry{}); }

bool ThreatSolver::interrupted() {
  if (aborted_) return true;
  if ((nodes_ & 1023) != 0) return false;
  if ((stop_ && stop_->requested()) || (node_limit_ && nodes_ >= *node_limit_) ||
      (deadline_ && core::SteadyClock::now() >= *deadline_))
    aborted_ = true;
  return aborted_;
}

void ThreatSolver::put(int at, Cell colour) {
  board_.place(at, colour);
  hash_ ^= threat_keys().stone(static_cast<std::size_t>(at), colour == kBlack ? core::Side::kFirst : core::Side::kSecond);
}

void ThreatSolver::take(int at) {
  const Cell colour = board_.cell(at);
  board_.remove(at);
  hash_ ^= threat_keys().stone(static_cast<std::size_t>(at), colour == kBlack ? core::Side::kFirst : core::Side::kSecond);
}

bool ThreatSolver::may_play(int at, Cell colour) const {
  if (board_.cell(at) != kEmpty) return false;
  const Rule rule = board_.rule();
  if (!has_forbidden_points(rule, colour)) return true;
  const PatternBoard::PointThreat t = board_.threat(at, colour);
  if (t.five) return true;  // a five is never forbidden
  if (t.overline) return false;
  if (rule != Rule::kRenju) return true;  // overline-forbidden: only the overline
  if (t.fours >= 2) return false;
  if (t.threes < 2) return true;
  // Two threes by the lines' own shapes: the RIF checker decides (a three whose
  // four point is forbidden, or makes a five, is no three).
  Cells scratch = board_.cells();
  return renju_forbidden(scratch, at) == Forbidden::kNone;
}

int ThreatSolver::five_points(Cell colour, int* out, int limit) const {
  if (board_.count(colour, kFive) == 0) return 0;
  int n = 0;
  for (const int at : points_) {
    if (board_.cell(at) != kEmpty) continue;
    for (int d = 0; d < 4; ++d)
      if (board_.shape(at, d, colour) == kFive) {
        out[n++] = at;
        if (n == limit) return n;
        break;
      }
  }
  return n;
}

int ThreatSolver::five_points_through(int at, Cell colour, int* out) const {
  int n = 0;
  for (int d = 0; d < 4; ++d) {
    const int step = kDirections[static_cast<std::size_t>(d)];
    for (int k = -4; k <= 4; ++k) {
      const int q = at + k * step;
      if (k == 0 || board_.cell(q) != kEmpty || board_.shape(q, d, colour) != kFive) continue;
      if (std::find(out, out + n, q) == out + n) out[n++] = q;
    }
  }
  return n;
}

ThreatSolver::Entry& ThreatSolver::entry(ThreatMode mode) {
  // The same stones mean something else for the other attacker (the table lives
  // across searches) or in the other mode.
  const std::uint64_t key = hash_ ^ (mode == ThreatMode::kVct ? 0x9e3779b97f4a7c15ULL : 0) ^
                            (attacker_ == kWhite ? 0xc2b2ae3d27d4eb4fULL : 0);
  Entry& e = table_[key & (table_.size() - 1)];
  if (e.key != key) e = Entry{key, 0, 0xff, 0};
  return e;
}

bool ThreatSolver::attack(int depth) {
  if (interrupted()) return false;
  ++nodes_;
  int five[2];
  if (five_points(attacker_, five, 1) > 0) return true;
  if (depth <= 1) return false;  // anything but a five takes two more moves at least

  {
    const Entry& e = entry();
    if (e.win_depth <= depth) return true;
    if (e.fail_depth >= depth) return false;
  }

  // A four of the defender must be blocked at once, and the block must threaten.
  int defender_fives[2];
  const int defender_five_count = five_points(defender_, defender_fives, 2);
  if (defender_five_count >= 2) {
    entry().fail_depth = static_cast<std::uint8_t>(std::max<int>(entry().fail_depth, depth));
    return false;
  }

  // Continuous fours alone decide most positions, and cost far less than threes:
  // a VCT node first looks for a VCF (its table entries are kept apart by mode).
  if (mode_ == ThreatMode::kVct && defender_five_count == 0) {
    mode_ = ThreatMode::kVcf;
    const bool vcf = attack(depth);
    mode_ = ThreatMode::kVct;
    if (vcf) {
      const std::uint16_t move = entry(ThreatMode::kVcf).move;
      Entry& e = entry();
      e.win_depth = static_cast<std::uint8_t>(depth);
      e.move = move;
      return true;
    }
    if (aborted_) return false;
  }

  struct Candidate {
    int at;
    int priority;
  };
  std::vector<Candidate> candidates;
  auto consider = [&](int at) {
    const PatternBoard::PointThreat t = board_.threat(at, attacker_);
    // A three wins after three more moves at the soonest (open four, five).
    const bool threatens = t.fours > 0 || (mode_ == ThreatMode::kVct && t.threes > 0 && depth >= 3);
    if (!threatens || !may_play(at, attacker_)) return;
    // Open fours and four-threes first, then fours, then double threes, then threes.
    const int priority = t.flex_fours * 1000 + (t.fours > 0 ? 100 + 10 * t.threes : 0) + 10 * t.threes +
                         (t.fours > 0 ? 0 : 1);
    candidates.push_back({at, priority});
  };
  if (defender_five_count == 1) {
    // The block need not threaten by itself when a three of the attacker still
    // stands (try_threat sees it).
    const int block = defender_fives[0];
    if (may_play(block, attacker_)) candidates.push_back({block, 0});
  } else {
    for (const int at : points_)
      if (board_.cell(at) == kEmpty) consider(at);
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.priority > b.priority; });

  for (const Candidate& c : candidates) {
    if (try_threat(c.at, depth)) {
      Entry& e = entry();
      e.win_depth = static_cast<std::uint8_t>(depth);
      e.move = static_cast<std::uint16_t>(c.at);
      return true;
    }
    if (aborted_) return false;
  }
  if (!aborted_) {
    Entry& e = entry();
    e.fail_depth = static_cast<std::uint8_t>(std::max<int>(e.fail_depth, depth));
  }
  return false;
}

bool ThreatSolver::try_threat(int at, int depth) {
  put(at, attacker_);
  int fives[kMaxList];
  const int count = five_points_through(at, attacker_, fives);
  bool won = false;
  if (count >= 2) {
    won = true;  // the defender, with no four of its own, blocks one of them
  } else if (count == 1) {
    const int block = fives[0];
    if (!may_play(block, defender_)) {
      won = true;  // Black cannot take the point: White's five follows
    } else {
      put(block, defender_);
      won = attack(depth - 1);
      take(block);
    }
  } else if (mode_ == ThreatMode::kVct) {
    won = defend_three(depth);
  }
  take(at);
  return won;
}

void ThreatSolver::three_answers(std::vector<int>& answers) {
  // The attacker's winning points now: where it makes an open four or a double four
  // it may play, and the five points those would make. None: the attacker's last
  // move threatened nothing.
  answers.clear();
  for (const int at : points_) {
    if (board_.cell(at) != kEmpty) continue;
    const PatternBoard::PointThreat t = board_.threat(at, attacker_);
    if ((t.flex_fours > 0 || t.fours >= 2) && may_play(at, attacker_)) {
      add_unique(answers, at);
      board_.place(at, attacker_);  // looked at and taken back: the hash stays
      int fives[kMaxList];
      const int count = five_points_through(at, attacker_, fives);
      board_.remove(at);
      for (int i = 0; i < count; ++i) add_unique(answers, fives[i]);
    }
  }
  if (answers.empty()) return;
  // Counter-fours anywhere.
  for (const int at : points_)
    if (board_.cell(at) == kEmpty && board_.threat(at, defender_).fours > 0) add_unique(answers, at);
  std::erase_if(answers, [&](int at) { return !may_play(at, defender_); });
  // A marker that the attacker threatened something though no answer is playable.
  if (answers.empty()) answers.push_back(-1);
}

bool ThreatSolver::defend_three(int depth) {
  std::vector<int> answers;
  three_answers(answers);
  if (answers.empty()) return false;
  if (answers.front() < 0) return true;  // every answer is forbidden to Black
  for (const int at : answers) {
    put(at, defender_);
    const bool won = attack(depth - 1);
    take(at);
    if (!won) return false;
  }
  return true;
}

std::vector<core::Move> ThreatSolver::winning_line(int depth) {
  // Replays the proof: the table's move at attacker nodes, the forced block or the
  // first refuted answer at defender nodes.
  std::vector<core::Move> line;
  std::vector<int> placed;
  for (; depth >= 1; --depth) {
    int five[2];
    if (five_points(attacker_, five, 1) > 0) {
      line.push_back(core::Move(static_cast<std::uint16_t>(five[0])));
      break;
    }
    // A VCT node proven by its VCF keeps the rest of the line among the VCF entries.
    int at = 0;
    for (const ThreatMode mode : {mode_, ThreatMode::kVcf}) {
      const Entry& e = entry(mode);
      if (e.win_depth <= depth && e.move != 0) {
        at = e.move;
        break;
      }
    }
    if (at == 0) break;
    line.push_back(core::Move(static_cast<std::uint16_t>(at)));
    put(at, attacker_);
    placed.push_back(at);
    int fives[kMaxList];
    const int count = five_points_through(at, attacker_, fives);
    int reply = -1;
    if (count >= 1) {
      reply = fives[0];
    } else {
      std::vector<int> answers;
      three_answers(answers);
      if (!answers.empty()) reply = answers.front();
    }
    // The defender cannot answer: the attacker's five follows whatever it plays.
    if (reply < 0 || !may_play(reply, defender_)) break;
    line.push_back(core::Move(static_cast<std::uint16_t>(reply)));
    put(reply, defender_);
    placed.push_back(reply);
  }
  for (auto it = placed.rbegin(); it != placed.rend(); ++it) take(*it);
  return line;
}

ThreatResult ThreatSolver::solve(const Gomoku& position, ThreatMode mode, int max_attacker_moves) {
  if (core::is_over(position.outcome())) return {};
  return solve(position.cells(), position.size(), position.rule(), position.colour_to_move(), mode,
               max_attacker_moves);
}

ThreatResult ThreatSolver::solve(const Cells& cells, int size, Rule rule, Cell attacker, ThreatMode mode,
                                 int max_attacker_moves) {
  ThreatResult result;
  board_ = PatternBoard(cells, rule);
  points_.clear();
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) points_.push_back(cell_index(file, rank));
  attacker_ = attacker;
  defender_ = opponent_of(attacker_);
  mode_ = mode;
  hash_ = 0;
  for (const int at : points_)
    if (board_.cell(at) != kEmpty)
      hash_ ^= threat_keys().stone(static_cast<std::size_t>(at),
                                   board_.cell(at) == kBlack ? core::Side::kFirst : core::Side::kSecond);
  aborted_ = false;
  const int limit = std::min(max_attacker_moves, 250);
  for (int depth = 1; depth <= limit; ++depth) {
    if (attack(depth)) {
      result.proven = true;
      result.attacker_moves = depth;
      result.line = winning_line(depth);
      if (!result.line.empty()) result.move = result.line.front();
      return result;
    }
    if (aborted_) {
      result.interrupted = true;
      return result;
    }
    result.depth_completed = depth;
  }
  return result;
}

}  // namespace narabe::games::gomoku
