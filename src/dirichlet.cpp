// The Dirichlet distribution (gpurng::DirichletAlpha, Generator::generate_dirichlet): sample j is values
// jK .. jK + K - 1, made by core::dist::dirichlet_sample from the engine's uniform doubles at those
// positions (docs/ENGINES.md, "dirichlet"). As for the discrete distribution, the uniforms come from
// the generator's own uniform call, so every engine, family, backend and device split serves it without
// code of its own; this file turns whole samples of uniforms into values, with a CPU loop or the CUDA
// kernel of cuda/dirichlet.cu.
#include <algorithm>
#include <new>
#include <string>
#include <vector>

#include "backend_seam.hpp"
#include "cpu/dirichlet_map.hpp"
#include "cuda/device_select.hpp"
#include "dirichlet_alpha.hpp"
#include "distributions/distribution_checks.hpp"
#include "engine_impl.hpp"
#include "generator_impl.hpp"
#include "gpurng/core/dist/parameter_checks.hpp"

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

// Uniform doubles per step for float values, rounded down to whole samples (at least one): a scratch
// buffer of about 8 MiB on the host, 32 MiB on a device. Double values are made in place.
constexpr std::size_t kHostChunk = std::size_t{1} << 20;
constexpr std::size_t kDeviceChunk = std::size_t{1} << 22;

std::size_t whole_samples(std::size_t chunk, std::size_t k, std::size_t n) {
  return std::min(n, std::max<std::size_t>(1, chunk / k) * k);
}

// Host (or managed) memory: the uniforms from the generator's ordinary call (any backend, several
// devices included), then the CPU loop.
void fill_on_host(GeneratorImpl& g, const DirichletAlphaImpl& a, ValueType type, void* out, std::size_t n) {
  const Request uniform = dists::make_request(Distribution::uniform, ValueType::f64, nullptr, 0);
  const unsigned threads = g.ctx_.cpu_threads;
  const auto k = static_cast<std::uint32_t>(a.size());
  if (type == ValueType::f64) {  // in place: element i holds its uniform, then its value
    auto* d = static_cast<double*>(out);
    g.generate(uniform, d, n);
    cpu::dirichlet_map<double>(a.host_shapes(), k, d, d, n / k, threads);
    return;
  }
  std::vector<double> u(whole_samples(kHostChunk, k, n));
  auto* dst = static_cast<float*>(out);
  for (std::size_t done = 0; done < n;) {
    const std::size_t count = std::min(u.size(), n - done);
    g.generate(uniform, u.data(), count);
    cpu::dirichlet_map<float>(a.host_shapes(), k, u.data(), dst + done, count / k, threads);
    done += count;
  }
}

// CUDA backend, device or managed memory of one device: the uniforms and the sample kernel on the
// generator's stream, without synchronising (as every device call).
void fill_on_device(GeneratorImpl& g, const DirichletAlphaImpl& a, ValueType type, void* out, std::size_t n,
                    int device) {
  cuda::DeviceGuard guard(device);
  const core::dist::GammaShape* shapes = a.device_shapes();
  const Request uniform = dists::make_request(Distribution::uniform, ValueType::f64, nullptr, 0);
  // The uniforms go straight to the engine's device generate, as for the discrete distribution (a
  // scratch buffer from cudaMallocAsync under capture would not pass generate_here's pointer check).
  cuda::dirichlet_fill(shapes, static_cast<std::uint32_t>(a.size()), type, out, n, whole_samples(kDeviceChunk, a.size(), n),
                       g.ctx_.stream,
                       [&](double* u, std::size_t count) { g.engine_->generate(uniform, u, count, g.ctx_); });
}

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
  // Float values come in chunks, each its own uniform call: refuse a call past the end of the sequence
  // before any chunk is written, as one uniform call would.
  if (n > g.engine_->remaining()) {
    throw Error(Status::invalid_argument, "count: " + std::to_string(n) + " values from offset " + std::to_string(offset) +
                                              " pass the end of the addressable " + engine_info(g.id()).name +
                                              " sequence (at most " + std::to_string(g.engine_->remaining()) +
                                              " from this offset)");
  }
}

}  // namespace

void generate_dirichlet(GeneratorImpl& g, const DirichletAlphaImpl& alpha, ValueType type, void* out, std::size_t n) {
  check_call(g, alpha.size(), type, n);
  if (n == 0) return;
  if (out == nullptr) throw Error(Status::invalid_argument, "out: null pointer with count " + std::to_string(n));
  const bool several = !g.devices().empty();
  const cuda::PointerInfo where = cuda::pointer_info(out);
  // The uniform call checks its own buffer, but the scratch of float values hides `out` from it.
  if (where.kind == cuda::MemoryKind::device && (g.backend() != Backend::cuda || several)) {
    throw Error(Status::invalid_argument,
                several ? std::string("out: points to CUDA device memory, but generate_dirichlet over several devices() "
                                      "writes host or managed memory")
                        : std::string("out: points to CUDA device memory, but the generator's backend is ") +
                              backend_name(g.backend()));
  }
  const std::uint64_t saved_offset = g.engine_->offset();
  try {
    const auto host = [&] { fill_on_host(g, alpha, type, out, n); };
    on_backend(g.ctx_, host,
               [&] {
                 if (where.kind == cuda::MemoryKind::host || several) return host();
                 if (g.cuda_device() < 0) g.set_cuda_device(cuda::calling_thread_device());
                 if (where.kind == cuda::MemoryKind::device && where.device != g.cuda_device()) {
                   throw Error(Status::invalid_argument, "out: device memory of CUDA device " + std::to_string(where.device) +
                                                             ", but the generator runs on device " +
                                                             std::to_string(g.cuda_device()) + " (Generator::cuda_device)");
                 }
                 fill_on_device(g, alpha, type, out, n, g.cuda_device());
               },
               host);
  } catch (const std::bad_alloc&) {
    g.engine_->set_offset(saved_offset);
    throw Error(Status::out_of_memory, "generate_dirichlet: the scratch buffer of uniforms does not fit in host memory");
  } catch (...) {
    g.engine_->set_offset(saved_offset);
    throw;
  }
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
