// From a run-time Request to the compile-time transform, for the Sobol' engines: every distribution
// is a function of one coordinate (arity 1), normals and log-normals by the inverse CDF.
#pragma once

#include "engine_impl.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::detail::sobol {

template <class E, class F>
void with_sobol_transform(const Request& req, F&& f) {
  using namespace core::dist;
  const bool f32 = req.type == ValueType::f32;
  switch (req.dist) {
    case Distribution::bits: f(Bits<E>{}); return;
    case Distribution::uniform:
      f32 ? f(Uniform<E, float>{}) : f(Uniform<E, double>{});
      return;
    case Distribution::normal:
      f32 ? f(NormalInverseCdf<E, float>{float(req.param0), float(req.param1)})
          : f(NormalInverseCdf<E, double>{req.param0, req.param1});
      return;
    case Distribution::exponential:
      f32 ? f(Exponential<E, float>{float(req.param0)}) : f(Exponential<E, double>{req.param0});
      return;
    case Distribution::lognormal:
      f32 ? f(LogNormalInverseCdf<E, float>{float(req.param0), float(req.param1)})
          : f(LogNormalInverseCdf<E, double>{req.param0, req.param1});
      return;
  }
  throw Error(Status::internal_error, "unknown distribution in request");
}

}  // namespace gpurng::detail::sobol
