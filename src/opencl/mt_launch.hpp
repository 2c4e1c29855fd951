// The OpenCL backend's fill of MT19937 and MT19937-64: the positions of a call cut into segments, one per
// work-item, each generated from the window at its start as the CPU backend generates a segment
// (src/cpu/mt19937_fill.hpp; the body is kernel_bodies.cpp's mt_segment). The windows come from the
// front's host windows (families/mt19937/mt_host_windows.hpp: steps below 2^22 positions, a jump
// polynomial beyond), as for the CUDA backend's first call at a position.
//
// A first slice: the host computes every segment's window, so segments are long (a jump costs about a
// millisecond of host time) and a call below kMtMinSegment values is one work-item. The CUDA backend's
// device-side jumps and windows kept on the device would remove that host work.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "families/mt19937/mt_host_windows.hpp"
#include "opencl/launch.hpp"

namespace gpurng::detail::opencl {

// Values per work-item below which another segment's window costs more host time than it saves.
inline constexpr std::uint64_t kMtMinSegment = std::uint64_t{1} << 23;

// Positions [first, first + n) of transform tr into host memory out, the windows from `windows`.
template <class P, class Tr>
void mt_fill(mt::HostWindows<P>& windows, std::uint64_t first, std::uint64_t n, const Tr& tr,
             typename Tr::value_type* out, const ExecContext& ctx) {
  using V = typename Tr::value_type;
  using W = typename P::word;
  constexpr int kKernel = kernel_index<P, Tr>();
  if (n == 0) return;
  const DeviceShape dev = device_shape(ctx.opencl_device);
  const std::uint64_t cap = std::max<std::uint64_t>(2, dev.max_output_bytes / sizeof(V) / 2 * 2);
  const std::uint64_t target = std::max<std::uint64_t>(1, dev.compute_units);
  ArgBytes args;
  args.state(NoState{0});
  args.transform(tr);
  std::vector<W> starts;
  for (std::uint64_t done = 0; done < n;) {
    const std::uint64_t count = std::min<std::uint64_t>(n - done, cap);
    // Segments of an even length (only the first may start inside a Box-Muller pair).
    std::uint64_t per = std::max<std::uint64_t>(kMtMinSegment, (count + target - 1) / target);
    per += per & 1u;
    const std::uint64_t items = (count + per - 1) / per;
    starts.resize(static_cast<std::size_t>(items * P::n));
    for (std::uint64_t i = 0; i < items; ++i) windows.window_at(first + done + i * per, starts.data() + i * P::n);
    args.scalar(0, first + done);
    args.scalar(1, count);
    args.scalar(2, per);
    args.scalar(kItemsScalar, items);
    Launch l;
    l.program = ProgramOf<P>::program;
    l.kernel = kKernel;
    l.args = args.bytes;
    l.in[0] = Input{starts.data(), starts.size() * sizeof(W), nullptr};
    l.out = Output{out, static_cast<std::size_t>(count * sizeof(V)), static_cast<std::size_t>(done * sizeof(V))};
    l.items = items;
    run(ctx, l);
    done += count;
  }
}

}  // namespace gpurng::detail::opencl
