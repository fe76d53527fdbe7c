#include "tools/reversi_train/positions_file.h"

#include <filesystem>
#include <fstream>
#include <iterator>

#include <fmt/format.h>

#include "engine/core/little_endian.h"

namespace narabe::tools::reversi_train {

namespace {

constexpr char kMagic[] = "NRBRVPS2";
constexpr std::size_t kMagicBytes = 8;
constexpr std::size_t kRecordBytes = 18;
constexpr std::uint32_t kMaxSettingsBytes = 4096;
constexpr std::uint8_t kExactFlag = 1, kLastOfGameFlag = 2;

std::uint64_t read_u64(std::span<const std::uint8_t> b, std::size_t at) {
  return std::uint64_t{core::read_u32(b, at)} | std::uint64_t{core::read_u32(b, at + 4)} << 32;
}

}  // namespace

core::Expected<PositionsFile> read_positions_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::make_error(fmt::format("cannot open '{}'", path));
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return core::make_error(fmt::format("cannot read '{}'", path));
  const std::span<const std::uint8_t> b(bytes);
  PositionsFile file;
  file.file_bytes = bytes.size();
  std::size_t at = 0;
  const bool has_header = bytes.size() >= kMagicBytes && std::equal(kMagic, kMagic + kMagicBytes, bytes.begin());
  if (has_header) {
    if (bytes.size() < kMagicBytes + 4) return core::make_error(fmt::format("'{}': truncated header", path));
    const std::uint32_t length = core::read_u32(b, kMagicBytes);
    if (length > kMaxSettingsBytes || bytes.size() < kMagicBytes + 4 + length)
      return core::make_error(fmt::format("'{}': truncated or damaged header", path));
    file.settings.assign(bytes.begin() + kMagicBytes + 4, bytes.begin() + kMagicBytes + 4 + length);
    at = kMagicBytes + 4 + length;
  } else if (bytes.size() % kRecordBytes != 0) {
    return core::make_error(fmt::format("'{}' is not a positions file (no header, and a partial record)", path));
  }
  file.complete_bytes = at;
  std::size_t complete_positions = 0;
  for (std::size_t record = 0; at + kRecordBytes <= bytes.size(); at += kRecordBytes, ++record) {
    TrainingPosition p;
    p.own = read_u64(b, at);
    p.other = read_u64(b, at + 8);
    p.margin = static_cast<std::int8_t>(bytes[at + 16]);
    const std::uint8_t flags = bytes[at + 17];
    p.exact = flags & kExactFlag;
    p.last_of_game = (flags & kLastOfGameFlag) ? 1 : 0;
    if ((p.own & p.other) != 0 || p.margin < -64 || p.margin > 64 || (flags & ~(kExactFlag | kLastOfGameFlag)) != 0)
      return core::make_error(fmt::format("'{}': record {} is not a position (a damaged file?)", path, record));
    file.positions.push_back(p);
    if (p.last_of_game || !has_header) {
      complete_positions = file.positions.size();
      file.complete_bytes = at + kRecordBytes;
      file.games += p.last_of_game;
    }
  }
  file.positions.resize(complete_positions);  // a killed run's partial game goes
  return file;
}

core::Status create_positions_file(const std::string& path, const std::string& settings) {
  std::vector<std::uint8_t> header(kMagic, kMagic + kMagicBytes);
  core::write_u32(header, static_cast<std::uint32_t>(settings.size()));
  header.insert(header.end(), settings.begin(), settings.end());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(header.data()), static_cast<std::streamsize>(header.size()));
  if (!out) return core::make_error(fmt::format("cannot write '{}'", path));
  return core::Ok{};
}

core::Expected<PositionsAppender> PositionsAppender::open(const std::string& path, std::uintmax_t keep_bytes) {
  std::error_code error;
  std::filesystem::resize_file(path, keep_bytes, error);
  if (error) return core::make_error(fmt::format("cannot cut '{}' to its complete games: {}", path, error.message()));
  PositionsAppender appender;
  appender.out_.open(path, std::ios::binary | std::ios::app);
  if (!appender.out_) return core::make_error(fmt::format("cannot open '{}' to append", path));
  appender.path_ = path;
  return appender;
}

core::Status PositionsAppender::append(const std::vector<TrainingPosition>& game) {
  std::vector<std::uint8_t> bytes;
  bytes.reserve(game.size() * kRecordBytes);
  for (const TrainingPosition& p : game) {
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<std::uint8_t>(p.own >> (8 * i)));
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<std::uint8_t>(p.other >> (8 * i)));
    bytes.push_back(static_cast<std::uint8_t>(p.margin));
    bytes.push_back(static_cast<std::uint8_t>((p.exact ? kExactFlag : 0) | (p.last_of_game ? kLastOfGameFlag : 0)));
  }
  out_.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  out_.flush();
  if (!out_) return core::make_error(fmt::format("cannot write to '{}'", path_));
  return core::Ok{};
}

std::string settings_text(const SelfPlaySettings& settings, const std::string& weights_description) {
  return fmt::format("depth={} seed={} solve-empties={} random-rate={} random-plies={}-{} weights={}", settings.depth,
                     settings.seed, settings.solve_empties, settings.random_move_rate, settings.random_plies_min,
                     settings.random_plies_max, weights_description);
}

}  // namespace narabe::tools::reversi_train
