// CPU backend for Sobol': a Rect is cut into tiles of consecutive points of one dimension; worker
// threads take contiguous runs of tiles. Each tile jumps to its first point by the Gray-code formula
// and steps with y(n+1) = y(n) ^ v[ctz(~n)]. Values depend on (dimension, point) only, so the split
// never changes them, and they are the CUDA kernel's values because both call the same core/ code.
#pragma once

#include <algorithm>
#include <cstdint>
#include <system_error>
#include <thread>
#include <vector>

#include "cpu/fill.hpp"
#include "gpurng/core/engines/sobol.hpp"
#include "families/sobol/joe_kuo_table.hpp"
#include "families/sobol/sobol_layout.hpp"

namespace gpurng::detail::cpu {

inline constexpr std::uint64_t kSobolTilePoints = 1u << 14;
inline constexpr std::uint64_t kSobolMinTilesPerThread = 8;

template <class E, class Tr>
GPURNG_FORCEINLINE void sobol_tiles_body(const sobol::Rect& rect, const sobol::ScrambleConfig& sc, std::uint64_t tiles_per_dim,
                                         std::uint64_t t0, std::uint64_t t1, const Tr& tr,
                                         typename Tr::value_type* out) {
  using U = typename E::raw_type;
  namespace cs = core::sobol;
  U v[cs::kWordBits<U>];
  std::uint64_t dim_of_v = ~0ull;
  cs::Scrambler<U> scr{};
  for (std::uint64_t t = t0; t < t1; ++t) {
    const std::uint64_t local_dim = t / tiles_per_dim;
    const std::uint64_t i0 = (t % tiles_per_dim) * kSobolTilePoints;
    const std::uint64_t i1 = std::min(rect.points, i0 + kSobolTilePoints);
    if (local_dim != dim_of_v) {
      const std::uint32_t dim = rect.dim0 + static_cast<std::uint32_t>(local_dim);
      cs::direction_numbers(sobol::kJoeKuoTable[dim], v);
      scr = cs::Scrambler<U>::make(sc.kind, sc.seed, dim);
      dim_of_v = local_dim;
    }
    typename Tr::value_type* row = out + local_dim * rect.points;
    std::uint64_t n = rect.first + i0;
    U y = cs::point(v, n);
    for (std::uint64_t i = i0;;) {
      const U raw = scr(y);
      tr(&raw, row + i);
      if (++i == i1) break;
      y = cs::next(v, y, n);
      ++n;
    }
  }
}

template <class E, class Tr>
void sobol_tiles_generic(const sobol::Rect& rect, const sobol::ScrambleConfig& sc, std::uint64_t tiles_per_dim, std::uint64_t t0,
                         std::uint64_t t1, const Tr& tr, typename Tr::value_type* out) {
  sobol_tiles_body<E>(rect, sc, tiles_per_dim, t0, t1, tr, out);
}

#if GPURNG_CPU_FMA_CLONE
template <class E, class Tr>
__attribute__((target("fma"))) void sobol_tiles_fma(const sobol::Rect& rect, const sobol::ScrambleConfig& sc,
                                                    std::uint64_t tiles_per_dim, std::uint64_t t0, std::uint64_t t1,
                                                    const Tr& tr, typename Tr::value_type* out) {
  sobol_tiles_body<E>(rect, sc, tiles_per_dim, t0, t1, tr, out);
}
#endif

template <class E, class Tr>
void sobol_tiles(const sobol::Rect& rect, const sobol::ScrambleConfig& sc, std::uint64_t tiles_per_dim, std::uint64_t t0,
                 std::uint64_t t1, const Tr& tr, typename Tr::value_type* out) {
#if GPURNG_CPU_FMA_CLONE
  if (cpu_has_fma()) {
    sobol_tiles_fma<E>(rect, sc, tiles_per_dim, t0, t1, tr, out);
    return;
  }
#endif
  sobol_tiles_generic<E>(rect, sc, tiles_per_dim, t0, t1, tr, out);
}

// Fills rect into out (pitch rect.points).
template <class E, class Tr>
void fill_sobol(const sobol::Rect& rect, const sobol::ScrambleConfig& sc, const Tr& tr, typename Tr::value_type* out,
                unsigned requested_threads) {
  if (rect.points == 0 || rect.dims == 0) return;
  const std::uint64_t tiles_per_dim = (rect.points + kSobolTilePoints - 1) / kSobolTilePoints;
  const std::uint64_t tiles = tiles_per_dim * rect.dims;
  const std::uint64_t by_size = std::max<std::uint64_t>(1, tiles / kSobolMinTilesPerThread);
  const unsigned workers = static_cast<unsigned>(std::min<std::uint64_t>(resolve_cpu_threads(requested_threads), by_size));
  const std::uint64_t per = (tiles + workers - 1) / workers;
  std::vector<std::thread> pool;
  pool.reserve(workers);
  for (std::uint64_t next = per; next < tiles; next += per) {
    const std::uint64_t t0 = next, t1 = std::min(tiles, next + per);
    try {
      pool.emplace_back([&, t0, t1] { sobol_tiles<E>(rect, sc, tiles_per_dim, t0, t1, tr, out); });
    } catch (const std::system_error&) {  // cannot start a thread: do its tiles here
      sobol_tiles<E>(rect, sc, tiles_per_dim, t0, t1, tr, out);
    }
  }
  sobol_tiles<E>(rect, sc, tiles_per_dim, 0, std::min(per, tiles), tr, out);
  for (std::thread& t : pool) t.join();
}

}  // namespace gpurng::detail::cpu
