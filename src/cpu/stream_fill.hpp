// CPU backend of the many-stream engines: the same per-(lane, chunk) body as the CUDA kernel
// (core/stream_produce.hpp), the items spread over worker threads. Lanes are cut into chunks only
// when there are fewer lanes than workers; values never depend on either choice.
#pragma once

#include <algorithm>
#include <cstdint>
#include <system_error>
#include <thread>
#include <vector>

#include "cpu/fill.hpp"
#include "gpurng/core/stream_produce.hpp"

namespace gpurng::detail::cpu {

// Values per CPU work item below which a chunk's skip is not worth it.
inline constexpr std::uint64_t kMinValuesPerStreamChunk = std::uint64_t{1} << 16;

template <class E, class Tr>
GPURNG_FORCEINLINE void stream_items_body(std::uint64_t seed, const core::StreamRange& r, const core::ChunkPlan& plan,
                                          const std::vector<typename E::jump_type>& jumps, std::uint64_t t0,
                                          std::uint64_t t1, const Tr& tr, typename Tr::value_type* out) {
  const std::uint64_t lanes = r.lanes();
  for (std::uint64_t t = t0; t < t1; ++t) {
    const std::uint64_t c = t / lanes;
    core::produce_lane_chunk<E>(seed, r, plan, t - c * lanes, c, jumps[c], tr, out);
  }
}

template <class E, class Tr>
void stream_items_generic(std::uint64_t seed, const core::StreamRange& r, const core::ChunkPlan& plan,
                          const std::vector<typename E::jump_type>& jumps, std::uint64_t t0, std::uint64_t t1,
                          const Tr& tr, typename Tr::value_type* out) {
  stream_items_body<E>(seed, r, plan, jumps, t0, t1, tr, out);
}

#if GPURNG_CPU_FMA_CLONE
template <class E, class Tr>
__attribute__((target("fma"))) void stream_items_fma(std::uint64_t seed, const core::StreamRange& r,
                                                     const core::ChunkPlan& plan,
                                                     const std::vector<typename E::jump_type>& jumps, std::uint64_t t0,
                                                     std::uint64_t t1, const Tr& tr, typename Tr::value_type* out) {
  stream_items_body<E>(seed, r, plan, jumps, t0, t1, tr, out);
}
#endif

template <class E, class Tr>
void stream_items(std::uint64_t seed, const core::StreamRange& r, const core::ChunkPlan& plan,
                  const std::vector<typename E::jump_type>& jumps, std::uint64_t t0, std::uint64_t t1, const Tr& tr,
                  typename Tr::value_type* out) {
#if GPURNG_CPU_FMA_CLONE
  if (cpu_has_fma()) {
    stream_items_fma<E>(seed, r, plan, jumps, t0, t1, tr, out);
    return;
  }
#endif
  stream_items_generic<E>(seed, r, plan, jumps, t0, t1, tr, out);
}

// Positions r.first .. r.first + r.n - 1 of the interleaved sequence into out[0 .. r.n). memo: the
// generator's memo of chunk jumps (core::make_chunk_jumps), or null.
template <class E, class Tr>
void stream_fill(std::uint64_t seed, const core::StreamRange& r, const Tr& tr, typename Tr::value_type* out,
                 unsigned requested_threads, core::ChunkJumpMemo<typename E::jump_type>* memo = nullptr) {
  if (r.n == 0) return;
  const std::uint64_t lanes = r.lanes();
  const std::uint64_t by_size = std::max<std::uint64_t>(1, r.n / kMinValuesPerStreamChunk);
  const std::uint64_t workers = std::min<std::uint64_t>(resolve_cpu_threads(requested_threads), by_size);
  const std::uint64_t chunks_wanted = lanes >= workers ? 1 : (workers + lanes - 1) / lanes;
  const core::ChunkPlan plan = core::ChunkPlan::make(r, chunks_wanted);
  std::vector<typename E::jump_type> jumps(plan.chunks);
  core::make_chunk_jumps<E>(plan, jumps.data(), memo);

  const std::uint64_t items = lanes * plan.chunks;
  const std::uint64_t per = (items + workers - 1) / workers;
  std::vector<std::thread> pool;
  pool.reserve(workers);
  for (std::uint64_t t0 = per; t0 < items; t0 += per) {
    const std::uint64_t t1 = std::min(items, t0 + per);
    try {
      pool.emplace_back([&, t0, t1] { stream_items<E>(seed, r, plan, jumps, t0, t1, tr, out); });
    } catch (const std::system_error&) {  // cannot start a thread: do its items here
      stream_items<E>(seed, r, plan, jumps, t0, t1, tr, out);
    }
  }
  stream_items<E>(seed, r, plan, jumps, 0, std::min(per, items), tr, out);
  for (std::thread& t : pool) t.join();
}

}  // namespace gpurng::detail::cpu

namespace gpurng::detail::cpu {

// ----- the CPU's stream-state cache ----------------------------------------------------------------
//
// Consecutive calls on the CPU (the CLI streaming values in chunks, a battery of tests reading them)
// would otherwise seed and skip every stream in every call. The engine keeps, between calls, the
// state of each of its S streams at the first index the next position needs; a call that starts
// there continues from them. Only for transforms of arity 1 (a Box-Muller pair may straddle the
// boundary), and only an optimisation: the states are a pure function of (seed, streams, first
// stream, position), so values are exactly those of the uncached fill (tests compare them).

// States of streams stream0 .. stream0 + S - 1 at position `first` (stream r at index
// ceil((first - r) / S), the index of its first position >= first).
template <class E>
void build_stream_states(std::uint64_t seed, std::uint64_t first, std::uint64_t streams, std::uint64_t stream0,
                         std::vector<typename E::state_type>& states, unsigned requested_threads) {
  states.resize(streams);
  const std::uint64_t q = first / streams, m = first % streams;
  const std::uint64_t base = q & ~std::uint64_t{1};
  const typename E::jump_type jump = E::make_jump(base);
  const std::uint64_t workers = std::min<std::uint64_t>(resolve_cpu_threads(requested_threads),
                                                        std::max<std::uint64_t>(1, streams / 4096));
  const std::uint64_t per = (streams + workers - 1) / workers;
  auto work = [&](std::uint64_t r0, std::uint64_t r1) {
    for (std::uint64_t r = r0; r < r1; ++r) {
      typename E::state_type st = E::stream_state(seed, stream0 + r);
      if (base != 0) E::jump(st, jump);
      const std::uint64_t index = q + (r < m ? 1 : 0);
      for (std::uint64_t i = base; i < index; ++i) E::next(st);
      states[r] = st;
    }
  };
  std::vector<std::thread> pool;
  for (std::uint64_t r0 = per; r0 < streams; r0 += per) {
    const std::uint64_t r1 = std::min(streams, r0 + per);
    try {
      pool.emplace_back(work, r0, r1);
    } catch (const std::system_error&) {
      work(r0, r1);
    }
  }
  work(0, std::min(per, streams));
  for (std::thread& t : pool) t.join();
}

template <class E, class Tr>
GPURNG_FORCEINLINE void cached_lanes_body(const core::StreamRange& r, std::vector<typename E::state_type>& states,
                                          std::uint64_t u0, std::uint64_t u1, const Tr& tr,
                                          typename Tr::value_type* out) {
  static_assert(Tr::arity == 1, "the cache holds states at single positions");
  // Tiles of consecutive lanes, row by row, so that each row writes one contiguous run of the output
  // (lane by lane, every value would touch another cache line when S is large).
  constexpr std::uint64_t kTile = 16;
  for (std::uint64_t t0 = u0; t0 < u1; t0 += kTile) {
    const std::uint64_t t1 = std::min(u1, t0 + kTile);
    typename E::state_type* st[kTile];
    std::uint64_t count[kTile];
    for (std::uint64_t u = t0; u < t1; ++u) {
      st[u - t0] = &states[r.stream(u) - r.stream0];
      count[u - t0] = r.count(u);
    }
    for (std::uint64_t k = 0; k < count[0]; ++k) {  // the first lane of a tile has the most values
      typename Tr::value_type* row = out + k * r.streams;
      for (std::uint64_t u = t0; u < t1 && k < count[u - t0]; ++u) {
        const typename E::raw_type raw = E::next(*st[u - t0]);
        tr(&raw, row + u);
      }
    }
  }
}

template <class E, class Tr>
void cached_lanes_generic(const core::StreamRange& r, std::vector<typename E::state_type>& states, std::uint64_t u0,
                          std::uint64_t u1, const Tr& tr, typename Tr::value_type* out) {
  cached_lanes_body<E>(r, states, u0, u1, tr, out);
}

#if GPURNG_CPU_FMA_CLONE
template <class E, class Tr>
__attribute__((target("fma"))) void cached_lanes_fma(const core::StreamRange& r,
                                                     std::vector<typename E::state_type>& states, std::uint64_t u0,
                                                     std::uint64_t u1, const Tr& tr, typename Tr::value_type* out) {
  cached_lanes_body<E>(r, states, u0, u1, tr, out);
}
#endif

// Positions r.first .. r.first + r.n - 1 from (and advancing) the cached states at r.first.
template <class E, class Tr>
void stream_fill_cached(const core::StreamRange& r, const Tr& tr, typename Tr::value_type* out,
                        std::vector<typename E::state_type>& states, unsigned requested_threads) {
  if (r.n == 0) return;
  const std::uint64_t lanes = r.lanes();
  const std::uint64_t workers = std::min<std::uint64_t>(resolve_cpu_threads(requested_threads),
                                                        std::max<std::uint64_t>(1, r.n / kMinValuesPerStreamChunk));
  const std::uint64_t per = (lanes + workers - 1) / workers;
  auto work = [&](std::uint64_t u0, std::uint64_t u1) {
#if GPURNG_CPU_FMA_CLONE
    if (cpu_has_fma()) {
      cached_lanes_fma<E>(r, states, u0, u1, tr, out);
      return;
    }
#endif
    cached_lanes_generic<E>(r, states, u0, u1, tr, out);
  };
  std::vector<std::thread> pool;
  for (std::uint64_t u0 = per; u0 < lanes; u0 += per) {
    const std::uint64_t u1 = std::min(lanes, u0 + per);
    try {
      pool.emplace_back(work, u0, u1);
    } catch (const std::system_error&) {
      work(u0, u1);
    }
  }
  work(0, std::min(per, lanes));
  for (std::thread& t : pool) t.join();
}

}  // namespace gpurng::detail::cpu
