#include "engine/games/reversi/pattern_weights.h"

#include <algorithm>
#include <array>
#include <bit>
#include <string_view>

#include "engine/core/little_endian.h"
#include "engine/games/reversi/bit_count.h"
#include "engine/games/reversi/bitboard_moves.h"
#include "engine/games/reversi/last_flip_count.h"
#include "engine/games/reversi/reversi.h"

namespace narabe::games::reversi {

namespace {

using core::fnv1a;
using core::read_u16;
using core::read_u32;
using core::write_u16;
using core::write_u32;

constexpr std::string_view kMagic = "NRBRVEV1";
constexpr std::uint16_t kZeroRun = 0x8000;

}  // namespace

PatternWeights::PatternWeights(std::vector<std::int16_t> weights, int phases)
    : phases_(std::clamp(phases, 1, kMaxPhases)), weights_(std::move(weights)) {
  weights_.resize(static_cast<std::size_t>(phases_) * kPhaseEntries);
  for (int phase = 0; phase < phases_; ++phase)
    make_antisymmetric(weights_.data() + static_cast<std::size_t>(phase) * kPhaseEntries);
}

core::Expected<PatternWeights> PatternWeights::from_bytes(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHeaderBytes + kChecksumBytes)
    return core::make_error("truncated: " + std::to_string(bytes.size()) + " bytes is shorter than the header");
  if (!std::equal(kMagic.begin(), kMagic.end(), bytes.begin()))
    return core::make_error("not a narabe Reversi weights file (bad magic)");
  const std::uint32_t version = read_u32(bytes, 8);
  if (version != kFormatVersion)
    return core::make_error("format version " + std::to_string(version) + ", this engine reads version " +
                            std::to_string(kFormatVersion));
  const std::uint32_t phases = read_u32(bytes, 12);
  if (read_u32(bytes, 16) != kPhaseEntries)
    return core::make_error("made for another pattern set (" + std::to_string(read_u32(bytes, 16)) +
                            " weights a phase, expected " + std::to_string(kPhaseEntries) + ")");
  if (phases < 1 || phases > static_cast<std::uint32_t>(kMaxPhases))
    return core::make_error(std::to_string(phases) + " phases (1 to " + std::to_string(kMaxPhases) + " are read)");
  const std::size_t total_entries = phases * kPhaseEntries;
  const std::size_t payload = read_u32(bytes, 20);
  if (bytes.size() != kHeaderBytes + payload + kChecksumBytes)
    return core::make_error("truncated or padded: " + std::to_string(bytes.size()) + " bytes, the header says " +
                            std::to_string(kHeaderBytes + payload + kChecksumBytes));
  if (core::read_u64(bytes, kHeaderBytes + payload) != fnv1a(bytes.first(kHeaderBytes + payload)))
    return core::make_error("checksum mismatch (the file is corrupt)");
  if (payload % 2 != 0) return core::make_error("payload of an odd number of bytes");

  std::vector<std::int16_t> weights;
  weights.reserve(total_entries);
  for (std::size_t at = kHeaderBytes; at < kHeaderBytes + payload; at += 2) {
    const std::uint16_t word = read_u16(bytes, at);
    if (word == kZeroRun) {
      at += 2;
      if (at >= kHeaderBytes + payload) return core::make_error("zero run without a count");
      weights.insert(weights.end(), read_u16(bytes, at), 0);
    } else {
      weights.push_back(static_cast<std::int16_t>(word));
    }
    if (weights.size() > total_entries) return core::make_error("more weights than the header says");
  }
  if (weights.size() != total_entries)
    return core::make_error(std::to_string(weights.size()) + " weights, expected " + std::to_string(total_entries));
  return PatternWeights(std::move(weights), static_cast<int>(phases));
}

std::vector<std::uint8_t> PatternWeights::to_bytes() const {
  std::vector<std::uint8_t> out(kMagic.begin(), kMagic.end());
  write_u32(out, kFormatVersion);
  write_u32(out, static_cast<std::uint32_t>(phases_));
  write_u32(out, static_cast<std::uint32_t>(kPhaseEntries));
  write_u32(out, 0);  // the payload size, known at the end
  for (std::size_t i = 0; i < weights_.size();) {
    if (weights_[i] == 0 || weights_[i] == static_cast<std::int16_t>(kZeroRun)) {
      // -32768 cannot be told from the run marker: it is stored as a run's neighbour,
      // -32767 (the trainer clamps far inside the range anyway).
      if (weights_[i] != 0) {
        write_u16(out, static_cast<std::uint16_t>(-32767));
        ++i;
        continue;
      }
      std::size_t run = 0;
      while (i + run < weights_.size() && weights_[i + run] == 0 && run < 0xffff) ++run;
      write_u16(out, kZeroRun);
      write_u16(out, static_cast<std::uint16_t>(run));
      i += run;
    } else {
      write_u16(out, static_cast<std::uint16_t>(weights_[i]));
      ++i;
    }
  }
  const auto payload = static_cast<std::uint32_t>(out.size() - kHeaderBytes);
  for (int i = 0; i < 4; ++i) out[20 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(payload >> (8 * i));
  core::write_u64(out, fnv1a(out));
  return out;
}

int PatternWeights::evaluate(std::uint64_t own, std::uint64_t other) const {
  const int empties = bit_count(~(own | other));
  const std::int16_t* w = weights_.data() + static_cast<std::size_t>(phase_of(empties)) * kPhaseEntries;
  int sum = 0;
  // The endgame solver's sort evaluates at every leaf of its searches: PEXT and AVX2
  // where the processor has them (the same indices and moves either way).
  for (const std::uint32_t i : kFastPext ? pattern_indices_pext(own, other) : pattern_indices(own, other))
    sum += w[i];
  const int mobility = bit_count(legal(own, other)) - bit_count(legal(other, own));
  sum += w[kMobilityEntry] * mobility;
  return std::clamp(sum, -kMaxPatternScore, kMaxPatternScore);
}

PatternWeights::Children::Children(const PatternWeights& weights, std::uint64_t own, std::uint64_t other)
    : weights_(weights.weights_.data() +
               static_cast<std::size_t>(weights.phase_of(bit_count(~(own | other)) - 1)) * kPhaseEntries),
      before_(pattern_indices_pext(own, other)) {
  for (const std::uint32_t i : before_) before_sum_ += weights_[i];
}

int PatternWeights::Children::evaluate(std::uint64_t changed, std::uint64_t own_after,
                                       std::uint64_t other_after) const {
  const int mover_sum = before_sum_ + pattern_sum_change_pext(before_, changed, own_after, other_after, weights_);
  const int mobility = bit_count(legal(other_after, own_after)) - bit_count(legal(own_after, other_after));
  return std::clamp(-mover_sum + weights_[kMobilityEntry] * mobility, -kMaxPatternScore, kMaxPatternScore);
}

std::vector<int> PatternWeights::terms(std::uint64_t own, std::uint64_t other) const {
  const int empties = bit_count(~(own | other));
  const std::int16_t* w = weights_.data() + static_cast<std::size_t>(phase_of(empties)) * kPhaseEntries;
  std::vector<int> parts(kPatternCount + 1, 0);
  const PatternIndices indices = pattern_indices(own, other);
  for (std::size_t i = 0; i < indices.size(); ++i) parts[i / kSymmetries] += w[indices[i]];
  const int mobility =
      bit_count(Reversi::legal_cells(own, other)) - bit_count(Reversi::legal_cells(other, own));
  parts[kPatternCount] = w[kMobilityEntry] * mobility;
  return parts;
}

}  // namespace narabe::games::reversi
