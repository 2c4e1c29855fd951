// Distributions, each defined exactly in terms of an engine's raw output sequence.
//
// A transform consumes `arity` consecutive raw outputs and produces `arity` values, so value i of a
// distribution's sequence always comes from raw outputs of the same group: position i of every
// distribution sequence belongs to engine position i. This is what makes a generator's offset mean
// the same thing for every distribution, and n values asked for in one call or in many identical.
//
// The engine supplies bits(raw), uniform_float(raw), uniform_double(raw); uniforms must lie in
// (0, 1] so that log() below is finite.
#pragma once

#include "gpurng/core/dist/elementary.hpp"

namespace gpurng::core::dist {

template <class E, class T>
GPURNG_HD GPURNG_FORCEINLINE T uniform_of(typename E::raw_type r) {
  if constexpr (sizeof(T) == sizeof(float)) {
    return E::uniform_float(r);
  } else {
    return E::uniform_double(r);
  }
}

// bits: the engine's integer output (its width and range are documented per engine).
template <class E>
struct Bits {
  using value_type = typename E::bits_type;
  static constexpr int arity = 1;
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, value_type* out) const {
    out[0] = E::bits(r[0]);
  }
};

// uniform: the engine's uniform conversion of one raw output.
template <class E, class T>
struct Uniform {
  using value_type = T;
  static constexpr int arity = 1;
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    out[0] = uniform_of<E, T>(r[0]);
  }
};

// normal: Box-Muller on the pair (u0, u1) of uniforms from raw outputs (2k, 2k+1):
//   rho = sqrt(-2 log u0),  value 2k = fma(stddev, rho cos 2 pi u1, mean),
//                           value 2k+1 = fma(stddev, rho sin 2 pi u1, mean).
template <class E, class T>
struct Normal {
  using value_type = T;
  static constexpr int arity = 2;
  T mean;
  T stddev;
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    const T u0 = uniform_of<E, T>(r[0]);
    const T u1 = uniform_of<E, T>(r[1]);
    const T rho = ieee::sqrt(ieee::mul(T(-2), elementary::log(u0)));
    T s, c;
    elementary::sincos_2pi(u1, &s, &c);
    out[0] = ieee::fma(stddev, ieee::mul(rho, c), mean);
    out[1] = ieee::fma(stddev, ieee::mul(rho, s), mean);
  }
};

// exponential with rate lambda, by inversion: -log(u) / lambda, u in (0, 1].
template <class E, class T>
struct Exponential {
  using value_type = T;
  static constexpr int arity = 1;
  T lambda;
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    out[0] = ieee::div(-elementary::log(uniform_of<E, T>(r[0])), lambda);
  }
};

// log-normal: exp of the normal value at the same position (mean and stddev of the logarithm).
template <class E, class T>
struct LogNormal {
  using value_type = T;
  static constexpr int arity = 2;
  T mean;
  T stddev;
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    Normal<E, T>{mean, stddev}(r, out);
    out[0] = elementary::exp(out[0]);
    out[1] = elementary::exp(out[1]);
  }
};

}  // namespace gpurng::core::dist
