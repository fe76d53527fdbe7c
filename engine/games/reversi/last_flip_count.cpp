#include "engine/games/reversi/last_flip_count.h"

#include <array>

namespace narabe::games::reversi {

namespace {

bool fast_pext() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
#else
  return false;
#endif
}

// The four lines through each cell (row, column, both diagonals) and the cell's
// place among the line's cells in bit order, which PEXT keeps.
struct CellLines {
  std::array<std::uint64_t, 4> mask{};
  std::array<std::uint8_t, 4> place{};
};

constexpr std::array<CellLines, 64> cell_lines() {
  constexpr int steps[4][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};  // (file, rank)
  std::array<CellLines, 64> lines{};
  for (int cell = 0; cell < 64; ++cell) {
    const int file = cell % 8, rank = cell / 8;
    for (int d = 0; d < 4; ++d) {
      std::uint64_t mask = 0;
      for (int k = -7; k <= 7; ++k) {
        const int f = file + k * steps[d][0], r = rank + k * steps[d][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) mask |= std::uint64_t{1} << (r * 8 + f);
      }
      int place = 0;
      for (int b = 0; b < cell; ++b) place += static_cast<int>((mask >> b) & 1);
      lines[static_cast<std::size_t>(cell)].mask[static_cast<std::size_t>(d)] = mask;
      lines[static_cast<std::size_t>(cell)].place[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(place);
    }
  }
  return lines;
}
constexpr std::array<CellLines, 64> kCellLines = cell_lines();

// count[place][own]: the discs flipped along one line by a disc at `place` when the
// line's own discs are the byte `own` and its other cells the other side's. The
// bits above a short line's end read as the other side's but have no own disc
// beyond them, so they never flip; the bit at `place` itself is ignored.
constexpr std::array<std::array<std::uint8_t, 256>, 8> line_counts() {
  std::array<std::array<std::uint8_t, 256>, 8> count{};
  for (int place = 0; place < 8; ++place)
    for (int own = 0; own < 256; ++own) {
      int n = 0;
      for (int dir : {-1, 1}) {
        int run = 0, at = place + dir;
        while (at >= 0 && at < 8 && ((own >> at) & 1) == 0) {
          ++run;
          at += dir;
        }
        if (at >= 0 && at < 8) n += run;  // ended on an own disc
      }
      count[static_cast<std::size_t>(place)][static_cast<std::size_t>(own)] = static_cast<std::uint8_t>(n);
    }
  return count;
}
constexpr std::array<std::array<std::uint8_t, 256>, 8> kLineCounts = line_counts();

}  // namespace

const bool kFastPext = fast_pext();

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
__attribute__((target("bmi2"))) int last_flip_count_pext(std::uint64_t own, int cell) {
  const CellLines& lines = kCellLines[static_cast<std::size_t>(cell)];
  int n = 0;
  for (std::size_t d = 0; d < 4; ++d)
    n += kLineCounts[lines.place[d]][__builtin_ia32_pext_di(own, lines.mask[d])];
  return n;
}
#else
int last_flip_count_pext(std::uint64_t, int) { return 0; }  // never called: kFastPext is false
#endif

}  // namespace narabe::games::reversi
