// A Dynamic-Creator Mersenne Twister parameter set (w = 32), in the fields and CSV column names of
// the reference creator (../shared/data/dcmt): n, m, r, aaa, wmask, umask, lmask, shift0_u,
// shift1_l, shiftB_s, shiftC_t, maskB_b, maskC_c, and its adapter for the GF(2) tools.
//
//   X_{k+n} = X_{k+m} ^ ((X_k & umask | X_{k+1} & lmask) >> 1) ^ (X_{k+1} odd ? aaa : 0)
//   output  = temper(X_{k+n}): y ^= y >> u; y ^= (y << s) & b; y ^= (y << t) & c; y ^= y >> l
//
// NOTE for the merge with the dcmt engine (issue 8): that engine's core (core::dcmt::Params,
// mt_forms::twist_word, core::dcmt::temper) is the library's one copy of this recurrence; once it is
// on main, DcMtAdapter::next/output call it and the two functions below go.
#pragma once

#include <cstdint>

namespace gpurng::gf2 {

struct DcParams {
  std::uint32_t n = 0, m = 0, r = 0;
  std::uint32_t aaa = 0;
  std::uint32_t wmask = 0xffffffffu, umask = 0, lmask = 0;
  std::uint32_t shift0_u = 12, shift1_l = 18, shiftB_s = 7, shiftC_t = 15;
  std::uint32_t maskB_b = 0, maskC_c = 0;

  std::uint32_t exponent() const { return 32u * n - r; }

  // The creator's shape for a Mersenne exponent p: n = ceil(p / 32), m = n / 2, r = 32 n - p.
  static DcParams shape(std::uint32_t p) {
    DcParams d;
    d.n = (p + 31) / 32;
    d.r = 32 * d.n - p;
    d.m = d.n / 2;
    d.umask = 0xffffffffu << d.r;
    d.lmask = ~d.umask;
    return d;
  }
};

inline std::uint32_t dc_twist_word(const DcParams& d, std::uint32_t x0, std::uint32_t x1, std::uint32_t xm) {
  const std::uint32_t y = (x0 & d.umask) | (x1 & d.lmask);
  return xm ^ (y >> 1) ^ ((y & 1u) != 0 ? d.aaa : 0u);
}

inline std::uint32_t dc_temper(const DcParams& d, std::uint32_t y) {
  y ^= y >> d.shift0_u;
  y ^= (y << d.shiftB_s) & d.maskB_b;
  y ^= (y << d.shiftC_t) & d.maskC_c;
  return y ^ (y >> d.shift1_l);
}

struct DcMtAdapter {
  using word = std::uint32_t;
  DcParams d;
  int word_bits() const { return 32; }
  int state_words() const { return static_cast<int>(d.n); }
  int degree() const { return static_cast<int>(d.exponent()); }
  word first_word_mask() const { return d.umask; }
  word next(const word* x) const { return dc_twist_word(d, x[0], x[1], x[d.m]); }
  word output(const word* x) const { return dc_temper(d, x[d.n]); }
  void seed(word* x) const {
    // The creator's own seeding (init_genrand of 4357), masked by wmask; any non-zero state works.
    std::uint32_t s = 4357;
    for (std::uint32_t i = 0; i < d.n; ++i) {
      x[i] = s & d.wmask;
      s = 1812433253u * (s ^ (s >> 30)) + i + 1;
    }
  }
};

}  // namespace gpurng::gf2
