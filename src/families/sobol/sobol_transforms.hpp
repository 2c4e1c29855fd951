// From a run-time Request to the compile-time transform, for the Sobol' engines: every distribution
// is a function of one coordinate (arity 1), normals and log-normals by the inverse CDF.
#pragma once

#include "distributions/select_transform.hpp"

namespace gpurng::detail::sobol {

template <class E, class F>
void with_sobol_transform(const Request& req, F&& f) {
  dists::select_transform<E, dists::NormalForm::inverse_cdf>(req, f);
}

}  // namespace gpurng::detail::sobol
