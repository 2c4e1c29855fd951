// The Dirichlet distribution's parameter on the host: the alpha vector checked and turned into the
// gamma shapes of its components (core/dist/dirichlet.hpp samples from these). Like the alias table of
// the discrete distribution, it is built once per DirichletAlpha, not per call.
#pragma once

#include <cstddef>
#include <vector>

#include "gpurng/core/dist/gamma.hpp"

namespace gpurng::detail::dists {

// Checks alpha (core::dist::check_dirichlet: 1 <= k <= 2^16, each in [1e-300, 1e300]) and returns
// gamma_shape_setup(alpha[i]) for each component. Throws Error(invalid_argument) naming "alpha", the
// index of a bad component and the valid range.
std::vector<core::dist::GammaShape> dirichlet_shapes(const double* alpha, std::size_t k);

}  // namespace gpurng::detail::dists
