// gpurng_pi without CUDA: the GPU path only says so.
#include "pi_estimate.hpp"

namespace gpurng::pi {

Result estimate_cuda(const Options& o) {
  validate(o);
  throw Error(Status::no_device, "--backend cuda: this build has no CUDA support");
}

}  // namespace gpurng::pi
