// Kernels over every public device header, in one source that is compiled twice: by nvcc into
// test_cuda_nvrtc (the compiled-in device API) and by NVRTC at run time (test_nvrtc_device_headers
// compiles it to PTX without a GPU; test_cuda_nvrtc also runs that PTX and compares the two outputs,
// and both with the CPU backend). So it may include only what NVRTC compiles: the device headers.
//
// Every value is written as a 64-bit slot (a float's or a double's bits, or a 32-bit integer), so one
// buffer type and one comparison serve every kind. Thread t of a per-thread kernel draws `count` values
// of one kind into out[t * count ...] from stream (or subsequence) t at `offset`.
#pragma once

#include "gpurng/device/curand_compat.hpp"
#include "gpurng/device/dcmt.hpp"
#include "gpurng/device/dcmt_warp.hpp"
#include "gpurng/device/kiss99.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/device/perthread.hpp"
#include "gpurng/device/types.hpp"

namespace gpurng_test_kernels {

// What a per-thread kernel draws. kNormal and kNormalDouble take Box-Muller pairs (count is even).
enum Draw : int { kBits = 0, kUniform = 1, kUniformDouble = 2, kExponential = 3, kNormal = 4, kNormalDouble = 5 };

using Slot = unsigned long long;

GPURNG_HD inline Slot slot(std::uint32_t v) { return v; }
GPURNG_HD inline Slot slot(float v) { return gpurng::core::ieee::to_bits(v); }
GPURNG_HD inline Slot slot(double v) { return gpurng::core::ieee::to_bits(v); }

__device__ inline unsigned thread_index() { return blockIdx.x * blockDim.x + threadIdx.x; }

// Kinds every generator has.
template <class G>
__device__ void draw_uniforms(G& g, int kind, int count, Slot* out) {
  for (int j = 0; j < count; ++j) {
    if (kind == kBits) out[j] = slot(g.bits());
    if (kind == kUniform) out[j] = slot(g.uniform());
    if (kind == kUniformDouble) out[j] = slot(g.uniform_double());
  }
}

// And those of the generators with the transforms (all but Kiss99).
template <class G>
__device__ void draw_any(G& g, int kind, int count, Slot* out) {
  if (kind <= kUniformDouble) return draw_uniforms(g, kind, count, out);
  for (int j = 0; j < count; j += 2) {
    if (kind == kExponential) {
      out[j] = slot(g.exponential(2.0f));
      out[j + 1] = slot(g.exponential(2.0f));
    } else if (kind == kNormal) {
      const gpurng::device::Float2 p = g.normal2(1.0f, 3.0f);
      out[j] = slot(p.x);
      out[j + 1] = slot(p.y);
    } else {
      const gpurng::device::Double2 p = g.normal2_double();
      out[j] = slot(p.x);
      out[j + 1] = slot(p.y);
    }
  }
}

// Mwc, Xorshift256, Kiss, Mrg32k3a: init(seed, stream or subsequence t, offset).
template <class G>
__device__ void per_thread(Slot seed, Slot offset, int kind, int count, int threads, Slot* out) {
  const unsigned t = thread_index();
  if (t >= unsigned(threads)) return;
  G g;
  g.init(seed, t, offset);
  draw_any(g, kind, count, out + std::size_t(t) * count);
}

// Dcmt521, Dcmt2203: stream t of the family's sets.
template <class G>
__device__ void per_stream_dcmt(const gpurng::core::dcmt::Set* sets, Slot num_sets, Slot seed, Slot offset, int kind,
                                int count, int threads, Slot* out) {
  const unsigned t = thread_index();
  if (t >= unsigned(threads)) return;
  G g;
  g.init(sets, num_sets, seed, t, offset);
  draw_any(g, kind, count, out + std::size_t(t) * count);
}

// DcmtBlocks: `blocks` whole blocks of stream t.
template <class S>
__device__ void blocks_dcmt(const gpurng::core::dcmt::Set* sets, Slot num_sets, Slot seed, int blocks, int threads,
                            Slot* out) {
  const unsigned t = thread_index();
  if (t >= unsigned(threads)) return;
  gpurng::device::DcmtBlocks<S> g;
  g.init(sets, num_sets, seed, t);
  Slot* o = out + std::size_t(t) * blocks * S::N;
  int i = 0;
  for (int b = 0; b < blocks; ++b) g.next_block([&](std::uint32_t v) { o[i++] = v; });
}

// DcmtWarp: warp w of the grid runs stream w for `steps` steps; dynamic shared memory holds one ring
// per warp of the block.
template <class S>
__device__ void warp_dcmt(const gpurng::core::dcmt::Set* sets, Slot num_sets, Slot seed, int steps, int streams,
                          Slot* out) {
  using W = gpurng::device::DcmtWarp<S>;
  extern __shared__ std::uint32_t rings[];
  const unsigned w = thread_index() / 32u;
  if (w >= unsigned(streams)) return;  // whole warps leave together
  W g;
  g.init(rings + (threadIdx.x / 32u) * W::kRing, sets, num_sets, seed, w);
  Slot* o = out + std::size_t(w) * steps * W::kWidth;
  for (int s = 0; s < steps; ++s) {
    const int at = static_cast<int>(g.index());
    std::uint32_t v;
    if (g.step(v)) o[at + static_cast<int>(threadIdx.x & 31u)] = v;
  }
}

// cuRAND's device API through curand_compat.hpp: one fixed script per thread (subsequence t). The first
// kCurandExactSlots values are bits and uniforms, cuRAND's on the host too; the normals after them are
// cuRAND's bits on the device only (box_muller.hpp), so the host comparison stops before them.
inline constexpr int kCurandSlots = 11;
inline constexpr int kCurandExactSlots = 7;

template <class State>
GPURNG_HD int curand_script(Slot seed, Slot subsequence, Slot offset, Slot* out) {
  using namespace gpurng::curand_compat;
  State st;
  curand_init(seed, subsequence, offset, &st);
  int n = 0;
  out[n++] = slot(static_cast<std::uint32_t>(curand(&st)));
  out[n++] = slot(static_cast<std::uint32_t>(curand(&st)));
  out[n++] = slot(curand_uniform(&st));
  out[n++] = slot(curand_uniform_double(&st));
  skipahead(1000003ull, &st);
  out[n++] = slot(static_cast<std::uint32_t>(curand(&st)));
  skipahead_sequence(2ull, &st);
  out[n++] = slot(static_cast<std::uint32_t>(curand(&st)));
  out[n++] = slot(curand_uniform(&st));
  out[n++] = slot(curand_normal(&st));
  out[n++] = slot(curand_normal(&st));
  out[n++] = slot(curand_normal_double(&st));
  out[n++] = slot(curand_normal_double(&st));
  return n;
}

template <class State>
__device__ void curand_kernel_body(Slot seed, Slot offset, int threads, Slot* out) {
  const unsigned t = thread_index();
  if (t >= unsigned(threads)) return;
  curand_script<State>(seed, t, offset, out + std::size_t(t) * kCurandSlots);
}

}  // namespace gpurng_test_kernels

// The entry points, unmangled so that the test finds them by name in the PTX.
#define GPURNG_PER_THREAD_KERNEL(name, G)                                                                      \
  extern "C" __global__ void name(unsigned long long seed, unsigned long long offset, int kind, int count,   \
                                  int threads, unsigned long long* out) {                                    \
    gpurng_test_kernels::per_thread<G>(seed, offset, kind, count, threads, out);                              \
  }
GPURNG_PER_THREAD_KERNEL(gpurng_test_mrg32k3a, gpurng::device::Mrg32k3a)
GPURNG_PER_THREAD_KERNEL(gpurng_test_mwc, gpurng::device::Mwc)
GPURNG_PER_THREAD_KERNEL(gpurng_test_xorshift256, gpurng::device::Xorshift256)
GPURNG_PER_THREAD_KERNEL(gpurng_test_kiss, gpurng::device::Kiss)
#undef GPURNG_PER_THREAD_KERNEL

// Kiss99 is one sequence: thread t draws its values from offset + t * count.
extern "C" __global__ void gpurng_test_kiss99(unsigned long long seed, unsigned long long offset, int kind, int count,
                                              int threads, unsigned long long* out) {
  const unsigned t = gpurng_test_kernels::thread_index();
  if (t >= unsigned(threads)) return;
  gpurng::device::Kiss99 g;
  g.init(seed, offset + static_cast<unsigned long long>(t) * count);
  gpurng_test_kernels::draw_uniforms(g, kind, count, out + std::size_t(t) * count);
}

#define GPURNG_DCMT_KERNELS(suffix, S)                                                                              \
  extern "C" __global__ void gpurng_test_dcmt##suffix(const gpurng::core::dcmt::Set* sets, unsigned long long num_sets, \
                                                      unsigned long long seed, unsigned long long offset, int kind,     \
                                                      int count, int threads, unsigned long long* out) {                \
    gpurng_test_kernels::per_stream_dcmt<gpurng::device::Dcmt<S>>(sets, num_sets, seed, offset, kind, count, threads, \
                                                                   out);                                            \
  }                                                                                                                 \
  extern "C" __global__ void gpurng_test_dcmt##suffix##_blocks(const gpurng::core::dcmt::Set* sets,                    \
                                                               unsigned long long num_sets, unsigned long long seed,  \
                                                               int blocks, int threads, unsigned long long* out) {    \
    gpurng_test_kernels::blocks_dcmt<S>(sets, num_sets, seed, blocks, threads, out);                                 \
  }                                                                                                                 \
  extern "C" __global__ void gpurng_test_dcmt##suffix##_warp(const gpurng::core::dcmt::Set* sets,                      \
                                                             unsigned long long num_sets, unsigned long long seed,    \
                                                             int steps, int streams, unsigned long long* out) {       \
    gpurng_test_kernels::warp_dcmt<S>(sets, num_sets, seed, steps, streams, out);                                    \
  }
GPURNG_DCMT_KERNELS(521, gpurng::core::dcmt::Mt521)
GPURNG_DCMT_KERNELS(2203, gpurng::core::dcmt::Mt2203)
#undef GPURNG_DCMT_KERNELS

#define GPURNG_CURAND_KERNEL(name, State)                                                                       \
  extern "C" __global__ void name(unsigned long long seed, unsigned long long offset, int threads,             \
                                  unsigned long long* out) {                                                   \
    gpurng_test_kernels::curand_kernel_body<gpurng::curand_compat::State>(seed, offset, threads, out);          \
  }
GPURNG_CURAND_KERNEL(gpurng_test_curand_xorwow, curandStateXORWOW_t)
GPURNG_CURAND_KERNEL(gpurng_test_curand_philox, curandStatePhilox4_32_10_t)
GPURNG_CURAND_KERNEL(gpurng_test_curand_mrg32k3a, curandStateMRG32k3a_t)
#undef GPURNG_CURAND_KERNEL
