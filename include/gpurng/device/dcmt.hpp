// Device API: per-thread Dynamic-Creator Mersenne Twisters (the dcmt521 / dcmt2203 streams), for use
// inside your own kernels (header-only; the functions are __host__ __device__, so the same code also
// runs, and is tested, on the CPU).
//
// Each thread owns one stream: a parameter set (core::dcmt::Set) and a 32-bit seed. Copy the family
// to device memory first (the default ones are core::dcmt::kMt521DefaultSets / kMt2203DefaultSets in
// gpurng/core/engines/dcmt_sets.hpp, or the sets of your parameter file):
//
//   __global__ void k(const gpurng::core::dcmt::Set* sets, unsigned num_sets, float* out, unsigned long long seed) {
//     const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
//     gpurng::device::DcmtBlocks<gpurng::core::dcmt::Mt521> rng;
//     rng.init(sets, num_sets, seed, /*stream=*/t);
//     float acc = 0;
//     for (int b = 0; b < 64; ++b) rng.next_block([&](std::uint32_t v) { acc += gpurng::core::dcmt::Engine::uniform_float(v); });
//     out[t] = acc;
//   }
//
// init(sets, num_sets, seed, stream) gives exactly stream `stream` of the host generator seeded with
// `seed` over the same family: stream s uses set s mod num_sets and the 32-bit seed
// core::dcmt::base_from_seed(seed) + s. Its k-th value is out[k*S + stream] of the host's interleaved
// output for any S > stream (streams do not depend on S). init_raw(set, seed32) is the reference
// library's sgenrand_mt(seed32) on that set.
//
// Two shapes of one generator:
//   * DcmtBlocks: next_block(f) regenerates the N-word window and calls f with its N tempered values,
//     fully unrolled, so the window lives in registers (17 words for MT521, 69 for MT2203): the fast
//     way. Values come only in whole blocks.
//   * Dcmt: one value at a time (bits(), uniform(), normal2(), ...): convenient, but the index into
//     the window is dynamic, so the window lives in local memory (L1).
// Neither jumps: skipahead(n) steps through n values (about 5 operations each). For far starts use
// the host API, whose GPU backend jumps with polynomials.
//
// Quality of one stream: each stream is GF(2)-linear with p = 521 or 2203 state bits. From 2p values
// on (1042, 4406), Berlekamp-Massey recovers the recurrence of each bit position; one stream alone
// fails `gpurng test --battery linear --streams 1` after 1.9 MB (MT521) and 7.8 MB (MT2203)
// (docs/QUALITY.md, "One stream alone"). Usually harmless for numbers used as reals; do not feed one
// stream's raw bits to a bit-level consumer beyond 2p values (the per-thread Kiss passes those tests).
//
// Bit-identical to the CPU as long as the kernel is compiled without -ftz=true/--use_fast_math.
#pragma once

#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/dcmt.hpp"
#include "gpurng/device/types.hpp"

namespace gpurng::device {

template <class S>
class DcmtBlocks {
 public:
  using Shape = S;
  static constexpr int kBlock = S::N;  // values per next_block()

  GPURNG_HD void init(const core::dcmt::Set* sets, std::uint64_t num_sets, std::uint64_t seed, std::uint64_t stream) {
    init_raw(sets[stream % num_sets], core::dcmt::stream_seed(core::dcmt::base_from_seed(seed), stream));
  }
  GPURNG_HD void init_raw(const core::dcmt::Set& set, std::uint32_t seed32) {
    set_ = set;
    w_ = core::dcmt::seed_window<S>(seed32);
  }

  // The next N values: f(std::uint32_t) is called N times, in order.
  template <class F>
  GPURNG_HD GPURNG_FORCEINLINE void next_block(F&& f) {
    core::dcmt::regenerate<S>(w_.x, set_.aaa);
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
    for (int k = 0; k < S::N; ++k) f(core::dcmt::temper(set_, w_.x[k]));
  }

  // Skip `blocks` blocks (N values each) without tempering them.
  GPURNG_HD void skip_blocks(std::uint64_t blocks) {
    for (std::uint64_t b = 0; b < blocks; ++b) core::dcmt::regenerate<S>(w_.x, set_.aaa);
  }

  GPURNG_HD const core::dcmt::Set& set() const { return set_; }

 private:
  core::dcmt::Set set_;
  core::dcmt::Window<S> w_;
};

template <class S>
class Dcmt {
 public:
  using Shape = S;
  using Engine = core::dcmt::Engine;

  GPURNG_HD void init(const core::dcmt::Set* sets, std::uint64_t num_sets, std::uint64_t seed, std::uint64_t stream,
                      std::uint64_t offset = 0) {
    init_raw(sets[stream % num_sets], core::dcmt::stream_seed(core::dcmt::base_from_seed(seed), stream));
    skipahead(offset);
  }
  GPURNG_HD void init_raw(const core::dcmt::Set& set, std::uint32_t seed32) {
    set_ = set;
    w_ = core::dcmt::seed_window<S>(seed32);
    index_ = S::N;
    has_cached_ = false;
  }

  // n values further, by stepping (whole blocks are regenerated without tempering).
  GPURNG_HD void skipahead(std::uint64_t n) {
    while (n != 0 && index_ != S::N) {
      ++index_;
      --n;
    }
    for (; n >= std::uint64_t(S::N); n -= S::N) core::dcmt::regenerate<S>(w_.x, set_.aaa);
    if (n != 0) {
      core::dcmt::regenerate<S>(w_.x, set_.aaa);
      index_ = static_cast<int>(n);
    }
    has_cached_ = false;
  }

  GPURNG_HD std::uint32_t bits() {
    if (index_ == S::N) {
      core::dcmt::regenerate<S>(w_.x, set_.aaa);
      index_ = 0;
    }
    return core::dcmt::temper(set_, w_.x[index_++]);
  }
  GPURNG_HD float uniform() { return Engine::uniform_float(bits()); }
  GPURNG_HD double uniform_double() { return Engine::uniform_double(bits()); }

  // The stream's next two values as a Box-Muller pair; equal to the host's normals when called at an
  // even position of the stream.
  GPURNG_HD Float2 normal2(float mean = 0.0f, float stddev = 1.0f) {
    const std::uint32_t raw[2] = {bits(), bits()};
    float out[2];
    core::dist::Normal<Engine, float>{mean, stddev}(raw, out);
    return Float2{out[0], out[1]};
  }
  GPURNG_HD Double2 normal2_double(double mean = 0.0, double stddev = 1.0) {
    const std::uint32_t raw[2] = {bits(), bits()};
    double out[2];
    core::dist::Normal<Engine, double>{mean, stddev}(raw, out);
    return Double2{out[0], out[1]};
  }
  GPURNG_HD float normal() {
    if (has_cached_) {
      has_cached_ = false;
      return cached_;
    }
    const Float2 p = normal2();
    cached_ = p.y;
    has_cached_ = true;
    return p.x;
  }
  GPURNG_HD float exponential(float lambda = 1.0f) {
    const std::uint32_t raw = bits();
    float out;
    core::dist::Exponential<Engine, float>{lambda}(&raw, &out);
    return out;
  }

 private:
  core::dcmt::Set set_;
  core::dcmt::Window<S> w_;
  int index_ = S::N;
  float cached_ = 0.0f;
  bool has_cached_ = false;
};

using Dcmt521 = Dcmt<core::dcmt::Mt521>;
using Dcmt2203 = Dcmt<core::dcmt::Mt2203>;
using Dcmt521Blocks = DcmtBlocks<core::dcmt::Mt521>;
using Dcmt2203Blocks = DcmtBlocks<core::dcmt::Mt2203>;

}  // namespace gpurng::device
