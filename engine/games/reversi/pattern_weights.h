#pragma once
// Reversi's trained evaluation: one weight per pattern entry (pattern_features.h)
// and game phase, plus a weight on the mobility difference, in hundredths of a disc.
// The score is the sum over the 88 pattern readings of the board and the mobility
// term: the predicted final disc margin of the side to move, times 100.
//
// The weights come from a file (tools/reversi_train writes it; the engine's
// protocol layer reads the bytes, since engine/games does no I/O) in this format,
// all integers little-endian:
//
//   offset  size  field
//        0     8  magic "NRBRVEV1"
//        8     4  format version (1)
//       12     4  phases (1 to kMaxPhases: the empties 60..0 cut into that many
//                 equal spans, phase_of)
//       16     4  weights per phase (kPhaseEntries)
//       20     4  payload bytes (P)
//       24     P  the weights, phase-major, as int16; a 0x8000 word is followed by
//                 a uint16 count of zero weights (unseen patterns are many)
//   24 + P     8  FNV-1a 64 of bytes 0 .. 24 + P
//
// Loading makes the weights antisymmetric (an entry and its colour-swapped twin hold
// opposite values; a colour-symmetric entry is 0), so a position is worth to one
// side exactly what it costs the other, whatever the file holds.
//
// A position evaluates with the weights its EvalSettings hold (reversi.h), else with
// the simple evaluation; nothing is process-wide.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/core/expected.h"
#include "engine/games/reversi/pattern_features.h"

namespace narabe::games::reversi {

class PatternWeights {
 public:
  // Phases by the number of empty cells: `phases` equal spans of 60..0, one weight
  // set each (6: 60-51, 50-41, ..., 10-0). The trainer's fit chooses the count by
  // held-out error; the file says it.
  static constexpr int kMaxPhases = 60;
  static constexpr std::size_t kMobilityEntry = kPatternEntries;  // after the patterns
  static constexpr std::size_t kPhaseEntries = kPatternEntries + 1;
  static constexpr std::uint32_t kFormatVersion = 1;
  static constexpr std::size_t kHeaderBytes = 24;
  static constexpr std::size_t kChecksumBytes = 8;

  static constexpr int phase_of(int empties, int phases) {
    const int phase = (60 - empties) * phases / 60;
    return phase < 0 ? 0 : phase >= phases ? phases - 1 : phase;
  }
  int phase_of(int empties) const { return phase_of(empties, phases_); }
  int phases() const { return phases_; }

  // `weights` holds phases * kPhaseEntries values; they are made antisymmetric.
  PatternWeights(std::vector<std::int16_t> weights, int phases);

  // Checks and reads a weights file's bytes; the error says what is wrong.
  static core::Expected<PatternWeights> from_bytes(std::span<const std::uint8_t> bytes);
  std::vector<std::uint8_t> to_bytes() const;

  // The score of the side to move (own discs `own`), hundredths of a disc.
  int evaluate(std::uint64_t own, std::uint64_t other) const;
  // The evaluations of a position's children, from what each move changes: the
  // position's 88 readings are made once, and a child's only where its new disc and
  // the flipped ones are (about a third of them). The solver's sort evaluates the
  // children of every node next to its searches' leaves. The same values as
  // evaluate(), since the weights are antisymmetric: the child's readings from the
  // mover's side are worth exactly the negated sum. Only where kFastPext holds
  // (last_flip_count.h).
  class Children {
   public:
    // `own` is to move in the position; its children have one empty cell fewer.
    Children(const PatternWeights& weights, std::uint64_t own, std::uint64_t other);
    // evaluate(other_after, own_after) of the child after `own` moved: `changed`
    // holds the new disc and the flipped ones.
    int evaluate(std::uint64_t changed, std::uint64_t own_after, std::uint64_t other_after) const;

   private:
    const std::int16_t* weights_;  // the children's phase
    PatternIndices before_;        // the position's readings, `own`'s view
    int before_sum_ = 0;           // their weights' sum in the children's phase
  };

  // The parts of evaluate(): each pattern's sum over its readings, then mobility.
  std::vector<int> terms(std::uint64_t own, std::uint64_t other) const;

  const std::vector<std::int16_t>& weights() const { return weights_; }

  // Applies the antisymmetry to one phase's block in place (the trainer projects its
  // real-valued weights the same way).
  template <class T>
  static void make_antisymmetric(T* phase_block);

 private:
  int phases_;
  std::vector<std::int16_t> weights_;
};

// The largest score the evaluation gives: a margin beyond 64 discs cannot happen.
inline constexpr int kMaxPatternScore = 6400;

template <class T>
void PatternWeights::make_antisymmetric(T* phase_block) {
  for (int p = 0; p < kPatternCount; ++p) {
    T* table = phase_block + kPatternOffsets[static_cast<std::size_t>(p)];
    const auto entries = static_cast<std::uint32_t>(pattern_entries(p));
    for (std::uint32_t i = 0; i < entries; ++i) {
      const std::uint32_t j = swapped_index(p, i);
      if (j == i) {
        table[i] = 0;
      } else if (i < j) {
        const T half = static_cast<T>((table[i] - table[j]) / 2);
        table[i] = half;
        table[j] = static_cast<T>(-half);
      }
    }
  }
}

}  // namespace narabe::games::reversi
