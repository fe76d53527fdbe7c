#include "engine/games/reversi/opening_book.h"

#include <algorithm>
#include <bit>
#include <string>
#include <string_view>
#include <utility>

#include "engine/core/little_endian.h"
#include "engine/games/reversi/pattern_features.h"
#include "engine/games/reversi/reversi.h"

namespace narabe::games::reversi {

namespace {

constexpr std::string_view kMagic = "NRBRVBK1";
constexpr std::size_t kChecksumBytes = 8;

bool before(const OpeningBook::Entry& a, const OpeningBook::Entry& b) {
  return std::pair(a.own, a.other) < std::pair(b.own, b.other);
}

}  // namespace

OpeningBook::OpeningBook(std::vector<Entry> entries) {
  for (Entry& e : entries) {
    const Image image = least_image(e.own, e.other);
    e.cell = static_cast<std::uint8_t>(cell_in_image(e.cell & 63, image.symmetry));
    e.own = image.own;
    e.other = image.other;
  }
  std::stable_sort(entries.begin(), entries.end(), before);
  entries.erase(
      std::unique(entries.begin(), entries.end(),
                  [](const Entry& a, const Entry& b) { return !before(a, b) && !before(b, a); }),
      entries.end());
  entries_ = std::move(entries);
}

int OpeningBook::cell_in_image(int cell, int k) {
  return std::countr_zero(symmetry(std::uint64_t{1} << cell, k));
}

OpeningBook::Image OpeningBook::least_image(std::uint64_t own, std::uint64_t other) {
  Image least{own, other, 0};
  for (int k = 1; k < kSymmetries; ++k) {
    const std::uint64_t o = symmetry(own, k), t = symmetry(other, k);
    if (std::pair(o, t) < std::pair(least.own, least.other)) least = {o, t, k};
  }
  return least;
}

std::optional<OpeningBook::Entry> OpeningBook::find(std::uint64_t own, std::uint64_t other) const {
  const Image image = least_image(own, other);
  const Entry key{image.own, image.other, 0, 0, 0};
  const auto it = std::lower_bound(entries_.begin(), entries_.end(), key, before);
  if (it == entries_.end() || it->own != image.own || it->other != image.other) return std::nullopt;
  // The cell whose image is the stored one: symmetry() is a permutation of the cells.
  const std::uint64_t legal = Reversi::legal_cells(own, other);
  for (std::uint64_t cells = legal; cells != 0; cells &= cells - 1) {
    const int cell = std::countr_zero(cells);
    if (cell_in_image(cell, image.symmetry) == it->cell) {
      Entry found = *it;
      found.own = own;
      found.other = other;
      found.cell = static_cast<std::uint8_t>(cell);
      return found;
    }
  }
  return std::nullopt;
}

core::Expected<OpeningBook> OpeningBook::from_bytes(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHeaderBytes + kChecksumBytes)
    return core::make_error("truncated: " + std::to_string(bytes.size()) +
                            " bytes is shorter than the header");
  if (!std::equal(kMagic.begin(), kMagic.end(), bytes.begin()))
    return core::make_error("not a narabe Reversi book (bad magic)");
  const std::uint32_t version = core::read_u32(bytes, 8);
  if (version != kFormatVersion)
    return core::make_error("format version " + std::to_string(version) +
                            ", this engine reads version " + std::to_string(kFormatVersion));
  const std::size_t count = core::read_u32(bytes, 12);
  const std::size_t end = kHeaderBytes + count * kEntryBytes;
  if (bytes.size() != end + kChecksumBytes)
    return core::make_error("truncated or padded: " + std::to_string(bytes.size()) +
                            " bytes, the header says " + std::to_string(end + kChecksumBytes));
  if (core::read_u64(bytes, end) != core::fnv1a(bytes.first(end)))
    return core::make_error("checksum mismatch (the file is corrupt)");
  OpeningBook book;
  book.entries_.reserve(count);
  for (std::size_t at = kHeaderBytes; at < end; at += kEntryBytes) {
    Entry e;
    e.own = core::read_u64(bytes, at);
    e.other = core::read_u64(bytes, at + 8);
    e.score = static_cast<std::int16_t>(core::read_u16(bytes, at + 16));
    e.cell = bytes[at + 18];
    e.depth = bytes[at + 19];
    const std::size_t index = book.entries_.size();
    if ((e.own & e.other) != 0 || e.cell > 63 || ((e.own | e.other) >> e.cell & 1) != 0)
      return core::make_error("entry " + std::to_string(index) +
                              " is not a position and an empty cell");
    if (const Image least = least_image(e.own, e.other);
        least.own != e.own || least.other != e.other)
      return core::make_error("entry " + std::to_string(index) +
                              " is not stored as its least image");
    if (index > 0 && !before(book.entries_.back(), e))
      return core::make_error("entry " + std::to_string(index) + " is out of order");
    book.entries_.push_back(e);
  }
  return book;
}

std::vector<std::uint8_t> OpeningBook::to_bytes() const {
  std::vector<std::uint8_t> out(kMagic.begin(), kMagic.end());
  core::write_u32(out, kFormatVersion);
  core::write_u32(out, static_cast<std::uint32_t>(entries_.size()));
  for (const Entry& e : entries_) {
    core::write_u64(out, e.own);
    core::write_u64(out, e.other);
    core::write_u16(out, static_cast<std::uint16_t>(e.score));
    out.push_back(e.cell);
    out.push_back(e.depth);
  }
  core::write_u64(out, core::fnv1a(out));
  return out;
}

}  // namespace narabe::games::reversi

namespace narabe::games {

std::optional<core::BookMove> book_move(const Reversi& position) {
  const auto& settings = position.eval_settings();
  if (!settings || !settings->book) return std::nullopt;
  const auto entry = settings->book->find(position.player(), position.opponent());
  if (!entry) return std::nullopt;
  return core::BookMove{core::Move(entry->cell), entry->score, entry->depth};
}

}  // namespace narabe::games
