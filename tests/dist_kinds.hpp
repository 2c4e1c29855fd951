// Every (distribution, value type) of the list (gpurng::distributions()) with representative
// parameters that reach each sampler's main branches, generated through the one generic call
// Generator::generate(Distribution, ValueType, params, ...). The CPU tests (test_distribution_list)
// and the CUDA tests (test_cuda_distribution_list) loop over them, so a distribution added to the
// list is covered once it has a line here (ListedKinds.EveryDistributionHasAKind checks that).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "gpurng/core/dist/half.hpp"
#include "gpurng/gpurng.hpp"

namespace gpurng::test {

struct DistKind {
  std::string name;
  Distribution dist;
  ValueType type;
  std::vector<double> params;
  double mean;  // the exact mean (NaN: none, e.g. Cauchy); bits and uniform: not checked
};

inline std::size_t value_bytes(ValueType t) {
  if (t == ValueType::f16 || t == ValueType::bf16) return 2;
  return (t == ValueType::u32 || t == ValueType::f32 || t == ValueType::i32) ? 4 : 8;
}

inline double truncated_normal_mean(double a, double b) {
  const double phi_a = std::exp(-0.5 * a * a) / std::sqrt(2 * M_PI), phi_b = std::exp(-0.5 * b * b) / std::sqrt(2 * M_PI);
  const double z = 0.5 * (std::erfc(a / std::sqrt(2.0)) - std::erfc(b / std::sqrt(2.0)));  // no cancellation in a tail
  return (phi_a - phi_b) / z;
}

inline std::vector<DistKind> dist_kinds() {
  using D = Distribution;
  using V = ValueType;
  const double nan = std::nan("");
  const double euler_gamma = 0.57721566490153286;
  return {
      {"uniform_f", D::uniform, V::f32, {}, 0.5},
      {"uniform_d", D::uniform, V::f64, {}, 0.5},
      {"normal_f", D::normal, V::f32, {0.5, 2.0}, 0.5},
      {"normal_d", D::normal, V::f64, {-1.0, 0.5}, -1.0},
      {"uniform_f16", D::uniform, V::f16, {}, 0.5},
      {"normal_bf16", D::normal, V::bf16, {0.5, 2.0}, 0.5},
      {"exponential_d", D::exponential, V::f64, {3.0}, 1.0 / 3},
      {"lognormal_f", D::lognormal, V::f32, {0.1, 0.3}, std::exp(0.1 + 0.045)},
      {"uniform_int_i32", D::uniform_int, V::i32, {-5, 1000}, 497.5},
      {"uniform_int_i64", D::uniform_int, V::i64, {-5, 1e15}, (1e15 - 5) / 2},
      {"uniform_int_u32", D::uniform_int, V::u32, {3, 4e9}, (4e9 + 3) / 2},
      {"uniform_int_u64", D::uniform_int, V::u64, {3, 1e18}, (1e18 + 3) / 2},
      {"bernoulli", D::bernoulli, V::u32, {0.3}, 0.3},
      {"geometric_u32", D::geometric, V::u32, {0.01}, 100.0},
      {"geometric_u64", D::geometric, V::u64, {0.5}, 2.0},
      {"poisson_small", D::poisson, V::u32, {4.5}, 4.5},
      {"poisson_large", D::poisson, V::u32, {1e4}, 1e4},        // anchored, stride 30
      {"poisson_walk", D::poisson, V::u32, {3e4}, 3e4},         // anchored, stride 51
      {"poisson_widest", D::poisson, V::u32, {65535}, 65535},   // anchored, stride 75: the largest staged table
      {"poisson_ptrs", D::poisson, V::u32, {1e6}, 1e6},         // PTRS
      {"binomial_small", D::binomial, V::u32, {100, 0.03}, 3.0},
      {"binomial_anchored", D::binomial, V::u32, {1000, 0.7}, 700.0},
      {"binomial_large", D::binomial, V::u32, {1e6, 0.6}, 6e5},  // BTRS
      {"hypergeometric_small", D::hypergeometric, V::u32, {5, 10, 4}, 4.0 / 3},
      {"hypergeometric_large", D::hypergeometric, V::u32, {700, 300, 600}, 420.0},
      {"negative_binomial", D::negative_binomial, V::u64, {5.0, 0.3}, 5.0 * 0.7 / 0.3},
      {"gamma_small_f", D::gamma, V::f32, {0.5, 2.0}, 1.0},
      {"gamma_d", D::gamma, V::f64, {3.0, 1.5}, 4.5},
      {"chi_square_d", D::chi_square, V::f64, {3.0}, 3.0},
      {"beta_f", D::beta, V::f32, {2.0, 5.0}, 2.0 / 7},
      {"student_t_d", D::student_t, V::f64, {4.0}, 0.0},
      {"cauchy_f", D::cauchy, V::f32, {1.0, 2.0}, nan},
      {"weibull_d", D::weibull, V::f64, {2.0, 3.0}, 3.0 * std::tgamma(1.5)},
      {"laplace_f", D::laplace, V::f32, {1.0, 2.0}, 1.0},
      {"logistic_d", D::logistic, V::f64, {-2.0, 0.5}, -2.0},
      {"gumbel_f", D::gumbel, V::f32, {1.0, 2.0}, 1.0 + 2.0 * euler_gamma},
      {"rayleigh_d", D::rayleigh, V::f64, {2.0}, 2.0 * std::sqrt(M_PI / 2)},
      {"truncated_normal_tail_d", D::truncated_normal, V::f64, {0.0, 1.0, 8.0, 9.0}, truncated_normal_mean(8, 9)},
      {"truncated_normal_central_f", D::truncated_normal, V::f32, {1.0, 2.0, 0.0, 4.0},
       1.0 + 2.0 * truncated_normal_mean(-0.5, 1.5)},
  };
}

// Whether value i of d uses a pair of raw outputs (arity 2): Sobol' engines refuse those
// (Status::unsupported); their normals are by the inverse CDF, one output each.
inline bool uses_pairs(Distribution d) {
  switch (d) {
    case Distribution::uniform_int:
    case Distribution::poisson:
    case Distribution::binomial:
    case Distribution::negative_binomial:
    case Distribution::gamma:
    case Distribution::chi_square:
    case Distribution::beta:
    case Distribution::student_t:
    case Distribution::truncated_normal:
    case Distribution::hypergeometric: return true;
    default: return false;
  }
}

inline bool is_sobol(Engine e) { return std::string(engine_info(e).name).rfind("sobol", 0) == 0; }

// Generates n values of kind k into out (bytes).
inline void generate_kind(Generator& g, const DistKind& k, void* out, std::size_t n) {
  g.generate(k.dist, k.type, k.params.data(), k.params.size(), out, n);
}

// Value i of a buffer of kind k, as a double.
inline double value_at(const DistKind& k, const unsigned char* p, std::size_t i) {
  switch (k.type) {
    case ValueType::u32: return static_cast<double>(reinterpret_cast<const std::uint32_t*>(p)[i]);
    case ValueType::u64: return static_cast<double>(reinterpret_cast<const std::uint64_t*>(p)[i]);
    case ValueType::f32: return static_cast<double>(reinterpret_cast<const float*>(p)[i]);
    case ValueType::f64: return reinterpret_cast<const double*>(p)[i];
    case ValueType::i32: return static_cast<double>(reinterpret_cast<const std::int32_t*>(p)[i]);
    case ValueType::i64: return static_cast<double>(reinterpret_cast<const std::int64_t*>(p)[i]);
    case ValueType::f16: return core::dist::binary16_bits_to_float(reinterpret_cast<const std::uint16_t*>(p)[i]);
    case ValueType::bf16: return core::dist::bfloat16_bits_to_float(reinterpret_cast<const std::uint16_t*>(p)[i]);
  }
  return std::nan("");
}

}  // namespace gpurng::test
