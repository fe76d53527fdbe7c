#include "engine/games/connect4/opening_book.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

namespace narabe::games::connect4 {

// Defined in the file CMake generates from book_7x6.bin.
extern const unsigned char kBuiltinBook[];
extern const std::size_t kBuiltinBookSize;

namespace {

constexpr std::string_view kMagic = "narabe-connect4-book 1 7 6 ";

std::uint64_t mirror(std::uint64_t key) {
  constexpr int kField = OpeningBook::kHeight + 1;
  constexpr std::uint64_t kFieldMask = (std::uint64_t{1} << kField) - 1;
  std::uint64_t result = 0;
  for (int c = 0; c < OpeningBook::kWidth; ++c)
    result |= ((key >> (c * kField)) & kFieldMask) << ((OpeningBook::kWidth - 1 - c) * kField);
  return result;
}

}  // namespace

const OpeningBook& OpeningBook::builtin() {
  static const OpeningBook book = [] {
    auto parsed = parse(std::span<const std::uint8_t>(kBuiltinBook, kBuiltinBookSize));
    return parsed ? *parsed : OpeningBook();
  }();
  return book;
}

std::uint64_t OpeningBook::canonical_key(std::uint64_t current, std::uint64_t mask) {
  const std::uint64_t key = current + mask;
  return std::min(key, mirror(key));
}

core::Expected<OpeningBook> OpeningBook::parse(std::span<const std::uint8_t> bytes) {
  OpeningBook book;
  if (bytes.empty()) return book;
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const auto newline = text.find('\n');
  if (newline == std::string_view::npos || text.substr(0, kMagic.size()) != kMagic)
    return core::make_error("not a narabe Connect Four book");
  int depth = -1;
  const std::string header(text.substr(kMagic.size(), newline - kMagic.size()));
  if (std::sscanf(header.c_str(), "%d", &depth) != 1 || depth < -1 || depth > 42)
    return core::make_error("book header has no valid depth");
  const std::size_t body = bytes.size() - (newline + 1);
  if (body % 8 != 0) return core::make_error("book records are cut short");
  book.records_.resize(body / 8);
  for (std::size_t i = 0; i < book.records_.size(); ++i) {
    std::uint64_t r = 0;
    for (int b = 7; b >= 0; --b) r = r << 8 | bytes[newline + 1 + i * 8 + static_cast<std::size_t>(b)];
    if (i > 0 && r <= book.records_[i - 1]) return core::make_error("book records are not sorted");
    const int score = static_cast<int>(r & 0xFF) - 128;
    if (score < -21 || score > 21) return core::make_error("book score out of range");
    book.records_[i] = r;
  }
  book.depth_ = depth;
  return book;
}

std::vector<std::uint8_t> OpeningBook::serialize() const {
  std::vector<std::uint8_t> bytes;
  const std::string header = std::string(kMagic) + std::to_string(depth_) + "\n";
  bytes.assign(header.begin(), header.end());
  for (std::uint64_t r : records_)
    for (int b = 0; b < 8; ++b) bytes.push_back(static_cast<std::uint8_t>(r >> (8 * b)));
  return bytes;
}

std::optional<int> OpeningBook::score(std::uint64_t current, std::uint64_t mask) const {
  const std::uint64_t key = canonical_key(current, mask) << 8;
  const auto it = std::lower_bound(records_.begin(), records_.end(), key);
  if (it == records_.end() || (*it >> 8) != (key >> 8)) return std::nullopt;
  return static_cast<int>(*it & 0xFF) - 128;
}

void OpeningBook::add(std::uint64_t current, std::uint64_t mask, int score) {
  const std::uint64_t key = canonical_key(current, mask) << 8;
  const std::uint64_t record = key | static_cast<std::uint64_t>(score + 128);
  const auto it = std::lower_bound(records_.begin(), records_.end(), key);
  if (it != records_.end() && (*it >> 8) == (key >> 8)) *it = record;
  else records_.insert(it, record);
}

}  // namespace narabe::games::connect4
