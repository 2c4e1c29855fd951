// Skip-ahead for F2-linear generators by jump polynomials (Haramoto, Matsumoto, L'Ecuyer et al.,
// "Efficient jump ahead for F2-linear random number generators", INFORMS J. Computing 20(3), 2008).
//
// If P is the characteristic polynomial (degree D) of the generator's transition matrix A, then
// A^k = g(A) with g = x^k mod P (Cayley-Hamilton), so the state k steps ahead is
// sum_i g_i A^i v: D steps of the generator and conditional XORs of states. The residues g are
// computed once per k (on the host, where the fill kernels get them) in O(log k) products mod P.
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::core::gf2 {

// A polynomial over GF(2) of degree < D; the coefficient of x^i is bit i % 32 of w[i / 32].
template <int D>
struct Poly {
  static_assert(D % 32 == 0, "D is a multiple of 32");
  static constexpr int kWords = D / 32;
  std::uint32_t w[kWords];

  GPURNG_HD constexpr bool coeff(int i) const { return ((w[i >> 5] >> (i & 31)) & 1u) != 0; }
  GPURNG_HD static constexpr Poly one() {
    Poly p{};
    p.w[0] = 1u;
    return p;
  }
  GPURNG_HD static constexpr Poly x() {
    Poly p{};
    p.w[0] = 2u;
    return p;
  }
};

template <int D>
GPURNG_HD constexpr bool operator==(const Poly<D>& a, const Poly<D>& b) {
  for (int i = 0; i < Poly<D>::kWords; ++i) {
    if (a.w[i] != b.w[i]) return false;
  }
  return true;
}

// a * b mod P, where P = x^D + low (low holds the coefficients below x^D). Horner over a's bits
// from the top: r <- r x mod P, then r <- r + b where the bit is set.
template <int D>
GPURNG_HD constexpr Poly<D> mulmod(const Poly<D>& a, const Poly<D>& b, const Poly<D>& low) {
  constexpr int W = Poly<D>::kWords;
  Poly<D> r{};
  for (int i = D - 1; i >= 0; --i) {
    const std::uint32_t carry = r.w[W - 1] >> 31;  // the coefficient that x pushes to x^D
    for (int j = W - 1; j > 0; --j) r.w[j] = (r.w[j] << 1) | (r.w[j - 1] >> 31);
    r.w[0] <<= 1;
    const std::uint32_t reduce = 0u - carry;  // all ones when x^D = low must be added
    const std::uint32_t add = 0u - ((a.w[i >> 5] >> (i & 31)) & 1u);
    for (int j = 0; j < W; ++j) r.w[j] ^= (low.w[j] & reduce) ^ (b.w[j] & add);
  }
  return r;
}

// x^k mod P, square and multiply: at most 2 * 64 products.
template <int D>
GPURNG_HD constexpr Poly<D> x_pow_mod(std::uint64_t k, const Poly<D>& low) {
  Poly<D> acc = Poly<D>::one();
  Poly<D> sq = Poly<D>::x();  // x^(2^i) mod P
  for (; k != 0; k >>= 1) {
    if (k & 1u) acc = mulmod(acc, sq, low);
    if (k > 1) sq = mulmod(sq, sq, low);
  }
  return acc;
}

// x^(2^i) mod P for i = 0..63, so that x^k mod P costs popcount(k) products.
template <int D>
struct PowerTable {
  Poly<D> pow2[64];
};

template <int D>
GPURNG_HD constexpr PowerTable<D> make_power_table(const Poly<D>& low) {
  PowerTable<D> t{};
  t.pow2[0] = Poly<D>::x();
  for (int i = 1; i < 64; ++i) t.pow2[i] = mulmod(t.pow2[i - 1], t.pow2[i - 1], low);
  return t;
}

template <int D>
GPURNG_HD constexpr Poly<D> x_pow_mod(std::uint64_t k, const PowerTable<D>& t, const Poly<D>& low) {
  Poly<D> acc = Poly<D>::one();
  for (int i = 0; k != 0; ++i, k >>= 1) {
    if (k & 1u) acc = mulmod(acc, t.pow2[i], low);
  }
  return acc;
}

// g(A) v for a state v of an F2-linear generator: sum over i of g_i A^i v, with A^i v obtained by
// stepping a copy of v (step(State&) advances one step; add(State&, const State&) XORs states).
template <int D, class State, class Step, class Add>
GPURNG_HD constexpr State apply_jump(const Poly<D>& g, State v, Step step, Add add) {
  State r{};
  int top = D - 1;
  while (top >= 0 && !g.coeff(top)) --top;
  for (int i = 0; i <= top; ++i) {
    if (g.coeff(i)) add(r, v);
    if (i < top) step(v);
  }
  return r;
}

}  // namespace gpurng::core::gf2
