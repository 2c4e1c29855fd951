// The one place where a call chooses its backend.
//
// Every front and every family dispatch hands its bodies to on_backend(): what the CPU backend runs,
// what the CUDA backend runs and, where the family has one, what the OpenCL backend runs (issue 28:
// all but MTGP and Sobol', src/opencl/; the two-body form refuses the opencl backend). This is the
// only branch on ExecContext::backend and the only `#if GPURNG_WITH_CUDA` a front goes through.
//
// In a build without CUDA the CUDA body is never called, so its call operator is never odr-used:
// the CUDA entry points it names (declared in src/cuda/*_launch.hpp, defined in the .cu files that
// such a build does not compile) need no definition, and the call fails here with no_device.
#pragma once

#include <utility>

#include "exec.hpp"

namespace gpurng::detail {

[[noreturn]] inline void not_on_opencl() {
  throw Error(Status::unsupported,
              "this engine does not run on the opencl backend yet (docs/ARCHITECTURE.md, \"The OpenCL backend\")");
}

template <class OnCpu, class OnCuda, class OnOpencl>
decltype(auto) on_backend(const ExecContext& ctx, OnCpu&& on_cpu, OnCuda&& on_cuda, OnOpencl&& on_opencl) {
  if (ctx.backend == Backend::cpu) return std::forward<OnCpu>(on_cpu)();
  if (ctx.backend == Backend::opencl) return std::forward<OnOpencl>(on_opencl)();
#if GPURNG_WITH_CUDA
  return std::forward<OnCuda>(on_cuda)();
#else
  (void)on_cuda;
  throw Error(Status::no_device, "this gpurng was built without CUDA support");
#endif
}

// The families without an OpenCL body yet: the opencl backend refuses them (the generator's front
// refuses their engines earlier, by name; this is the backstop).
template <class OnCpu, class OnCuda>
decltype(auto) on_backend(const ExecContext& ctx, OnCpu&& on_cpu, OnCuda&& on_cuda) {
  return on_backend(ctx, std::forward<OnCpu>(on_cpu), std::forward<OnCuda>(on_cuda),
                    [&]() -> decltype(on_cpu()) { not_on_opencl(); });
}

}  // namespace gpurng::detail
