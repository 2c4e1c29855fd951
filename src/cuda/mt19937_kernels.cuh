// MT19937 / MT19937-64 kernels: the reference sequence in canonical order.
//
// A call for positions [first, first + n) cuts them into segments of `per_block` positions, one per
// block. Block 0 starts from the window at `first`, which the device normally still holds from the
// previous call (the last block of every call writes the window at its end); block b > 0 starts from
// that window jumped by b * per_block (jump_kernel, with the polynomials x^(b*per_block) mod P(x)).
//
// Inside a block, the N-word window lives in a circular shared-memory buffer. T = N - M threads
// extend the sequence together: thread j computes words w = produced + j + T q (q < U), which need
// X[w-N], X[w-N+1] (written at least one barrier earlier) and X[w-N+M] = X[w-T], the thread's own
// previous word, kept in a register. U = floor((N-1)/T) words per thread fit between two barriers
// (2 for MT19937: 454 words; 1 for MT19937-64: 156 words). All threads then temper, transform and
// store the words of earlier iterations in groups of G consecutive positions (16 bytes of output),
// so that each thread writes one aligned 16-byte vector. Every shared-memory exchange between
// threads is separated by __syncthreads(): no warp-synchronous assumptions.
#pragma once

#include <cstdint>

#include "cuda/fill_kernel.cuh"  // pack16
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/mt19937.hpp"

namespace gpurng::detail::cuda::mtk {

namespace core_mt = core::mt19937;

inline constexpr int kThreads = 256;

template <class P>
struct Layout {
  using W = typename P::word;
  static constexpr int N = P::n;
  static constexpr int M = P::m;
  static constexpr int T = N - M;          // threads that extend the sequence
  static constexpr int U = (N - 1) / T;    // words per extending thread between barriers
  static constexpr int S = sizeof(W) == 4 ? 4096 : 2048;  // circular buffer, words (power of two)
  // Jump: outputs j = 0 .. JPAD-1 (>= N) over 64 lanes of R consecutive outputs each, coefficients in
  // units of kUnit (a multiple of 32 and of R, so that the unrolled loop's indices are constants).
  static constexpr int JPAD = sizeof(W) == 4 ? 640 : 320;
  static constexpr int R = JPAD / 64;
  static constexpr int kUnit = 160;
  static constexpr int kUnits = (core_mt::kDegree + kUnit - 1) / kUnit;  // 125
  static constexpr int kGroupsPerJumpCta = kThreads / 64;
  // Jump CTAs take at least this many slices of the units each, which bounds their shared memory.
  static constexpr int kMinSlices = 4;
  static constexpr int kMaxUnitsPerCta = (kUnits + kMinSlices - 1) / kMinSlices;
  static constexpr int kJumpSmemWords = kMaxUnitsPerCta * kUnit + JPAD;
  // The window the jump reads: X_q .. X_{q + kWindowWords - 1}.
  static constexpr int kWindowWords = kUnits * kUnit + JPAD;

  static_assert(T * U < N && T * (U + 1) >= N, "U words per thread between barriers");
  static_assert(kUnit % 32 == 0 && kUnit % R == 0, "static ring and bit indices in the jump loop");
  static_assert(kUnits * kUnit <= 32 * core_mt::kPolyWords, "polynomial words cover every unit");
  static_assert(JPAD >= N && 64 * R == JPAD, "jump lanes cover the window");
  static_assert(kGroupsPerJumpCta * JPAD <= kJumpSmemWords, "the reduction fits in the window's space");
};

// The window at the start of a call, passed by value when the device does not hold it.
template <class P>
struct WindowParam {
  typename P::word w[P::n];
};

// Extends the window `start` to X_q .. X_{q + kWindowWords - 1} in `window` (one block).
template <class P>
__global__ void __launch_bounds__(kThreads) window_kernel(WindowParam<P> start, typename P::word* __restrict__ window) {
  using L = Layout<P>;
  using W = typename P::word;
  __shared__ W buf[L::S];
  const int tid = static_cast<int>(threadIdx.x);
  for (int r = tid; r < L::N; r += kThreads) {
    buf[r] = start.w[r];
    window[r] = start.w[r];
  }
  W prev = tid < L::T ? start.w[L::M + tid] : W(0);
  __syncthreads();
  for (int produced = L::N; produced < L::kWindowWords; produced += L::T * L::U) {
    if (tid < L::T) {
#pragma unroll
      for (int q = 0; q < L::U; ++q) {
        const int w = produced + L::T * q + tid;
        const W x = core_mt::recur<P>(buf[(w - L::N) & (L::S - 1)], buf[(w - L::N + 1) & (L::S - 1)], prev);
        buf[w & (L::S - 1)] = x;
        prev = x;
        if (w < L::kWindowWords) window[w] = x;
      }
    }
    __syncthreads();
  }
}

__device__ __forceinline__ void atomic_xor_word(std::uint32_t* p, std::uint32_t v) { atomicXor(p, v); }
__device__ __forceinline__ void atomic_xor_word(std::uint64_t* p, std::uint64_t v) {
  atomicXor(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
}

// states[b] ^= part of sum_{i : g_b,i = 1} window[i .. i + N - 1], for b = 1 .. blocks-1; CTA x
// handles jump b = 1 + x / slices and the slice x % slices of the coefficients. states must be zero
// before the first CTA of a call runs (the generation kernel zeroes what it reads).
template <class P>
__global__ void __launch_bounds__(kThreads)
    jump_kernel(const typename P::word* __restrict__ window, const std::uint32_t* __restrict__ polys,
                typename P::word* __restrict__ states, unsigned slices) {
  using L = Layout<P>;
  using W = typename P::word;
  constexpr int R = L::R;
  __shared__ W smem[L::kJumpSmemWords];
  const unsigned b = 1 + blockIdx.x / slices;
  const unsigned s = blockIdx.x % slices;
  const int u0 = static_cast<int>(s * L::kUnits / slices);
  const int u1 = static_cast<int>((s + 1) * L::kUnits / slices);
  const int i0 = u0 * L::kUnit;
  const int tid = static_cast<int>(threadIdx.x);
  const int span = (u1 - u0) * L::kUnit + L::JPAD;
  for (int t = tid; t < span; t += kThreads) smem[t] = window[i0 + t];
  __syncthreads();

  // Group g (two warps) takes units [g0, g1); lane l owns outputs j0 .. j0 + R - 1. All lanes of a warp
  // test the same coefficient, so the branch below never diverges.
  const int g = tid / 64;
  const int j0 = (tid % 64) * R;
  const int g0 = u0 + g * (u1 - u0) / L::kGroupsPerJumpCta;
  const int g1 = u0 + (g + 1) * (u1 - u0) / L::kGroupsPerJumpCta;
  const std::uint32_t* coeff = polys + static_cast<std::size_t>(b - 1) * core_mt::kPolyWords;
  W acc[R];
  W ring[R];  // ring[(i + r) % R] = X[i + j0 + r] at coefficient i
#pragma unroll
  for (int r = 0; r < R; ++r) {
    acc[r] = 0;
    ring[r] = smem[g0 * L::kUnit - i0 + j0 + r];
  }
  for (int u = g0; u < g1; ++u) {
    std::uint32_t c[L::kUnit / 32];
#pragma unroll
    for (int k = 0; k < L::kUnit / 32; ++k) c[k] = coeff[u * (L::kUnit / 32) + k];
    const W* next = smem + (u * L::kUnit - i0) + j0 + R;  // next[t] = X[i + j0 + R], i = u*kUnit + t
#pragma unroll
    for (int t = 0; t < L::kUnit; ++t) {
      if ((c[t / 32] >> (t % 32)) & 1u) {
#pragma unroll
        for (int r = 0; r < R; ++r) acc[r] ^= ring[(t + r) % R];
      }
      ring[t % R] = next[t];
    }
  }
  __syncthreads();  // every group is done reading the window: reuse its space for the reduction
  W* red = smem;
#pragma unroll
  for (int r = 0; r < R; ++r) red[g * L::JPAD + j0 + r] = acc[r];
  __syncthreads();
  W* dst = states + static_cast<std::size_t>(b) * L::N;
  for (int j = tid; j < L::N; j += kThreads) {
    W v = red[j];
#pragma unroll
    for (int k = 1; k < L::kGroupsPerJumpCta; ++k) v ^= red[k * L::JPAD + j];
    atomic_xor_word(dst + j, v);
  }
}

template <class W>
struct GenArgs {
  std::uint64_t n;          // positions in the call
  std::uint64_t per_block;  // positions per block (a multiple of 4)
  int phase;                // call-relative start of the first output group, in (-G, 0]
  int aligned;              // 16-byte stores are aligned at group starts
  const W* window;          // block 0's start window
  W* states;                // block b's start window at states + b*N (b > 0); zeroed after reading
  W* next_window;           // the last block writes the window at first + n here (null: it does not)
};

template <class P, int G>
struct alignas(G * sizeof(typename P::word)) WordGroup {
  typename P::word w[G];
};

template <class P, class Tr>
__global__ void __launch_bounds__(kThreads)
    gen_kernel(GenArgs<typename P::word> a, Tr tr, typename Tr::value_type* __restrict__ out) {
  using L = Layout<P>;
  using W = typename P::word;
  using V = typename Tr::value_type;
  constexpr int G = 16 / static_cast<int>(sizeof(V));
  static_assert(G % Tr::arity == 0, "groups hold whole transform groups");
  __shared__ __align__(32) W buf[L::S];
  const int tid = static_cast<int>(threadIdx.x);
  const std::uint64_t b = blockIdx.x;
  const std::uint64_t seg_begin = b * a.per_block;
  const std::uint64_t seg_len = a.n - seg_begin < a.per_block ? a.n - seg_begin : a.per_block;
  W* const exp = b + 1 == gridDim.x ? a.next_window : nullptr;
  const std::uint64_t lead = static_cast<std::uint64_t>(-a.phase);  // positions before the segment
  const std::uint64_t groups = (seg_len + lead + G - 1) / G;
  // Words needed: outputs up to group `groups`-1 read X[p + N] for p < G*groups - lead.
  std::uint64_t need = G * groups - lead + L::N;
  if (exp != nullptr && need < seg_len + L::kWindowWords) need = seg_len + L::kWindowWords;
  // Slot of word r: (r + sh) mod S, with sh making group starts (r = p + N) multiples of G.
  const unsigned sh = static_cast<unsigned>((G - (L::N - lead) % G) % G);

  const W* src = b == 0 ? a.window : a.states + b * L::N;
  for (int r = tid; r < L::N; r += kThreads) {
    const W v = src[r];
    buf[(r + sh) & (L::S - 1)] = v;
    if (b != 0) a.states[b * L::N + r] = 0;  // ready for the next call's jump kernel
    if (exp != nullptr && static_cast<std::uint64_t>(r) >= seg_len) exp[r - seg_len] = v;
  }
  __syncthreads();
  W prev = tid < L::T ? buf[(L::M + tid + sh) & (L::S - 1)] : W(0);

  std::uint64_t produced = L::N;  // words [0, produced) are in buf
  std::uint64_t done = 0;         // groups written
  while (done < groups || produced < need) {
    const std::uint64_t ready = produced;  // written before the last barrier
    if (produced < need) {
      if (tid < L::T) {
#pragma unroll
        for (int q = 0; q < L::U; ++q) {
          const std::uint64_t w = produced + static_cast<std::uint64_t>(L::T * q + tid);
          const unsigned sw = static_cast<unsigned>(w) + sh;
          const W x = core_mt::recur<P>(buf[(sw - L::N) & (L::S - 1)], buf[(sw - L::N + 1) & (L::S - 1)], prev);
          buf[sw & (L::S - 1)] = x;
          prev = x;
          if (exp != nullptr && w >= seg_len && w - seg_len < static_cast<std::uint64_t>(L::kWindowWords)) {
            exp[w - seg_len] = x;
          }
        }
      }
      produced += L::T * L::U;
    }
    // Groups whose words are all below `ready`; emit a full round of kThreads groups, or the rest.
    const std::uint64_t avail_all = (ready - L::N + lead) / G;
    const std::uint64_t avail = avail_all < groups ? avail_all : groups;
    if (done < avail && (avail - done >= kThreads || avail == groups)) {
      const std::uint64_t hi = avail - done >= kThreads ? done + kThreads : avail;
      const std::uint64_t k = done + static_cast<std::uint64_t>(tid);
      if (k < hi) {
        const std::uint64_t p = k * G;  // = block-relative position + lead
        const unsigned slot = (static_cast<unsigned>(p - lead + L::N) + sh) & (L::S - 1);
        const WordGroup<P, G> wg = *reinterpret_cast<const WordGroup<P, G>*>(buf + slot);
        W raw[G];
#pragma unroll
        for (int e = 0; e < G; ++e) raw[e] = P::temper(wg.w[e]);
        V v[G];
#pragma unroll
        for (int e = 0; e < G; e += Tr::arity) tr(raw + e, v + e);
        // Call-relative position of element e: seg_begin + p - lead + e, stored when inside the segment.
        if (a.aligned && p >= lead && p - lead + G <= seg_len) {
          *reinterpret_cast<uint4*>(out + (seg_begin + p - lead)) = pack16(v);
        } else {
#pragma unroll
          for (int e = 0; e < G; ++e) {
            if (p + e >= lead && p + e - lead < seg_len) out[seg_begin + p + e - lead] = v[e];
          }
        }
      }
      done = hi;
    }
    __syncthreads();
  }
}

}  // namespace gpurng::detail::cuda::mtk
