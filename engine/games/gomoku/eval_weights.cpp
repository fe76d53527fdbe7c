#include "engine/games/gomoku/eval_weights.h"

#include <algorithm>
#include <limits>
#include <string>
#include <string_view>

#include "engine/core/little_endian.h"

namespace narabe::games::gomoku {

namespace {

using core::fnv1a;
using core::read_u32;
using core::write_u32;

constexpr std::string_view kMagic = "NRBGMEV1";

}  // namespace

core::Expected<EvalWeights> EvalWeights::from_bytes(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHeaderBytes)
    return core::make_error("truncated: " + std::to_string(bytes.size()) + " bytes is shorter than the header");
  if (!std::equal(kMagic.begin(), kMagic.end(), bytes.begin()))
    return core::make_error("not a narabe Gomoku weights file (bad magic)");
  const std::uint32_t version = read_u32(bytes, 8);
  if (version != kFormatVersion && version != 2)
    return core::make_error("format version " + std::to_string(version) + ", this engine reads versions 2 and " +
                            std::to_string(kFormatVersion));
  const std::uint32_t rule = read_u32(bytes, 12);
  if (rule >= kAllRules.size()) return core::make_error("unknown rule " + std::to_string(rule));
  if (read_u32(bytes, 16) != kLineClasses || read_u32(bytes, 20) != kPatternCodes)
    return core::make_error("made for another pattern set (" + std::to_string(read_u32(bytes, 16)) + " classes, " +
                            std::to_string(read_u32(bytes, 20)) + " codes; expected " +
                            std::to_string(kLineClasses) + ", " + std::to_string(kPatternCodes) + ")");
  const std::size_t expected = version == 2 ? kVersion2FileBytes : kFileBytes;
  if (bytes.size() != expected)
    return core::make_error("truncated or padded: " + std::to_string(bytes.size()) + " bytes, expected " +
                            std::to_string(expected));
  const std::size_t payload_end = expected - kChecksumBytes;
  std::uint64_t stored = 0;
  for (std::size_t i = 0; i < kChecksumBytes; ++i) stored |= static_cast<std::uint64_t>(bytes[payload_end + i]) << (8 * i);
  if (stored != fnv1a(bytes.first(payload_end))) return core::make_error("checksum mismatch (the file is corrupt)");
  std::size_t at = kHeaderBytes;
  auto next = [&] {
    const auto v = static_cast<std::int16_t>(bytes[at] | bytes[at + 1] << 8);
    at += 2;
    return v;
  };
  CodeValues values;
  for (auto& colour : values)
    for (auto& role : colour)
      for (std::int32_t& v : role) v = next();
  ThreatValues threats{};
  if (version != 2)
    for (std::int32_t& v : threats) v = next();
  return EvalWeights(kAllRules[rule], values, threats);
}

std::vector<std::uint8_t> EvalWeights::to_bytes() const {
  std::vector<std::uint8_t> out(kMagic.begin(), kMagic.end());
  write_u32(out, kFormatVersion);
  write_u32(out, static_cast<std::uint32_t>(rule_));
  write_u32(out, kLineClasses);
  write_u32(out, kPatternCodes);
  auto put = [&](std::int32_t v) {
    const auto word = static_cast<std::uint16_t>(static_cast<std::int16_t>(
        std::clamp<std::int32_t>(v, std::numeric_limits<std::int16_t>::min(), std::numeric_limits<std::int16_t>::max())));
    out.push_back(static_cast<std::uint8_t>(word & 0xff));
    out.push_back(static_cast<std::uint8_t>(word >> 8));
  };
  for (const auto& colour : codes_)
    for (const auto& role : colour)
      for (const std::int32_t v : role) put(v);
  for (const std::int32_t v : threats_) put(v);
  const std::uint64_t sum = fnv1a(out);
  for (std::size_t i = 0; i < kChecksumBytes; ++i) out.push_back(static_cast<std::uint8_t>(sum >> (8 * i)));
  return out;
}

}  // namespace narabe::games::gomoku
