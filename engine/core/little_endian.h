#pragma once
// The byte helpers of the project's binary files (the Reversi and Gomoku weight
// files, Reversi's opening book): little-endian integers read from and appended to
// byte buffers, and the FNV-1a checksum their trailers carry.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace narabe::core {

inline std::uint16_t read_u16(std::span<const std::uint8_t> b, std::size_t at) {
  return static_cast<std::uint16_t>(b[at] | b[at + 1] << 8);
}

inline std::uint32_t read_u32(std::span<const std::uint8_t> b, std::size_t at) {
  return static_cast<std::uint32_t>(b[at]) | static_cast<std::uint32_t>(b[at + 1]) << 8 |
         static_cast<std::uint32_t>(b[at + 2]) << 16 | static_cast<std::uint32_t>(b[at + 3]) << 24;
}

inline std::uint64_t read_u64(std::span<const std::uint8_t> b, std::size_t at) {
  return static_cast<std::uint64_t>(read_u32(b, at)) | static_cast<std::uint64_t>(read_u32(b, at + 4)) << 32;
}

inline void write_u16(std::vector<std::uint8_t>& out, std::uint16_t v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xff));
  out.push_back(static_cast<std::uint8_t>(v >> 8));
}

inline void write_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

inline void write_u64(std::vector<std::uint8_t>& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

inline std::uint64_t fnv1a(std::span<const std::uint8_t> bytes) {
  std::uint64_t h = 0xcbf2'9ce4'8422'2325ULL;
  for (const std::uint8_t b : bytes) h = (h ^ b) * 0x0000'0100'0000'01b3ULL;
  return h;
}

}  // namespace narabe::core
