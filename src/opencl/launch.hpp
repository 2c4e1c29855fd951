// The OpenCL backend's fill entry for the generic-fill engines (dispatch.hpp), and what every kind's
// launch shares: the argument bytes and the kept tables. From (engine traits, transform) to the kernel
// that the build made for them: kernel i of a program is transform i of KernelTransforms<K>
// (program_transforms.hpp; kernel_list_gen.cpp writes the kernels from the same list), so the index
// found here names the kernel of exactly this transform type.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "exec.hpp"
#include "gpurng/core/engines/xorwow_host.hpp"
#include "opencl/kernel_args.hpp"
#include "opencl/program_transforms.hpp"
#include "opencl/runtime.hpp"

namespace gpurng::detail::opencl {

// The kernel argument bytes of one launch (kernel_args.hpp).
struct ArgBytes {
  unsigned char bytes[kArgBytes] = {};

  void scalar(unsigned i, std::uint64_t v) { std::memcpy(bytes + 8 * i, &v, sizeof v); }
  template <class T>
  void state(const T& s) {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= kTransformOffset - kStateOffset,
                  "kernel_args.hpp: the state fits its place");
    std::memcpy(bytes + kStateOffset, &s, sizeof s);
  }
  template <class T>
  void transform(const T& t) {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= kArgBytes - kTransformOffset,
                  "kernel_args.hpp: the transform fits its place");
    std::memcpy(bytes + kTransformOffset, &t, sizeof t);
  }
};

// The table program K's kernels read (engine_list.hpp's Table), as a kept input.
template <class K>
Input table_input() {
  if constexpr (ProgramOf<K>::table == Table::xorwow) {
    return Input{&core::xorwow::jump_table_host(), sizeof(core::xorwow::JumpTable), "xorwow"};
  } else {
    return Input{};
  }
}

// Work-items a launch aims for: enough to fill the device (GPUs want many in flight).
inline std::uint64_t target_items(const DeviceShape& d) {
  return d.gpu ? std::uint64_t{d.compute_units} * 2048 : std::uint64_t{d.compute_units} * 16;
}

// The fewest work-items a GPU launch of the generic fill aims for when it has rows enough: two groups
// of 128 per compute unit, the floor of the CUDA fill kernel's grid. Below it a call takes one row per
// item.
inline std::uint64_t floor_items(const DeviceShape& d) {
  return d.gpu ? std::uint64_t{d.compute_units} * 256 : target_items(d);
}
// Rows per item of the generic fill where a call has rows enough (the CUDA fill kernel's
// kMinRowsPerThread). On an H200 through NVIDIA's OpenCL (bench_opencl, 2026-11-28,
// docs/PERFORMANCE.md), against one to eight rows per item at 2^24 values: MRG32k3a 150 -> 246 G
// values/s, KISS99 143 -> 272.
inline constexpr std::uint64_t kMinRowsPerItem = 8;
// XORWOW's items are floor_items at most, however long the call: its group skip (a GF(2) product per
// set bit of the distance) costs as much as hundreds of rows, so at every size measured the fewest
// items that fill the device won (H200, bench_opencl, docs/PERFORMANCE.md: at 2^28 values 32 rows
// per item 0.74x of CUDA, 128 0.88x, 256 0.92x; at 2^30 256 0.88x, 1024 0.96x; at 2^24 16 rows,
// 0.48x, against 0.34x at 4).

// Positions [first, first + n) of transform tr over engine E seeded at base, into host memory out.
template <class E, class Tr>
void launch_fill(const typename E::state_type& base, std::uint64_t first, std::uint64_t n, const Tr& tr,
                 typename Tr::value_type* out, const ExecContext& ctx) {
  if constexpr (HasProgram<E>::value) {
    static_assert(ProgramOf<E>::kind == Kind::generic, "a generic-fill engine's program");
    constexpr int kKernel = kernel_index<E, Tr>();
    using V = typename Tr::value_type;
    if (n == 0) return;
    const DeviceShape dev = device_shape(ctx.opencl_device);
    // Launches of whole rows (kRowLength = 32 values) of at most launch_output_bytes; values depend on
    // positions only, so the cut changes none.
    const std::uint64_t chunk = std::max<std::uint64_t>(32, launch_output_bytes(dev, ctx) / sizeof(V) / 32 * 32);
    const std::uint64_t target = target_items(dev);
    ArgBytes args;
    args.state(base);
    args.transform(tr);
    // The counter engines' bits and uniforms: first the whole groups of the call by the direct fill
    // (kernel_bodies.cpp), where the groups start on the engine's blocks and the output's 16-byte
    // vectors; the last n % kDirectGroup values, and every other call, by rows.
    std::uint64_t done = 0;
    if constexpr (DirectFill<E, Tr>::value) {
      using S = typename CounterSchemeOf<typename E::state_type>::type;
      const bool out_aligned = ctx.opencl_buffer == nullptr || ctx.opencl_buffer_offset % 16 == 0;
      if (out_aligned && (base.pos + first) % S::kWords == 0) {
        const std::uint64_t whole = n / kDirectGroup * kDirectGroup;
        // A capped grid over a grid-stride loop: 8 groups of 128 work-items per compute unit on a GPU
        // (the CUDA direct fill's best on an H100), the usual count elsewhere.
        const std::uint64_t cap = dev.gpu ? std::uint64_t{dev.compute_units} * 1024 : target;
        while (done < whole) {
          const std::uint64_t count = std::min<std::uint64_t>(whole - done, chunk);
          args.scalar(0, first + done);
          args.scalar(1, count);
          args.scalar(2, 0);
          args.scalar(kItemsScalar, std::min<std::uint64_t>(count / kDirectGroup, cap));
          args.scalar(kDirectScalar, 1);
          Launch l;
          l.program = ProgramOf<E>::program;
          l.kernel = kKernel;
          l.args = args.bytes;
          l.out = Output{out, static_cast<std::size_t>(count * sizeof(V)), static_cast<std::size_t>(done * sizeof(V))};
          l.items = std::min<std::uint64_t>(count / kDirectGroup, cap);
          l.group = kGenericGroup;
          run(ctx, l);
          done += count;
        }
        args.scalar(kDirectScalar, 0);
      }
    }
    while (done < n) {
      const std::uint64_t count = std::min<std::uint64_t>(n - done, chunk);
      const std::uint64_t rows = count / 32 + 2;  // RowRange::make(pos, count).row_count is at most this
      // Rows per work-item: at least kMinRowsPerItem (an item's skip costs as much as several rows),
      // fewer for a small call as long as it keeps the device busy (floor_items); XORWOW's items are
      // floor_items at most.
      const std::uint64_t items_wanted =
          ProgramOf<E>::table == Table::xorwow
              ? std::min(rows, floor_items(dev))
              : std::min<std::uint64_t>(target, std::max<std::uint64_t>(rows / kMinRowsPerItem, std::min(rows, floor_items(dev))));
      std::uint64_t per_item = (rows + items_wanted - 1) / items_wanted;
      if constexpr (ProgramOf<E>::table == Table::xorwow) {
        // XORWOW's work-groups share their skips (core/engines/xorwow_group_skip.hpp), which needs items
        // a power of two of rows apart.
        std::uint64_t pow2 = 1;
        while (pow2 < per_item) pow2 <<= 1;
        per_item = pow2;
      }
      const std::uint64_t items = (rows + per_item - 1) / per_item;
      // The launch's base state at its first row, reached here: the items' skips on the device are then
      // as long as the launch (MRG32k3a's products, XORWOW's group products: one per set bit of the
      // distance), not as the absolute position; rows stay on multiples of kRowLength.
      const std::uint64_t pos = first + done;
      const std::uint64_t origin = pos - pos % core::kRowLength;
      typename E::state_type start = base;
      E::skip(start, origin);
      args.state(start);
      args.scalar(0, pos - origin);
      args.scalar(1, count);
      args.scalar(2, per_item);
      args.scalar(kItemsScalar, items);
      Launch l;
      l.program = ProgramOf<E>::program;
      l.kernel = kKernel;
      l.args = args.bytes;
      l.in[0] = table_input<E>();
      l.out = Output{out, static_cast<std::size_t>(count * sizeof(V)), static_cast<std::size_t>(done * sizeof(V))};
      l.items = items;
      l.group = kGenericGroup;  // the body's tile is for exactly this many work-items
      run(ctx, l);
      done += count;
    }
  } else {
    (void)base, (void)first, (void)n, (void)tr, (void)out, (void)ctx;
    throw Error(Status::unsupported, "this engine does not run on the opencl backend yet");
  }
}

}  // namespace gpurng::detail::opencl
