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

// Positions r.first .. r.first + r.n - 1 of the interleaved sequence into out[0 .. r.n).
template <class E, class Tr>
void stream_fill(std::uint64_t seed, const core::StreamRange& r, const Tr& tr, typename Tr::value_type* out,
                 unsigned requested_threads) {
  if (r.n == 0) return;
  const std::uint64_t lanes = r.lanes();
  const std::uint64_t by_size = std::max<std::uint64_t>(1, r.n / kMinValuesPerStreamChunk);
  const std::uint64_t workers = std::min<std::uint64_t>(resolve_cpu_threads(requested_threads), by_size);
  const std::uint64_t chunks_wanted = lanes >= workers ? 1 : (workers + lanes - 1) / lanes;
  const core::ChunkPlan plan = core::ChunkPlan::make(r, chunks_wanted);
  std::vector<typename E::jump_type> jumps;
  jumps.reserve(plan.chunks);
  for (std::uint64_t c = 0; c < plan.chunks; ++c) jumps.push_back(E::make_jump(plan.chunk_base(c)));

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
