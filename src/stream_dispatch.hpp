// From a run-time Request to the compile-time transform, and from there to the many-stream fill of
// the chosen backend. Both backends run core/stream_produce.hpp's per-lane body.
#pragma once

#include <type_traits>

#include "cpu/stream_fill.hpp"
#include "cuda/stream_launch.hpp"
#include "dispatch.hpp"

namespace gpurng::detail {

template <class E>
void stream_fill(std::uint64_t seed, const core::StreamRange& r, const Request& req, void* out, const ExecContext& ctx) {
  with_transform<E>(req, [&](const auto& tr) {
    using V = typename std::decay_t<decltype(tr)>::value_type;
    if (ctx.backend == Backend::cpu) {
      cpu::stream_fill<E>(seed, r, tr, static_cast<V*>(out), ctx.cpu_threads);
    } else {
#if GPURNG_WITH_CUDA
      cuda::launch_stream_fill<E>(seed, r, tr, static_cast<V*>(out), ctx);
#else
      throw Error(Status::no_device, "this gpurng was built without CUDA support");
#endif
    }
  });
}

}  // namespace gpurng::detail
