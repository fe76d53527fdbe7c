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

std::uint64_t ThreatSolver::stone_key(int at, Cell colour) {
  return threat_keys().stone(static_cast<std::size_t>(at), colour == kBlack ? core::Side::kFirst : core::Side::kSecond);
}

void ThreatSolver::put(int at, Cell colour) {
  board_.place(at, colour);
  hash_ ^= stone_key(at, colour);
}

void ThreatSolver::take(int at) {
  hash_ ^= stone_key(at, board_.cell(at));
  board_.remove(at);
}

bool ThreatSolver::may_play(int at, Cell colour) const { return gomoku::may_play(board_, at, colour); }

int ThreatSolver::five_points(Cell colour, int* out, int limit) const {
  if (board_.count(colour, kFive) == 0) return 0;
  int n = 0;
  for (const int at : points_) {
    if (board_.cell(at) != kEmpty || !board_.has_shape_at_least(at, colour, kFive) || !board_.makes_five(at, colour))
      continue;
    out[n++] = at;
    if (n == limit) return n;
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
  const std::uint64_t key = entry_key(mode, hash_);
  Entry& e = table_[key & (table_.size() - 1)];
  if (e.key != key) e = Entry{key, 0, 0xff, 0};
  return e;
}

const ThreatSolver::Entry* ThreatSolver::probe(ThreatMode mode, std::uint64_t hash) const {
  const std::uint64_t key = entry_key(mode, hash);
  const Entry& e = table_[key & (table_.size() - 1)];
  return e.key == key ? &e : nullptr;
}

bool ThreatSolver::attack(int depth) {
  const bool outer_cut = depth_cut_;
  depth_cut_ = false;
  const bool won = attack_node(depth);
  depth_cut_ = depth_cut_ || outer_cut;
  return won;
}

std::uint8_t ThreatSolver::failed_within(int depth) const {
  // A VCF that no move limit cut short fails for every limit: deeper iterations need
  // not search it again. (A VCT's moves depend on the moves left and on the ply.)
  if (mode_ == ThreatMode::kVcf && !depth_cut_) return kNoLimit;
  return static_cast<std::uint8_t>(depth);
}

bool ThreatSolver::attack_node(int depth) {
  if (interrupted()) return false;
  ++nodes_;
  int five[2];
  if (five_points(attacker_, five, 1) > 0) return true;
  // Anything but a five takes two more moves at least.
  if (depth <= 1) {
    // Cut short only if a four (in a VCF) could have gone on.
    depth_cut_ = depth_cut_ || mode_ != ThreatMode::kVcf || board_.has_four_point(attacker_);
    return false;
  }

  {
    const Entry& e = entry();
    if (e.win_depth <= depth) return true;
    if (e.fail_depth >= depth) {
      depth_cut_ = depth_cut_ || e.fail_depth != kNoLimit;
      return false;
    }
  }

  // A four of the defender must be blocked at once, and the block must threaten.
  int defender_fives[2];
  const int defender_five_count = five_points(defender_, defender_fives, 2);
  if (defender_five_count >= 2) {
    entry().fail_depth = kNoLimit;  // the attacker cannot block both
    return false;
  }

  // Continuous fours alone decide most positions, and cost far less than threes:
  // a VCT node first looks for a VCF (its table entries are kept apart by mode).
  // With fewer than three moves left a three cannot win (three, open four, five),
  // nor can a quiet move: the VCF's answer is the VCT's.
  if (mode_ != ThreatMode::kVcf && (depth < 3 || defender_five_count == 0)) {
    bool vcf = false;
    if (board_.has_four_point(attacker_)) {
      const ThreatMode vct = mode_;
      mode_ = ThreatMode::kVcf;
      vcf = attack(depth);
      mode_ = vct;
    }
    if (vcf) {
      const std::uint16_t move = entry(ThreatMode::kVcf).move;
      Entry& e = entry();
      e.win_depth = static_cast<std::uint8_t>(depth);
      e.move = move;
      return true;
    }
    if (aborted_) return false;
    if (depth < 3) {
      Entry& e = entry();
      e.fail_depth = std::max(e.fail_depth, static_cast<std::uint8_t>(depth));
      return false;
    }
  }

  struct Candidate {
    int at;
    int priority;
  };
  std::vector<Candidate> candidates;
  auto consider = [&](int at) {
    const PatternBoard::PointThreat t = board_.threat(at, attacker_);
    // A three wins after three more moves at the soonest (open four, five).
    const bool threatens = t.fours > 0 || (mode_ != ThreatMode::kVcf && depth >= 3 && t.threes > 0);
    if (!threatens || !may_play(at, attacker_)) return;
    // Open fours and four-threes first, then fours, then double threes, then threes,
    // then quiet moves by the fours they prepare.
    const int priority = t.flex_fours * 1000 + (t.fours > 0 ? 100 + 10 * t.threes : 0) + 10 * t.threes +
                         (t.fours > 0 ? 0 : 1);
    candidates.push_back({at, priority});
  };
  if (defender_five_count == 1) {
    // The block need not threaten by itself when a three of the attacker still
    // stands (try_threat sees it).
    const int block = defender_fives[0];
    if (may_play(block, attacker_)) candidates.push_back({block, 0});
  } else if (board_.has_four_point(attacker_) ||
             (mode_ != ThreatMode::kVcf && depth >= 3 && board_.count(attacker_, kThree) > 0)) {
    // (The counts say when no point threatens: the scan is then skipped.)
    const Shape weakest = mode_ != ThreatMode::kVcf && depth >= 3 ? kThree : kFour;
    for (const int at : points_)
      if (board_.cell(at) == kEmpty && board_.has_shape_at_least(at, attacker_, weakest)) consider(at);
  }
  if (defender_five_count == 0) {
    // Quiet moves that may threaten a VCF, tried last and near the root only: each
    // costs a VCF search.
    if (mode_ == ThreatMode::kVctQuiet && depth >= 3 && root_depth_ - depth < kQuietPlies) {
      std::vector<std::pair<int, int>> quiet;
      quiet_threats(quiet);
      for (const auto& [at, strength] : quiet) candidates.push_back({at, strength - 100});
    }
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
    e.fail_depth = std::max(e.fail_depth, failed_within(depth));
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
  } else if (mode_ != ThreatMode::kVcf) {
    won = defend_threat(depth);
  }
  take(at);
  return won;
}

void ThreatSolver::three_answers(std::vector<int>& answers) {
  // The attacker's winning points now: where it makes an open four or a double four
  // it may play, and the five points those would make. None: the attacker's last
  // move threatened nothing.
  answers.clear();
  // No open-four point and fewer than two fours: no point wins at once.
  if (board_.count(attacker_, kFlexFour) + board_.count(attacker_, kDoubleFour) == 0 &&
      board_.count(attacker_, kFour) < 2)
    return;
  for (const int at : points_) {
    if (board_.cell(at) != kEmpty || !board_.has_shape_at_least(at, attacker_, kFour)) continue;
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
  if (!answers.empty()) add_counter_fours(answers);
}

void ThreatSolver::add_counter_fours(std::vector<int>& answers) const {
  if (board_.has_four_point(defender_))
    for (const int at : points_)
      if (board_.cell(at) == kEmpty && board_.has_shape_at_least(at, defender_, kFour) &&
          board_.threat(at, defender_).fours > 0)
        add_unique(answers, at);
  std::erase_if(answers, [&](int at) { return !may_play(at, defender_); });
  // A marker that the attacker threatened something though no answer is playable.
  if (answers.empty()) answers.push_back(-1);
}

bool ThreatSolver::defend_threat(int depth) {
  std::vector<int> answers;
  three_answers(answers);
  // Not a three: a quiet move wins only if it threatens a VCF (fukumi), which takes
  // it, a four and a five at the least.
  if (answers.empty() && (mode_ != ThreatMode::kVctQuiet || depth < 3 || !vcf_threat_answers(depth - 1, answers)))
    return false;
  if (answers.front() < 0) return true;  // every answer is forbidden to Black
  // One refutation is enough: an answer the table already knows holds the attacker
  // ends the node at once, and answers it knows lose need no search. (The table is
  // read with the answer's key, without placing the stone.)
  std::vector<int> open;
  for (const int at : answers) {
    const Entry* e = probe(mode_, hash_ ^ stone_key(at, defender_));
    if (e != nullptr && e->fail_depth >= depth - 1) return false;
    if (e == nullptr || e->win_depth > depth - 1) open.push_back(at);
  }
  for (const int at : open) {
    put(at, defender_);
    const bool won = attack(depth - 1);
    take(at);
    if (!won) return false;
  }
  return true;
}

void ThreatSolver::quiet_threats(std::vector<std::pair<int, int>>& quiet) const {
  // A quiet move threatens a VCF only if a four of that VCF uses its stone: a five
  // cells' window through it, free of defender stones, must hold two more attacker
  // stones or points where the attacker makes a four now (a VCF's fours often build
  // the next four: see test_vct_fukumi_move's g12).
  std::array<bool, kCells> four_point{};
  for (const int at : points_)
    if (board_.cell(at) == kEmpty && board_.threat(at, attacker_).fours > 0) four_point[static_cast<std::size_t>(at)] = true;
  for (const int at : points_) {
    if (board_.cell(at) != kEmpty || four_point[static_cast<std::size_t>(at)]) continue;
    const PatternBoard::PointThreat t = board_.threat(at, attacker_);
    if (t.threes > 0 || t.five || !may_play(at, attacker_)) continue;  // threes are tried as threes
    int strength = 0;
    for (int d = 0; d < 4; ++d) {
      const int step = kDirections[static_cast<std::size_t>(d)];
      for (int first = -4; first <= 0; ++first) {
        int useful = 0, fours = 0;
        bool open = true;
        for (int k = first; k < first + 5 && open; ++k) {
          const int q = at + k * step;
          const Cell c = board_.cell(q);
          const bool four = c == kEmpty && four_point[static_cast<std::size_t>(q)];
          if (c == attacker_ || four) ++useful;
          else if (c != kEmpty) open = false;
          fours += four ? 1 : 0;
        }
        if (open && fours > 0) strength = std::max(strength, useful);
      }
    }
    if (strength >= 2) quiet.emplace_back(at, strength);
  }
}

bool ThreatSolver::vcf_threat_answers(int depth, std::vector<int>& answers) {
  // Would the attacker, moving again, win by fours within `depth` moves?
  const ThreatMode vct = mode_;
  mode_ = ThreatMode::kVcf;
  const int moves = std::min(depth, kQuietVcfMoves);
  const bool vcf = attack(moves);
  mode_ = vct;
  if (!vcf) return false;
  // The defender stops that VCF only by taking one of its points (an attacker four
  // point, a block's point or a final five point), by a four of its own, or by a
  // stone that turns one of its forced blocks into a four: a stone on a line where
  // the block would make a blocked three or more. Every other move leaves the VCF
  // standing (the replay below follows the very line that was proven). A line the
  // table no longer holds whole proves nothing.
  answers.clear();
  std::vector<int> placed;
  bool whole = false;
  for (int left = moves; left >= 1; --left) {
    int five[2];
    const int fives = five_points(attacker_, five, 2);
    if (fives > 0) {
      for (int i = 0; i < fives; ++i) add_unique(answers, five[i]);
      whole = true;
      break;
    }
    const Entry* e = probe(ThreatMode::kVcf, hash_);
    if (e == nullptr || e->win_depth > left || e->move == 0) break;
    const int at = e->move;
    add_unique(answers, at);
    put(at, attacker_);
    placed.push_back(at);
    int fives_through[kMaxList];
    const int count = five_points_through(at, attacker_, fives_through);
    if (count != 1 || !may_play(fives_through[0], defender_)) {
      for (int i = 0; i < count; ++i) add_unique(answers, fives_through[i]);
      whole = count >= 1;
      break;
    }
    const int block = fives_through[0];
    add_unique(answers, block);
    for (int d = 0; d < 4; ++d) {
      const Shape s = board_.shape(block, d, defender_);
      if (s < kBlockedThree || s == kOverline) continue;
      const int step = kDirections[static_cast<std::size_t>(d)];
      for (int k = -4; k <= 4; ++k)
        if (k != 0 && board_.cell(block + k * step) == kEmpty) add_unique(answers, block + k * step);
    }
    put(block, defender_);
    placed.push_back(block);
  }
  for (auto it = placed.rbegin(); it != placed.rend(); ++it) take(*it);
  if (!whole) {
    answers.clear();
    return false;
  }
  add_counter_fours(answers);
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
    auto proven_move = [&] {
      for (const ThreatMode mode : {mode_, ThreatMode::kVcf}) {
        const Entry* e = probe(mode, hash_);
        if (e != nullptr && e->win_depth <= depth && e->move != 0) return static_cast<int>(e->move);
      }
      return 0;
    };
    int at = proven_move();
    // A full table may have lost an entry of the proof: prove the node again.
    if (at == 0 && attack(depth)) at = proven_move();
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
      if (answers.empty() && mode_ == ThreatMode::kVctQuiet && depth >= 3) vcf_threat_answers(depth - 1, answers);
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
  // The position keeps its patterns up to date: a copy, not a rebuild.
  return solve(position.patterns(), position.size(), position.colour_to_move(), mode, max_attacker_moves);
}

ThreatResult ThreatSolver::solve(const Cells& cells, int size, Rule rule, Cell attacker, ThreatMode mode,
                                 int max_attacker_moves) {
  return solve(PatternBoard(cells, rule), size, attacker, mode, max_attacker_moves);
}

ThreatResult ThreatSolver::solve(const PatternBoard& board, int size, Cell attacker, ThreatMode mode,
                                 int max_attacker_moves) {
  ThreatResult result;
  board_ = board;
  board_.set_values(nullptr);  // the solver reads shapes only: no pattern codes to keep
  points_.clear();
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) points_.push_back(cell_index(file, rank));
  attacker_ = attacker;
  defender_ = opponent_of(attacker_);
  mode_ = mode;
  hash_ = 0;
  for (const int at : points_)
    if (board_.cell(at) != kEmpty) hash_ ^= stone_key(at, board_.cell(at));
  aborted_ = false;
  const int limit = std::min(max_attacker_moves, 250);
  for (int depth = 1; depth <= limit; ++depth) {
    root_depth_ = depth;
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
