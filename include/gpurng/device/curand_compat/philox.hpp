// cuRAND's curandStatePhilox4_32_10_t and its functions (gpurng/device/curand_compat.hpp), on
// core::philox, the one Philox4x32-10 of gpurng (the host engine philox4x32-10's stream s is
// curand_init(seed, s, 0)).
//
// What cuRAND does (shared/data/curand-seeding.md, sections 3 and 4; curand_kernel.h): key =
// (lo(seed), hi(seed)); the 128-bit counter starts at 0 with the subsequence added to its upper 64
// bits; offset k moves the counter by k div 4 and skips k mod 4 words of the block; curand() returns
// the block's words x, y, z, w in turn. curand4() returns the next four words whatever the position
// in the block (the same values and the same state as four curand() calls). curand_uniform is
// float(x) 2^-32 + 2^-33 (never 0); curand_uniform_double uses one word, x 2^-32 + 2^-32 (32 random
// bits, as in cuRAND); curand_uniform2_double makes two 53-bit doubles of curand4's four words.
// The normals (normals.hpp) take their pairs from two curand() (float) or from curand4 (double).
#pragma once

#include "gpurng/core/engines/curand_conversions.hpp"
#include "gpurng/core/engines/philox.hpp"
#include "gpurng/core/engines/u32_conversions.hpp"
#include "gpurng/device/curand_compat/normals.hpp"

namespace gpurng::curand_compat {

struct curandStatePhilox4_32_10_t {
  core::Words<std::uint32_t, 4> ctr;     // the counter of the current block
  core::Words<std::uint32_t, 4> output;  // Philox4x32-10(ctr, key)
  core::Words<std::uint32_t, 2> key;
  unsigned state;                        // the next word of output to return, 0..3
  int boxmuller_flag;                    // normals.hpp
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
using curandStatePhilox4_32_10 = curandStatePhilox4_32_10_t;

namespace compat_detail {

// ctr += n (128-bit counter, n added at bit 0).
GPURNG_HD inline void add_lo(core::Words<std::uint32_t, 4>& c, unsigned long long n) {
  std::uint64_t carry = n;
  for (int i = 0; i < 4 && carry != 0; ++i) {
    const std::uint64_t s = static_cast<std::uint64_t>(c.v[i]) + (carry & 0xffffffffu);
    c.v[i] = static_cast<std::uint32_t>(s);
    carry = (carry >> 32) + (s >> 32);
  }
}

// ctr += n * 2^64 (the subsequence words z, w; a carry out of the counter is dropped).
GPURNG_HD inline void add_hi(core::Words<std::uint32_t, 4>& c, unsigned long long n) {
  const std::uint64_t hi = (static_cast<std::uint64_t>(c.v[3]) << 32 | c.v[2]) + n;
  c.v[2] = static_cast<std::uint32_t>(hi);
  c.v[3] = static_cast<std::uint32_t>(hi >> 32);
}

GPURNG_HD inline void refresh(curandStatePhilox4_32_10_t* s) { s->output = core::philox::philox4x32<10>(s->ctr, s->key); }

}  // namespace compat_detail

// Moves the state n 32-bit outputs ahead.
GPURNG_HD inline void skipahead(unsigned long long n, curandStatePhilox4_32_10_t* s) {
  const unsigned long long words = static_cast<unsigned long long>(s->state) + (n & 3u);
  compat_detail::add_lo(s->ctr, (n >> 2) + (words >> 2));
  s->state = static_cast<unsigned>(words & 3u);
  compat_detail::refresh(s);
}

// Moves the state n subsequences (2^66 outputs each) ahead.
GPURNG_HD inline void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t* s) {
  compat_detail::add_hi(s->ctr, n);
  compat_detail::refresh(s);
}

GPURNG_HD inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                                  curandStatePhilox4_32_10_t* s) {
  s->ctr = core::Words<std::uint32_t, 4>{{0u, 0u, 0u, 0u}};
  s->key = core::Words<std::uint32_t, 2>{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}};
  s->state = 0;
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.0f;
  s->boxmuller_extra_double = 0.0;
  compat_detail::add_hi(s->ctr, subsequence);
  skipahead(offset, s);
}

GPURNG_HD inline unsigned int curand(curandStatePhilox4_32_10_t* s) {
  const std::uint32_t r = core::pick(s->output, s->state);
  if (++s->state == 4) {
    s->state = 0;
    compat_detail::add_lo(s->ctr, 1);
    compat_detail::refresh(s);
  }
  return r;
}

// The next four words: the rest of this block and the start of the next, which becomes current.
GPURNG_HD inline uint4 curand4(curandStatePhilox4_32_10_t* s) {
  const core::Words<std::uint32_t, 4> old = s->output;
  compat_detail::add_lo(s->ctr, 1);
  compat_detail::refresh(s);
  const core::Words<std::uint32_t, 4>& now = s->output;
  switch (s->state) {  // selects, not a run-time index (which would put the words in local memory)
    case 1: return uint4{old.v[1], old.v[2], old.v[3], now.v[0]};
    case 2: return uint4{old.v[2], old.v[3], now.v[0], now.v[1]};
    case 3: return uint4{old.v[3], now.v[0], now.v[1], now.v[2]};
    default: return uint4{old.v[0], old.v[1], old.v[2], old.v[3]};
  }
}

GPURNG_HD inline float curand_uniform(curandStatePhilox4_32_10_t* s) { return core::u32_to_uniform_float(curand(s)); }

GPURNG_HD inline float4 curand_uniform4(curandStatePhilox4_32_10_t* s) {
  const uint4 x = curand4(s);
  return float4{core::u32_to_uniform_float(x.x), core::u32_to_uniform_float(x.y), core::u32_to_uniform_float(x.z),
                core::u32_to_uniform_float(x.w)};
}

GPURNG_HD inline double curand_uniform_double(curandStatePhilox4_32_10_t* s) {
  // x 2^-32 + 2^-32: exact (33 significant bits), so any evaluation order gives cuRAND's value.
  return core::curand_host::uniform_double_one_word(curand(s));
}

// Two doubles with 53 random bits each, from the words (x, y) and (z, w) of curand4:
// (lo ^ hi << 21) 2^-53 + 2^-54 (the product is exact, so one rounding as in cuRAND's fused form).
GPURNG_HD inline double2 curand_uniform2_double(curandStatePhilox4_32_10_t* s) {
  const uint4 x = curand4(s);
  return double2{core::curand_host::uniform_double_two_words(x.x, x.y),
                 core::curand_host::uniform_double_two_words(x.z, x.w)};
}

namespace compat_detail {

template <>
struct BoxMuller<curandStatePhilox4_32_10_t> {
  static constexpr bool kEnabled = true;
  GPURNG_HD static float2 pair(curandStatePhilox4_32_10_t* s) {
    const unsigned int x = curand(s);
    const unsigned int y = curand(s);
    return box_muller(x, y);
  }
  GPURNG_HD static double2 pair_double(curandStatePhilox4_32_10_t* s) {
    const uint4 x = curand4(s);
    return box_muller_double(x.x, x.y, x.z, x.w);
  }
};

}  // namespace compat_detail

// Four normals from curand4's words: pairs (x, y) and (z, w).
GPURNG_HD inline float4 curand_normal4(curandStatePhilox4_32_10_t* s) {
  const uint4 x = curand4(s);
  const float2 a = compat_detail::box_muller(x.x, x.y);
  const float2 b = compat_detail::box_muller(x.z, x.w);
  return float4{a.x, a.y, b.x, b.y};
}

GPURNG_HD inline float4 curand_log_normal4(curandStatePhilox4_32_10_t* s, float mean, float stddev) {
  const float4 z = curand_normal4(s);
  return float4{compat_detail::log_normal_of(z.x, mean, stddev), compat_detail::log_normal_of(z.y, mean, stddev),
                compat_detail::log_normal_of(z.z, mean, stddev), compat_detail::log_normal_of(z.w, mean, stddev)};
}

}  // namespace gpurng::curand_compat
