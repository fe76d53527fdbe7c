#pragma once
// The number of discs a move on the board's last empty cell flips, the solver's
// commonest question (every leaf asks it once or twice). With one empty cell the
// other side's discs are every other cell, so the side's own discs alone decide:
// along each of the cell's four lines, PEXT gathers the line's own discs into a
// byte and a table gives the count. PEXT is BMI2; the build targets plain x86-64,
// so the caller checks kFastPext (once, at start-up) and otherwise counts the
// flips the portable way. AMD's processors before Zen 3 have BMI2 but a microcoded,
// slow PEXT, so they take the portable way too.

#include <cstdint>

namespace narabe::games::reversi {

extern const bool kFastPext;

// The discs `own` flips by a disc on `cell`, every cell but `cell` being filled
// (own's or the other side's). Only where kFastPext holds.
int last_flip_count_pext(std::uint64_t own, int cell);

}  // namespace narabe::games::reversi
