// Independent references for the cuRAND-compatible device API's host tests
// (gpurng/device/curand_compat.hpp): cuRAND's Box-Muller formulas (curand_normal.h, as
// shared/data/curand-seeding.md section 4 writes them) evaluated in long double with the C library,
// and the tolerances the host side's portable float/double functions must meet against them.
#pragma once

#include <cmath>
#include <cstdint>

namespace gpurng::test::curand_ref {

struct Pair {
  long double sin_part, cos_part;
};

// sqrt(-2 ln u) (sin 2 pi t, cos 2 pi t), u and t given as the uniforms cuRAND forms.
inline Pair box_muller_turns(long double u, long double turns) {
  const long double two_pi = 6.283185307179586476925286766559L;
  const long double s = std::sqrt(-2.0L * std::log(u));
  return Pair{s * std::sin(two_pi * turns), s * std::cos(two_pi * turns)};
}

// The float pair of two words: u = float(x) 2^-32 + 2^-33 as a float (cuRAND's u); the angle
// in turns y 2^-32 + 2^-33 (cuRAND scales by a float 2 pi; the tolerance covers the difference).
inline Pair float_pair(std::uint32_t x, std::uint32_t y) {
  const float u = static_cast<float>(x) * 0x1p-32f + 0x1p-33f;
  const float t = static_cast<float>(y) * 0x1p-32f + 0x1p-33f;
  return box_muller_turns(u, t);
}

// The double pair of four words: u = (x0 ^ x1 << 21) 2^-53 + 2^-54, v = (y0 ^ y1 << 21) 2^-52 + 2^-53,
// angle pi v. (The test files are compiled with -ffp-contract=off: each of u, v is rounded once.)
inline Pair double_pair(std::uint32_t x0, std::uint32_t x1, std::uint32_t y0, std::uint32_t y1) {
  const std::uint64_t zx = x0 ^ (static_cast<std::uint64_t>(x1) << 21);
  const std::uint64_t zy = y0 ^ (static_cast<std::uint64_t>(y1) << 21);
  // Rounded to double as cuRAND's are (near u = 1 that rounding moves sqrt(-2 ln u) by far more
  // than an ulp of the result, so the reference must share it).
  const double u = static_cast<double>(zx) * 0x1p-53 + 0x1p-54;
  const double v = static_cast<double>(zy) * 0x1p-52 + 0x1p-53;
  return box_muller_turns(u, static_cast<long double>(v) / 2);
}

// Host-side accuracy of the portable functions against these references (absolute, for normals up
// to about 6.7 in float and 8.7 in double): a few ulps of the largest values.
inline constexpr double kFloatNormalTolerance = 3e-6;
inline constexpr double kDoubleNormalTolerance = 1e-14;

}  // namespace gpurng::test::curand_ref
