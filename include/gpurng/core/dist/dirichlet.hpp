// Dirichlet(alpha_0 .. alpha_{K-1}): vectors on the simplex, sample j = values jK .. jK + K - 1.
//
// Method (e.g. Devroye, "Non-Uniform Random Variate Generation", 1986, section XI.4): X_k = G_k / sum G,
// G_k independent gamma(alpha_k, 1) variates (gamma.hpp), formed from their logarithms as beta.hpp
// does, so that shapes far below 1 (where G_k underflows to 0 and the plain quotient is 0/0) still
// give the right ratios: with L_k = log G_k (finite for every checked shape),
//   M = max L_k,  S = sum exp(L_k - M),  X_k = exp(L_k - M) / S.
// exp(L_k - M) is in [0, 1] and is 1 for the largest, so S is in [1, K]: no overflow, no 0/0, every
// X_k in [0, 1]. M and S are built in one pass over k = 0, 1, ... (online: when L_k exceeds the
// maximum so far, S is rescaled by exp(M_old - L_k)), so that a generator that cannot go back (the
// device API) needs no storage for the L_k; the definition is this order of operations.
//
// Draws. The positions of sample j are jK + k; u_p is the engine's uniform double of position p, as
// the uniform distribution's value p. Component k's gamma takes the keyed draws of keyed_draws.hpp
// with the pair (u_{jK+k}, u_{jK+(k+1) mod K}) as its raw pair (the bits of the two doubles), slot 0,
// tag dirichlet, and u_{jK+k} as its first uniform. The pair stays inside the sample (unlike the gamma
// distribution's pairs 2i, 2i + 1, which straddle samples when K is odd), so a sample is a function of
// its own K positions alone; and the sampler needs only the uniforms, which every engine family and
// backend already makes (no per-engine code, as for the discrete distribution). The key and counter
// words carry two uniforms, so two components share draws only if both their uniforms agree.
// Arithmetic in double; a float value is the double value rounded once. K is at most
// kDirichletMaxComponents (parameter_checks.hpp: check_dirichlet).
#pragma once

#include <cstdint>

#include "gpurng/core/dist/gamma.hpp"
#include "gpurng/core/dist/ieee_ops.hpp"

namespace gpurng::core::dist {

// log G_k for component k from its uniform u and its partner's u_next.
GPURNG_HD GPURNG_FORCEINLINE double dirichlet_log_gamma(const GammaShape& s, double u, double u_next) {
  KeyedDraws draws(ieee::to_bits(u), ieee::to_bits(u_next), u, DrawTag::dirichlet, 0u);
  GammaDraws g{draws, false};
  return log_gamma_variate_body(s, g);
}

// The running maximum M and sum S = sum exp(L_k - M) of one sample, in the order k = 0, 1, ...
struct DirichletNorm {
  double max;
  double sum;
  GPURNG_HD void start(double l0) {
    max = l0;
    sum = 1.0;
  }
  GPURNG_HD void add(double l) {
    if (l > max) {
      sum = ieee::add(ieee::mul(sum, elementary::exp(ieee::sub(max, l))), 1.0);
      max = l;
    } else {
      sum = ieee::add(sum, elementary::exp(ieee::sub(l, max)));
    }
  }
  // X_k from L_k. (NaN only from a gamma that hit the attempt cap: unchecked parameters.)
  template <class T>
  GPURNG_HD T value(double l) const {
    return static_cast<T>(ieee::div(elementary::exp(ieee::sub(l, max)), sum));
  }
};

// One sample from its K uniforms: work[0 .. K) holds u_{jK} .. u_{jK+K-1} and is overwritten with
// the L_k; out[0 .. K) gets X_k. out may be work itself (T = double: in place), as each out[k] is
// written after work[k] is read and nothing else reads it.
template <class T>
GPURNG_HD void dirichlet_sample(const GammaShape* shapes, std::uint32_t k, double* work, T* out) {
  const double u0 = work[0];
  DirichletNorm norm{};
  for (std::uint32_t i = 0; i < k; ++i) {
    const double next = i + 1 < k ? work[i + 1] : u0;
    const double l = dirichlet_log_gamma(shapes[i], work[i], next);
    work[i] = l;  // u_i is no longer needed: component i - 1 read it already, the last reads u0
    if (i == 0) norm.start(l);
    else norm.add(l);
  }
  for (std::uint32_t i = 0; i < k; ++i) out[i] = norm.value<T>(work[i]);
}

// The same sample from a source of uniforms read once each, in order (uniform() gives u_{jK},
// u_{jK+1}, ...), without storage for the L_k: pass 0 builds the norm, pass 1 recomputes each L_k from
// a copy of the source taken before pass 0 and writes X_k. Twice the gamma variates of
// dirichlet_sample, the same values. The device API's form.
template <class T, class Source>
GPURNG_HD void dirichlet_sample_streamed(const GammaShape* shapes, std::uint32_t k, Source& source, T* out) {
  Source again = source;
  DirichletNorm norm{};
  {
    const double u0 = source.uniform();
    double u = u0;
    for (std::uint32_t i = 0; i < k; ++i) {
      const double next = i + 1 < k ? source.uniform() : u0;
      const double l = dirichlet_log_gamma(shapes[i], u, next);
      if (i == 0) norm.start(l);
      else norm.add(l);
      u = next;
    }
  }
  const double u0 = again.uniform();
  double u = u0;
  for (std::uint32_t i = 0; i < k; ++i) {
    const double next = i + 1 < k ? again.uniform() : u0;
    out[i] = norm.value<T>(dirichlet_log_gamma(shapes[i], u, next));
    u = next;
  }
}

}  // namespace gpurng::core::dist
