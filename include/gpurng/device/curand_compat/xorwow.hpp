// cuRAND's curandStateXORWOW_t (its default curandState_t) and its functions
// (gpurng/device/curand_compat.hpp), on core::xorwow: the seeding, step and Weyl counter of the
// library's xorwow engine, whose stream s is curand_init(seed, s, 0).
//
// What cuRAND does (curand_kernel.h; shared/data/curand-seeding.md section 1): curand_init seeds
// (v0..v4, d) from the two halves of the seed, then moves subsequence * 2^67 steps and offset steps
// ahead; a skip moves only v0..v4 (through GF(2) matrices) and adds 362437 * n to d (mod 2^32),
// which a subsequence jump leaves alone (362437 * 2^67 = 0 mod 2^32). curand() is one xorwow step.
// curand_uniform is float(x) 2^-32 + 2^-33 of one output; curand_uniform_double takes two outputs x, y
// and returns (x ^ y << 21) 2^-53 + 2^-54; the float normals take two outputs, the double ones four
// (normals.hpp). The skips here use jump polynomials (xorwow_jump.hpp) in place of cuRAND's tables:
// the same states, no tables to upload.
#pragma once

#include "gpurng/core/engines/curand_conversions.hpp"
#include "gpurng/core/engines/u32_conversions.hpp"
#include "gpurng/core/engines/xorwow.hpp"
#include "gpurng/device/curand_compat/normals.hpp"
#include "gpurng/device/curand_compat/xorwow_jump.hpp"

namespace gpurng::curand_compat {

struct curandStateXORWOW_t {
  core::xorwow::State st;  // v0..v4 and the Weyl counter d
  int boxmuller_flag;      // normals.hpp
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
using curandStateXORWOW = curandStateXORWOW_t;
using curandState_t = curandStateXORWOW_t;  // cuRAND's default state
using curandState = curandStateXORWOW_t;

// Moves the state n outputs ahead: popcount(n) products mod P and 160 xorshift steps (once per call,
// not per bit), instead of cuRAND's up to 96 matrix-vector products read from its tables.
GPURNG_HD inline void skipahead(unsigned long long n, curandStateXORWOW_t* s) {
  if (n == 0) return;
  compat_detail::xorwow_jump::apply(s->st, compat_detail::xorwow_jump::residue(0, n));
  s->st.d += core::xorwow::kWeyl * static_cast<std::uint32_t>(n);
}

// Moves the state n subsequences (2^67 outputs each) ahead; d does not change.
GPURNG_HD inline void skipahead_sequence(unsigned long long n, curandStateXORWOW_t* s) {
  if (n == 0) return;
  compat_detail::xorwow_jump::apply(s->st, compat_detail::xorwow_jump::residue(n, 0));
}

// cuRAND's curand_init: both jumps (subsequence * 2^67 + offset steps) in one polynomial.
GPURNG_HD inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                                  curandStateXORWOW_t* s) {
  s->st = core::xorwow::seed_state(seed);
  if (subsequence != 0 || offset != 0) {
    compat_detail::xorwow_jump::apply(s->st, compat_detail::xorwow_jump::residue(subsequence, offset));
    s->st.d += core::xorwow::kWeyl * static_cast<std::uint32_t>(offset);
  }
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.0f;
  s->boxmuller_extra_double = 0.0;
}

GPURNG_HD inline unsigned int curand(curandStateXORWOW_t* s) { return core::xorwow::next(s->st); }

GPURNG_HD inline float curand_uniform(curandStateXORWOW_t* s) { return core::u32_to_uniform_float(curand(s)); }

// (x ^ y << 21) 2^-53 + 2^-54 of two outputs x, y (core/engines/curand_conversions.hpp).
GPURNG_HD inline double curand_uniform_double(curandStateXORWOW_t* s) {
  const unsigned int x = curand(s);
  const unsigned int y = curand(s);
  return core::curand_host::uniform_double_two_words(x, y);
}

namespace compat_detail {

template <>
struct BoxMuller<curandStateXORWOW_t> {
  static constexpr bool kEnabled = true;
  GPURNG_HD static float2 pair(curandStateXORWOW_t* s) {
    const unsigned int x = curand(s);
    const unsigned int y = curand(s);
    return box_muller(x, y);
  }
  GPURNG_HD static double2 pair_double(curandStateXORWOW_t* s) {
    const unsigned int x0 = curand(s);
    const unsigned int x1 = curand(s);
    const unsigned int y0 = curand(s);
    const unsigned int y1 = curand(s);
    return box_muller_double(x0, x1, y0, y1);
  }
};

}  // namespace compat_detail

}  // namespace gpurng::curand_compat
