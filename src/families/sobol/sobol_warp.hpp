// The work of one lane of the Sobol' kernel (src/cuda/sobol.cu), written once for the device and
// for a host emulation of the whole grid (tests/test_sobol_gpu_partition.cpp), so the kernel's
// work split, alignment handling and strided Gray-code steps are tested without a GPU.
//
// A warp takes the stretch [at, end) of a Rect's dimension-major output. For each dimension the
// stretch meets, prepare(dim) makes the direction numbers available in v (on the device: lane 0
// expands them into the warp's shared memory between two __syncwarp()). Then lane l makes the
// 16-byte-aligned groups of kVec = 16 / sizeof(value) consecutive points l, l + 32, l + 64, ...:
// it jumps to its first point by the Gray-code formula, makes the group's other points with
// y(n+1) = y(n) ^ v[ctz(~n)] and moves 32 groups on with y(n + 2^q) = y(n) ^ v[q-1] ^
// v[ctz(~(n | (2^q - 1)))], q = 5 + log2(kVec). store16(p, vals) writes one group. The values before
// the first aligned group and after the last one (fewer than kVec each) come from the direct
// formula, one lane each.
#pragma once

#include <cstdint>
#include <type_traits>

#include "gpurng/core/engines/sobol.hpp"
#include "families/sobol/sobol_layout.hpp"

namespace gpurng::detail::sobol {

inline constexpr unsigned kWarpLanes = 32;
// The direction numbers lane_groups reads whatever the indices: v[0], v[1] and v[q - 1] for the
// stride 2^q (q <= 7). prepare(dim) must provide at least these and those of the indices' bits.
inline constexpr int kMinDirections = 8;

// The length of each warp's stretch for `total` values over `warps` warps: equal shares, rounded
// up to whole rounds of 32 groups where they are longer than one round.
GPURNG_HD constexpr std::uint64_t values_per_warp(std::uint64_t total, std::uint64_t warps, std::uint64_t vec) {
  std::uint64_t per = (total + warps - 1) / warps;
  const std::uint64_t round = kWarpLanes * vec;
  if (per > round) per = (per + round - 1) / round * round;
  return per;
}

// One lane's groups g, g + 32, ... (< groups), the first starting at point n, written from p on.
// kIndexAligned: n is a multiple of kVec, so the steps inside a group use v[0], v[1], v[0].
template <class E, bool kIndexAligned, class Tr, class Store, class U, class I, class V>
GPURNG_HD GPURNG_FORCEINLINE void lane_groups(const U* v, const core::sobol::Scrambler<U>& scr, const Tr& tr,
                                              const Store& store16, I n, V* p, std::uint64_t g, std::uint64_t groups) {
  namespace cs = core::sobol;
  constexpr int kVec = 16 / sizeof(V);
  constexpr int kStrideLog2 = 5 + (kVec == 4 ? 2 : 1);  // a lane's groups are 2^q points apart
  constexpr I kStrideMask = (I{1} << kStrideLog2) - 1;
  static_assert(kStrideLog2 <= kMinDirections, "prepare() provides v[0 .. kMinDirections)");
  const U v_prev = v[kStrideLog2 - 1];
  const U v0 = v[0], v1 = v[1];
  // The step from index k uses v[ctz(~k)]: v0 for even k, v1 for k = 1 (mod 4), and a number that
  // depends on the higher bits only for k = 3 (mod 4). n mod 4 is the same for all of a lane's
  // groups (they are 2^q apart, q >= 6), so an unaligned group's kVec - 1 steps are v0 or v1 at
  // fixed places but one, from index n | 3, whose number is looked up once per group.
  const unsigned r4 = static_cast<unsigned>(n & 3u);
  U y = cs::point(v, n);
  for (;;) {
    V vals[kVec];
    U yi = y;
    U vv = 0;
    if constexpr (!kIndexAligned) {
      // ~(n | 3) is 0 only past the last index of the type, where no step is taken: the top bit
      // keeps ctz in range. (A 2-value group starting at 1 mod 4 loads this number and does not
      // use it: its one step is v1. The load stays inside the warp's W numbers.)
      constexpr I kTop = I{1} << (sizeof(I) * 8 - 1);
      vv = v[cs::ctz(static_cast<I>(~(n | I{3}) | kTop))];
    }
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
    for (int j = 0; j < kVec; ++j) {
      const U raw = scr(yi);
      tr(&raw, vals + j);
      if (j + 1 < kVec) {
        if constexpr (kIndexAligned) {
          yi ^= j == 1 ? v1 : v0;
        } else {
          const unsigned k4 = (r4 + static_cast<unsigned>(j)) & 3u;  // the step's index mod 4
          yi ^= (k4 & 1u) == 0 ? v0 : (k4 == 1 ? v1 : vv);
        }
      }
    }
    store16(p, vals);
    g += kWarpLanes;
    if (g >= groups) break;
    y = cs::stride(v, v_prev, y, n, kStrideMask);
    n += I{1} << kStrideLog2;
    p += std::uint64_t{1} << kStrideLog2;
  }
}

// Lane `lane`'s share of the stretch [at, end) of rect's output (out: the Rect's first value,
// aligned to its type). v: the warp's direction-number slot, filled by prepare(dim).
template <class E, class Tr, class Prepare, class Store>
GPURNG_HD GPURNG_FORCEINLINE void warp_stretch(const Rect& rect, const ScrambleConfig& sc, std::uint64_t at,
                                               std::uint64_t end, unsigned lane, typename E::raw_type* v,
                                               const Prepare& prepare, const Store& store16, const Tr& tr,
                                               typename Tr::value_type* out) {
  namespace cs = core::sobol;
  using U = typename E::raw_type;
  using I = std::conditional_t<sizeof(U) == 4, std::uint32_t, std::uint64_t>;  // point indices
  using V = typename Tr::value_type;
  constexpr unsigned kVec = 16 / sizeof(V);
  constexpr unsigned kLog2Vec = kVec == 4 ? 2 : 1;

  std::uint64_t v_dim = ~0ull;
  cs::Scrambler<U> scr{};
  while (at < end) {
    const std::uint64_t local_dim = at / rect.points;
    const std::uint64_t i0 = at % rect.points;
    const std::uint64_t left = rect.points - i0;
    const std::uint64_t count = left < end - at ? left : end - at;
    if (local_dim != v_dim) {
      const std::uint32_t dim = rect.dim0 + static_cast<std::uint32_t>(local_dim);
      prepare(dim);
      scr = cs::Scrambler<U>::make(sc.kind, sc.seed, dim);
      v_dim = local_dim;
    }
    V* seg = out + local_dim * rect.points + i0;
    const I n0 = static_cast<I>(rect.first + i0);
    const std::uint64_t misalign = (reinterpret_cast<std::uintptr_t>(seg) / sizeof(V)) % kVec;
    const std::uint64_t to_aligned = (kVec - misalign) % kVec;
    const std::uint64_t head = count < to_aligned ? count : to_aligned;
    const std::uint64_t groups = (count - head) >> kLog2Vec;
    const std::uint64_t tail = count - head - (groups << kLog2Vec);
    if (lane < head + tail) {  // at most 2 (kVec - 1) values
      const std::uint64_t k = lane < head ? lane : head + (groups << kLog2Vec) + (lane - head);
      const U raw = scr(cs::point(v, static_cast<I>(n0 + k)));
      tr(&raw, seg + k);
    }
    if (lane < groups) {
      const I n = static_cast<I>(n0 + head + (std::uint64_t{lane} << kLog2Vec));
      V* p = seg + head + (std::uint64_t{lane} << kLog2Vec);
      if ((n & (kVec - 1)) == 0) {  // the usual case: aligned output, offset a multiple of kVec
        lane_groups<E, true>(v, scr, tr, store16, n, p, lane, groups);
      } else {
        lane_groups<E, false>(v, scr, tr, store16, n, p, lane, groups);
      }
    }
    at += count;
  }
}

}  // namespace gpurng::detail::sobol
