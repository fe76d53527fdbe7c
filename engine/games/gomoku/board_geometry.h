#pragma once
// The Gomoku board's layout, shared by the rules, the renju checker, the evaluation
// and the levels: one padded 1-D array of cells for every board size.
//
// A cell (file, rank), both 0-based from the bottom-left, is at
//     index = (rank + kPad) * kStride + file + kPad.
// kStride is 32 for every size up to 22, so the four line directions are the fixed
// strides 1 (horizontal), 32 (vertical), 33 (diagonal up-right) and 31 (diagonal
// up-left). Around the board lie at least kPad = 5 wall cells in every direction, so
// walking up to five steps from any board cell stays inside the array and meets a
// wall before it could wrap into another row: pattern code reads lines without any
// bounds check. A Move's value is this index.

#include <array>
#include <cstdint>

namespace narabe::games::gomoku {

enum Cell : std::uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2, kWall = 3 };

inline constexpr int kMinSize = 5;
inline constexpr int kMaxSize = 22;
inline constexpr int kPad = 5;
inline constexpr int kStride = 32;
inline constexpr int kCells = kStride * kStride;  // 1024: 22 + 2 * 5 rows of 32
static_assert(kMaxSize + 2 * kPad <= kStride);

using Cells = std::array<std::uint8_t, kCells>;

// The four line directions as index steps.
inline constexpr std::array<int, 4> kDirections = {1, kStride, kStride + 1, kStride - 1};

// The search's candidates are the empty points within this many steps of a stone
// (the position counts the stones that near every point).
inline constexpr int kNearRadius = 2;
static_assert(kNearRadius <= kPad);

constexpr int cell_index(int file, int rank) { return (rank + kPad) * kStride + file + kPad; }
constexpr int file_of(int index) { return index % kStride - kPad; }
constexpr int rank_of(int index) { return index / kStride - kPad; }

constexpr Cell opponent_of(Cell colour) { return colour == kBlack ? kWhite : kBlack; }

}  // namespace narabe::games::gomoku
