// cuRAND's device API for Philox4_32_10, with cuRAND's semantics, in gpurng's namespace (issue 22):
// a kernel written for curand_kernel.h ports by changing the include and adding
//
//   using namespace gpurng::curand_compat;
//
// and keeps its values bit for bit: curand_init(seed, subsequence, offset, &state), curand,
// curand_uniform, curand_uniform_double, skipahead, skipahead_sequence on curandStatePhilox4_32_10_t
// (tests/test_cuda_curand_compat.cu compares every one with cuRAND's own on the device). The math is
// core::philox (the same Philox4x32-10 as the host engine philox4x32-10, whose stream s is
// curand_init(seed, s, 0)); the functions are __host__ __device__, so the same code runs on the CPU.
//
// What cuRAND does (shared/data/curand-seeding.md, section 3 and 4): key = (lo(seed), hi(seed));
// the 128-bit counter starts at 0 with the subsequence added to its upper 64 bits; offset k moves
// the counter by k div 4 and skips k mod 4 words of the block; curand() returns the block's words
// x, y, z, w in turn. curand_uniform is float(x) 2^-32 + 2^-33 (never 0); curand_uniform_double
// uses one 32-bit output, x 2^-32 + 2^-32 (32 random bits, as in cuRAND).
//
// Not here (yet): curand_normal* (cuRAND's Box-Muller uses its intrinsics), curand4, and XORWOW
// and MRG32k3a states (their skips need jump tables; the engines xorwow and mrg32k3a and the device
// API gpurng/device/mrg32k3a.hpp have gpurng's own interfaces).
#pragma once

#include "gpurng/core/engines/philox.hpp"

namespace gpurng::curand_compat {

struct curandStatePhilox4_32_10_t {
  core::Words<std::uint32_t, 4> ctr;     // the counter of the current block
  core::Words<std::uint32_t, 4> output;  // Philox4x32-10(ctr, key)
  core::Words<std::uint32_t, 2> key;
  unsigned state;                        // the next word of output to return, 0..3
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

GPURNG_HD inline float curand_uniform(curandStatePhilox4_32_10_t* s) {
  return static_cast<float>(curand(s)) * 2.3283064e-10f + 1.1641532e-10f;  // cuRAND's constants
}

GPURNG_HD inline double curand_uniform_double(curandStatePhilox4_32_10_t* s) {
  constexpr double k2pow32inv = 2.3283064365386963e-10;  // 2^-32
  return static_cast<double>(curand(s)) * k2pow32inv + k2pow32inv;
}

}  // namespace gpurng::curand_compat
