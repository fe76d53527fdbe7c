#pragma once
// Gomoku's trained evaluation weights: for one rule, a value for every pattern code
// (pattern_codes.h) of an empty point, once for "the code is the side to move's"
// and once for "the code is the opponent's", and a value for every threat mask
// (threat_mask.h). The evaluation is the sum of the codes' values over the empty
// points (the pattern board keeps the sums as stones come and go) plus the value
// of the position's threat mask, in the engine's score units: kScale units are one
// unit of the logistic model's log-odds that the side to move wins
// (tools/gomoku_train fits them).
//
// The weights come from a file (tools/gomoku_train writes it; protocol/server reads
// the bytes, since engine/games does no I/O), all integers little-endian:
//
//   offset  size  field
//        0     8  magic "NRBGMEV1"
//        8     4  format version (3; version 2 files, without the threat
//                 table, are read with every threat value 0)
//       12     4  rule (Rule's value: 0 freestyle, 1 standard, 2 renju,
//                 3 overline-forbidden)
//       16     4  line classes (kLineClasses, 11)
//       20     4  pattern codes (kPatternCodes, 1001)
//       24  8008  four tables of 1001 int16: a black point's values (Black to
//                 move, Black the opponent), then a white point's
//     8032  4096  2048 int16: the threat masks' values
//    12128     8  FNV-1a 64 of every byte before it

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/expected.h"
#include "engine/games/gomoku/pattern_codes.h"
#include "engine/games/gomoku/rule.h"
#include "engine/games/gomoku/threat_mask.h"

namespace narabe::games::gomoku {

// The threat masks' values, by mask.
using ThreatValues = std::array<std::int32_t, kThreatMasks>;

class EvalWeights {
 public:
  static constexpr std::uint32_t kFormatVersion = 3;
  static constexpr std::size_t kHeaderBytes = 24;
  static constexpr std::size_t kCodeBytes = 4 * kPatternCodes * 2;
  static constexpr std::size_t kThreatBytes = kThreatMasks * 2;
  static constexpr std::size_t kChecksumBytes = 8;
  static constexpr std::size_t kFileBytes = kHeaderBytes + kCodeBytes + kThreatBytes + kChecksumBytes;
  // Version 2: the codes alone.
  static constexpr std::size_t kVersion2FileBytes = kHeaderBytes + kCodeBytes + kChecksumBytes;
  // Score units per unit of log-odds.
  static constexpr int kScale = 400;

  EvalWeights(Rule rule, const CodeValues& codes, const ThreatValues& threats = {})
      : rule_(rule), codes_(codes), threats_(threats), values_(PointValues::from_codes(codes)) {}

  // Checks and reads a weights file's bytes; the error says what is wrong.
  static core::Expected<EvalWeights> from_bytes(std::span<const std::uint8_t> bytes);
  std::vector<std::uint8_t> to_bytes() const;

  Rule rule() const { return rule_; }
  const CodeValues& codes() const { return codes_; }
  const ThreatValues& threats() const { return threats_; }
  // What the pattern board adds up.
  const PointValues& values() const { return values_; }

 private:
  Rule rule_;
  CodeValues codes_;
  ThreatValues threats_;
  PointValues values_;
};

}  // namespace narabe::games::gomoku
