// The Dynamic-Creator family's CUDA backend, declared for plain C++ callers (dcmt_engine.cpp); defined
// in dcmt_generate.cuh and instantiated in dcmt_mt521.cu and dcmt_mt2203.cu.
//
// A workspace holds one generator's device buffers: its family's sets, the windows of all streams
// at the end of the last call (so that a steady stream of calls needs no host work), and the jump
// polynomial tables per chunk plan. It belongs to the device that was current when it was made.
#pragma once

#include <cstdint>
#include <memory>

#include "exec.hpp"
#include "families/dcmt/dcmt_family.hpp"
#include "gpurng/core/stream_produce.hpp"

namespace gpurng::detail::cuda {

template <class S>
class DcmtWorkspace;

template <class S>
struct DcmtWorkspaceDeleter {
  void operator()(DcmtWorkspace<S>* w) const noexcept;
};

template <class S>
using DcmtWorkspacePtr = std::unique_ptr<DcmtWorkspace<S>, DcmtWorkspaceDeleter<S>>;

// One call as the engine sees it.
struct DcmtRequest {
  const dcmt::Family* family;
  std::uint64_t epoch;       // names (seed, streams, first stream, family): kept windows of another epoch are not used
  std::uint32_t seed_base;   // stream s is seeded with seed_base + s
  core::StreamRange range;   // positions, streams, first stream
};

// Positions range.first .. range.first + range.n - 1 under transform tr into out (device or managed
// memory), ordered on ctx.stream; never synchronises the device. Creates the workspace on first use.
template <class S, class Tr>
void dcmt_generate(DcmtWorkspacePtr<S>& workspace, const DcmtRequest& request, const Tr& tr,
                   typename Tr::value_type* out, const ExecContext& ctx);

}  // namespace gpurng::detail::cuda
