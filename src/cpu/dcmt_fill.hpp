// CPU backend of the Dynamic-Creator family: the (lane, chunk) items of core/dcmt_produce.hpp, the
// same body as the CUDA kernel, spread over worker threads. The CPU keeps every stream's window
// between calls (as the GPU does): a call that starts where the last one ended continues from them;
// any other call starts from the seeding and jumps. Both are pure functions of (seed, streams, first
// stream, position), so what is kept never changes a value.
#pragma once

#include <algorithm>
#include <cstdint>
#include <system_error>
#include <thread>
#include <vector>

#include "cpu/fill.hpp"
#include "families/dcmt/dcmt_plan.hpp"
#include "families/dcmt/host_windows.hpp"

namespace gpurng::detail::dcmt {

// Values below which a CPU chunk is not worth its jump.
inline constexpr std::uint64_t kMinCpuChunk = std::uint64_t{1} << 16;

template <class S, class Tr>
GPURNG_FORCEINLINE void items_body(const core::dcmt::Call& call, std::uint64_t t0, std::uint64_t t1, const Tr& tr,
                                   typename Tr::value_type* out) {
  const std::uint64_t lanes = call.range.streams;
  for (std::uint64_t t = t0; t < t1; ++t) {
    const std::uint64_t c = t / lanes;
    core::dcmt::produce_item<S>(call, t - c * lanes, c, tr, out);
  }
}

template <class S, class Tr>
void items_generic(const core::dcmt::Call& call, std::uint64_t t0, std::uint64_t t1, const Tr& tr,
                   typename Tr::value_type* out) {
  items_body<S>(call, t0, t1, tr, out);
}

#if GPURNG_CPU_FMA_CLONE
template <class S, class Tr>
__attribute__((target("fma"))) void items_fma(const core::dcmt::Call& call, std::uint64_t t0, std::uint64_t t1,
                                              const Tr& tr, typename Tr::value_type* out) {
  items_body<S>(call, t0, t1, tr, out);
}
#endif

template <class S, class Tr>
void run_items(const core::dcmt::Call& call, std::uint64_t t0, std::uint64_t t1, const Tr& tr,
               typename Tr::value_type* out) {
#if GPURNG_CPU_FMA_CLONE
  if (cpu::cpu_has_fma()) {
    items_fma<S>(call, t0, t1, tr, out);
    return;
  }
#endif
  items_generic<S>(call, t0, t1, tr, out);
}

// Positions r.first .. r.first + r.n - 1 (r.n >= 1) of the family's streams into out.
template <class S, class Tr>
void cpu_fill(const Family& family, std::uint64_t epoch, std::uint32_t seed_base, const core::StreamRange& r,
              const Tr& tr, typename Tr::value_type* out, unsigned requested_threads, HostWindows& kept) {
  const std::uint64_t streams = r.streams;
  const std::uint64_t workers = std::min<std::uint64_t>(
      cpu::resolve_cpu_threads(requested_threads), std::max<std::uint64_t>(1, (r.n + streams) / kMinCpuChunk));
  const bool from_kept = kept.continues(epoch, r.first);
  const std::uint64_t chunks_wanted = streams >= workers ? 1 : (workers + streams - 1) / streams;
  const Plan plan = make_plan<S>(r, family.size(), from_kept, chunks_wanted, kMinCpuChunk);

  // From kept windows with one chunk per lane, each lane reads its own window before it writes it and
  // a lane without values keeps its window: the windows are updated in place, and only the lanes that
  // have values run. Otherwise every lane of every call carries its window into a second buffer, which
  // made a 1-value call cost O(S) (0.4-1.5 ms for dcmt521's 4096 streams).
  const bool in_place = from_kept && plan.chunks == 1;

  // Everything that can fail comes before the kept windows change.
  std::shared_ptr<const std::vector<std::uint32_t>> polys;
  if (plan.need_polys) polys = kept.polys.get(family, plan, static_cast<unsigned>(workers));
  const std::size_t words = static_cast<std::size_t>(S::N) * streams;
  if (!in_place) kept.next.resize(words);
  if (!from_kept) kept.cur.resize(words);

  core::dcmt::Call call = make_call(r, plan, seed_base, family.size());
  call.sets = family.sets().data();
  call.windows = kept.cur.data();
  call.next_windows = in_place ? kept.cur.data() : kept.next.data();
  call.polys = polys ? polys->data() : nullptr;

  kept.valid = false;  // while the windows move
  // Item t is (lane t mod S, chunk t / S); in place there is one chunk and lanes u >= n have no values.
  const std::uint64_t items = in_place ? std::min<std::uint64_t>(streams, r.n) : streams * plan.chunks;
  const std::uint64_t per = (items + workers - 1) / workers;
  std::vector<std::thread> pool;
  for (std::uint64_t t0 = per; t0 < items; t0 += per) {
    const std::uint64_t t1 = std::min(items, t0 + per);
    try {
      pool.emplace_back([&, t0, t1] { run_items<S>(call, t0, t1, tr, out); });
    } catch (const std::system_error&) {  // cannot start a thread: do its items here
      run_items<S>(call, t0, t1, tr, out);
    }
  }
  run_items<S>(call, 0, std::min(per, items), tr, out);
  for (std::thread& t : pool) t.join();

  if (!in_place) kept.cur.swap(kept.next);
  kept.now_at(epoch, r.first + r.n);
}

}  // namespace gpurng::detail::dcmt
