// Hit-or-miss estimation of pi in the unit square: which samples an engine's numbers make, and when a
// sample is a hit. Shared by the CPU loop and the CUDA kernels (__host__ __device__), so that both
// count exactly the same hits.
//
// Two variants:
//   * seed16: the seed paper's (OpenCL case study): one 32-bit output r gives x = r >> 16 and
//     y = r & 0xffff; a hit is x^2 + y^2 < 65535^2 (the paper's (x/65535)^2 + (y/65535)^2 < 1, decided
//     exactly in integers). The points lie on a 65536 x 65536 grid, so the estimate is biased: its
//     expectation is 4 A / 2^32 with A the number of grid points inside (expected_seed16() below),
//     3.14155753... instead of pi, 3.5e-5 low: below one standard error up to about 2 * 10^9 samples,
//     many standard errors at the GPU's 10^12.
//   * floats: two uniform floats u, v in (0, 1] (the engine's float conversion); a hit is
//     u*u + v*v <= 1 in single precision, each operation rounded once. Bias about 1e-7.
//
// Which outputs form sample i (so that the CPU and the GPU, whatever their threads, use the same):
//   * single-sequence engines (mrg32k3a, mt19937, mt19937-64, kiss99): seed16 uses position i, floats
//     positions 2i and 2i+1 of the canonical sequence;
//   * many-stream engines with S streams (mwc, xorshift256, kiss, dcmt521, dcmt2203): sample i belongs
//     to stream s = i mod S as its sample k = i div S; seed16 uses the stream's value k (position i),
//     floats the stream's values 2k and 2k+1 (positions 2kS + s and (2k+1)S + s): a thread that owns a
//     stream draws its samples in order.
// For 64-bit engines (mt19937-64) the 32-bit output is the upper half of the 64-bit one.
#pragma once

#include <cstdint>

#include "gpurng/core/dist/ieee_ops.hpp"

namespace gpurng::pi {

GPURNG_HD GPURNG_FORCEINLINE bool hit_seed16(std::uint32_t r) {
  const std::uint32_t x = r >> 16, y = r & 0xffffu;
  return x * x < 4294836225u - y * y;  // 65535^2 = 4294836225: both sides below 2^32
}

GPURNG_HD GPURNG_FORCEINLINE bool hit_floats(float u, float v) {
  return core::ieee::add(core::ieee::mul(u, u), core::ieee::mul(v, v)) <= 1.0f;
}

// The expectation of the seed16 estimate: 4 A / 2^32, A = #{(x, y) in [0, 65535]^2 : x^2 + y^2 < 65535^2}.
inline double expected_seed16() {
  std::uint64_t inside = 0;
  std::uint64_t y = 65535;  // largest y with x^2 + y^2 < 65535^2, walking down as x grows
  for (std::uint64_t x = 0; x <= 65535; ++x) {
    while (y != ~std::uint64_t{0} && x * x + y * y >= 65535ull * 65535ull) --y;
    if (y == ~std::uint64_t{0}) break;
    inside += y + 1;
  }
  return 4.0 * static_cast<double>(inside) / 4294967296.0;
}

}  // namespace gpurng::pi
