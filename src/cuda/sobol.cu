// Sobol' on the GPU: Gray-code jumps and strided steps over core/engines/sobol.hpp.
//
// The request's output (a Rect, dimension-major) is one linear array of points * dims values. A
// grid of 16 blocks per SM (several waves; see launch_sobol) is launched and every warp takes an equal contiguous stretch
// of that array: a run of points of one dimension, or the end of one dimension and the start of
// the next (several, when points per dimension are few). The warp expands each dimension's direction
// numbers from the packed Joe-Kuo table into its shared memory (lane 0; only the first b, b the bit width
// of the largest index); the lanes then make
// 16-byte-aligned groups of consecutive points, 32 groups apart, with the Gray-code jump and the
// strided step y(n + 2^q) = y(n) ^ v[q-1] ^ v[ctz(~(n | (2^q - 1)))]; each warp store writes 512
// contiguous bytes. The lane's work is src/sobol/sobol_warp.hpp, which a CPU test also runs.
//
// Warps rather than whole blocks per dimension, and any number of them: stretches need not be
// powers of two, so the grid fits the GPU exactly; a dimension with few points does not idle a
// block; no block-wide barrier is needed. Values depend on (dimension, point) only: the grid shape
// (cuda_blocks) changes nothing but speed.
#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "cuda/check.cuh"
#include "cuda/fill_kernel.cuh"
#include "cuda/sobol_launch.hpp"
#include "sobol/sobol_warp.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/engines/sobol.hpp"

namespace gpurng::detail::cuda {

namespace {

// The packed direction-number table in device memory (32 bytes per dimension, 663 KiB), generated
// at build time like the host copy (src/sobol/joe_kuo_table.cpp).
__device__ const core::sobol::PackedPolynomial kJoeKuoDevice[core::sobol::kMaxDimensions] = {
#include "sobol_joe_kuo_table.inc"
};

constexpr int kSobolBlockThreads = 256;
constexpr int kSobolWarps = kSobolBlockThreads / 32;
constexpr std::uint64_t kSobolBlocksPerSm = 16;

// Warp w of the grid takes the stretch [w per_warp, (w+1) per_warp) of rect's output; the lane's
// work is sobol::warp_stretch (src/sobol/sobol_warp.hpp).
template <class E, class Tr>
__global__ void __launch_bounds__(kSobolBlockThreads)
    sobol_kernel(sobol::Rect rect, sobol::ScrambleConfig sc, std::uint64_t per_warp, int dir_count, Tr tr,
                 typename Tr::value_type* __restrict__ out) {
  using U = typename E::raw_type;
  using V = typename Tr::value_type;
  __shared__ U dirs[kSobolWarps][core::sobol::kWordBits<U>];
  const unsigned lane = threadIdx.x & 31u;
  const unsigned warp = threadIdx.x >> 5;
  const std::uint64_t total = rect.points * rect.dims;
  const std::uint64_t at = (std::uint64_t{blockIdx.x} * kSobolWarps + warp) * per_warp;
  if (at >= total) return;  // the whole warp
  const std::uint64_t end = total - at < per_warp ? total : at + per_warp;
  U* v = dirs[warp];
  // Lane 0 expands the numbers. (Making the initial ones on all lanes saves about s * 20 lane-0
  // instructions per warp and dimension but raised sobol64's float normals from 46 to 53 registers,
  // 5 to 4 resident blocks per SM.)
  auto prepare = [&](std::uint32_t dim) {
    __syncwarp();  // every lane is done with the previous dimension's numbers
    if (lane == 0) core::sobol::direction_numbers(kJoeKuoDevice[dim], v, dir_count);
    __syncwarp();
  };

  auto store16 = [](V* p, const V* vals) { *reinterpret_cast<uint4*>(p) = pack16(vals); };
  sobol::warp_stretch<E>(rect, sc, at, end, lane, v, prepare, store16, tr, out);
}

}  // namespace

template <class E, class Tr>
void launch_sobol(const sobol::Rect& rect, const sobol::ScrambleConfig& sc, const Tr& tr, typename Tr::value_type* out,
                  const ExecContext& ctx) {
  const std::uint64_t total = rect.points * rect.dims;
  if (total == 0) return;
  constexpr std::uint64_t kVec = 16 / sizeof(typename Tr::value_type);
  std::uint64_t blocks = ctx.cuda_blocks;
  if (blocks == 0) {
    // kSobolBlocksPerSm blocks per SM: several waves of short stretches. bench_sobol's grid sweep
    // (H200, 2026-11-22, docs/PERFORMANCE.md) found 16 per SM within 0.5% of, or above, one wave of
    // resident blocks (the earlier default) in 26 of 30 (shape, engine, output) rows, by up to 10% on
    // the compute-bound normals, where the last wave's imbalance matters most; it lost 5-9% on three
    // float rows of the 2^18 x 128 shape (sobol32 normal, sobol64 uniform and normal).
    int device = 0, sms = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
    blocks = std::uint64_t(sms) * kSobolBlocksPerSm;
  }
  blocks = std::max<std::uint64_t>(1, std::min<std::uint64_t>(blocks, 0x7fffffffu));
  const std::uint64_t per_warp = sobol::values_per_warp(total, blocks * kSobolWarps, kVec);
  blocks = std::min<std::uint64_t>(blocks, (total + per_warp * kSobolWarps - 1) / (per_warp * kSobolWarps));
  // Only the direction numbers that the rect's indices use (sobol::kMinDirections: the lane code's
  // fixed reads); at 2^18 points that is 18 of 32 (64) numbers per warp and dimension.
  const int dir_count = core::sobol::direction_count<typename E::raw_type>(rect.first + rect.points - 1,
                                                                          sobol::kMinDirections);
  sobol_kernel<E, Tr><<<static_cast<unsigned>(blocks), kSobolBlockThreads, 0, ctx.stream>>>(rect, sc, per_warp,
                                                                                            dir_count, tr, out);
  check(cudaGetLastError(), "sobol kernel launch");
}

// Every transform of both engines (the engine's dispatch picks one at run time).
template <class E>
struct SobolLaunchers {
  static const void* table(int i) {
    using namespace core::dist;
    static const void* const launchers[] = {
        reinterpret_cast<const void*>(&launch_sobol<E, Bits<E>>),
        reinterpret_cast<const void*>(&launch_sobol<E, Uniform<E, float>>),
        reinterpret_cast<const void*>(&launch_sobol<E, Uniform<E, double>>),
        reinterpret_cast<const void*>(&launch_sobol<E, NormalInverseCdf<E, float>>),
        reinterpret_cast<const void*>(&launch_sobol<E, NormalInverseCdf<E, double>>),
        reinterpret_cast<const void*>(&launch_sobol<E, Exponential<E, float>>),
        reinterpret_cast<const void*>(&launch_sobol<E, Exponential<E, double>>),
        reinterpret_cast<const void*>(&launch_sobol<E, LogNormalInverseCdf<E, float>>),
        reinterpret_cast<const void*>(&launch_sobol<E, LogNormalInverseCdf<E, double>>),
    };
    return launchers[i];
  }
};
template struct SobolLaunchers<core::sobol::Engine32>;
template struct SobolLaunchers<core::sobol::Engine64>;

}  // namespace gpurng::detail::cuda
