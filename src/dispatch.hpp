// From a run-time Request to the compile-time transform, and from there to the backend's fill.
// Shared by every engine whose backends fill from one base state and a position (skip-ahead
// engines); the CPU body, the CUDA kernel and the OpenCL kernels all come from core/produce.hpp.
#pragma once

#include <cstdint>
#include <type_traits>

#include "backend_seam.hpp"
#include "cpu/fill.hpp"
#include "cuda/half_fill_launch.hpp"
#include "cuda/launch.hpp"
#include "opencl/launch.hpp"
#include "engine_impl.hpp"
#include "distributions/select_transform.hpp"

namespace gpurng::detail {

// f(transform) for the request, normals by Box-Muller (distributions/select_transform.hpp).
template <class E, class F>
void with_transform(const Request& req, F&& f) {
  dists::select_transform<E, dists::NormalForm::box_muller>(req, f);
}

// As above, for engines that offer both normal methods: with NormalMethod::inverse_cdf, normal and
// log-normal value i is Phi^-1 of the centred uniform of raw output i (CenteredUniforms), the other
// distributions are unchanged.
template <class E, class F>
void with_transform(const Request& req, NormalMethod method, F&& f) {
  if (method == NormalMethod::inverse_cdf) {
    dists::select_transform<E, dists::NormalForm::inverse_cdf_centered>(req, f);
  } else {
    dists::select_transform<E, dists::NormalForm::box_muller>(req, f);
  }
}

// Whether an engine whose .cu file instantiates cuda::HalfFill (the generic fill's engines) makes
// half-precision request `req` into `out` in one pass (its EngineImpl::makes_directly): on CUDA,
// uniform or normal values, 2-byte aligned memory.
inline bool fills_half_directly(const Request& req, const void* out, const ExecContext& ctx) {
  return ctx.backend == Backend::cuda && is_half(req.type) &&
         (req.dist == Distribution::uniform || req.dist == Distribution::normal) &&
         reinterpret_cast<std::uintptr_t>(out) % 2 == 0;
}

// Half-precision positions [first, first + n) from base, where fills_half_directly() said yes.
template <class E>
void fill_half_from_base(const typename E::state_type& base, std::uint64_t first, const Request& req, void* out,
                         std::size_t n, const ExecContext& ctx) {
  const auto not_here = [] { throw Error(Status::internal_error, "half values: not made directly here"); };
  on_backend(ctx, not_here,
             [&] { cuda::HalfFill<E>::launch(base, first, n, req, static_cast<std::uint16_t*>(out), ctx); },
             not_here);
}

// Fill positions [first, first + n) from base on the context's backend.
template <class E>
void fill_from_base(const typename E::state_type& base, std::uint64_t first, const Request& req, void* out,
                    std::size_t n, const ExecContext& ctx) {
  with_transform<E>(req, [&](const auto& tr) {
    using V = typename std::decay_t<decltype(tr)>::value_type;
    V* const values = static_cast<V*>(out);
    on_backend(
        ctx, [&] { cpu::fill<E>(base, first, n, tr, values, ctx.cpu_threads); },
        [&] { cuda::launch_fill<E>(base, first, n, tr, values, ctx); },
        [&] { opencl::launch_fill<E>(base, first, n, tr, values, ctx); });
  });
}

}  // namespace gpurng::detail
