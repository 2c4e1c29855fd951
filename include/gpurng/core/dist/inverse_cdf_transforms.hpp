// Distributions by inversion of one uniform: normal and log-normal through the inverse normal CDF.
//
// Like every transform in transforms.hpp these are generic over the engine traits E (raw_type,
// uniform_float(raw), uniform_double(raw)), so any engine can use them. Arity 1: value i comes from
// the engine's output at position i alone, which is what quasi-random sequences need (each value
// keeps its point's coordinate) and what makes offsets trivial. The engine's uniforms must lie in
// the inverse CDF's domain (inverse_normal.hpp): strictly inside (0, 1), so that the values are
// finite.
#pragma once

#include <cstdint>
#include <type_traits>

#include "gpurng/core/dist/centered_uniform.hpp"
#include "gpurng/core/dist/inverse_normal.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::core::dist {

// normal(mean, stddev): fma(stddev, Phi^-1(u), mean).
template <class E, class T>
struct NormalInverseCdf {
  using value_type = T;
  static constexpr int arity = 1;
  T mean;
  T stddev;
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    out[0] = ieee::fma(stddev, inverse_normal_cdf(uniform_of<E, T>(r[0])), mean);
  }
};

// log-normal: exp of the inverse-CDF normal at the same position (mean, stddev of the logarithm).
template <class E, class T>
struct LogNormalInverseCdf {
  using value_type = T;
  static constexpr int arity = 1;
  T mean;
  T stddev;
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    NormalInverseCdf<E, T>{mean, stddev}(r, out);
    out[0] = elementary::exp(out[0]);
  }
};

// The traits of engine E with its uniforms replaced by the centred ones of centered_uniform.hpp.
// Engines whose own uniforms may be exactly 1 (those in (0, 1]) make their inverse-CDF normals
// through NormalInverseCdf<CenteredUniforms<E>, T>: every value finite, and the raw word at
// position i still decides value i alone.
// A raw output that is a pair of 32-bit words (MTGP's two-stream doubles, Pair32) counts as the
// 64-bit word a:b, a the high half, as in that engine's own uniform_double.
template <class E>
struct CenteredUniforms {
  using raw_type = typename E::raw_type;
  using bits_type = typename E::bits_type;
  GPURNG_HD static GPURNG_FORCEINLINE bits_type bits(raw_type r) { return E::bits(r); }
  GPURNG_HD static GPURNG_FORCEINLINE float uniform_float(raw_type r) {
    if constexpr (std::is_integral<raw_type>::value) {
      return centered_uniform_float(r);
    } else {
      return centered_uniform_float(r.a);
    }
  }
  GPURNG_HD static GPURNG_FORCEINLINE double uniform_double(raw_type r) {
    if constexpr (std::is_integral<raw_type>::value) {
      return centered_uniform_double(r);
    } else {
      return centered_uniform_double((static_cast<std::uint64_t>(r.a) << 32) | r.b);
    }
  }
};

}  // namespace gpurng::core::dist
