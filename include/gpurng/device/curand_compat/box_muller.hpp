// cuRAND's Box-Muller transforms and log-normal map, for gpurng/device/curand_compat.hpp (the
// formulas are cuRAND 10.4's, read from curand_normal.h and curand_lognormal.h of CUDA 13.0; see
// shared/data/curand-seeding.md section 4):
//
//   two words x, y (XORWOW, Philox), float:
//     u = float(x) 2^-32 + 2^-33,  v = float(y) (2^-32 c) + (2^-33 c)  with c = 6.2831855f (2 pi in float)
//     (sqrt(-2 ln u) sin v, sqrt(-2 ln u) cos v)
//   four words x0, x1, y0, y1, double:
//     u = (x0 ^ x1 << 21) 2^-53 + 2^-54,  v = (y0 ^ y1 << 21) 2^-52 + 2^-53
//     (sqrt(-2 ln u) sin(pi v), sqrt(-2 ln u) cos(pi v))
//   two MRG32k3a uniforms x, y:  float angle y * c (float product), double angle pi (2y)
//   log-normal of a normal z: exp(mean + stddev z)
//
// Which functions compute ln, sin and cos decides the last bits, and here the two sides differ on
// purpose:
//  * Device: the very functions cuRAND calls (logf, sqrtf, __sincosf; log, sqrt, sincospi; expf,
//    exp), written in the same expression shapes, so that a kernel compiled with the same flags gets
//    cuRAND's bits (tests/test_cuda_curand_compat.cu checks every normal function bit for bit). This
//    is the one place in gpurng that calls vendor math on purpose: __sincosf is an approximation
//    (absolute error about 2^-21) whose bits no portable code can reproduce, and matching cuRAND is
//    what this header is for. gpurng's own normals (core/dist) do not do this.
//  * Host: gpurng's portable functions (core/dist/elementary.hpp), the angle taken in turns (u for
//    2 pi u) so it needs no multiplication by an inexact 2 pi. cuRAND has no host version (its
//    functions are __device__ only); these values agree with the device ones to within the error of
//    __sincosf and the float 2 pi (float: estimated below 1e-5 for |z| up to 6.8; double: a few
//    ulps). tests/test_cuda_curand_compat.cu requires 2e-5 and 1e-13 and prints the largest.
#pragma once

#include "gpurng/core/dist/elementary.hpp"
#include "gpurng/core/dist/ieee_ops.hpp"
#include "gpurng/core/engines/u32_conversions.hpp"
#include "gpurng/device/curand_compat/vector_types.hpp"

namespace gpurng::curand_compat::compat_detail {

inline constexpr float kTwoPiF = 6.2831855f;                   // cuRAND's CURAND_2PI
inline constexpr float kTwoPiStepF = 0x1p-32f * kTwoPiF;       // CURAND_2POW32_INV_2PI (exact product)
inline constexpr double kTwoPowM53 = 1.1102230246251565e-16;   // CURAND_2POW53_INV_DOUBLE = 2^-53

// x0 ^ (x1 << 21): the 53-bit integer cuRAND builds from two words.
GPURNG_HD GPURNG_FORCEINLINE unsigned long long join53(unsigned int lo, unsigned int hi) {
  return static_cast<unsigned long long>(lo) ^ (static_cast<unsigned long long>(hi) << 21);
}

// sqrt(-2 ln u) (sin, cos) of an angle given in turns, with the portable functions (host side).
template <class T, class Pair>
GPURNG_HD GPURNG_FORCEINLINE Pair portable_pair(T u, T turns) {
  namespace ieee = core::ieee;
  const T s = ieee::sqrt(ieee::mul(T(-2), core::elementary::log(u)));
  T sn, cs;
  core::elementary::sincos_2pi(turns, &sn, &cs);
  return Pair{ieee::mul(sn, s), ieee::mul(cs, s)};
}

GPURNG_HD inline float2 box_muller(unsigned int x, unsigned int y) {
#if GPURNG_DEVICE_PASS
  float2 r;
  const float u = x * 0x1p-32f + 0x1p-33f;
  const float v = y * kTwoPiStepF + kTwoPiStepF / 2;
  const float s = ::sqrtf(-2.0f * ::logf(u));
  ::__sincosf(v, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
#else
  return portable_pair<float, float2>(core::u32_to_uniform_float(x), core::u32_to_uniform_float(y));
#endif
}

GPURNG_HD inline double2 box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0, unsigned int y1) {
#if GPURNG_DEVICE_PASS
  double2 r;
  const unsigned long long zx = join53(x0, x1);
  const double u = zx * kTwoPowM53 + kTwoPowM53 / 2.0;
  const unsigned long long zy = join53(y0, y1);
  const double v = zy * (kTwoPowM53 * 2.0) + kTwoPowM53;
  const double s = ::sqrt(-2.0 * ::log(u));
  ::sincospi(v, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
#else
  namespace ieee = core::ieee;
  // Both products are exact, so these are cuRAND's u and v; pi v is 2 pi (v / 2), v / 2 exact.
  const double u = ieee::add(ieee::mul(static_cast<double>(join53(x0, x1)), 0x1p-53), 0x1p-54);
  const double v = ieee::add(ieee::mul(static_cast<double>(join53(y0, y1)), 0x1p-52), 0x1p-53);
  return portable_pair<double, double2>(u, ieee::mul(v, 0.5));
#endif
}

// MRG32k3a's pair from two of its uniforms x, y in (0, 1].
GPURNG_HD inline float2 box_muller_uniforms(float x, float y) {
#if GPURNG_DEVICE_PASS
  float2 r;
  const float angle = y * kTwoPiF;
  const float s = ::sqrtf(-2.0f * ::logf(x));
  ::__sincosf(angle, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
#else
  return portable_pair<float, float2>(x, y);
#endif
}

GPURNG_HD inline double2 box_muller_uniforms_double(double x, double y) {
#if GPURNG_DEVICE_PASS
  double2 r;
  const double angle = y * 2.0;
  const double s = ::sqrt(-2.0 * ::log(x));
  ::sincospi(angle, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
#else
  return portable_pair<double, double2>(x, y);
#endif
}

// exp(mean + stddev z). cuRAND's expression is contracted to one fused multiply-add by nvcc's
// default -fmad=true; the host side fuses it explicitly, the same rounding.
GPURNG_HD inline float log_normal_of(float z, float mean, float stddev) {
#if GPURNG_DEVICE_PASS
  return ::expf(mean + (stddev * z));
#else
  return core::elementary::exp(core::ieee::fma(stddev, z, mean));
#endif
}

GPURNG_HD inline double log_normal_of(double z, double mean, double stddev) {
#if GPURNG_DEVICE_PASS
  return ::exp(mean + (stddev * z));
#else
  return core::elementary::exp(core::ieee::fma(stddev, z, mean));
#endif
}

}  // namespace gpurng::curand_compat::compat_detail
