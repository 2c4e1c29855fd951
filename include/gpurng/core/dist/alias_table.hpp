// The discrete distribution with user weights: the lookup of Walker's alias method in a table that
// the host builds (Vose's construction, src/distributions/alias_build.cpp), given one uniform double.
//
// The table has K columns of width 1/K. Column j keeps category j with probability threshold[j] and
// gives category alias[j] otherwise. A uniform u in (0, 1] picks the column and the point inside it
// from its two parts: x = u*K (one rounding), column j = ceil(x) - 1, so that x lies in (j, j + 1],
// and f = x - j in (0, 1], exact (Sterbenz: j <= x <= 2j for j >= 1; f = x for j = 0). The value is
// j if f <= threshold[j], else alias[j]. With "<=" and f > 0 a threshold of 1 always keeps j and a
// threshold of 0 never does, so a category of weight 0 is never drawn (its threshold is 0 and no
// column aliases it).
//
// The same function runs in the CPU map loop, the CUDA map kernel (src/cuda/discrete.cu) and user
// kernels, so every backend gives the same bits. The operations are ieee::mul/sub so that no
// compiler fuses u*K - j into one fma (a user kernel built with nvcc's default --fmad=true would).
//
// Accuracy: f resolves the column to the grid of u scaled by K. If u lies on a grid of spacing g
// (2^-53 on 64-bit engines, 2^-32 on most 32-bit ones: docs/ENGINES.md), the probability of each
// column's two parts is off by less than g each, so P(i) differs from the table's probability of i by
// less than (1 + a_i)·g, a_i the number of columns whose alias is i; f carries 53 - log2(K) bits
// when g = 2^-53.
#pragma once

#include <cstdint>

#include "gpurng/core/config.hpp"
#include "gpurng/core/dist/ieee_ops.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::core::dist {

// A built table in memory the caller can read (host, or device memory in a kernel): k columns,
// 1 <= k <= 2^31, threshold[j] in [0, 1], alias[j] < k.
struct AliasTableView {
  const double* threshold;
  const std::uint32_t* alias;
  std::uint64_t k;
};

// The category of uniform u, u in (0, 1]. For u outside (0, 1] (not from an engine) the column is
// clamped to [0, k - 1] (NaN reads column 0), so the table is never read out of bounds.
GPURNG_HD GPURNG_FORCEINLINE std::uint32_t alias_pick(const AliasTableView& t, double u) {
  const double kd = static_cast<double>(t.k);
  const double x = ieee::mul(u, kd);
  // ceil(x) - 1 for 0 < x < k: truncation is the floor, exact on both sides. x = k (u = 1) is the top
  // of the last column.
  std::uint64_t j = 0;
  if (x >= kd) {
    j = t.k - 1;
  } else if (x > 0.0) {
    j = static_cast<std::uint64_t>(x);
    if (j > 0 && static_cast<double>(j) == x) --j;
  }
  const double f = ieee::sub(x, static_cast<double>(j));
  return f <= t.threshold[j] ? static_cast<std::uint32_t>(j) : t.alias[j];
}

// The discrete distribution as a transform of one raw output (arity 1), for the device API's draw():
// the lookup of the engine's double uniform of that output, which is the host's uniform double at the
// same position on the engines the device API serves. I: the integer value type.
template <class E, class I>
struct AliasDiscrete {
  using value_type = I;
  static constexpr int arity = 1;
  AliasTableView table;
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, I* out) const {
    out[0] = static_cast<I>(alias_pick(table, uniform_of<E, double>(r[0])));
  }
};

}  // namespace gpurng::core::dist
