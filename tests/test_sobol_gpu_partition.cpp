// The Sobol' kernel's work split, run on the CPU: every lane of every warp of the grid that
// src/cuda/sobol.cu launches executes sobol::warp_stretch (the kernel's own lane code, with the
// host's direction-number table and a memcpy for the 16-byte store) in turn, and the result must
// equal the CPU backend's values bit for bit. This checks the stretches, dimension crossings,
// alignment heads and tails, the fixed and the general in-group steps and the strided Gray-code
// steps for many shapes, offsets, grids and misalignments, on any machine. (test_cuda_sobol.cu
// checks the real kernel on a GPU.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/gpurng.hpp"
#include "families/sobol/joe_kuo_table.hpp"
#include "families/sobol/sobol_warp.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::Scramble;
namespace sb = gpurng::detail::sobol;
namespace cs = gpurng::core::sobol;
namespace cd = gpurng::core::dist;

namespace {

constexpr unsigned kWarpsPerBlock = 8;  // src/cuda/sobol.cu: 256-thread blocks

// Runs the grid of `blocks` blocks (as launch_sobol sizes it) lane by lane; out must be aligned to
// V. Returns how many warps had work.
template <class E, class Tr>
std::uint64_t emulate_grid(const sb::Rect& rect, const sb::ScrambleConfig& sc, std::uint64_t blocks, const Tr& tr,
                           typename Tr::value_type* out) {
  using U = typename E::raw_type;
  using V = typename Tr::value_type;
  const std::uint64_t total = rect.points * rect.dims;
  const std::uint64_t per_warp = sb::values_per_warp(total, blocks * kWarpsPerBlock, 16 / sizeof(V));
  const std::uint64_t warps = std::min(blocks * kWarpsPerBlock, (total + per_warp - 1) / per_warp);
  U v[cs::kWordBits<U>];
  // Like the kernel: only the direction numbers the rect's indices use; the others are poisoned, so
  // a read past them changes the values and fails the comparison.
  const int count = cs::direction_count<U>(rect.first + rect.points - 1, sb::kMinDirections);
  auto prepare = [&](std::uint32_t dim) {
    std::fill(v, v + cs::kWordBits<U>, static_cast<U>(0x5a5a5a5a5a5a5a5aull));
    cs::direction_numbers(sb::kJoeKuoTable[dim], v, count);
  };
  auto store16 = [](V* p, const V* vals) { std::memcpy(p, vals, 16); };
  for (std::uint64_t w = 0; w < warps; ++w) {
    const std::uint64_t at = w * per_warp;
    const std::uint64_t end = std::min(total, at + per_warp);
    for (unsigned lane = 0; lane < 32; ++lane) sb::warp_stretch<E>(rect, sc, at, end, lane, v, prepare, store16, tr, out);
  }
  return warps;
}

template <class V>
std::vector<V> library_values(Engine e, std::uint32_t dims, Scramble s, std::uint64_t offset, std::uint64_t points,
                              const std::function<void(Generator&, V*, std::size_t)>& gen) {
  Generator g(e, Backend::cpu);
  g.seed(77);
  g.dimensions(dims);
  g.scramble(s);
  g.offset(offset);
  std::vector<V> out(points * dims);
  gen(g, out.data(), out.size());
  return out;
}

// The emulated kernel's output at `misalign` values past a 16-byte boundary.
template <class E, class Tr>
std::vector<typename Tr::value_type> kernel_values(std::uint32_t dims, Scramble s, std::uint64_t offset,
                                                   std::uint64_t points, std::uint64_t blocks, unsigned misalign,
                                                   const Tr& tr) {
  using V = typename Tr::value_type;
  const std::uint64_t n = points * dims;
  std::vector<unsigned char> raw((n + misalign) * sizeof(V) + 16);
  unsigned char* base = raw.data() + (16 - reinterpret_cast<std::uintptr_t>(raw.data()) % 16) % 16;
  V* out = reinterpret_cast<V*>(base) + misalign;
  std::fill(out, out + n, V{});
  emulate_grid<E>(sb::Rect{offset, points, 0, dims}, sb::ScrambleConfig{static_cast<cs::ScrambleKind>(s), 77}, blocks, tr,
                  out);
  return std::vector<V>(out, out + n);
}

struct Shape {
  std::uint32_t dims;
  std::uint64_t points;
};

const Shape kShapes[] = {{1, 1},   {1, 2},    {1, 3},    {1, 31},   {1, 127},   {1, 129},  {1, 1000}, {1, 4097},
                         {1, 100003}, {2, 5}, {3, 1000}, {5, 4097}, {7, 33},    {128, 1025}, {1000, 37}, {21201, 2}};
const std::uint64_t kBlocks[] = {1, 3, 528, 100000};  // 528 = 132 SMs x 4: an H100 wave

template <class E, class V, class Tr>
void check_transform(const char* name, const Tr& tr, const std::function<void(Generator&, V*, std::size_t)>& gen) {
  const Engine e = sizeof(typename E::raw_type) == 4 ? Engine::sobol32 : Engine::sobol64;
  for (Scramble s : {Scramble::none, Scramble::digital_shift, Scramble::owen}) {
    for (const Shape& sh : kShapes) {
      for (std::uint64_t offset : {0ull, 1ull, 1000002ull}) {
        const auto want = library_values<V>(e, sh.dims, s, offset, sh.points, gen);
        for (std::uint64_t blocks : kBlocks) {
          for (unsigned misalign : {0u, 1u, 3u}) {
            // All combinations on small shapes; on large ones the wave-sized grid, aligned or not.
            if (sh.points * sh.dims > 5000 && (blocks != 528 || misalign == 3)) continue;
            const auto got = kernel_values<E>(sh.dims, s, offset, sh.points, blocks, misalign, tr);
            ASSERT_EQ(got.size(), want.size());
            for (std::size_t i = 0; i < got.size(); ++i) {
              ASSERT_EQ(std::memcmp(&got[i], &want[i], sizeof(V)), 0)
                  << name << " scramble " << int(s) << " dims " << sh.dims << " points " << sh.points << " offset "
                  << offset << " blocks " << blocks << " misalign " << misalign << ": first difference at " << i;
            }
          }
        }
      }
    }
  }
}

}  // namespace

TEST(SobolGpuPartition, KernelLaneCodeEqualsTheCpuBackend32) {
  using E = cs::Engine32;
  check_transform<E, std::uint32_t>("bits", cd::Bits<E>{},
                                    [](Generator& g, std::uint32_t* p, std::size_t n) { g.generate_bits(p, n); });
  check_transform<E, float>("uniform f32", cd::Uniform<E, float>{},
                            [](Generator& g, float* p, std::size_t n) { g.generate_uniform(p, n); });
  check_transform<E, double>("normal f64", cd::NormalInverseCdf<E, double>{0.5, 2.0},
                             [](Generator& g, double* p, std::size_t n) { g.generate_normal(p, n, 0.5, 2.0); });
}

TEST(SobolGpuPartition, KernelLaneCodeEqualsTheCpuBackend64) {
  using E = cs::Engine64;
  check_transform<E, std::uint64_t>("bits", cd::Bits<E>{},
                                    [](Generator& g, std::uint64_t* p, std::size_t n) { g.generate_bits(p, n); });
  check_transform<E, float>("normal f32", cd::NormalInverseCdf<E, float>{0.0f, 1.0f},
                            [](Generator& g, float* p, std::size_t n) { g.generate_normal(p, n); });
  check_transform<E, double>("uniform f64", cd::Uniform<E, double>{},
                             [](Generator& g, double* p, std::size_t n) { g.generate_uniform(p, n); });
}

TEST(SobolGpuPartition, FarOffsetsAndTheEndsOfTheSequences) {
  using E32 = cs::Engine32;
  using E64 = cs::Engine64;
  for (std::uint64_t blocks : {1ull, 528ull}) {
    const auto w32 = library_values<std::uint32_t>(Engine::sobol32, 3, Scramble::owen, (1ull << 32) - 4099, 4099,
                                                   [](Generator& g, std::uint32_t* p, std::size_t n) { g.generate_bits(p, n); });
    EXPECT_EQ(kernel_values<E32>(3, Scramble::owen, (1ull << 32) - 4099, 4099, blocks, 1, cd::Bits<E32>{}), w32);
    for (std::uint64_t off : {(1ull << 32) - 100, (1ull << 40) + 7, ~0ull - 1 - 5000}) {
      const auto w64 = library_values<std::uint64_t>(Engine::sobol64, 2, Scramble::none, off, 5000,
                                                     [](Generator& g, std::uint64_t* p, std::size_t n) { g.generate_bits(p, n); });
      EXPECT_EQ(kernel_values<E64>(2, Scramble::none, off, 5000, blocks, 0, cd::Bits<E64>{}), w64) << "offset " << off;
    }
  }
}

TEST(SobolGpuPartition, StretchesCoverTheOutputOnceWithWholeRounds) {
  for (std::uint64_t total : {1ull, 100ull, 4096ull, 1ull << 20, (1ull << 28) + 5, 268435000ull}) {
    for (std::uint64_t warps : {8ull, 4224ull, 800000ull}) {
      for (std::uint64_t vec : {2ull, 4ull}) {
        const std::uint64_t per = sb::values_per_warp(total, warps, vec);
        EXPECT_GE(per * warps, total);
        if (per > 32 * vec) EXPECT_EQ(per % (32 * vec), 0u);
        EXPECT_LT((total + per - 1) / per, warps + 1);
      }
    }
  }
}

TEST(SobolGpuPartition, HostChunksSplitIntoAtMostThreeRectsThatTileTheBlock) {
  // The CUDA backend's host output goes through device scratch memory in consecutive chunks; each
  // chunk of the dimension-major block is cut into Rects (sobol_layout.hpp). Every value of every
  // chunk must come from exactly the (dimension, point) the layout puts there.
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 3000; ++trial) {
    const std::uint64_t points = 1 + rng() % 50, dims = 1 + rng() % 9, first = rng() % 1000;
    const sb::SobolBlock block{first, points, static_cast<std::uint32_t>(dims)};
    const std::uint64_t total = points * dims;
    const std::uint64_t chunk = 1 + rng() % total;
    std::vector<int> hits(total, 0);
    for (std::uint64_t begin = 0; begin < total; begin += chunk) {
      const std::uint64_t count = std::min(chunk, total - begin);
      const sb::SobolBlock::Pieces pieces = block.split(begin, count);
      ASSERT_GE(pieces.count, 1);
      ASSERT_LE(pieces.count, 3);
      std::uint64_t covered = 0;
      for (int p = 0; p < pieces.count; ++p) {
        const sb::Rect& r = pieces.piece[p].rect;
        ASSERT_EQ(pieces.piece[p].out_index, covered) << "pieces are consecutive in the chunk";
        for (std::uint32_t d = 0; d < r.dims; ++d) {
          for (std::uint64_t i = 0; i < r.points; ++i) {
            // Value (d, i) of the Rect lands at chunk position out_index + d * r.points + i, which
            // must be the block's position of (dimension r.dim0 + d, point r.first + i).
            const std::uint64_t at = begin + pieces.piece[p].out_index + d * r.points + i;
            ASSERT_EQ(at, (r.dim0 + d) * points + (r.first + i - first));
            ++hits[at];
          }
        }
        covered += std::uint64_t{r.dims} * r.points;
      }
      ASSERT_EQ(covered, count);
    }
    for (int h : hits) ASSERT_EQ(h, 1);
  }
}

// The kernel expands only a prefix of each dimension's direction numbers: every prefix must equal
// the start of the full expansion, for every dimension, both word sizes.
TEST(SobolDirectionNumbers, PrefixEqualsFullExpansion) {
  for (std::uint32_t dim = 0; dim < cs::kMaxDimensions; ++dim) {
    std::uint32_t full32[32], part32[32];
    std::uint64_t full64[64], part64[64];
    cs::direction_numbers(sb::kJoeKuoTable[dim], full32);
    cs::direction_numbers(sb::kJoeKuoTable[dim], full64);
    for (int count : {1, 8, 18, 19, 31}) {
      cs::direction_numbers(sb::kJoeKuoTable[dim], part32, count);
      cs::direction_numbers(sb::kJoeKuoTable[dim], part64, count + 32);
      for (int k = 0; k < count; ++k) ASSERT_EQ(part32[k], full32[k]) << "dim " << dim << " count " << count << " k " << k;
      for (int k = 0; k < count + 32; ++k) ASSERT_EQ(part64[k], full64[k]) << "dim " << dim << " count " << count << " k " << k;
    }
  }
  EXPECT_EQ(cs::direction_count<std::uint32_t>(0, 8), 8);
  EXPECT_EQ(cs::direction_count<std::uint32_t>((1u << 18) - 1, 8), 18);
  EXPECT_EQ(cs::direction_count<std::uint32_t>(1u << 18, 8), 19);
  EXPECT_EQ(cs::direction_count<std::uint32_t>(0xffffffffull, 8), 32);
  EXPECT_EQ(cs::direction_count<std::uint64_t>(~0ull - 1, 8), 64);
}
