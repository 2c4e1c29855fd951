// The fused pi kernels: each thread draws its samples (pi_math.hpp) from a device-API generator and
// counts its hits in a register; only one 64-bit sum per warp reaches memory. Used by gpurng_pi (with
// the generators set up inside the kernel) and by bench/bench_dcmt.cu (with states prepared by an
// untimed kernel, the same loop on cuRAND's XORWOW beside the library's engines).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/device/dcmt.hpp"
#include "gpurng/device/dcmt_warp.hpp"
#include "pi_math.hpp"

namespace gpurng::pi {

inline constexpr int kPiThreads = 256;
inline constexpr int kPiUnroll = 8;

// Adds each lane's count to *hits: a warp sum, one atomic per warp. Every lane of the warp must call it.
__device__ __forceinline__ void add_hits(unsigned long long* hits, unsigned long long c) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) c += __shfl_down_sync(0xffffffffu, c, o);
  if ((threadIdx.x & 31u) == 0) atomicAdd(hits, c);
}

// One sample from a generator with bits() and uniform() (the device API's per-thread generators, or a
// wrapper of cuRAND's).
template <bool Floats, class G>
__device__ __forceinline__ unsigned sample(G& g) {
  if constexpr (Floats) {
    const float u = g.uniform();
    const float v = g.uniform();
    return hit_floats(u, v) ? 1u : 0u;
  } else {
    return hit_seed16(g.bits()) ? 1u : 0u;
  }
}

// m samples, in order; 32-bit counts in the loop, flushed every 2^30 samples.
template <bool Floats, class G>
__device__ unsigned long long count_values(G& g, std::uint64_t m) {
  unsigned long long total = 0;
  while (m != 0) {
    const std::uint64_t part = m < (std::uint64_t{1} << 30) ? m : (std::uint64_t{1} << 30);
    unsigned c = 0;
    std::uint64_t k = 0;
    for (; k + kPiUnroll <= part; k += kPiUnroll) {
#pragma unroll
      for (int i = 0; i < kPiUnroll; ++i) c += sample<Floats>(g);
    }
    for (; k < part; ++k) c += sample<Floats>(g);
    total += c;
    m -= part;
  }
  return total;
}

// m samples of a Dynamic-Creator stream, in whole blocks of N values (the window stays in registers):
// seed16 one block per N samples, floats two blocks per N samples (pairs never straddle the pair of
// blocks). The last blocks count only the samples wanted.
template <bool Floats, class S>
__device__ unsigned long long count_dcmt(device::DcmtBlocks<S>& g, std::uint64_t m) {
  constexpr int N = S::N;
  unsigned long long total = 0;
  std::uint64_t full = m / N;
  const unsigned rest = static_cast<unsigned>(m % N);
  while (full != 0) {
    const std::uint64_t part = full < (std::uint64_t{1} << 24) ? full : (std::uint64_t{1} << 24);
    unsigned c = 0;
    for (std::uint64_t b = 0; b < part; ++b) {
      if constexpr (Floats) {
        std::uint32_t pending = 0;
        int i = 0;
        auto f = [&](std::uint32_t v) {
          if (i & 1) c += hit_floats(core::dcmt::Engine::uniform_float(pending), core::dcmt::Engine::uniform_float(v)) ? 1u : 0u;
          else pending = v;
          ++i;
        };
        g.next_block(f);
        g.next_block(f);
      } else {
        g.next_block([&](std::uint32_t v) { c += hit_seed16(v) ? 1u : 0u; });
      }
    }
    total += c;
    full -= part;
  }
  if (rest != 0) {
    unsigned c = 0;
    std::uint32_t pending = 0;
    unsigned i = 0;
    if constexpr (Floats) {
      auto f = [&](std::uint32_t v) {
        if ((i & 1u) && i / 2 < rest) {
          c += hit_floats(core::dcmt::Engine::uniform_float(pending), core::dcmt::Engine::uniform_float(v)) ? 1u : 0u;
        }
        pending = v;
        ++i;
      };
      g.next_block(f);
      if (2 * rest > unsigned(N)) g.next_block(f);
    } else {
      g.next_block([&](std::uint32_t v) {
        if (i < rest) c += hit_seed16(v) ? 1u : 0u;
        ++i;
      });
    }
    total += c;
  }
  return total;
}

// m samples of a Dynamic-Creator stream owned by a whole warp (device::DcmtWarp: W values per step,
// value index() + l on lane l). floats pairs the stream's values 2k, 2k+1: inside a step with the next
// lane's value, across two steps with the value the last lane carried. Returns this lane's count;
// every lane of the warp must call it.
template <bool Floats, class S>
__device__ unsigned long long count_dcmt_warp(device::DcmtWarp<S>& g, std::uint64_t m) {
  constexpr int W = device::DcmtWarp<S>::kWidth;
  const std::uint64_t values = Floats ? 2 * m : m;
  const unsigned l = threadIdx.x & 31u;
  unsigned long long total = 0;
  unsigned c = 0;
  std::uint32_t carry = 0;
  for (std::uint64_t first = 0; first < values; first += W) {
    std::uint32_t v;
    const bool active = g.step(v);
    const std::uint64_t j = first + l;  // this lane's value index
    if constexpr (Floats) {
      const std::uint32_t next = __shfl_down_sync(0xffffffffu, v, 1);
      if (active && (j & 1) == 0 && l + 1 < unsigned(W) && j + 1 < values) {
        c += hit_floats(core::dcmt::Engine::uniform_float(v), core::dcmt::Engine::uniform_float(next)) ? 1u : 0u;
      }
      if (active && l == 0 && (j & 1) == 1 && j < values) {  // pair (j - 1, j): j - 1 was the last lane's
        c += hit_floats(core::dcmt::Engine::uniform_float(carry), core::dcmt::Engine::uniform_float(v)) ? 1u : 0u;
      }
      carry = __shfl_sync(0xffffffffu, v, W - 1);
    } else {
      if (active && j < values) c += hit_seed16(v) ? 1u : 0u;
    }
    if (c >= (1u << 31)) {
      total += c;
      c = 0;
    }
  }
  return total + c;
}

// Samples of stream s of S when N samples are spread over streams (sample i to stream i mod S).
__device__ __forceinline__ std::uint64_t samples_of_stream(std::uint64_t s, std::uint64_t streams, std::uint64_t n) {
  return n / streams + (s < n % streams ? 1 : 0);
}

// ----- gpurng_pi: generators set up in the kernel -------------------------------------------------------

// Per-thread many-stream engines (device::Mwc, Xorshift256, Kiss): thread s owns stream s.
template <class G, bool Floats>
__global__ void __launch_bounds__(kPiThreads)
    pi_streams_kernel(std::uint64_t seed, std::uint64_t streams, std::uint64_t n, unsigned long long* hits) {
  const std::uint64_t s = std::uint64_t{blockIdx.x} * kPiThreads + threadIdx.x;
  unsigned long long c = 0;
  if (s < streams) {
    G g;
    g.init(seed, s, 0);
    c = count_values<Floats>(g, samples_of_stream(s, streams, n));
  }
  add_hits(hits, c);
}

// Dynamic-Creator streams: thread s owns stream s (set s mod num_sets).
template <class S, bool Floats>
__global__ void __launch_bounds__(kPiThreads)
    pi_dcmt_kernel(const core::dcmt::Set* sets, std::uint64_t num_sets, std::uint64_t seed, std::uint64_t streams,
                   std::uint64_t n, unsigned long long* hits) {
  const std::uint64_t s = std::uint64_t{blockIdx.x} * kPiThreads + threadIdx.x;
  unsigned long long c = 0;
  if (s < streams) {
    device::DcmtBlocks<S> g;
    g.init(sets, num_sets, seed, s);
    c = count_dcmt<Floats>(g, samples_of_stream(s, streams, n));
  }
  add_hits(hits, c);
}

// Single-sequence engines with a cheap skip (device::Mrg32k3a, device::Kiss99): thread t takes samples
// [t per, (t + 1) per) and skips to their first output. Init(g, seed, offset) sets g up.
template <class G, class Init, bool Floats>
__global__ void __launch_bounds__(kPiThreads)
    pi_segments_kernel(std::uint64_t seed, std::uint64_t per, std::uint64_t n, unsigned long long* hits) {
  const std::uint64_t t = std::uint64_t{blockIdx.x} * kPiThreads + threadIdx.x;
  const std::uint64_t first = t * per;
  unsigned long long c = 0;
  if (first < n) {
    G g;
    Init::init(g, seed, first * (Floats ? 2 : 1));
    c = count_values<Floats>(g, n - first < per ? n - first : per);
  }
  add_hits(hits, c);
}

// Counting numbers already in device memory (engines without a device API): seed16 from 32-bit words
// (for 64-bit engines the upper halves: Shift = 32), floats from pairs of uniforms.
template <class W, int Shift>
__global__ void pi_count_bits_kernel(const W* __restrict__ words, std::uint64_t count, unsigned long long* hits) {
  unsigned c = 0;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < count;
       i += std::uint64_t{gridDim.x} * blockDim.x) {
    c += hit_seed16(static_cast<std::uint32_t>(words[i] >> Shift)) ? 1u : 0u;
  }
  add_hits(hits, c);
}

template <class Pair>  // float2 (a template, so that every file that includes this header may instantiate it)
__global__ void pi_count_floats_kernel(const Pair* __restrict__ pairs, std::uint64_t count, unsigned long long* hits) {
  unsigned c = 0;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < count;
       i += std::uint64_t{gridDim.x} * blockDim.x) {
    const Pair p = pairs[i];
    c += hit_floats(p.x, p.y) ? 1u : 0u;
  }
  add_hits(hits, c);
}

// Dynamic-Creator streams, one warp each (the seed paper's layout): warp w of the grid owns stream w.
template <class S, bool Floats>
__global__ void __launch_bounds__(kPiThreads)
    pi_dcmt_warp_kernel(const core::dcmt::Set* sets, std::uint64_t num_sets, std::uint64_t seed, std::uint64_t streams,
                        std::uint64_t n, unsigned long long* hits) {
  constexpr int kWarps = kPiThreads / 32;
  __shared__ std::uint32_t rings[kWarps][device::DcmtWarp<S>::kRing];
  const unsigned w = threadIdx.x / 32;
  const std::uint64_t s = std::uint64_t{blockIdx.x} * kWarps + w;
  if (s >= streams) return;  // the whole warp: no partial warp below
  device::DcmtWarp<S> g;
  g.init(rings[w], sets, num_sets, seed, s);
  add_hits(hits, count_dcmt_warp<Floats>(g, samples_of_stream(s, streams, n)));
}

// ----- the benchmark: generators prepared beforehand, per thread a fixed number of samples -------------

template <class G, bool Floats>
__global__ void __launch_bounds__(kPiThreads)
    pi_prepared_kernel(const G* __restrict__ states, std::uint64_t per_thread, unsigned long long* hits) {
  G g = states[std::uint64_t{blockIdx.x} * kPiThreads + threadIdx.x];
  add_hits(hits, count_values<Floats>(g, per_thread));
}

template <class S, bool Floats>
__global__ void __launch_bounds__(kPiThreads)
    pi_prepared_dcmt_kernel(const device::DcmtBlocks<S>* __restrict__ states, std::uint64_t per_thread,
                            unsigned long long* hits) {
  device::DcmtBlocks<S> g = states[std::uint64_t{blockIdx.x} * kPiThreads + threadIdx.x];
  add_hits(hits, count_dcmt<Floats>(g, per_thread));
}

}  // namespace gpurng::pi
