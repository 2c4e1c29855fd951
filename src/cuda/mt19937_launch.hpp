// The MT19937 CUDA backend's host entry, declared for plain C++ callers (mt19937_engine.cpp); defined
// and instantiated in mt19937.cu.
//
// A workspace holds one generator's device buffers: the sequence window at the end of the last call
// (so that a steady stream of calls needs no host work), the per-block start states, and the jump
// polynomials per segment length. It belongs to the device that was current when it was created.
#pragma once

#include <cstdint>
#include <memory>

#include "exec.hpp"
#include "families/mt19937/mt_host_windows.hpp"

namespace gpurng::detail::cuda {

template <class P>
class MtWorkspace;

template <class P>
struct MtWorkspaceDeleter {
  void operator()(MtWorkspace<P>* w) const noexcept;
};

template <class P>
using MtWorkspacePtr = std::unique_ptr<MtWorkspace<P>, MtWorkspaceDeleter<P>>;

// Positions [first, first + n) of transform tr over MT engine P into out (device or managed memory),
// ordered on ctx.stream; never synchronises the device. Creates the workspace on first use. `epoch`
// names the seeding: a window the device kept from another epoch is not used; `windows` gives the
// window at any position when the device does not hold the one a call starts from.
template <class P, class Tr>
void mt_generate(MtWorkspacePtr<P>& workspace, std::uint64_t epoch, std::uint64_t first, std::uint64_t n, const Tr& tr,
                 typename Tr::value_type* out, const ExecContext& ctx, mt::HostWindows<P>& windows);

}  // namespace gpurng::detail::cuda
