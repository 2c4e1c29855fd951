// The bodies of the OpenCL backend's kernels: the core's engine and distribution math, compiled by
// clang as C++17 for an OpenCL device (spir64 for SPIR, nvptx64 for NVIDIA's OpenCL), from the same
// headers as the CPU and CUDA backends. There is no OpenCL C copy of any engine or distribution.
//
// clang compiles this file in its SYCL device mode (-fsycl-is-device) only for the address spaces:
// plain C++ where pointers are generic, locals private and namespace-scope tables global, which is
// what the core (written for g++ and nvcc) assumes. C++ for OpenCL puts address spaces into the
// types instead (string literals become __constant char[], template deduction splits on
// __private), which the core does not compile under. The standard headers are the stand-ins of
// kernel_std/. kernel_entries.cl declares the kernels (OpenCL C) that call these bodies; the two are
// linked into one module per program (src/opencl/CMakeLists.txt).
//
// Each body is the loop its CPU backend runs, over one work-item's share, so a value depends only on
// its position (engine_list.hpp names the kinds):
//   generic  src/cpu/fill.hpp's row loop (core::produce_row) over a contiguous group of rows
//   stream   src/cpu/stream_fill.hpp's item: core::produce_lane_chunk of one (lane, chunk)
//   dcmt     src/cpu/dcmt_fill.hpp's item: core::dcmt::produce_item of one (lane, chunk)
//   mt       src/cpu/mt19937_fill.hpp's segment: a window regenerated and tempered (core::mt19937)
#include "gpurng/core/dist/bernoulli_geometric.hpp"
#include "gpurng/core/dist/beta.hpp"
#include "gpurng/core/dist/binomial.hpp"
#include "gpurng/core/dist/gamma.hpp"
#include "gpurng/core/dist/hypergeometric.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/dist/inversion_transforms.hpp"
#include "gpurng/core/dist/negative_binomial.hpp"
#include "gpurng/core/dist/poisson.hpp"
#include "gpurng/core/dist/student_t.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/dist/truncated_normal.hpp"
#include "gpurng/core/dist/uniform_int.hpp"
#include "gpurng/core/produce.hpp"
#include "opencl/engine_list.hpp"
#include "opencl/kernel_args.hpp"
// (The transforms' headers above are those src/distributions/ includes: a distribution added there
// without its header here fails this compile with an unknown type, never silently.)

#if !defined(__SYCL_DEVICE_ONLY__)
#error "kernel_bodies.cpp is compiled for an OpenCL device only (src/opencl/CMakeLists.txt)"
#endif

#define GPURNG_GLOBAL __attribute__((opencl_global))
#define GPURNG_PRIVATE __attribute__((opencl_private))

namespace gpurng::detail::opencl {

using Bytes = GPURNG_PRIVATE const unsigned char*;

template <class T>
GPURNG_FORCEINLINE T read_at(Bytes args, unsigned offset) {
  T v;
  __builtin_memcpy(&v, static_cast<const unsigned char*>(args) + offset, sizeof v);
  return v;
}

GPURNG_FORCEINLINE std::uint64_t scalar(Bytes args, unsigned i) { return read_at<std::uint64_t>(args, 8 * i); }

// generic: rows [item * rows_per_item, ...) of positions [first, first + n), from the base state.
template <class K, class Tr>
GPURNG_FORCEINLINE void generic_body(GPURNG_GLOBAL void* out_bytes, Bytes args, GPURNG_GLOBAL const void* table,
                                     std::uint64_t item) {
  using E = typename ProgramOf<K>::E;
  using V = typename Tr::value_type;
  const std::uint64_t first = scalar(args, 0), n = scalar(args, 1), rows_per_item = scalar(args, 2);
  GPURNG_GLOBAL V* const out = static_cast<GPURNG_GLOBAL V*>(out_bytes);
  typename E::state_type st = read_at<typename E::state_type>(args, kStateOffset);
  const Tr tr = read_at<Tr>(args, kTransformOffset);
  if constexpr (ProgramOf<K>::table == Table::xorwow) {
    // The host state points to the host's table; the kernel reads the device's copy.
    st.table = static_cast<GPURNG_GLOBAL const core::xorwow::JumpTable*>(table);
  } else {
    (void)table;
  }

  const core::RowRange range = core::RowRange::make(first, n);
  const std::uint64_t r0 = item * rows_per_item;
  if (r0 >= range.row_count) return;
  const std::uint64_t left = range.row_count - r0;
  const std::uint64_t r1 = r0 + (left < rows_per_item ? left : rows_per_item);
  E::skip(st, range.row_start(r0));
  V row[core::kRowLength];
  for (std::uint64_t r = r0; r < r1; ++r) {
    const core::RowRange::Slice sl = range.slice(r);
    core::produce_row<E, Tr>(st, tr, row);
    for (unsigned i = sl.lo; i < sl.hi; ++i) out[sl.index + (i - sl.lo)] = row[i];
  }
}

// stream: item t is (lane t mod lanes, chunk t / lanes), with the chunks' jumps prepared on the host.
template <class K, class Tr>
GPURNG_FORCEINLINE void stream_body(GPURNG_GLOBAL void* out_bytes, Bytes args, GPURNG_GLOBAL const void* jumps_bytes,
                                    GPURNG_GLOBAL const void* table, std::uint64_t item) {
  using E = typename ProgramOf<K>::E;
  using V = typename Tr::value_type;
  const std::uint64_t seed = scalar(args, 0);
  if (item >= scalar(args, kItemsScalar)) return;
  const StreamCall call = read_at<StreamCall>(args, kStateOffset);
  const Tr tr = read_at<Tr>(args, kTransformOffset);
  if constexpr (ProgramOf<K>::table == Table::xorwow) {
    // core::curand_host::xorwow_table() reads it (every work-item stores the same pointer).
    core::curand_host::xorwow_table_opencl = static_cast<GPURNG_GLOBAL const core::xorwow::JumpTable*>(table);
  } else {
    (void)table;
  }
  GPURNG_GLOBAL const typename E::jump_type* const jumps =
      static_cast<GPURNG_GLOBAL const typename E::jump_type*>(jumps_bytes);
  const std::uint64_t lanes = call.range.lanes();
  const std::uint64_t c = item / lanes;
  const typename E::jump_type jump = jumps[c];
  core::produce_lane_chunk<E>(seed, call.range, call.plan, item - c * lanes, c, jump, tr,
                              static_cast<GPURNG_GLOBAL V*>(out_bytes));
}

// dcmt: item t is (lane t mod S, chunk t / S); the call's pointers are the kernel's buffers.
template <class K, class Tr>
GPURNG_FORCEINLINE void dcmt_body(GPURNG_GLOBAL void* out_bytes, Bytes args, GPURNG_GLOBAL const void* sets,
                                  GPURNG_GLOBAL const void* windows, GPURNG_GLOBAL const void* polys,
                                  GPURNG_GLOBAL void* next_windows, std::uint64_t item) {
  using V = typename Tr::value_type;
  if (item >= scalar(args, kItemsScalar)) return;
  core::dcmt::Call call = read_at<core::dcmt::Call>(args, kStateOffset);
  const Tr tr = read_at<Tr>(args, kTransformOffset);
  call.sets = static_cast<GPURNG_GLOBAL const core::dcmt::Set*>(sets);
  call.windows = static_cast<GPURNG_GLOBAL const std::uint32_t*>(windows);
  call.polys = static_cast<GPURNG_GLOBAL const std::uint32_t*>(polys);
  call.next_windows = static_cast<GPURNG_GLOBAL std::uint32_t*>(next_windows);
  const std::uint64_t lanes = call.range.streams;
  const std::uint64_t c = item / lanes;
  core::dcmt::produce_item<K>(call, item - c * lanes, c, tr, static_cast<GPURNG_GLOBAL V*>(out_bytes));
}

// mt: positions [p, p + count) from the window at p (window[i] = X_{p+i}), as the CPU backend's
// segment (src/cpu/mt19937_fill.hpp): output q is temper(X_{q+n}); a Box-Muller pair is positions
// (2j, 2j+1), so an odd p starts with the second value of the pair whose first raw output is
// temper(window[n-1]), and an odd end takes one raw output beyond the segment.
template <class P, class Tr>
GPURNG_FORCEINLINE void mt_segment(typename P::word* w, std::uint64_t p, std::uint64_t count, const Tr& tr,
                                   GPURNG_GLOBAL typename Tr::value_type* out) {
  using W = typename P::word;
  using V = typename Tr::value_type;
  constexpr int kArity = Tr::arity;
  int next = P::n;  // the next word to temper; n: regenerate first
  auto raw = [&]() -> W {
    if (next == P::n) {
      core::mt19937::regenerate<P>(w);
      next = 0;
    }
    return P::temper(w[next++]);
  };
  std::uint64_t i = 0;
  if constexpr (kArity == 2) {
    if (count == 0) return;
    if (p % 2 == 1) {
      const W previous = P::temper(w[P::n - 1]);
      const W pair[2] = {previous, raw()};
      V v[2];
      tr(pair, v);
      out[0] = v[1];
      i = 1;
    }
  }
  while (count - i >= static_cast<std::uint64_t>(kArity)) {
    W r[kArity];
    for (int k = 0; k < kArity; ++k) r[k] = raw();
    V v[kArity];
    tr(r, v);
    for (int k = 0; k < kArity; ++k) out[i + k] = v[k];
    i += kArity;
  }
  if constexpr (kArity == 2) {
    if (i < count) {
      const W first = raw();
      const W pair[2] = {first, raw()};
      V v[2];
      tr(pair, v);
      out[i] = v[0];
    }
  }
}

// mt: segment `item` of positions [first, first + n), segments of values_per_item, each from its
// window (P::n words per item in `windows`, computed on the host).
template <class K, class Tr>
GPURNG_FORCEINLINE void mt_body(GPURNG_GLOBAL void* out_bytes, Bytes args, GPURNG_GLOBAL const void* windows,
                                std::uint64_t item) {
  using W = typename K::word;
  using V = typename Tr::value_type;
  const std::uint64_t first = scalar(args, 0), n = scalar(args, 1), per = scalar(args, 2);
  if (item >= scalar(args, kItemsScalar)) return;
  const Tr tr = read_at<Tr>(args, kTransformOffset);
  const std::uint64_t begin = item * per;
  const std::uint64_t count = n - begin < per ? n - begin : per;
  W w[K::n];
  GPURNG_GLOBAL const W* const src = static_cast<GPURNG_GLOBAL const W*>(windows) + item * K::n;
  for (int i = 0; i < K::n; ++i) w[i] = src[i];
  mt_segment<K>(w, first + begin, count, tr, static_cast<GPURNG_GLOBAL V*>(out_bytes) + begin);
}

template <class K, class Tr>
GPURNG_FORCEINLINE void body(GPURNG_GLOBAL void* out, Bytes args, GPURNG_GLOBAL const void* in0,
                             GPURNG_GLOBAL const void* in1, GPURNG_GLOBAL const void* in2, GPURNG_GLOBAL void* io,
                             std::uint64_t item) {
  static_assert(sizeof(ArgState<K>) <= kTransformOffset - kStateOffset && sizeof(Tr) <= kArgBytes - kTransformOffset,
                "kernel_args.hpp: the state and the transform fit their places");
  constexpr Kind kind = ProgramOf<K>::kind;
  if constexpr (kind == Kind::generic) {
    generic_body<K, Tr>(out, args, in0, item);
  } else if constexpr (kind == Kind::stream) {
    stream_body<K, Tr>(out, args, in0, in1, item);
  } else if constexpr (kind == Kind::dcmt) {
    dcmt_body<K, Tr>(out, args, in0, in1, in2, io, item);
  } else {
    mt_body<K, Tr>(out, args, in0, item);
  }
  (void)in1, (void)in2, (void)io;
}

}  // namespace gpurng::detail::opencl

#define GPURNG_OPENCL_BODIES 1
#define GPURNG_OPENCL_KERNEL(name)                                                                             \
  extern "C" void gpurng_body_##name(GPURNG_GLOBAL void* out, GPURNG_PRIVATE const unsigned char* args,        \
                                     GPURNG_GLOBAL const void* in0, GPURNG_GLOBAL const void* in1,             \
                                     GPURNG_GLOBAL const void* in2, GPURNG_GLOBAL void* io, unsigned long item) { \
    gpurng::detail::opencl::body<gpurng_k_##name::K, gpurng_k_##name::Tr>(out, args, in0, in1, in2, io, item); \
  }

#include GPURNG_OPENCL_KERNEL_LIST
