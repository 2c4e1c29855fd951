// The one place where a call chooses its backend.
//
// Every front and every family dispatch hands its two bodies to on_backend(): what the CPU backend
// runs and what the CUDA backend runs. This is the only branch on ExecContext::backend and the only
// `#if GPURNG_WITH_CUDA` a front goes through, so a third backend (issue 28's OpenCL) is one more
// argument here and one more body per family, not an edit of every front.
//
// In a build without CUDA the CUDA body is never called, so its call operator is never odr-used:
// the CUDA entry points it names (declared in src/cuda/*_launch.hpp, defined in the .cu files that
// such a build does not compile) need no definition, and the call fails here with no_device.
#pragma once

#include <utility>

#include "exec.hpp"

namespace gpurng::detail {

template <class OnCpu, class OnCuda>
decltype(auto) on_backend(const ExecContext& ctx, OnCpu&& on_cpu, OnCuda&& on_cuda) {
  if (ctx.backend == Backend::cpu) return std::forward<OnCpu>(on_cpu)();
#if GPURNG_WITH_CUDA
  return std::forward<OnCuda>(on_cuda)();
#else
  (void)on_cuda;
  throw Error(Status::no_device, "this gpurng was built without CUDA support");
#endif
}

}  // namespace gpurng::detail
