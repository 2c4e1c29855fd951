// The one list of distributions. Everything else derives from it: the run-time dispatch of every
// engine family (select_transform.hpp), the CUDA launcher tables of every family
// (cuda/launchers.cuh), the parameter checks of Generator::generate and the public
// distribution_info() that the CLI, the C API and the Python package read their parameter names
// from. Adding a distribution: its transform in include/gpurng/core/dist/, one entry below (and its
// value in the public enum Distribution), its tests.
//
// An entry says
//   id, name, description      the public enum value, the CLI name, one line for --help
//   params[]                   name (the CLI option --<name>) and default of each parameter
//   Values                     the C++ value types it is generated in (Types<...>; EngineBits is
//                              the engine's own integer type)
//   half_values (optional)     true: also in f16 and bf16, rounded from its float values by the
//                              front (half_outputs.cpp); the backends see only the float request
//   check(request)             throws Error(invalid_argument) naming the parameter and its range
//   make<E, T, Form>(request)  the transform for engine traits E and value type T, from the checked
//                              parameters (Request::params); Form says how the engine family
//                              makes normals (box_muller, or the inverse CDF of centred or of raw
//                              uniforms). A transform has arity 1 or 2 (what every family's
//                              producer supports); families that need arity 1 (Sobol') skip the
//                              others (select_transform.hpp).
// This header is compiled by the host compiler and by nvcc (launcher tables); it is below the
// fronts and the backends and includes neither.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <string>

#include "exec.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::detail::dists {

template <class... T>
struct Types {};
struct EngineBits {};  // a value type: the engine's bits_type (its width is checked by the front)

enum class NormalForm { box_muller, inverse_cdf_centered, inverse_cdf };

// An engine traits type for naming a transform whose static check() is all that is used.
struct NoEngine {
  using raw_type = std::uint32_t;
  using bits_type = std::uint32_t;
};

struct ParamSpec {
  const char* name;
  double default_value;
};

// Parameter checks shared by the entries; the messages name the distribution and the parameter.
inline std::string number_text(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}
inline void require_finite(double v, const char* dist, const char* param) {
  if (!std::isfinite(v)) {
    throw Error(Status::invalid_argument,
                std::string(dist) + " " + param + ": must be finite, got " + number_text(v));
  }
}
inline void require_positive(double v, const char* dist, const char* param) {
  if (!(v > 0.0) || !std::isfinite(v)) {
    throw Error(Status::invalid_argument,
                std::string(dist) + " " + param + ": must be finite and > 0, got " + number_text(v));
  }
}

// The core's checks return nullptr / "" for valid parameters, else a message (core/ throws nothing).
inline void require_core(const char* message, double got) {
  if (message != nullptr) throw Error(Status::invalid_argument, std::string(message) + ", got " + number_text(got));
}
inline void require_core(const std::string& message) {
  if (!message.empty()) throw Error(Status::invalid_argument, message);
}

// ---- the entries ---------------------------------------------------------------------------------

struct BitsEntry {
  static constexpr Distribution id = Distribution::bits;
  static constexpr const char* name = "bits";
  static constexpr const char* description = "the engine's integer output (its width: engine_info().bits_width)";
  static constexpr int param_count = 0;
  static constexpr ParamSpec params[1] = {{nullptr, 0.0}};
  using Values = Types<EngineBits>;
  static void check(const Request&) {}
  template <class E, class T, NormalForm>
  static core::dist::Bits<E> make(const Request&) {
    return {};
  }
};

struct UniformEntry {
  static constexpr Distribution id = Distribution::uniform;
  static constexpr const char* name = "uniform";
  static constexpr const char* description = "the engine's uniform in (0, 1] (ENGINES.md: per engine)";
  static constexpr int param_count = 0;
  static constexpr ParamSpec params[1] = {{nullptr, 0.0}};
  using Values = Types<float, double>;
  static constexpr bool half_values = true;
  static void check(const Request&) {}
  template <class E, class T, NormalForm>
  static core::dist::Uniform<E, T> make(const Request&) {
    return {};
  }
};

// The normal form decides the transform of normal and log-normal (docs/ENGINES.md, "Distributions").
template <template <class, class> class BoxMuller, template <class, class> class Inverse, class E, class T,
          NormalForm Form>
struct NormalShaped {
  using type = std::conditional_t<
      Form == NormalForm::box_muller, BoxMuller<E, T>,
      std::conditional_t<Form == NormalForm::inverse_cdf_centered, Inverse<core::dist::CenteredUniforms<E>, T>,
                         Inverse<E, T>>>;
};

struct NormalEntry {
  static constexpr Distribution id = Distribution::normal;
  static constexpr const char* name = "normal";
  static constexpr const char* description = "normal(mean, stddev): mean finite, stddev finite and > 0";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"mean", 0.0}, {"stddev", 1.0}};
  using Values = Types<float, double>;
  static constexpr bool half_values = true;
  static void check(const Request& r) {
    require_finite(r.params[0], name, "mean");
    require_positive(r.params[1], name, "stddev");
  }
  template <class E, class T, NormalForm Form>
  static auto make(const Request& r) {
    using Tr = typename NormalShaped<core::dist::Normal, core::dist::NormalInverseCdf, E, T, Form>::type;
    return Tr{T(r.params[0]), T(r.params[1])};
  }
};

struct ExponentialEntry {
  static constexpr Distribution id = Distribution::exponential;
  static constexpr const char* name = "exponential";
  static constexpr const char* description = "exponential(lambda) by inversion: lambda finite and > 0";
  static constexpr int param_count = 1;
  static constexpr ParamSpec params[1] = {{"lambda", 1.0}};
  using Values = Types<float, double>;
  static void check(const Request& r) { require_positive(r.params[0], name, "lambda"); }
  template <class E, class T, NormalForm>
  static core::dist::Exponential<E, T> make(const Request& r) {
    return {T(r.params[0])};
  }
};

struct LogNormalEntry {
  static constexpr Distribution id = Distribution::lognormal;
  static constexpr const char* name = "lognormal";
  static constexpr const char* description =
      "log-normal: exp of normal(mean, stddev); mean finite, stddev finite and > 0";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"mean", 0.0}, {"stddev", 1.0}};
  using Values = Types<float, double>;
  static void check(const Request& r) {
    require_finite(r.params[0], name, "mean");
    require_positive(r.params[1], name, "stddev");
  }
  template <class E, class T, NormalForm Form>
  static auto make(const Request& r) {
    using Tr = typename NormalShaped<core::dist::LogNormal, core::dist::LogNormalInverseCdf, E, T, Form>::type;
    return Tr{T(r.params[0]), T(r.params[1])};
  }
};

}  // namespace gpurng::detail::dists

#include "distributions/entries_discrete.hpp"
#include "distributions/entries_continuous.hpp"

namespace gpurng::detail::dists {

// ---- the list ------------------------------------------------------------------------------------

template <class... Entry>
struct List {};

// In the order of the public enum Distribution (distribution_info.cpp checks it).
using AllDistributions =
    List<BitsEntry, UniformEntry, NormalEntry, ExponentialEntry, LogNormalEntry, UniformIntEntry, BernoulliEntry,
         GeometricEntry, PoissonEntry, BinomialEntry, NegativeBinomialEntry, GammaEntry, ChiSquareEntry, BetaEntry,
         StudentTEntry, CauchyEntry, WeibullEntry, LaplaceEntry, LogisticEntry, GumbelEntry, RayleighEntry,
         TruncatedNormalEntry, HypergeometricEntry>;

}  // namespace gpurng::detail::dists
