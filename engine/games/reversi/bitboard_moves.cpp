#include "engine/games/reversi/bitboard_moves.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

namespace narabe::games::reversi {

namespace {

bool has_avx2() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();  // may run before the library's own initialisation
  return __builtin_cpu_supports("avx2");  // also checks that the system saves the registers
#else
  return false;
#endif
}

}  // namespace

const bool kHasAvx2 = has_avx2();

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

namespace {

// The four lanes' steps: the directions +-1, +-7, +-8, +-9, as kRays orders them.
__attribute__((target("avx2"))) inline __m256i steps(int times) {
  return _mm256_set_epi64x(9 * times, 8 * times, 7 * times, times);
}

// The OR of the four lanes.
__attribute__((target("avx2"))) inline std::uint64_t or_lanes(__m256i v) {
  __m128i x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  x = _mm_or_si128(x, _mm_unpackhi_epi64(x, x));
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(x));
}

}  // namespace

// flips_portable() in four lanes: toward higher bits the same addition; toward lower
// bits, where AVX2 has no leading-zero count, the ray's non-opponent cells are
// smeared down the ray (1, 2, then 4 steps) and the one that is not below another
// is the highest.
__attribute__((target("avx2"))) std::uint64_t flips_avx2(int cell, std::uint64_t own, std::uint64_t other) {
  const __m256i p = _mm256_set1_epi64x(static_cast<long long>(own));
  const __m256i o = _mm256_set1_epi64x(static_cast<long long>(other));
  const __m256i zero = _mm256_setzero_si256();
  const __m256i ones = _mm256_set1_epi64x(-1);
  const auto* rays = reinterpret_cast<const __m256i*>(kRays.mask[static_cast<std::size_t>(cell)].data());
  const __m256i up = _mm256_load_si256(rays);
  const __m256i down = _mm256_load_si256(rays + 1);

  const __m256i first_up = _mm256_and_si256(up, _mm256_sub_epi64(zero, up));
  const __m256i carried = _mm256_add_epi64(_mm256_or_si256(o, _mm256_xor_si256(up, ones)), first_up);
  const __m256i outflank_up = _mm256_and_si256(_mm256_and_si256(carried, up), p);
  const __m256i flipped_up = _mm256_andnot_si256(_mm256_cmpeq_epi64(outflank_up, zero),
                                                 _mm256_and_si256(_mm256_add_epi64(outflank_up, ones), up));

  const __m256i step = steps(1);
  __m256i smear = _mm256_andnot_si256(o, down);
  smear = _mm256_or_si256(smear, _mm256_srlv_epi64(smear, step));
  smear = _mm256_or_si256(smear, _mm256_srlv_epi64(smear, steps(2)));
  smear = _mm256_or_si256(smear, _mm256_srlv_epi64(smear, steps(4)));
  const __m256i highest = _mm256_andnot_si256(_mm256_srlv_epi64(smear, step), smear);
  const __m256i outflank_down = _mm256_and_si256(highest, p);
  const __m256i flipped_down =
      _mm256_and_si256(down, _mm256_sub_epi64(zero, _mm256_slli_epi64(outflank_down, 1)));
  return or_lanes(_mm256_or_si256(flipped_up, flipped_down));
}

// legal_portable() in four lanes, each direction's run of opponent's discs grown by
// one step twice, then by two steps twice (up to six discs).
__attribute__((target("avx2"))) std::uint64_t legal_avx2(std::uint64_t own, std::uint64_t other) {
  const __m256i p = _mm256_set1_epi64x(static_cast<long long>(own));
  const __m256i runs = _mm256_and_si256(
      _mm256_set1_epi64x(static_cast<long long>(other)),
      _mm256_set_epi64x(static_cast<long long>(kInnerFiles), -1, static_cast<long long>(kInnerFiles),
                        static_cast<long long>(kInnerFiles)));
  const __m256i empty = _mm256_set1_epi64x(static_cast<long long>(~(own | other)));
  const __m256i step = steps(1), step2 = steps(2);

  const __m256i pairs_left = _mm256_and_si256(runs, _mm256_sllv_epi64(runs, step));
  __m256i left = _mm256_and_si256(_mm256_sllv_epi64(p, step), runs);
  left = _mm256_or_si256(left, _mm256_and_si256(_mm256_sllv_epi64(left, step), runs));
  left = _mm256_or_si256(left, _mm256_and_si256(_mm256_sllv_epi64(left, step2), pairs_left));
  left = _mm256_or_si256(left, _mm256_and_si256(_mm256_sllv_epi64(left, step2), pairs_left));

  const __m256i pairs_right = _mm256_and_si256(runs, _mm256_srlv_epi64(runs, step));
  __m256i right = _mm256_and_si256(_mm256_srlv_epi64(p, step), runs);
  right = _mm256_or_si256(right, _mm256_and_si256(_mm256_srlv_epi64(right, step), runs));
  right = _mm256_or_si256(right, _mm256_and_si256(_mm256_srlv_epi64(right, step2), pairs_right));
  right = _mm256_or_si256(right, _mm256_and_si256(_mm256_srlv_epi64(right, step2), pairs_right));

  const __m256i moves = _mm256_or_si256(_mm256_sllv_epi64(left, step), _mm256_srlv_epi64(right, step));
  return or_lanes(_mm256_and_si256(moves, empty));
}

#else

std::uint64_t flips_avx2(int cell, std::uint64_t own, std::uint64_t other) {  // never called: no AVX2
  return flips_portable(cell, own, other);
}
std::uint64_t legal_avx2(std::uint64_t own, std::uint64_t other) { return legal_portable(own, other); }

#endif

}  // namespace narabe::games::reversi
