// Drawing from the core distribution transforms on the CPU, straight through the core headers (no
// generator, no backend): an engine's raw outputs fed to a transform `arity` at a time, as the
// backends do. Also fake engines whose raw output is a chosen word or uniform, for
// known-value tests, and chi-square helpers on explicit probabilities.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "gpurng/core/engines/mrg32k3a.hpp"
#include "gpurng/core/engines/philox.hpp"
#include "stats.hpp"

namespace gpurng::test {

using P32 = core::philox::Traits4x32_10;  // 32-bit words
using P64 = core::philox::Traits4x64_10;  // 64-bit words
using Mrg = core::mrg32k3a::Engine;       // 32-bit, bits in [0, m1)

template <class E>
typename E::state_type start_state(std::uint64_t seed);
template <>
inline P32::state_type start_state<P32>(std::uint64_t seed) {
  return P32::start(core::philox::Scheme4x32<10>::stream(seed, 0));
}
template <>
inline P64::state_type start_state<P64>(std::uint64_t seed) {
  return P64::start(core::philox::Scheme4x64<10>::stream(core::U128{seed, 0}, 0));
}
template <>
inline Mrg::state_type start_state<Mrg>(std::uint64_t seed) {
  return core::mrg32k3a::state_from_seed(seed);
}

// n values of transform tr (whose own engine parameter may be an adapter of E, e.g.
// CenteredUniforms<E>) from E's sequence at seed, position 0 on.
template <class E, class Tr>
std::vector<typename Tr::value_type> sample(const Tr& tr, std::size_t n, std::uint64_t seed) {
  auto st = start_state<E>(seed);
  std::vector<typename Tr::value_type> out(n);
  typename E::raw_type raw[Tr::arity];
  for (std::size_t i = 0; i + Tr::arity <= n; i += Tr::arity) {
    for (int j = 0; j < Tr::arity; ++j) raw[j] = E::next(st);
    tr(raw, &out[i]);
  }
  return out;
}

// Engines whose raw output is the word itself (bits = raw), for hand-picked inputs.
template <class W>
struct FakeBits {
  using raw_type = W;
  using bits_type = W;
  static bits_type bits(raw_type r) { return r; }
};

// An engine whose raw output is the uniform itself (a double, exact in float when the test says so).
struct FakeUniform {
  using raw_type = double;
  static float uniform_float(raw_type r) { return static_cast<float>(r); }
  static double uniform_double(raw_type r) { return r; }
};

// Chi-square of observed counts against probabilities (summing to 1); returns the p-value.
inline double chi2_counts(const std::vector<double>& count, const std::vector<double>& prob) {
  double n = 0;
  for (double c : count) n += c;
  double chi2 = 0;
  for (std::size_t k = 0; k < count.size(); ++k) {
    const double e = n * prob[k];
    chi2 += (count[k] - e) * (count[k] - e) / e;
  }
  return chi2_p_value(chi2, static_cast<double>(count.size() - 1));
}

}  // namespace gpurng::test
