// From a run-time Request to the compile-time transform, and from there to the many-stream fill of
// the chosen backend. Every backend runs core/stream_produce.hpp's per-lane body.
#pragma once

#include <type_traits>
#include <vector>

#include "cpu/stream_fill.hpp"
#include "cuda/stream_launch.hpp"
#include "dispatch.hpp"
#include "opencl/stream_launch.hpp"

namespace gpurng::detail {

// The CPU's stream states between calls (cpu/stream_fill.hpp): valid for one (seed, streams, first
// stream, position). Used for S in [kMinCachedStreams, kMaxCachedStreams] (fewer streams need few
// skips; more would take too much memory), built on a miss only by a call that touches every stream.
template <class E>
struct StreamStateCache {
  static constexpr std::uint64_t kMinCachedStreams = 64;
  static constexpr std::uint64_t kMaxCachedStreams = std::uint64_t{1} << 20;
  bool valid = false;
  std::uint64_t seed = 0, streams = 0, stream0 = 0, position = 0;
  std::vector<typename E::state_type> states;
  // Both backends: the chunk jumps of the last calls (they depend on positions only, not on the seed
  // or the streams), so that a loop of equal calls composes them instead of computing x^k mod P.
  core::ChunkJumpMemo<typename E::jump_type> jumps;

  bool holds(std::uint64_t sd, const core::StreamRange& r) const {
    return valid && seed == sd && streams == r.streams && stream0 == r.stream0 && position == r.first;
  }
};

// The CPU backend's fill: from the cached stream states when they serve the call (or when building
// them pays, a call that touches every stream), else from stream starts skipped to the call's
// position.
template <class E, class Tr>
void cpu_stream_fill(std::uint64_t seed, const core::StreamRange& r, const Tr& tr, typename Tr::value_type* out,
                     unsigned threads, StreamStateCache<E>& cache) {
  if constexpr (Tr::arity == 1) {
    const bool eligible = r.streams >= cache.kMinCachedStreams && r.streams <= cache.kMaxCachedStreams;
    if (eligible && (cache.holds(seed, r) || r.n >= r.streams)) {
      if (!cache.holds(seed, r)) {
        cache.valid = false;
        cpu::build_stream_states<E>(seed, r.first, r.streams, r.stream0, cache.states, threads);
        cache.seed = seed;
        cache.streams = r.streams;
        cache.stream0 = r.stream0;
      }
      cache.valid = false;  // while the states move
      cpu::stream_fill_cached<E>(r, tr, out, cache.states, threads);
      cache.position = r.first + r.n;
      cache.valid = true;
      return;
    }
  }
  cpu::stream_fill<E>(seed, r, tr, out, threads, &cache.jumps);
}

template <class E>
void stream_fill(std::uint64_t seed, const core::StreamRange& r, const Request& req, void* out, const ExecContext& ctx,
                 StreamStateCache<E>& cache) {
  with_transform<E>(req, [&](const auto& tr) {
    using V = typename std::decay_t<decltype(tr)>::value_type;
    V* const values = static_cast<V*>(out);
    on_backend(
        ctx, [&] { cpu_stream_fill<E>(seed, r, tr, values, ctx.cpu_threads, cache); },
        [&] { cuda::launch_stream_fill<E>(seed, r, tr, values, ctx, cache.jumps); },
        [&] { opencl::launch_stream_fill<E>(seed, r, tr, values, ctx, cache.jumps); });
  });
}

}  // namespace gpurng::detail
