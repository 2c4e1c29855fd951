// DirichletAlphaImpl: what a gpurng::DirichletAlpha holds, the checked alpha vector, the gamma shapes
// of its components on the host and their copies on the devices that used them; and the front's
// call. Private to src/dirichlet.cpp and the tests.
#pragma once

#include <cstddef>
#include <mutex>
#include <vector>

#include "cuda/device_copies.hpp"
#include "cuda/dirichlet_launch.hpp"
#include "distributions/dirichlet_setup.hpp"
#include "gpurng/core/dist/gamma.hpp"

namespace gpurng::detail {

class DirichletAlphaImpl {
 public:
  DirichletAlphaImpl(const double* alpha, std::size_t k) : shapes_(dists::dirichlet_shapes(alpha, k)), alpha_(alpha, alpha + k) {}
  DirichletAlphaImpl(const DirichletAlphaImpl&) = delete;
  DirichletAlphaImpl& operator=(const DirichletAlphaImpl&) = delete;

  std::size_t size() const { return shapes_.size(); }
  const std::vector<double>& alpha() const { return alpha_; }
  const core::dist::GammaShape* host_shapes() const { return shapes_.data(); }

  // CUDA backend: the shapes on the current device, copied there at their first use. The copies are
  // the only mutable part; generators on several threads may ask at once.
  const core::dist::GammaShape* device_shapes() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return static_cast<const core::dist::GammaShape*>(copies_.on_current_device(
        0, shapes_.data(), shapes_.size() * sizeof(core::dist::GammaShape), "dirichlet alpha"));
  }

 private:
  std::vector<core::dist::GammaShape> shapes_;  // first: it checks alpha before anything is kept
  std::vector<double> alpha_;
  mutable std::mutex mutex_;
  mutable cuda::DeviceCopies copies_;
};

class GeneratorImpl;

// Generator::generate_dirichlet on the front (src/dirichlet.cpp): n values of Dirichlet(alpha) at g's
// offset into out, of type f32 or f64; a failed call leaves g's offset unchanged. Declared here so that
// the tests can drive it on a GeneratorImpl with CPU "devices".
void generate_dirichlet(GeneratorImpl& g, const DirichletAlphaImpl& alpha, ValueType type, void* out, std::size_t n);

}  // namespace gpurng::detail
