// Device API: every distribution of the host API inside your own kernels, value for value the host's.
//
//   // host: check the parameters and set the sampler up once (throws std::invalid_argument)
//   const auto pois = gpurng::device::poisson<gpurng::device::Mrg32k3a>(4.0);
//   kernel<<<...>>>(seed, pois, out);
//
//   template <class Tr>
//   __global__ void kernel(unsigned long long seed, Tr pois, std::uint32_t* out) {
//     const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
//     gpurng::device::Mrg32k3a rng;
//     rng.init(seed, /*subsequence=*/t, /*offset=*/0);
//     std::uint32_t k[gpurng::device::values_per_draw<Tr>];
//     gpurng::device::draw(rng, pois, k);  // the next values of the host's Poisson sequence
//   }
//
// A sampler is the library's own transform (include/gpurng/core/dist/), the one the host API applies
// for that engine, distribution and value type: draw() takes values_per_draw<Tr> (1, or 2 for the
// samplers that make values in pairs: normal, log-normal and the keyed samplers of docs/ENGINES.md) raw
// outputs of the generator and makes that many values. So after init(seed, stream, offset) with an
// offset that is a multiple of values_per_draw<Tr>, the k-th draw gives exactly values offset + j of
// the host's sequence for that distribution, j = k * values_per_draw<Tr> + 0, 1, ... (ENGINES.md,
// "Distributions", says which raw positions each value uses).
//
// The generators: Mrg32k3a, Kiss99, Mwc, Xorshift256 and Kiss (they have next_raw()). The factories
// are host functions (they check the parameters as the host API does and throw std::invalid_argument
// with the same message); the sampler they return is a small trivially copyable struct to pass to a
// kernel by value. Bit-identical to the CPU as long as the kernel is compiled without
// -ftz=true/--use_fast_math.
#pragma once

#include <cstdint>
#include <type_traits>

#include "gpurng/core/dist/alias_table.hpp"
#include "gpurng/core/dist/beta.hpp"
#include "gpurng/core/dist/bernoulli_geometric.hpp"
#include "gpurng/core/dist/binomial.hpp"
#include "gpurng/core/dist/dirichlet.hpp"
#include "gpurng/core/dist/gamma.hpp"
#include "gpurng/core/dist/half.hpp"
#include "gpurng/core/dist/hypergeometric.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/dist/inversion_transforms.hpp"
#include "gpurng/core/dist/negative_binomial.hpp"
#include "gpurng/core/dist/poisson.hpp"
#include "gpurng/core/dist/student_t.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/dist/truncated_normal.hpp"
#include "gpurng/core/dist/uniform_int.hpp"
#if !defined(__CUDACC_RTC__)
#include <stdexcept>
#include <string>
#include <vector>

#include "gpurng/core/dist/parameter_checks.hpp"
#endif

namespace gpurng::device {

// Values one draw makes.
template <class Tr>
inline constexpr int values_per_draw = Tr::arity;

// The next values_per_draw<Tr> values of Tr's sequence from generator g, into out[0 ..].
template <class G, class Tr>
GPURNG_HD GPURNG_FORCEINLINE void draw(G& g, const Tr& tr, typename Tr::value_type* out) {
  typename G::Engine::raw_type raw[Tr::arity];
  for (int j = 0; j < Tr::arity; ++j) raw[j] = g.next_raw();
  tr(raw, out);
}

// The Dirichlet distribution (vector values): a sampler over gamma shapes in device memory (see
// dirichlet() below). draw_dirichlet(g, d, out) makes one whole sample, out[0 .. d.k), from the next
// d.k raw outputs of g: after init(seed, stream, offset) with offset = j d.k, the s-th call gives the
// host's sample j + s (generate_dirichlet's values (j + s) K .. (j + s) K + K - 1). For T = double
// out holds the sample's uniforms first (core::dist::dirichlet_sample, one gamma variate per value);
// for float the uniforms are read twice from a copy of g (dirichlet_sample_streamed, two gamma
// variates per value, no storage). Both give the host's values bit for bit.
template <class G, class T = float>
struct Dirichlet {
  using value_type = T;
  const core::dist::GammaShape* shapes;  // k shapes, device memory (or host memory on the host)
  std::uint32_t k;
};

namespace dist_detail {
template <class G>
struct RawUniforms {
  G g;
  GPURNG_HD double uniform() { return core::dist::uniform_of<typename G::Engine, double>(g.next_raw()); }
};
}  // namespace dist_detail

template <class G, class T>
GPURNG_HD void draw_dirichlet(G& g, const Dirichlet<G, T>& d, T* out) {
  if constexpr (std::is_same<T, double>::value) {
    for (std::uint32_t i = 0; i < d.k; ++i) out[i] = core::dist::uniform_of<typename G::Engine, double>(g.next_raw());
    core::dist::dirichlet_sample<double>(d.shapes, d.k, out, out);
  } else {
    dist_detail::RawUniforms<G> source{g};
    core::dist::dirichlet_sample_streamed<T>(d.shapes, d.k, source, out);
    g = source.g;
  }
}

#if !defined(__CUDACC_RTC__)
namespace dist_detail {

template <class G>
using E = typename G::Engine;
// The inversions use uniforms strictly inside (0, 1), as on the host (CenteredUniforms).
template <class G>
using Inner = core::dist::CenteredUniforms<typename G::Engine>;

inline void require(const std::string& message) {
  if (!message.empty()) throw std::invalid_argument(message);
}
inline void require(const char* message, const char* a_name, double a, const char* b_name, double b) {
  if (message != nullptr) {
    throw std::invalid_argument(std::string(message) + ", got " + a_name + " " + core::dist::check_detail::number(a) +
                                ", " + b_name + " " + core::dist::check_detail::number(b));
  }
}
inline void require_finite(double v, const char* what) {
  if (!std::isfinite(v)) require(core::dist::check_detail::fail(what, "finite", v));
}
inline void require_positive(double v, const char* what) {
  if (!(v > 0.0 && std::isfinite(v))) require(core::dist::check_detail::fail(what, "finite and > 0", v));
}
template <class T>
inline void require_value_type() {
  static_assert(std::is_same<T, float>::value || std::is_same<T, double>::value, "value type: float or double");
}

}  // namespace dist_detail

// ---- the engine's own output and the continuous distributions (T = float or double) ------------
template <class G>
core::dist::Bits<dist_detail::E<G>> bits() {
  return {};
}
template <class G, class T = float>
core::dist::Uniform<dist_detail::E<G>, T> uniform() {
  dist_detail::require_value_type<T>();
  return {};
}
template <class G, class T = float>
core::dist::Normal<dist_detail::E<G>, T> normal(double mean = 0.0, double stddev = 1.0) {
  dist_detail::require_value_type<T>();
  dist_detail::require_finite(mean, "normal mean");
  dist_detail::require_positive(stddev, "normal stddev");
  return {T(mean), T(stddev)};
}
// float16 and bfloat16 (F = core::dist::HalfFormat::binary16 or bfloat16): the host's f16 and bf16
// values, the float sampler's values rounded to nearest even (core/dist/half.hpp), as 16-bit patterns
// (std::uint16_t; a kernel reads them as __half / __nv_bfloat16 with __ushort_as_half /
// __ushort_as_bfloat16).
template <class G, core::dist::HalfFormat F = core::dist::HalfFormat::binary16>
core::dist::ToHalf<core::dist::Uniform<dist_detail::E<G>, float>, F> uniform_half() {
  return {};
}
template <class G, core::dist::HalfFormat F = core::dist::HalfFormat::binary16>
core::dist::ToHalf<core::dist::Normal<dist_detail::E<G>, float>, F> normal_half(double mean = 0.0, double stddev = 1.0) {
  return {normal<G, float>(mean, stddev)};
}
template <class G, class T = float>
core::dist::LogNormal<dist_detail::E<G>, T> lognormal(double mean = 0.0, double stddev = 1.0) {
  dist_detail::require_value_type<T>();
  dist_detail::require_finite(mean, "lognormal mean");
  dist_detail::require_positive(stddev, "lognormal stddev");
  return {T(mean), T(stddev)};
}
template <class G, class T = float>
core::dist::Exponential<dist_detail::E<G>, T> exponential(double lambda = 1.0) {
  dist_detail::require_value_type<T>();
  dist_detail::require_positive(lambda, "exponential lambda");
  return {T(lambda)};
}
template <class G, class T = float>
core::dist::Cauchy<dist_detail::Inner<G>, T> cauchy(double x0 = 0.0, double gamma = 1.0) {
  dist_detail::require(core::dist::Cauchy<dist_detail::Inner<G>, T>::check(T(x0), T(gamma)), "x0", x0, "gamma", gamma);
  return {T(x0), T(gamma)};
}
template <class G, class T = float>
core::dist::Weibull<dist_detail::Inner<G>, T> weibull(double k, double lambda = 1.0) {
  dist_detail::require(core::dist::Weibull<dist_detail::Inner<G>, T>::check(T(k), T(lambda)), "k", k, "lambda", lambda);
  return {T(k), T(lambda)};
}
template <class G, class T = float>
core::dist::Laplace<dist_detail::Inner<G>, T> laplace(double mu = 0.0, double b = 1.0) {
  dist_detail::require(core::dist::Laplace<dist_detail::Inner<G>, T>::check(T(mu), T(b)), "mu", mu, "b", b);
  return {T(mu), T(b)};
}
template <class G, class T = float>
core::dist::Logistic<dist_detail::Inner<G>, T> logistic(double mu = 0.0, double s = 1.0) {
  dist_detail::require(core::dist::Logistic<dist_detail::Inner<G>, T>::check(T(mu), T(s)), "mu", mu, "s", s);
  return {T(mu), T(s)};
}
template <class G, class T = float>
core::dist::Gumbel<dist_detail::Inner<G>, T> gumbel(double mu = 0.0, double beta = 1.0) {
  dist_detail::require(core::dist::Gumbel<dist_detail::Inner<G>, T>::check(T(mu), T(beta)), "mu", mu, "beta", beta);
  return {T(mu), T(beta)};
}
template <class G, class T = float>
core::dist::Rayleigh<dist_detail::Inner<G>, T> rayleigh(double sigma = 1.0) {
  if (const char* m = core::dist::Rayleigh<dist_detail::Inner<G>, T>::check(T(sigma))) {
    dist_detail::require(std::string(m) + ", got " + core::dist::check_detail::number(sigma));
  }
  return {T(sigma)};
}
template <class G, class T = float>
core::dist::Gamma<dist_detail::E<G>, T> gamma(double alpha, double theta = 1.0) {
  dist_detail::require(core::dist::check_gamma(alpha, theta));
  return {core::dist::gamma_shape_setup(alpha), theta};
}
template <class G, class T = float>
core::dist::ChiSquare<dist_detail::E<G>, T> chi_square(double k) {
  dist_detail::require(core::dist::check_chi_square(k));
  return {core::dist::gamma_shape_setup(k * 0.5)};
}
template <class G, class T = float>
core::dist::Beta<dist_detail::E<G>, T> beta(double a, double b) {
  dist_detail::require(core::dist::check_beta(a, b));
  return {core::dist::beta_setup(a, b)};
}
template <class G, class T = float>
core::dist::StudentT<dist_detail::E<G>, T> student_t(double nu) {
  dist_detail::require(core::dist::check_student_t(nu));
  return {nu};
}
template <class G, class T = float>
core::dist::TruncatedNormal<dist_detail::E<G>, T> truncated_normal(double mean, double stddev, double lower,
                                                                    double upper) {
  dist_detail::require(core::dist::check_truncated_normal(mean, stddev, lower, upper));
  return {core::dist::truncated_normal_setup(mean, stddev, lower, upper)};
}

// ---- the discrete distributions ---------------------------------------------------------------
// uniform integers in [lo, hi] (T = int32_t, int64_t, uint32_t or uint64_t)
template <class G, class T>
core::dist::UniformIntKeyed<dist_detail::E<G>, T> uniform_int(T lo, T hi) {
  if (const char* m = core::dist::uniform_int_check(lo, hi)) {
    dist_detail::require(std::string(m) + ", got lo " + std::to_string(lo) + ", hi " + std::to_string(hi));
  }
  return {lo, hi};
}
template <class G>
core::dist::Bernoulli<dist_detail::E<G>, std::uint32_t> bernoulli(double p) {
  if (const char* m = core::dist::Bernoulli<dist_detail::E<G>, std::uint32_t>::check(p)) {
    dist_detail::require(std::string(m) + ", got " + core::dist::check_detail::number(p));
  }
  return {p};
}
// T = uint32_t or uint64_t
template <class G, class T = std::uint64_t>
core::dist::Geometric<dist_detail::E<G>, T> geometric(double p) {
  if (const char* m = core::dist::Geometric<dist_detail::E<G>, T>::check(p)) {
    dist_detail::require(std::string(m) + ", got " + core::dist::check_detail::number(p));
  }
  return core::dist::Geometric<dist_detail::E<G>, T>::make(p);
}
template <class G>
core::dist::Poisson<dist_detail::E<G>> poisson(double lambda) {
  dist_detail::require(core::dist::check_poisson(lambda));
  return {core::dist::poisson_setup(lambda)};
}
template <class G>
core::dist::Binomial<dist_detail::E<G>> binomial(std::uint64_t n, double p) {
  dist_detail::require(core::dist::check_binomial(n, p));
  return {core::dist::binomial_setup(static_cast<std::uint32_t>(n), p)};
}
template <class G>
core::dist::Hypergeometric<dist_detail::E<G>> hypergeometric(std::uint64_t ngood, std::uint64_t nbad,
                                                             std::uint64_t nsample) {
  // The host check takes doubles (it names fractional counts); beyond 2^53 a count is rounded, and
  // refused all the same (the range ends at 2^32 - 1).
  dist_detail::require(core::dist::check_hypergeometric(static_cast<double>(ngood), static_cast<double>(nbad),
                                                        static_cast<double>(nsample)));
  return {core::dist::hypergeometric_setup(static_cast<std::uint32_t>(ngood), static_cast<std::uint32_t>(nbad),
                                           static_cast<std::uint32_t>(nsample))};
}
template <class G>
core::dist::NegativeBinomial<dist_detail::E<G>> negative_binomial(double r, double p) {
  dist_detail::require(core::dist::check_negative_binomial(r, p));
  return {core::dist::negative_binomial_setup(r, p)};
}
// The discrete distribution with user weights over a table in device memory: threshold and alias
// are gpurng::DiscreteTable's thresholds() and aliases() (k entries each) copied to the device, k its
// size(). Draw i is then the host's generate_discrete value at the same position (the lookup of the
// uniform double, core/dist/alias_table.hpp). I = int32_t, int64_t, uint32_t or uint64_t. Refuses
// null pointers and k outside [1, 2^31]; the table's contents are the caller's to keep intact.
template <class G, class I = std::int64_t>
core::dist::AliasDiscrete<dist_detail::E<G>, I> discrete(const double* threshold, const std::uint32_t* alias,
                                                         std::uint64_t k) {
  static_assert(std::is_integral<I>::value && (sizeof(I) == 4 || sizeof(I) == 8), "I: a 32- or 64-bit integer");
  if (threshold == nullptr || alias == nullptr) dist_detail::require("discrete: threshold and alias must not be null");
  if (k == 0 || k > (std::uint64_t{1} << 31)) {
    dist_detail::require("discrete: k must be in [1, 2^31], got " + std::to_string(k));
  }
  return {core::dist::AliasTableView{threshold, alias, k}};
}
// The Dirichlet distribution: dirichlet_shapes(alpha, k) checks alpha as the host API does (1 <= k <=
// 2^16, each in [1e-300, 1e300]) and returns the k gamma shapes to copy to device memory; then
// dirichlet<G, T>(device_shapes, k) is the sampler for draw_dirichlet (T = float or double).
inline std::vector<core::dist::GammaShape> dirichlet_shapes(const double* alpha, std::uint64_t k) {
  dist_detail::require(core::dist::check_dirichlet(alpha, k));
  std::vector<core::dist::GammaShape> shapes(static_cast<std::size_t>(k));
  for (std::uint64_t i = 0; i < k; ++i) shapes[i] = core::dist::gamma_shape_setup(alpha[i]);
  return shapes;
}
template <class G, class T = float>
Dirichlet<G, T> dirichlet(const core::dist::GammaShape* shapes, std::uint64_t k) {
  dist_detail::require_value_type<T>();
  if (shapes == nullptr) dist_detail::require("dirichlet: shapes must not be null");
  if (k == 0 || k > core::dist::kDirichletMaxComponents) {
    dist_detail::require("dirichlet alpha: must have 1 to 65536 components, got " + std::to_string(k));
  }
  return {shapes, static_cast<std::uint32_t>(k)};
}
#endif  // !__CUDACC_RTC__

}  // namespace gpurng::device
