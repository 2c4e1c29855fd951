// The many-stream fill kernel's host entry, declared for plain C++ callers (stream_dispatch.hpp).
// Defined in stream_fill_kernel.cuh and instantiated per engine by src/cuda/perthread.cu.
#pragma once

#include <cstdint>

#include "exec.hpp"
#include "gpurng/core/stream_produce.hpp"

namespace gpurng::detail::cuda {

// Positions r.first .. r.first + r.n - 1 of the interleaved sequence of E's streams (seeded from
// seed) under transform tr, written to out (device or managed memory), ordered on ctx.stream;
// never synchronises. jumps: the generator's memo of chunk jumps (core::make_chunk_jumps).
template <class E, class Tr>
void launch_stream_fill(std::uint64_t seed, const core::StreamRange& r, const Tr& tr, typename Tr::value_type* out,
                        const ExecContext& ctx, core::ChunkJumpMemo<typename E::jump_type>& jumps);

}  // namespace gpurng::detail::cuda
