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
#include "gpurng/core/engines/xorwow_group_skip.hpp"
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
#define GPURNG_LOCAL __attribute__((opencl_local))

namespace gpurng::detail::opencl {

using Bytes = GPURNG_PRIVATE const unsigned char*;

template <class T>
GPURNG_FORCEINLINE T read_at(Bytes args, unsigned offset) {
  T v;
  __builtin_memcpy(&v, static_cast<const unsigned char*>(args) + offset, sizeof v);
  return v;
}

GPURNG_FORCEINLINE std::uint64_t scalar(Bytes args, unsigned i) { return read_at<std::uint64_t>(args, 8 * i); }

// The generic body's tile in local memory (kernel_entries.cl declares it, kernel_args.hpp sizes it).
using Words4 = unsigned int __attribute__((ext_vector_type(4)));
using LocalWords4 = GPURNG_LOCAL Words4;
using GlobalWords4 = GPURNG_GLOBAL Words4;
extern "C" void gpurng_local_barrier();

template <class V>
struct TileShape {
  static constexpr unsigned kVecValues = sizeof(Words4) / sizeof(V);         // values per 16-byte vector
  static constexpr unsigned kRowVectors = core::kRowLength / kVecValues;     // 8 (4-byte values) or 16
  static constexpr unsigned kStride = kRowVectors + 1;  // a row and 16 bytes against bank conflicts
  static_assert(kVecValues * sizeof(V) == sizeof(Words4) && kGenericGroup * kStride <= kTileVectors,
                "a row is whole 16-byte vectors and the group's rows fit the tile");
};

// The tile as the scratch of XORWOW's group skip (core/engines/xorwow_group_skip.hpp).
struct LocalScratch {
  GPURNG_LOCAL std::uint32_t* words;
  GPURNG_FORCEINLINE std::uint32_t load(unsigned i) const { return words[i]; }
  GPURNG_FORCEINLINE void store(unsigned i, std::uint32_t w) const { words[i] = w; }
  GPURNG_FORCEINLINE void barrier() const { gpurng_local_barrier(); }
};

// The direct fill of the counter engines (DirectFill, engine_list.hpp; launch.hpp decides): group g of
// kDirectGroup values, positions first + kDirectGroup g .. (first a multiple of the engine's block
// length, n a multiple of kDirectGroup, out 16-byte aligned), made from its blocks' indices and
// stored in 16-byte vectors; work-items take groups item, item + items, ... (a warp's stores
// contiguous). No skip, no tile, no barrier: what the CUDA backend's direct fill does.
template <class E, class Tr>
GPURNG_FORCEINLINE void direct_body(GPURNG_GLOBAL void* out_bytes, Bytes args, std::uint64_t item) {
  if constexpr (DirectFill<E, Tr>::value) {
    using S = typename CounterSchemeOf<typename E::state_type>::type;
    using V = typename Tr::value_type;
    constexpr unsigned G = kDirectGroup;
    const std::uint64_t first = scalar(args, 0), n = scalar(args, 1), items = scalar(args, kItemsScalar);
    const typename E::state_type base = read_at<typename E::state_type>(args, kStateOffset);
    const Tr tr = read_at<Tr>(args, kTransformOffset);
    GPURNG_GLOBAL V* const out = static_cast<GPURNG_GLOBAL V*>(out_bytes);
    const std::uint64_t groups = n / G;
    for (std::uint64_t g = item; g < groups; g += items) {
      typename E::raw_type raw[G];
      const std::uint64_t b0 = (base.pos + first + G * g) / S::kWords;
#pragma unroll
      for (unsigned b = 0; b < G / S::kWords; ++b) {
        const typename S::Block blk = S::block(base.stream, b0 + b);
#pragma unroll
        for (unsigned i = 0; i < S::kWords; ++i) raw[b * S::kWords + i] = blk.v[i];
      }
      V vals[G];
#pragma unroll
      for (unsigned i = 0; i < G; ++i) tr(raw + i, vals + i);
      GlobalWords4* const dst = reinterpret_cast<GlobalWords4*>(out + G * g);
#pragma unroll
      for (unsigned k = 0; k < G * sizeof(V) / sizeof(Words4); ++k) {
        Words4 w;
        __builtin_memcpy(&w, reinterpret_cast<const unsigned char*>(vals) + sizeof(Words4) * k, sizeof w);
        dst[k] = w;
      }
    }
  } else {
    (void)out_bytes, (void)args, (void)item;
  }
}

// generic: rows [item * rows_per_item, ...) of positions [first, first + n), from the base state.
// A contiguous run of rows per work-item needs one skip per item (the CPU loop's), but puts its rows
// far apart in memory; written by each item alone they cost a memory transaction per 16 bytes (an
// H100 ran Philox4x32-10 at 15 % of the CUDA kernel's rate so). So in each round the kGenericGroup
// items of a work-group put their rows in the local tile, and the group then writes whole rows: each
// 16-byte store of a 32-wide warp covers 4 rows of 4-byte values (2 of 8-byte ones), each a whole
// 128-byte line, as the CUDA fill kernel's warps do. Rounds whose rows are not all whole, inside the
// range and 16-byte aligned (the range's first and last rows, a ragged end) store each item's row
// directly. Every item takes part in every round (the barriers), rows or not. The work-group size
// must be kGenericGroup (launch.hpp asks for it).
template <class K, class Tr>
GPURNG_FORCEINLINE void generic_body(GPURNG_GLOBAL void* out_bytes, Bytes args, GPURNG_GLOBAL const void* table,
                                     std::uint64_t item, LocalWords4* tile, unsigned local_item) {
  using E = typename ProgramOf<K>::E;
  using V = typename Tr::value_type;
  using S = TileShape<V>;
  constexpr unsigned L = core::kRowLength;
  const std::uint64_t first = scalar(args, 0), n = scalar(args, 1), per = scalar(args, 2);
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
  const std::uint64_t r0 = item * per;
  const std::uint64_t group_row0 = (item - local_item) * per;  // the group's first item's first row
  if constexpr (ProgramOf<K>::table == Table::xorwow) {
    // XORWOW's skips shared by the group, through the tile (per is a power of two: launch.hpp).
    static_assert(core::xorwow::kGroupSkipWords<kGenericGroup> <= 4 * kTileVectors, "the tile holds the scratch");
    LocalScratch scratch{reinterpret_cast<GPURNG_LOCAL std::uint32_t*>(tile)};
    core::xorwow::group_skip<kGenericGroup>(st.st, *st.table, range.row_start(group_row0), local_item,
                                            __builtin_ctzll(per) + __builtin_ctz(core::kRowLength), scratch);
  } else if (r0 < range.row_count) {
    E::skip(st, range.row_start(r0));
  }
  // Rows 1 .. row_count - 2 are whole, and all start at the same offset modulo 16 bytes.
  const bool aligned =
      reinterpret_cast<std::uintptr_t>(out + (range.row_start(1) - range.first)) % sizeof(Words4) == 0;
  for (std::uint64_t k = 0; k < per; ++k) {
    const std::uint64_t lo_row = group_row0 + k;  // this round's rows: lo_row + j * per, j < kGenericGroup
    if (lo_row >= range.row_count) break;         // (the same for the whole group)
    const std::uint64_t hi_row = lo_row + (kGenericGroup - 1) * per;
    const std::uint64_t r = r0 + k;
    V row[L];
    if (aligned && lo_row > 0 && hi_row + 1 < range.row_count) {
      core::produce_row<E, Tr>(st, tr, row);
      LocalWords4* const mine = tile + local_item * S::kStride;
#pragma unroll
      for (unsigned q = 0; q < S::kRowVectors; ++q) {
        Words4 w;
        __builtin_memcpy(&w, reinterpret_cast<const unsigned char*>(row) + sizeof(Words4) * q, sizeof w);
        mine[q] = w;
      }
      gpurng_local_barrier();
#pragma unroll
      for (unsigned t = 0; t < S::kRowVectors; ++t) {
        const unsigned v = local_item + kGenericGroup * t;
        const unsigned j = v / S::kRowVectors, c = v % S::kRowVectors;
        GPURNG_GLOBAL V* const dst = out + (range.row_start(lo_row + j * per) - range.first) + c * S::kVecValues;
        *reinterpret_cast<GlobalWords4*>(dst) = tile[j * S::kStride + c];
      }
      gpurng_local_barrier();
    } else if (r < range.row_count) {
      const core::RowRange::Slice sl = range.slice(r);
      core::produce_row<E, Tr>(st, tr, row);
      // Constant indices only, so that the row stays in registers (a loop over [lo, hi) would index
      // it at run time and put it in memory).
#pragma unroll
      for (unsigned i = 0; i < L; ++i) {
        if (i >= sl.lo && i < sl.hi) out[sl.index + (i - sl.lo)] = row[i];
      }
    }
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
  // Read in place: a copy of the jump (144 bytes for KISS) was a byte-by-byte loop into local memory.
  core::produce_lane_chunk<E>(seed, call.range, call.plan, item - c * lanes, c, jumps[c], tr,
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
                             std::uint64_t item, LocalWords4* tile, unsigned local_item) {
  static_assert(sizeof(ArgState<K>) <= kTransformOffset - kStateOffset && sizeof(Tr) <= kArgBytes - kTransformOffset,
                "kernel_args.hpp: the state and the transform fit their places");
  constexpr Kind kind = ProgramOf<K>::kind;
  if constexpr (kind == Kind::generic) {
    if constexpr (DirectFill<typename ProgramOf<K>::E, Tr>::value) {
      if (scalar(args, kDirectScalar) != 0) {  // the whole launch takes one of the two
        direct_body<typename ProgramOf<K>::E, Tr>(out, args, item);
        return;
      }
    }
    generic_body<K, Tr>(out, args, in0, item, tile, local_item);
  } else if constexpr (kind == Kind::stream) {
    stream_body<K, Tr>(out, args, in0, in1, item);
  } else if constexpr (kind == Kind::dcmt) {
    dcmt_body<K, Tr>(out, args, in0, in1, in2, io, item);
  } else {
    mt_body<K, Tr>(out, args, in0, item);
  }
  (void)in1, (void)in2, (void)io, (void)tile, (void)local_item;
}

}  // namespace gpurng::detail::opencl

#define GPURNG_OPENCL_BODIES 1
// For NVIDIA (PTX) forced inline into its kernel (always_inline without `inline`, which would leave an
// unused definition unemitted): src/opencl/CMakeLists.txt's opt_passes says why. Not for SPIR: inlined,
// dcmt2203's kernel crashed PoCL 3.1's CPU driver (a segmentation fault in test_opencl, 2026-11-28).
#if defined(__NVPTX__)
#define GPURNG_OPENCL_BODY_INLINE __attribute__((always_inline))
#else
#define GPURNG_OPENCL_BODY_INLINE
#endif
#define GPURNG_OPENCL_KERNEL(name)                                                                              \
  extern "C" GPURNG_OPENCL_BODY_INLINE void gpurng_body_##name(                                                 \
      GPURNG_GLOBAL void* out, GPURNG_PRIVATE const unsigned char* args, GPURNG_GLOBAL const void* in0,          \
      GPURNG_GLOBAL const void* in1, GPURNG_GLOBAL const void* in2, GPURNG_GLOBAL void* io, unsigned long item,  \
      gpurng::detail::opencl::LocalWords4* tile, unsigned local_item) {                                          \
    gpurng::detail::opencl::body<gpurng_k_##name::K, gpurng_k_##name::Tr>(out, args, in0, in1, in2, io, item,   \
                                                                          tile, local_item);                   \
  }

#include GPURNG_OPENCL_KERNEL_LIST
