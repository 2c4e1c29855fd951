// Device API: one Dynamic-Creator stream per warp, the seed paper's layout (OpenCL case study: "one
// warp per generator", the state update split across lanes), done without its warp-synchronous
// assumption, which is a data race on GPUs since Volta.
//
// The warp keeps the stream's words in a ring of N + W words of shared memory (W = min(32, n - m)
// values per step: 9 for MT521, 32 for MT2203). In a step, lane l < W reads X_{q+l}, X_{q+l+1} and
// X_{q+m+l}, writes X_{q+n+l} and returns its tempered value, value q + l of the stream. The ring is
// large enough that no slot a step writes is one the same step reads (the written words are W past
// the newest word read), so one __syncwarp() per step orders everything that depends on it: the next
// step's reads of the new words, and its writes over the oldest words this step read.
// compute-sanitizer racecheck has nothing to report.
//
// Values equal the host generator's stream (the same seeding as DcmtBlocks/Dcmt: stream s uses set
// s mod K and seed base + s). Every lane of the warp must call every member, with the same arguments,
// and the warp must be converged at each call. One stream alone is GF(2)-linear with p state bits:
// see dcmt.hpp ("Quality of one stream") before feeding its raw bits to a bit-level consumer.
//
// Whether this beats one thread per stream (DcmtBlocks) depends on the number of streams: per value it
// costs shared-memory traffic and a barrier, and MT521 keeps only 9 of 32 lanes busy; but it puts a
// whole warp on each stream. bench/bench_dcmt.cu measures both.
#pragma once

#include "gpurng/core/engines/dcmt.hpp"

namespace gpurng::device {

template <class S>
class DcmtWarp {
 public:
  using Shape = S;
  static constexpr int kWidth = (S::N - S::M) < 32 ? (S::N - S::M) : 32;  // values per step
  static constexpr int kRing = S::N + kWidth;                             // words of shared memory

  // ring: kRing words of shared memory owned by this warp.
  __device__ void init(std::uint32_t* ring, const core::dcmt::Set* sets, std::uint64_t num_sets, std::uint64_t seed,
                       std::uint64_t stream) {
    init_raw(ring, sets[stream % num_sets], core::dcmt::stream_seed(core::dcmt::base_from_seed(seed), stream));
  }

  __device__ void init_raw(std::uint32_t* ring, const core::dcmt::Set& set, std::uint32_t seed32) {
    ring_ = ring;
    set_ = set;
    base_ = 0;
    index_ = 0;
    if ((threadIdx.x & 31u) == 0) {  // init_genrand is serial: one lane writes X_0 .. X_{n-1}
      std::uint32_t x = seed32;
      ring_[0] = x;
      for (int i = 1; i < S::N; ++i) {
        x = core::mt_forms::init_next<std::uint32_t, 32>(x, core::mt_forms::kInitMult32, std::uint32_t(i));
        ring_[i] = x;
      }
    }
    __syncwarp();
  }

  // One step: lane l < kWidth gets value index() + l of the stream in v and returns true; the other
  // lanes return false (v = 0).
  __device__ __forceinline__ bool step(std::uint32_t& v) {
    const int l = static_cast<int>(threadIdx.x & 31u);
    const bool active = l < kWidth;
    v = 0;
    if (active) {
      const std::uint32_t x0 = ring_[wrap(base_ + l)];
      const std::uint32_t x1 = ring_[wrap(base_ + l + 1)];
      const std::uint32_t xm = ring_[wrap(base_ + S::M + l)];
      const std::uint32_t x = core::dcmt::recur<S>(x0, x1, xm, set_.aaa);
      ring_[wrap(base_ + S::N + l)] = x;
      v = core::dcmt::temper(set_, x);
    }
    __syncwarp();
    base_ = wrap(base_ + kWidth);
    index_ += kWidth;
    return active;
  }

  // Stream index of lane 0's value at the next step.
  __device__ std::uint64_t index() const { return index_; }

 private:
  // x < 2 kRing
  __device__ static __forceinline__ int wrap(int x) { return x >= kRing ? x - kRing : x; }

  std::uint32_t* ring_;
  core::dcmt::Set set_;
  int base_;  // ring slot of X_q, q = index_
  std::uint64_t index_;
};

using Dcmt521Warp = DcmtWarp<core::dcmt::Mt521>;
using Dcmt2203Warp = DcmtWarp<core::dcmt::Mt2203>;

}  // namespace gpurng::device
