// XORWOW's skip-ahead for the cuRAND-compatible device API (curand_compat/xorwow.hpp): jump
// polynomials (core/jump/gf2_poly.hpp) instead of cuRAND's precomputed matrices.
//
// cuRAND skips with tables of 160 x 160 GF(2) matrices (curand_precalc.h: 2 x 32 matrices of 3200
// bytes, 200 KiB in every translation unit's device image, plus a host copy), and the library's own
// xorwow engine with a 410 KiB table built on the host and uploaded once per device. Neither fits a
// header-only API whose curand_init must work in any kernel with no set-up call. The xorshift part of
// XORWOW (v0..v4 -> M v) has the characteristic polynomial P(x) = x^160 + low(x) below; by
// Cayley-Hamilton M^k = g(M) with g = x^k mod P, so a jump is:
//
//   g = product of x^(2^i) mod P over the set bits i of k   (popcount(k) products mod P)
//   v <- sum of g_i M^i v                                    (160 xorshift steps, masked XORs)
//
// The powers x^(2^i) mod P for i = 0..63 (offsets) and x^(2^(67+i)) mod P (subsequences of 2^67
// steps) are computed by the compiler: 2 x 64 polynomials of 20 bytes, 2.5 KiB per translation unit
// (device global memory, read through the cache) and the same in host constant data. curand_init
// multiplies the subsequence's and the offset's residues and applies the product once.
//
// P was found by Berlekamp-Massey on 400 output bits of the xorshift part (degree 160, 35 terms);
// tests/test_device_api_curand_compat_host.cpp proves P(M) = 0 on all 160 unit vectors and checks
// every jump against the core engine's matrix table (core::xorwow::skip, skip_streams).
#pragma once

#include "gpurng/core/engines/xorwow.hpp"
#include "gpurng/core/jump/gf2_poly.hpp"

namespace gpurng::curand_compat::compat_detail::xorwow_jump {

using Poly = core::gf2::Poly<160>;
using PowerTable = core::gf2::PowerTable<160>;

// The coefficients of P below x^160 (bit i % 32 of word i / 32 is that of x^i).
GPURNG_HD constexpr Poly charpoly_low() {
  return Poly{{0x00060001u, 0x08610030u, 0x00062121u, 0x0f3c0035u, 0x00000f0eu}};
}

struct Tables {
  PowerTable step;         // x^(2^i) mod P
  PowerTable subsequence;  // x^(2^(67+i)) mod P
};

GPURNG_HD constexpr Tables make_tables() {
  Tables t{};
  t.step = core::gf2::make_power_table(charpoly_low());
  Poly p = t.step.pow2[63];
  for (int i = 63; i < core::xorwow::kStreamShift; ++i) p = core::gf2::mulmod(p, p, charpoly_low());
  for (int i = 0; i < 64; ++i) {
    t.subsequence.pow2[i] = p;
    p = core::gf2::mulmod(p, p, charpoly_low());
  }
  return t;
}

inline constexpr Tables kTablesHost = make_tables();
#if GPURNG_CUDA_COMPILER
// One copy per translation unit in device global memory (threads of a warp read different entries,
// which constant memory would serialise).
static __device__ const Tables kTablesDevice = make_tables();
#endif

GPURNG_HD inline const Tables& tables() {
#if GPURNG_DEVICE_PASS
  return kTablesDevice;
#else
  return kTablesHost;
#endif
}

// x^(k 2^67 + j) mod P.
GPURNG_HD inline Poly residue(unsigned long long subsequences, unsigned long long steps) {
  const Tables& t = tables();
  const Poly a = core::gf2::x_pow_mod(subsequences, t.subsequence, charpoly_low());
  if (steps == 0) return a;
  return core::gf2::mulmod(a, core::gf2::x_pow_mod(steps, t.step, charpoly_low()), charpoly_low());
}

struct Step {
  GPURNG_HD void operator()(core::xorwow::Vec& v) const { v = core::xorwow::xorshift_step(v); }
};
struct Add {
  GPURNG_HD void operator()(core::xorwow::Vec& r, const core::xorwow::Vec& v) const {
    for (int i = 0; i < 5; ++i) r.w[i] ^= v.w[i];
  }
};

// g(M) v for the xorshift words v0..v4 of a state (the Weyl counter is the caller's).
GPURNG_HD inline void apply(core::xorwow::State& st, const Poly& g) {
  const core::xorwow::Vec v{{st.v[0], st.v[1], st.v[2], st.v[3], st.v[4]}};
  core::xorwow::set_linear_part(st, core::gf2::apply_jump<160>(g, v, Step{}, Add{}));
}

}  // namespace gpurng::curand_compat::compat_detail::xorwow_jump
