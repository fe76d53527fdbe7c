#pragma once
// The sound effects as notes: what each game event sounds like. Pure data, so
// the tests and the WAV tool hear exactly what the GUI plays.

#include <cstdint>
#include <vector>

#include "tools/gui/audio/note.h"

namespace narabe::gui::audio {

enum class Effect { kStoneFirst, kStoneSecond, kWin, kLoss, kDraw, kRefused };

// The longest flip chain that gets a tone per disc; Reversi's largest capture
// is 18 discs (three full lines), so every real chain fits.
inline constexpr int kMaxFlipTones = 32;

// The notes of `effect` played from sample `start`.
std::vector<Note> effect_notes(Effect effect, std::int64_t start, int sample_rate);

// A rising run of short tones, one per flipped disc, `seconds_between` apart
// (clamped to 0..1 s), up the major scale; a chain of more than 15 starts lower
// so that it never climbs past C7. `flips` outside 1..kMaxFlipTones is clamped
// (nothing for 0 or less).
std::vector<Note> flip_chain_notes(int flips, double seconds_between, std::int64_t start,
                                   int sample_rate);

}  // namespace narabe::gui::audio
