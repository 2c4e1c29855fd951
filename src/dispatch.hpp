// From a run-time Request to the compile-time transform, and from there to the backend's fill.
// Shared by every engine whose backends fill from one base state and a position (skip-ahead
// engines); the CPU body and the CUDA kernel both come from core/produce.hpp.
#pragma once

#include <type_traits>
#include <utility>

#include "cpu/fill.hpp"
#include "cuda/launch.hpp"
#include "engine_impl.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::detail {

template <class E, class F>
void with_transform(const Request& req, F&& f) {
  using namespace core::dist;
  const bool f32 = req.type == ValueType::f32;
  switch (req.dist) {
    case Distribution::bits: f(Bits<E>{}); return;
    case Distribution::uniform:
      f32 ? f(Uniform<E, float>{}) : f(Uniform<E, double>{});
      return;
    case Distribution::normal:
      f32 ? f(Normal<E, float>{float(req.param0), float(req.param1)}) : f(Normal<E, double>{req.param0, req.param1});
      return;
    case Distribution::exponential:
      f32 ? f(Exponential<E, float>{float(req.param0)}) : f(Exponential<E, double>{req.param0});
      return;
    case Distribution::lognormal:
      f32 ? f(LogNormal<E, float>{float(req.param0), float(req.param1)})
          : f(LogNormal<E, double>{req.param0, req.param1});
      return;
  }
  throw Error(Status::internal_error, "unknown distribution in request");
}

// As above, for engines that offer both normal methods: with NormalMethod::inverse_cdf, normal and
// log-normal value i is Phi^-1 of the centred uniform of raw output i (CenteredUniforms), the other
// distributions are unchanged.
template <class E, class F>
void with_transform(const Request& req, NormalMethod method, F&& f) {
  using namespace core::dist;
  using C = CenteredUniforms<E>;
  const bool f32 = req.type == ValueType::f32;
  if (method == NormalMethod::inverse_cdf && req.dist == Distribution::normal) {
    f32 ? f(NormalInverseCdf<C, float>{float(req.param0), float(req.param1)})
        : f(NormalInverseCdf<C, double>{req.param0, req.param1});
    return;
  }
  if (method == NormalMethod::inverse_cdf && req.dist == Distribution::lognormal) {
    f32 ? f(LogNormalInverseCdf<C, float>{float(req.param0), float(req.param1)})
        : f(LogNormalInverseCdf<C, double>{req.param0, req.param1});
    return;
  }
  with_transform<E>(req, std::forward<F>(f));
}

// Fill positions [first, first + n) from base on the context's backend.
template <class E>
void fill_from_base(const typename E::state_type& base, std::uint64_t first, const Request& req, void* out,
                    std::size_t n, const ExecContext& ctx) {
  with_transform<E>(req, [&](const auto& tr) {
    using V = typename std::decay_t<decltype(tr)>::value_type;
    if (ctx.backend == Backend::cpu) {
      cpu::fill<E>(base, first, n, tr, static_cast<V*>(out), ctx.cpu_threads);
    } else {
#if GPURNG_WITH_CUDA
      cuda::launch_fill<E>(base, first, n, tr, static_cast<V*>(out), ctx);
#else
      throw Error(Status::no_device, "this gpurng was built without CUDA support");
#endif
    }
  });
}

}  // namespace gpurng::detail
