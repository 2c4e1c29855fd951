// CPU backend: the same row body as the CUDA kernel (core/produce.hpp), over contiguous groups of
// rows, one group per worker thread. Each worker skips a copy of the base state to its first row,
// so the split never changes a value.
#pragma once

#include <algorithm>
#include <cstdint>
#include <system_error>
#include <thread>
#include <vector>

#include "gpurng/core/produce.hpp"

namespace gpurng::detail::cpu {

// The FMA clone needs GCC/Clang on x86-64 (elsewhere the generic loop runs, with the same bits).
#if !defined(GPURNG_NO_FMA_CLONE) && (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(__CUDACC__)
#define GPURNG_CPU_FMA_CLONE 1
#else
#define GPURNG_CPU_FMA_CLONE 0
#endif

// Rows of one worker: below this many, more threads cost more than they save.
inline constexpr std::uint64_t kMinRowsPerThread = 4096;  // 128 Ki values

// The row loop. The core math uses exactly rounded fused multiply-adds (__builtin_fma): in a
// function compiled for the FMA instruction they are that instruction, elsewhere calls to libm's
// fma(). Both give the same bits, so the fill_rows_fma clone below is purely a speed-up, chosen at
// run time on CPUs that have FMA.
template <class E, class Tr>
GPURNG_FORCEINLINE void fill_rows_body(const typename E::state_type& base, const core::RowRange& range,
                                       std::uint64_t r0, std::uint64_t r1, const Tr& tr, typename Tr::value_type* out) {
  if (r0 >= r1) return;
  typename E::state_type st = base;
  E::skip(st, range.row_start(r0));
  typename Tr::value_type row[core::kRowLength];
  for (std::uint64_t r = r0; r < r1; ++r) {
    const core::RowRange::Slice sl = range.slice(r);
    if (sl.lo == 0 && sl.hi == core::kRowLength) {
      core::produce_row<E>(st, tr, out + sl.index);
    } else {
      core::produce_row<E>(st, tr, row);
      std::copy(row + sl.lo, row + sl.hi, out + sl.index);
    }
  }
}

template <class E, class Tr>
void fill_rows_generic(const typename E::state_type& base, const core::RowRange& range, std::uint64_t r0,
                       std::uint64_t r1, const Tr& tr, typename Tr::value_type* out) {
  fill_rows_body<E>(base, range, r0, r1, tr, out);
}

#if GPURNG_CPU_FMA_CLONE
template <class E, class Tr>
__attribute__((target("fma"))) void fill_rows_fma(const typename E::state_type& base, const core::RowRange& range,
                                                  std::uint64_t r0, std::uint64_t r1, const Tr& tr,
                                                  typename Tr::value_type* out) {
  fill_rows_body<E>(base, range, r0, r1, tr, out);
}
#endif

bool cpu_has_fma();

template <class E, class Tr>
void fill_rows(const typename E::state_type& base, const core::RowRange& range, std::uint64_t r0, std::uint64_t r1,
               const Tr& tr, typename Tr::value_type* out) {
#if GPURNG_CPU_FMA_CLONE
  if (cpu_has_fma()) {
    fill_rows_fma<E>(base, range, r0, r1, tr, out);
    return;
  }
#endif
  fill_rows_generic<E>(base, range, r0, r1, tr, out);
}

unsigned resolve_cpu_threads(unsigned requested);

template <class E, class Tr>
void fill(const typename E::state_type& base, std::uint64_t first, std::uint64_t n, const Tr& tr,
          typename Tr::value_type* out, unsigned requested_threads) {
  const core::RowRange range = core::RowRange::make(first, n);
  const std::uint64_t by_size = std::max<std::uint64_t>(1, range.row_count / kMinRowsPerThread);
  const unsigned workers =
      static_cast<unsigned>(std::min<std::uint64_t>(resolve_cpu_threads(requested_threads), by_size));
  const std::uint64_t per = (range.row_count + workers - 1) / workers;
  std::vector<std::thread> pool;
  pool.reserve(workers);
  std::uint64_t next = per;  // rows [0, per) run on this thread, after the others are started
  for (unsigned w = 1; w < workers && next < range.row_count; ++w, next += per) {
    const std::uint64_t r0 = next;
    const std::uint64_t r1 = std::min(range.row_count, next + per);
    try {
      pool.emplace_back([&, r0, r1] { fill_rows<E>(base, range, r0, r1, tr, out); });
    } catch (const std::system_error&) {  // cannot start a thread: do its rows here
      fill_rows<E>(base, range, r0, r1, tr, out);
    }
  }
  fill_rows<E>(base, range, 0, std::min(per, range.row_count), tr, out);
  for (std::thread& t : pool) t.join();
}

}  // namespace gpurng::detail::cpu
