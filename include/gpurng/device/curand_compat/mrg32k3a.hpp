// cuRAND's curandStateMRG32k3a_t and its functions (gpurng/device/curand_compat.hpp), on
// core::mrg32k3a: the step, the exact modular skip-ahead and its compiler-made tables (33 KiB,
// shared with the library's mrg32k3a engine and gpurng::device::Mrg32k3a), and cuRAND's seeding and
// conversions from core/engines/curand_conversions.hpp (shared with the mrg32k3a-curand host engine).
//
// What cuRAND does (curand_kernel.h, curand_uniform.h; shared/data/curand-seeding.md section 2):
//  * curand_init(seed, subsequence, offset): all six words 12345 (L'Ecuyer's default state) when
//    seed = 0; otherwise x1 = lo(seed) ^ 0x55555555, x2 = hi(seed) ^ 0xAAAAAAAA and
//    s1 = (12345 x1, 12345 x2, 12345 x1) mod m1, s2 = (12345 x2, 12345 x1, 12345 x2) mod m2. Then
//    subsequence * 2^76 steps (RngStreams' substreams) and offset steps.
//  * skipahead(n): n steps; skipahead_subsequence(n): n * 2^76; skipahead_sequence(n): n * 2^127.
//  * The step gives r = (p1 - p2) mod m1 in [1, m1] (0 is m1), as core::mrg32k3a::next.
//    curand() = trunc(r * 1.000000048662) (the one value above 2^32 - 1, r = m1, saturates to
//    2^32 - 1 as the device's conversion does); curand_uniform = float(r * 2.3283065498378288e-10);
//    curand_uniform_double = r * 2.3283065498378288e-10 (cuRAND's constant, not RngStreams'
//    1/(m1 + 1), so these lie in (0, 1]).
//  * The normals use two uniforms, not raw words: float angle uniform * 6.2831855f, double angle
//    pi * 2 * uniform_double (box_muller.hpp).
//
// Subsequences: cuRAND documents subsequences as valid below 2^51 ("masked to 51 bits"), but its code
// does not mask: it multiplies by a table entry per set bit i of the subsequence. Measured on an H100
// with CUDA 13.0 (scripts/exp/mrg-skip-probe.cu, every bit i < 64): the entries for bits 0..50 are
// A^(2^(76 + i)) and agree with this header; for bits 51..55 they are zero matrices (the state becomes
// all zeros, which the generator never leaves) and from bit 56 on cuRAND reads past its table. So
// subsequences below 2^51 move exactly subsequence * 2^76 steps there and here, bit for bit; at 2^51
// and above cuRAND's state is degenerate, while this header still moves exactly subsequence * 2^76
// steps. skipahead (offsets) and skipahead_sequence agree with cuRAND for every bit of a 64-bit count.
#pragma once

#include "gpurng/core/engines/curand_conversions.hpp"
#include "gpurng/core/engines/mrg32k3a.hpp"
#include "gpurng/device/curand_compat/normals.hpp"

namespace gpurng::curand_compat {

struct curandStateMRG32k3a_t {
  core::mrg32k3a::State st;  // s1[0..2] then s2[0..2], oldest first (cuRAND's s1, s2)
  int boxmuller_flag;        // normals.hpp
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
using curandStateMRG32k3a = curandStateMRG32k3a_t;

GPURNG_HD inline void skipahead(unsigned long long n, curandStateMRG32k3a_t* s) { core::mrg32k3a::skip(s->st, n); }

GPURNG_HD inline void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t* s) {
  core::mrg32k3a::skip_substreams(s->st, n);
}

GPURNG_HD inline void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t* s) {
  core::mrg32k3a::skip_streams(s->st, n);
}

GPURNG_HD inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                                  curandStateMRG32k3a_t* s) {
  s->st = core::curand_host::mrg_seed_state(seed);
  core::mrg32k3a::skip_substreams(s->st, subsequence);
  core::mrg32k3a::skip(s->st, offset);
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.0f;
  s->boxmuller_extra_double = 0.0;
}

GPURNG_HD inline unsigned int curand(curandStateMRG32k3a_t* s) {
  return core::curand_host::mrg_bits(core::mrg32k3a::next(s->st));
}

GPURNG_HD inline float curand_uniform(curandStateMRG32k3a_t* s) {
  return core::curand_host::mrg_uniform_float(core::mrg32k3a::next(s->st));
}

GPURNG_HD inline double curand_uniform_double(curandStateMRG32k3a_t* s) {
  return core::curand_host::mrg_uniform_double(core::mrg32k3a::next(s->st));
}

namespace compat_detail {

template <>
struct BoxMuller<curandStateMRG32k3a_t> {
  static constexpr bool kEnabled = true;
  GPURNG_HD static float2 pair(curandStateMRG32k3a_t* s) {
    const float x = curand_uniform(s);
    const float y = curand_uniform(s);
    return box_muller_uniforms(x, y);
  }
  GPURNG_HD static double2 pair_double(curandStateMRG32k3a_t* s) {
    const double x = curand_uniform_double(s);
    const double y = curand_uniform_double(s);
    return box_muller_uniforms_double(x, y);
  }
};

}  // namespace compat_detail

}  // namespace gpurng::curand_compat
