// Sobol' on the GPU: Gray-code jumps and strided steps over core/engines/sobol.hpp.
//
// The request's output (a Rect, dimension-major) is one linear array of points * dims values. A
// grid of 16, 32 or 64 blocks per SM (several waves; see kSobolBlocksPerSm) is launched and every warp takes an equal contiguous stretch
// of that array: a run of points of one dimension, or the end of one dimension and the start of
// the next (several, when points per dimension are few). The warp copies each dimension's direction
// numbers (only the first b, b the bit width of the largest index) from the generator's expanded
// table (SobolDirections, made once by expand_kernel) into its shared memory; the lanes then make
// 16-byte-aligned groups of consecutive points, 32 groups apart, with the Gray-code jump and the
// strided step y(n + 2^q) = y(n) ^ v[q-1] ^ v[ctz(~(n | (2^q - 1)))]; each warp store writes 512
// contiguous bytes. The lane's work is src/families/sobol/sobol_warp.hpp, which a CPU test also runs.
//
// Warps rather than whole blocks per dimension, and any number of them: stretches need not be
// powers of two, so the grid fits the GPU exactly; a dimension with few points does not idle a
// block; no block-wide barrier is needed. Values depend on (dimension, point) only: the grid shape
// (cuda_blocks) changes nothing but speed.
//
// Why a table: at the chapter's shape (2^18 points x 128 dimensions) a warp's stretch is about 2,000
// values, and expanding its dimension's numbers on one lane (the recurrence, about 720 lane-0
// instructions for sobol32 and 1,060 for sobol64) cost more issue slots than making the values.
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "cuda/check.cuh"
#include "cuda/fill_kernel.cuh"
#include "cuda/grid.cuh"
#include "cuda/launchers.cuh"
#include "cuda/relaxed_capture.cuh"
#include "cuda/sobol_launch.hpp"
#include "cuda/workspace.cuh"
#include "families/sobol/sobol_warp.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/engines/sobol.hpp"

namespace gpurng::detail::cuda {

namespace {

// The packed direction-number table in device memory (32 bytes per dimension, 663 KiB), generated
// at build time like the host copy (src/families/sobol/joe_kuo_table.cpp). Only expand_kernel reads it.
__device__ const core::sobol::PackedPolynomial kJoeKuoDevice[core::sobol::kMaxDimensions] = {
#include "sobol_joe_kuo_table.inc"
};

constexpr int kSobolBlockThreads = 256;
constexpr int kSobolWarps = kSobolBlockThreads / 32;
// Default grid, 256-thread blocks per SM (several waves; bench_sobol's grid sweep, docs/PERFORMANCE.md):
// 32 for stores and uniforms, and for the transforms that compute a logarithm when every warp's
// stretch is still long (kLongStretch values); 16 for those when stretches would be shorter. H100,
// 2026-11-22, with the expanded direction-number table: 32 was the fastest or within noise of it for
// every bits and uniform row of the three shapes (+2-6% over 16 where the stores dominate), and for
// the normals at 2^28 values; at the chapter's 2^18 x 128 (about 1,000 values a warp at 32) the
// normals lost 4-8% at 32 against 16.
//
// 8-byte bits and uniforms (u64, uniform f64) take 64 per SM where a warp's stretch stays long
// enough to repay its set-up (at least kWideMinStretch values: any for sobol32, 2,048 for sobol64,
// whose 64-bit point set-up costs more). H200, 2026-11-24, bench_sobol's grid sweep: 64 per SM
// against 32, uniform f64 and u64 at 2^28 values, 1 and 1000 dimensions: 533-541 vs 513-521 GS/s
// (+2.5-4%, 105-106% of the write-only kernel's rate); sobol32 uniform f64 at 2^18 x 128: 512 vs
// 482; sobol64 at 2^18 x 128 (stretches of about 500 values) lost at 64: 460 vs 489.
constexpr std::uint64_t kSobolBlocksPerSm = 32;
constexpr std::uint64_t kSobolBlocksPerSmShortHeavy = 16;
constexpr std::uint64_t kSobolBlocksPerSmWide = 64;
constexpr std::uint64_t kLongStretch = 4096;
template <class U>
constexpr std::uint64_t kWideMinStretch = sizeof(U) == 4 ? 0 : 2048;

// Transforms that are not a few integer and float operations per value (they take a logarithm).
template <class Tr>
struct IsLightTransform : std::false_type {};
template <class E>
struct IsLightTransform<core::dist::Bits<E>> : std::true_type {};
template <class E, class T>
struct IsLightTransform<core::dist::Uniform<E, T>> : std::true_type {};

// rows[d * W .. d * W + W) = all W direction numbers of dimension d, for d < dims: one thread per
// dimension, the same recurrence as the CPU backend's (core::sobol::direction_numbers).
template <class U>
__global__ void expand_kernel(U* __restrict__ rows, std::uint32_t dims) {
  const std::uint32_t d = blockIdx.x * blockDim.x + threadIdx.x;
  if (d >= dims) return;
  core::sobol::direction_numbers(kJoeKuoDevice[d], rows + std::size_t{d} * core::sobol::kWordBits<U>);
}

// Warp w of the grid takes the stretch [w per_warp, (w+1) per_warp) of rect's output; the lane's
// work is sobol::warp_stretch (src/families/sobol/sobol_warp.hpp).
template <class E, class Tr>
__global__ void __launch_bounds__(kSobolBlockThreads)
    sobol_kernel(const typename E::raw_type* __restrict__ rows, sobol::Rect rect, sobol::ScrambleConfig sc,
                 std::uint64_t per_warp, int dir_count, Tr tr, typename Tr::value_type* __restrict__ out) {
  using U = typename E::raw_type;
  using V = typename Tr::value_type;
  constexpr int W = core::sobol::kWordBits<U>;
  __shared__ U dirs[kSobolWarps][W];
  const unsigned lane = threadIdx.x & 31u;
  const unsigned warp = threadIdx.x >> 5;
  const std::uint64_t total = rect.points * rect.dims;
  const std::uint64_t at = (std::uint64_t{blockIdx.x} * kSobolWarps + warp) * per_warp;
  if (at >= total) return;  // the whole warp
  const std::uint64_t end = total - at < per_warp ? total : at + per_warp;
  U* v = dirs[warp];
  // The lanes copy the first dir_count numbers of the dimension (one or two coalesced loads).
  auto prepare = [&](std::uint32_t dim) {
    __syncwarp();  // every lane is done with the previous dimension's numbers
    const U* row = rows + std::size_t{dim} * W;
    for (int k = static_cast<int>(lane); k < dir_count; k += 32) v[k] = row[k];
    __syncwarp();
  };

  auto store16 = [](V* p, const V* vals) { *reinterpret_cast<uint4*>(p) = pack16(vals); };
  sobol::warp_stretch<E>(rect, sc, at, end, lane, v, prepare, store16, tr, out);
}

}  // namespace

template <class U>
class SobolDirections {
 public:
  SobolDirections() = default;
  SobolDirections(const SobolDirections&) = delete;
  SobolDirections& operator=(const SobolDirections&) = delete;

  ~SobolDirections() { cudaFree(rows_); }

  // The expanded numbers of dimensions 0 .. dims-1 at least, on the current device, complete before
  // this returns. Grows in powers of two (at least 64 dimensions), up to all 21,201.
  const U* rows_for(std::uint32_t dims) {
    if (dims <= dims_) return rows_;
    RelaxedCapture relaxed;
    stream_.create();
    std::uint32_t want = 64;
    while (want < dims) want *= 2;
    want = std::min<std::uint32_t>(want, core::sobol::kMaxDimensions);
    U* rows = nullptr;
    check(cudaMalloc(&rows, sizeof(U) * core::sobol::kWordBits<U> * want), "cudaMalloc (sobol direction numbers)");
    expand_kernel<U><<<(want + 127) / 128, 128, 0, stream_.get()>>>(rows, want);
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess) e = cudaStreamSynchronize(stream_.get());
    if (e != cudaSuccess) {
      cudaFree(rows);
      check(e, "expanding sobol direction numbers");
    }
    retired_.retire(rows_);  // a call in flight may still read it
    rows_ = rows;
    dims_ = want;
    return rows_;
  }

  int device = -1;  // the device the table lives on

 private:
  U* rows_ = nullptr;
  std::uint32_t dims_ = 0;
  RetiredBuffers retired_;  // freed with the table
  PrivateStream stream_;
};

template <class U>
void SobolDirectionsDeleter<U>::operator()(SobolDirections<U>* d) const noexcept {
  delete d;
}

template <class E, class Tr>
void launch_sobol(SobolDirectionsPtr<typename E::raw_type>& dirs, const sobol::Rect& rect,
                  const sobol::ScrambleConfig& sc, const Tr& tr, typename Tr::value_type* out, const ExecContext& ctx) {
  using U = typename E::raw_type;
  const std::uint64_t total = rect.points * rect.dims;
  if (total == 0) return;
  const int device = current_device();
  if (!dirs || dirs->device != device) {
    SobolDirectionsPtr<U> made(new SobolDirections<U>());
    made->device = device;
    dirs = std::move(made);  // the old device's table is freed (cudaFree waits for its work)
  }
  const U* rows = dirs->rows_for(rect.dim0 + static_cast<std::uint32_t>(rect.dims));
  constexpr std::uint64_t kVec = 16 / sizeof(typename Tr::value_type);
  std::uint64_t blocks = ctx.cuda_blocks;
  if (blocks == 0) {
    const int sms = sm_count(device);
    blocks = std::uint64_t(sms) * kSobolBlocksPerSm;
    if (!IsLightTransform<Tr>::value && total / (blocks * kSobolWarps) < kLongStretch) {
      blocks = std::uint64_t(sms) * kSobolBlocksPerSmShortHeavy;
    }
    const std::uint64_t wide = std::uint64_t(sms) * kSobolBlocksPerSmWide;
    bool long_enough = true;
    if constexpr (kWideMinStretch<U> > 0) long_enough = total / (wide * kSobolWarps) >= kWideMinStretch<U>;
    if (IsLightTransform<Tr>::value && sizeof(typename Tr::value_type) == 8 && long_enough) blocks = wide;
  }
  blocks = clamp_grid(blocks);
  const std::uint64_t per_warp = sobol::values_per_warp(total, blocks * kSobolWarps, kVec);
  blocks = std::min<std::uint64_t>(blocks, (total + per_warp * kSobolWarps - 1) / (per_warp * kSobolWarps));
  // Only the direction numbers that the rect's indices use (sobol::kMinDirections: the lane code's
  // fixed reads); at 2^18 points that is 18 of 32 (64) numbers per warp and dimension.
  const int dir_count = core::sobol::direction_count<U>(rect.first + rect.points - 1, sobol::kMinDirections);
  sobol_kernel<E, Tr><<<static_cast<unsigned>(blocks), kSobolBlockThreads, 0, ctx.stream>>>(rows, rect, sc, per_warp,
                                                                                            dir_count, tr, out);
  check(cudaGetLastError(), "sobol kernel launch");
}

// Every transform of both engines (the engine's dispatch picks one at run time; launchers.cuh):
// normals and log-normals by the inverse CDF of the points themselves, one point per value.
template <class E>
using SobolTransforms = StandardTransforms<E, dists::NormalForm::inverse_cdf>;

template <class E>
struct SobolLaunchers {
  template <class Tr>
  static const void* address() {
    return reinterpret_cast<const void*>(&launch_sobol<E, Tr>);
  }
  static const void* table(int i) { return launcher_table<SobolLaunchers>(i, SobolTransforms<E>{}); }
};
template struct SobolDirectionsDeleter<std::uint32_t>;
template struct SobolDirectionsDeleter<std::uint64_t>;
template struct SobolLaunchers<core::sobol::Engine32>;
template struct SobolLaunchers<core::sobol::Engine64>;

}  // namespace gpurng::detail::cuda
