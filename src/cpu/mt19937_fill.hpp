// CPU backend for MT19937 / MT19937-64: sequential block generation (gpurng::MersenneTwister) under
// the distribution transforms, split over worker threads for large requests. Thread t > 0 starts from
// a copy of the caller's engine jumped to its segment, so the split never changes a value.
#pragma once

#include <algorithm>
#include <cstdint>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <type_traits>
#include <vector>

#include "cpu/fill.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/std_engines.hpp"

namespace gpurng::detail::cpu {

// Below this many values per thread, one thread is faster than a jump (about 10^7 steps of work).
inline constexpr std::uint64_t kMtMinValuesPerThread = std::uint64_t{1} << 25;

// Positions [p, p + count) of transform tr into out, from g sitting at position p; g ends at p + count.
// A Box-Muller pair is positions (2j, 2j+1): an odd p starts with the second value of the pair whose
// first raw output is g.previous(), and an odd end needs the next raw output without consuming it.
template <class P, class Tr>
GPURNG_FORCEINLINE void mt_fill_segment_body(MersenneTwister<P>& g, std::uint64_t p, std::uint64_t count, const Tr& tr,
                                             typename Tr::value_type* out) {
  using W = typename P::word;
  using V = typename Tr::value_type;
  constexpr std::size_t kChunk = 1024;
  if constexpr (std::is_same_v<Tr, core::dist::Bits<core::mt19937::Engine<P>>>) {
    g.generate(out, static_cast<std::size_t>(count));  // the raw outputs are the values
    (void)p;
    (void)tr;
    return;
  }
  W raw[kChunk];
  std::uint64_t i = 0;
  if constexpr (Tr::arity == 2) {
    if (count == 0) return;
    if (p % 2 == 1) {
      const W pair[2] = {g.previous(), g()};
      V v[2];
      tr(pair, v);
      out[0] = v[1];
      i = 1;
    }
  }
  while (count - i >= static_cast<std::uint64_t>(Tr::arity)) {
    const std::size_t m = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, (count - i) / Tr::arity * Tr::arity));
    g.generate(raw, m);
    for (std::size_t e = 0; e < m; e += Tr::arity) tr(raw + e, out + i + e);
    i += m;
  }
  if constexpr (Tr::arity == 2) {
    if (i < count) {  // the first value of a pair whose second raw output stays unconsumed
      const W first = g();
      const W pair[2] = {first, g.peek()};
      V v[2];
      tr(pair, v);
      out[i] = v[0];
    }
  }
}

template <class P, class Tr>
void mt_fill_segment_generic(MersenneTwister<P>& g, std::uint64_t p, std::uint64_t count, const Tr& tr,
                             typename Tr::value_type* out) {
  mt_fill_segment_body<P>(g, p, count, tr, out);
}

#if GPURNG_CPU_FMA_CLONE
template <class P, class Tr>
__attribute__((target("fma"))) void mt_fill_segment_fma(MersenneTwister<P>& g, std::uint64_t p, std::uint64_t count,
                                                        const Tr& tr, typename Tr::value_type* out) {
  mt_fill_segment_body<P>(g, p, count, tr, out);
}
#endif

template <class P, class Tr>
void mt_fill_segment(MersenneTwister<P>& g, std::uint64_t p, std::uint64_t count, const Tr& tr,
                     typename Tr::value_type* out) {
#if GPURNG_CPU_FMA_CLONE
  if (cpu_has_fma()) {
    mt_fill_segment_fma<P>(g, p, count, tr, out);
    return;
  }
#endif
  mt_fill_segment_generic<P>(g, p, count, tr, out);
}

// Positions [first, first + n) from g at position `first`; g ends at first + n. Segments of whole
// 624-word blocks go to worker threads, each of which jumps a copy of g to its start.
template <class P, class Tr>
void mt_fill(MersenneTwister<P>& g, std::uint64_t first, std::uint64_t n, const Tr& tr, typename Tr::value_type* out,
             unsigned requested_threads, std::uint64_t min_per_thread = kMtMinValuesPerThread) {
  const std::uint64_t by_size = std::max<std::uint64_t>(1, n / min_per_thread);
  const unsigned workers = static_cast<unsigned>(std::min<std::uint64_t>(resolve_cpu_threads(requested_threads), by_size));
  if (workers <= 1) {
    mt_fill_segment<P>(g, first, n, tr, out);
    return;
  }
  const std::uint64_t per = (n + workers - 1) / workers;
  std::vector<MersenneTwister<P>> engines(workers, g);
  std::exception_ptr failure;
  std::mutex failure_lock;
  // engines[t] jumps from g's position by t * per (a copy: g is unchanged if anything fails).
  auto run = [&](unsigned t) {
    try {
      const std::uint64_t begin = t * per;
      const std::uint64_t count = std::min(per, n - begin);
      engines[t].discard(begin);
      mt_fill_segment<P>(engines[t], first + begin, count, tr, out + begin);
    } catch (...) {
      const std::lock_guard<std::mutex> hold(failure_lock);
      if (!failure) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(workers);
  for (unsigned t = 1; t < workers && t * per < n; ++t) {
    try {
      pool.emplace_back(run, t);
    } catch (const std::system_error&) {  // cannot start a thread: do its segment here
      run(t);
    }
  }
  run(0);
  for (std::thread& th : pool) th.join();
  if (failure) std::rethrow_exception(failure);
  unsigned last = 0;
  for (unsigned t = 0; t < workers && t * per < n; ++t) last = t;
  g = engines[last];
}

}  // namespace gpurng::detail::cpu
