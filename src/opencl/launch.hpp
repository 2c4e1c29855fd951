// The OpenCL backend's fill entry for the generic-fill engines (dispatch.hpp): from (engine traits,
// transform) to the kernel that the build made for them. Kernel i of engine E's program is transform
// i of the distribution list's AllTransforms<E, box_muller> (kernel_list_gen.cpp writes the kernels
// from the same list), so the index found here names the kernel of exactly this transform type.
#pragma once

#include <cstdint>
#include <type_traits>

#include "distributions/select_transform.hpp"
#include "exec.hpp"
#include "opencl/engine_list.hpp"
#include "opencl/runtime.hpp"

namespace gpurng::detail::opencl {

// The index of Tr in the list, or -1.
template <class Tr, class... L>
constexpr int index_in(dists::TransformList<L...>) {
  int i = 0;
  int found = -1;
  ((std::is_same_v<Tr, L> ? (found = found < 0 ? i : found, ++i) : ++i), ...);
  return found;
}

// Positions [first, first + n) of transform tr over engine E seeded at base, into host memory out.
template <class E, class Tr>
void launch_fill(const typename E::state_type& base, std::uint64_t first, std::uint64_t n, const Tr& tr,
                 typename Tr::value_type* out, const ExecContext& ctx) {
  if constexpr (HasProgram<E>::value) {
    constexpr int kKernel = index_in<Tr>(dists::AllTransforms<E, dists::NormalForm::box_muller>{});
    static_assert(kKernel >= 0, "every transform of the list has a kernel");
    run_fill(ctx.opencl_device, ProgramOf<E>::program, kKernel, &base, sizeof base, &tr, sizeof tr, first, n, out,
             sizeof(typename Tr::value_type));
  } else {
    (void)base, (void)first, (void)n, (void)tr, (void)out, (void)ctx;
    throw Error(Status::unsupported, "this engine does not run on the opencl backend yet");
  }
}

}  // namespace gpurng::detail::opencl
