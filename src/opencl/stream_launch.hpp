// The OpenCL backend's fill of the many-stream engines (mwc, xorshift256, kiss, and cuRAND's XORWOW and
// MRG32k3a host layouts; stream_dispatch.hpp): the (lane, chunk) items of core/stream_produce.hpp,
// one per work-item, as the CPU backend and the CUDA kernel run them. The host cuts lanes into chunks
// and prepares one jump per chunk (core::make_chunk_jumps, with the generator's memo); the kernels
// take the jumps as a buffer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "gpurng/core/stream_produce.hpp"
#include "opencl/launch.hpp"

namespace gpurng::detail::opencl {

// At most this many chunks per lane (the CUDA kernel's bound: a jump per chunk is host work).
inline constexpr std::uint64_t kMaxStreamChunks = 64;

// Positions r.first .. r.first + r.n - 1 of the interleaved sequence of E's streams (seeded from seed)
// under transform tr, into host memory out.
template <class E, class Tr>
void launch_stream_fill(std::uint64_t seed, const core::StreamRange& r, const Tr& tr, typename Tr::value_type* out,
                        const ExecContext& ctx, core::ChunkJumpMemo<typename E::jump_type>& memo) {
  if constexpr (HasProgram<E>::value) {
    static_assert(ProgramOf<E>::kind == Kind::stream, "a many-stream engine's program");
    constexpr int kKernel = kernel_index<E, Tr>();
    using V = typename Tr::value_type;
    if (r.n == 0) return;
    const DeviceShape dev = device_shape(ctx.opencl_device);
    // Launches of at most launch_output_bytes: each a call at its own positions (values depend on
    // positions only, so the cut changes none).
    const std::uint64_t cap = std::max<std::uint64_t>(1, launch_output_bytes(dev, ctx) / sizeof(V));
    const std::uint64_t target = target_items(dev);
    ArgBytes args;
    args.scalar(0, seed);
    args.transform(tr);
    std::vector<typename E::jump_type> jumps;
    for (std::uint64_t done = 0; done < r.n;) {
      const std::uint64_t count = std::min<std::uint64_t>(r.n - done, cap);
      const core::StreamRange sub{r.first + done, count, r.streams, r.stream0};
      const std::uint64_t lanes = sub.lanes();
      // As many items as the device wants, but chunks long enough that the jump at each chunk's start
      // stays small beside its values.
      std::uint64_t chunks = std::max<std::uint64_t>(1, target / lanes);
      chunks = std::min(chunks, std::max<std::uint64_t>(1, sub.count(0) / E::kMinValuesPerChunk));
      chunks = std::min(chunks, kMaxStreamChunks);
      const core::ChunkPlan plan = core::ChunkPlan::make(sub, chunks);
      jumps.resize(plan.chunks);
      core::make_chunk_jumps<E>(plan, jumps.data(), &memo);
      const std::uint64_t items = lanes * plan.chunks;
      args.scalar(kItemsScalar, items);
      args.state(StreamCall{sub, plan});
      Launch l;
      l.program = ProgramOf<E>::program;
      l.kernel = kKernel;
      l.args = args.bytes;
      l.in[0] = Input{jumps.data(), jumps.size() * sizeof(typename E::jump_type), nullptr};
      l.in[1] = table_input<E>();
      l.out = Output{out, static_cast<std::size_t>(count * sizeof(V)), static_cast<std::size_t>(done * sizeof(V))};
      l.items = items;
      run(ctx, l);
      done += count;
    }
  } else {
    (void)seed, (void)r, (void)tr, (void)out, (void)ctx, (void)memo;
    throw Error(Status::unsupported, "this engine does not run on the opencl backend yet");
  }
}

}  // namespace gpurng::detail::opencl
