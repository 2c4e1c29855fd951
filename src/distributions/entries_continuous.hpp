// Entries of the list of distributions (distribution_list.hpp): the real-valued ones beyond uniform,
// normal, exponential and log-normal. Methods, positions and accuracy: docs/ENGINES.md,
// "Distributions".
#pragma once

#include <limits>
#include <type_traits>

#include "gpurng/core/dist/beta.hpp"
#include "gpurng/core/dist/gamma.hpp"
#include "gpurng/core/dist/inversion_transforms.hpp"
#include "gpurng/core/dist/parameter_checks.hpp"
#include "gpurng/core/dist/student_t.hpp"
#include "gpurng/core/dist/truncated_normal.hpp"

namespace gpurng::detail::dists {

inline constexpr double kRequired = std::numeric_limits<double>::quiet_NaN();

// The uniforms of the inversions: strictly inside (0, 1) (the centred ones of
// core/dist/centered_uniform.hpp), except for Sobol' points, which already are.
template <class E, NormalForm Form>
using InversionUniforms = std::conditional_t<Form == NormalForm::inverse_cdf, E, core::dist::CenteredUniforms<E>>;

// A two-parameter inversion (core/dist/inversion_transforms.hpp): checked in the value type, so that
// a double parameter beyond the float range is refused for float values.
template <template <class, class> class Tr, class Self>
struct InversionEntry2 {
  using Values = Types<float, double>;
  static void check(const Request& r) {
    const char* m = r.type == ValueType::f32
                        ? Tr<NoEngine, float>::check(static_cast<float>(r.params[0]), static_cast<float>(r.params[1]))
                        : Tr<NoEngine, double>::check(r.params[0], r.params[1]);
    if (m != nullptr) {
      throw Error(Status::invalid_argument, std::string(m) + ", got " + Self::params[0].name + " " +
                                                number_text(r.params[0]) + ", " + Self::params[1].name + " " +
                                                number_text(r.params[1]));
    }
  }
  template <class E, class T, NormalForm Form>
  static Tr<InversionUniforms<E, Form>, T> make(const Request& r) {
    return {T(r.params[0]), T(r.params[1])};
  }
};

struct CauchyEntry : InversionEntry2<core::dist::Cauchy, CauchyEntry> {
  static constexpr Distribution id = Distribution::cauchy;
  static constexpr const char* name = "cauchy";
  static constexpr const char* description = "Cauchy(x0, gamma) by inversion: x0 finite, gamma finite and > 0";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"x0", 0.0}, {"gamma", 1.0}};
};

struct WeibullEntry : InversionEntry2<core::dist::Weibull, WeibullEntry> {
  static constexpr Distribution id = Distribution::weibull;
  static constexpr const char* name = "weibull";
  static constexpr const char* description = "Weibull(k, lambda) by inversion: shape k and scale lambda finite and > 0";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"k", kRequired}, {"lambda", 1.0}};
};

struct LaplaceEntry : InversionEntry2<core::dist::Laplace, LaplaceEntry> {
  static constexpr Distribution id = Distribution::laplace;
  static constexpr const char* name = "laplace";
  static constexpr const char* description = "Laplace(mu, b) by inversion: mu finite, b finite and > 0";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"mu", 0.0}, {"b", 1.0}};
};

struct LogisticEntry : InversionEntry2<core::dist::Logistic, LogisticEntry> {
  static constexpr Distribution id = Distribution::logistic;
  static constexpr const char* name = "logistic";
  static constexpr const char* description = "logistic(mu, s) by inversion: mu finite, s finite and > 0";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"mu", 0.0}, {"s", 1.0}};
};

struct GumbelEntry : InversionEntry2<core::dist::Gumbel, GumbelEntry> {
  static constexpr Distribution id = Distribution::gumbel;
  static constexpr const char* name = "gumbel";
  static constexpr const char* description = "Gumbel(mu, beta) by inversion: mu finite, beta finite and > 0";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"mu", 0.0}, {"beta", 1.0}};
};

struct RayleighEntry {
  static constexpr Distribution id = Distribution::rayleigh;
  static constexpr const char* name = "rayleigh";
  static constexpr const char* description = "Rayleigh(sigma) by inversion: sigma finite and > 0";
  static constexpr int param_count = 1;
  static constexpr ParamSpec params[1] = {{"sigma", 1.0}};
  using Values = Types<float, double>;
  static void check(const Request& r) {
    const char* m = r.type == ValueType::f32 ? core::dist::Rayleigh<NoEngine, float>::check(static_cast<float>(r.params[0]))
                                             : core::dist::Rayleigh<NoEngine, double>::check(r.params[0]);
    require_core(m, r.params[0]);
  }
  template <class E, class T, NormalForm Form>
  static core::dist::Rayleigh<InversionUniforms<E, Form>, T> make(const Request& r) {
    return {T(r.params[0])};
  }
};

// The samplers with keyed extra draws (core/dist/keyed_draws.hpp): arity 2, computed in double and
// rounded once to float.
struct GammaEntry {
  static constexpr Distribution id = Distribution::gamma;
  static constexpr const char* name = "gamma";
  static constexpr const char* description = "gamma(alpha, theta): shape alpha in [1e-300, 1e300], scale theta finite and > 0";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"alpha", kRequired}, {"theta", 1.0}};
  using Values = Types<float, double>;
  static void check(const Request& r) { require_core(core::dist::check_gamma(r.params[0], r.params[1])); }
  template <class E, class T, NormalForm>
  static core::dist::Gamma<E, T> make(const Request& r) {
    return {core::dist::gamma_shape_setup(r.params[0]), r.params[1]};
  }
};

struct ChiSquareEntry {
  static constexpr Distribution id = Distribution::chi_square;
  static constexpr const char* name = "chi_square";
  static constexpr const char* description = "chi-square(k): degrees of freedom k in [2e-300, 2e300] (real)";
  static constexpr int param_count = 1;
  static constexpr ParamSpec params[1] = {{"k", kRequired}};
  using Values = Types<float, double>;
  static void check(const Request& r) { require_core(core::dist::check_chi_square(r.params[0])); }
  template <class E, class T, NormalForm>
  static core::dist::ChiSquare<E, T> make(const Request& r) {
    return {core::dist::gamma_shape_setup(r.params[0] * 0.5)};
  }
};

struct BetaEntry {
  static constexpr Distribution id = Distribution::beta;
  static constexpr const char* name = "beta";
  static constexpr const char* description = "beta(a, b): shapes a, b in [1e-300, 1e300]";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"a", kRequired}, {"b", kRequired}};
  using Values = Types<float, double>;
  static void check(const Request& r) { require_core(core::dist::check_beta(r.params[0], r.params[1])); }
  template <class E, class T, NormalForm>
  static core::dist::Beta<E, T> make(const Request& r) {
    return {core::dist::beta_setup(r.params[0], r.params[1])};
  }
};

struct StudentTEntry {
  static constexpr Distribution id = Distribution::student_t;
  static constexpr const char* name = "student_t";
  static constexpr const char* description = "Student t(nu): degrees of freedom nu finite and > 0";
  static constexpr int param_count = 1;
  static constexpr ParamSpec params[1] = {{"nu", kRequired}};
  using Values = Types<float, double>;
  static void check(const Request& r) { require_core(core::dist::check_student_t(r.params[0])); }
  template <class E, class T, NormalForm>
  static core::dist::StudentT<E, T> make(const Request& r) {
    return {r.params[0]};
  }
};

struct TruncatedNormalEntry {
  static constexpr Distribution id = Distribution::truncated_normal;
  static constexpr const char* name = "truncated_normal";
  static constexpr const char* description =
      "normal(mean, stddev) restricted to [lower, upper] (exact; lower < upper, either may be infinite)";
  static constexpr int param_count = 4;
  static constexpr ParamSpec params[4] = {{"mean", 0.0}, {"stddev", 1.0}, {"lower", kRequired}, {"upper", kRequired}};
  using Values = Types<float, double>;
  static void check(const Request& r) {
    require_core(core::dist::check_truncated_normal(r.params[0], r.params[1], r.params[2], r.params[3]));
  }
  template <class E, class T, NormalForm>
  static core::dist::TruncatedNormal<E, T> make(const Request& r) {
    return {core::dist::truncated_normal_setup(r.params[0], r.params[1], r.params[2], r.params[3])};
  }
};

}  // namespace gpurng::detail::dists
