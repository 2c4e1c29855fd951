#include "distributions/dirichlet_setup.hpp"

#include <string>

#include "exec.hpp"
#include "gpurng/core/dist/parameter_checks.hpp"

namespace gpurng::detail::dists {

std::vector<core::dist::GammaShape> dirichlet_shapes(const double* alpha, std::size_t k) {
  const std::string message = core::dist::check_dirichlet(alpha, k);
  if (!message.empty()) throw Error(Status::invalid_argument, message);
  std::vector<core::dist::GammaShape> shapes(k);
  for (std::size_t i = 0; i < k; ++i) shapes[i] = core::dist::gamma_shape_setup(alpha[i]);
  return shapes;
}

}  // namespace gpurng::detail::dists
