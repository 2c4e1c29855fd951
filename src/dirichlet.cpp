// The Dirichlet distribution (gpurng::DirichletAlpha, Generator::generate_dirichlet): sample j is values
// jK .. jK + K - 1, made by core::dist::dirichlet_sample from the engine's uniform doubles at those
// positions (docs/ENGINES.md, "dirichlet"). As for the discrete distribution, the uniforms come from
// the generator's own uniform call (mapped_generate.hpp), so every engine, family, backend and device
// split serves it without code of its own; this file turns whole samples of uniforms into values, with
// a CPU loop or the CUDA kernel of cuda/dirichlet.cu.
#include <string>

#include "cpu/dirichlet_map.hpp"
#include "dirichlet_alpha.hpp"
#include "distributions/distribution_checks.hpp"
#include "engine_impl.hpp"
#include "generator_impl.hpp"
#include "gpurng/core/dist/parameter_checks.hpp"
#include "mapped_generate.hpp"

namespace gpurng {

// ---- DirichletAlpha -------------------------------------------------------------------------------

DirichletAlpha::DirichletAlpha(const double* alpha, std::size_t k) {
  static_assert(kMaxComponents == core::dist::kDirichletMaxComponents, "one bound");
  impl_ = std::make_shared<const detail::DirichletAlphaImpl>(alpha, k);
}
DirichletAlpha::~DirichletAlpha() = default;
DirichletAlpha::DirichletAlpha(const DirichletAlpha&) = default;
DirichletAlpha& DirichletAlpha::operator=(const DirichletAlpha&) = default;
DirichletAlpha::DirichletAlpha(DirichletAlpha&&) noexcept = default;
DirichletAlpha& DirichletAlpha::operator=(DirichletAlpha&&) noexcept = default;

const detail::DirichletAlphaImpl& DirichletAlpha::impl() const {
  if (!impl_) throw Error(Status::invalid_argument, "alpha: the DirichletAlpha was moved from");
  return *impl_;
}
std::size_t DirichletAlpha::size() const { return impl().size(); }
const double* DirichletAlpha::alpha() const { return impl().alpha().data(); }

namespace detail {
namespace {

void check_call(GeneratorImpl& g, std::size_t k, ValueType type, std::size_t n) {
  if (type != ValueType::f32 && type != ValueType::f64) {
    throw Error(Status::invalid_argument, "generate_dirichlet: value type " + std::to_string(static_cast<int>(type)) +
                                              " is not one of float, double (ValueType f32, f64)");
  }
  // The keyed gamma variates need pseudo-random uniforms; quasi-random points are a different layout
  // (dimension-major calls) and serve no distribution that takes pairs of outputs either.
  if (g.id() == Engine::sobol32 || g.id() == Engine::sobol64) {
    throw Error(Status::unsupported, std::string("distribution dirichlet: engine ") + engine_info(g.id()).name +
                                         " is quasi-random; dirichlet needs a pseudo-random engine");
  }
  const std::uint64_t offset = g.engine_->offset();
  if (offset % k != 0) {
    throw Error(Status::invalid_argument, "offset: " + std::to_string(offset) + " is not a multiple of K = " +
                                              std::to_string(k) + " (dirichlet sample j is values jK .. jK + K - 1)");
  }
  if (n % k != 0) {
    throw Error(Status::invalid_argument, "count: " + std::to_string(n) + " is not a multiple of K = " + std::to_string(k) +
                                              " (dirichlet values come in whole samples of K)");
  }
}

}  // namespace

void generate_dirichlet(GeneratorImpl& g, const DirichletAlphaImpl& alpha, ValueType type, void* out, std::size_t n) {
  check_call(g, alpha.size(), type, n);
  const auto k = static_cast<std::uint32_t>(alpha.size());
  ValueMap map;
  map.what = "generate_dirichlet";
  map.source = dists::make_request(Distribution::uniform, ValueType::f64, nullptr, 0);
  map.out_size = value_size(type);
  map.granule = k;
  // Each sample's uniforms become its log-gammas in place, then its values (in place for doubles).
  map.host_map = [&](void* u, void* dst, std::size_t count, unsigned threads) {
    if (type == ValueType::f64) {
      cpu::dirichlet_map<double>(alpha.host_shapes(), k, static_cast<double*>(u), static_cast<double*>(dst), count / k,
                                 threads);
    } else {
      cpu::dirichlet_map<float>(alpha.host_shapes(), k, static_cast<double*>(u), static_cast<float*>(dst), count / k,
                                threads);
    }
  };
  // On the current device: the shapes' copy there (uploaded at their first use on that device).
  map.device_map = [&](void* u, void* dst, std::size_t count, CUstream_st* stream) {
    cuda::dirichlet_map(alpha.device_shapes(), k, type, static_cast<double*>(u), dst, count / k, stream);
  };
  mapped_generate(g, map, out, n);
}

}  // namespace detail

// ---- Generator ------------------------------------------------------------------------------------

void Generator::generate_dirichlet(const DirichletAlpha& alpha, ValueType t, void* out, std::size_t n) {
  detail::generate_dirichlet(impl(), alpha.impl(), t, out, n);
}
void Generator::generate_dirichlet(const DirichletAlpha& alpha, float* out, std::size_t n) {
  generate_dirichlet(alpha, ValueType::f32, out, n);
}
void Generator::generate_dirichlet(const DirichletAlpha& alpha, double* out, std::size_t n) {
  generate_dirichlet(alpha, ValueType::f64, out, n);
}

}  // namespace gpurng
