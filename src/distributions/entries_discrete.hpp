// Entries of the list of distributions (distribution_list.hpp): the integer-valued ones. The method,
// the positions each value uses and the accuracy of each are in docs/ENGINES.md, "Distributions".
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "gpurng/core/dist/bernoulli_geometric.hpp"
#include "gpurng/core/dist/binomial.hpp"
#include "gpurng/core/dist/hypergeometric.hpp"
#include "gpurng/core/dist/negative_binomial.hpp"
#include "gpurng/core/dist/parameter_checks.hpp"
#include "gpurng/core/dist/poisson.hpp"
#include "gpurng/core/dist/uniform_int.hpp"

namespace gpurng::detail::dists {

// Uniform integers in [lo, hi], inclusive; Request::int_params carry lo and hi exactly (the
// two's-complement bits of the value type's integers; distribution_info.cpp fills them).
struct UniformIntEntry {
  static constexpr Distribution id = Distribution::uniform_int;
  static constexpr const char* name = "uniform_int";
  static constexpr const char* description =
      "uniform integers in [lo, hi] (inclusive, lo <= hi; int32, int64, uint32, uint64; bias < 2^-32 relative)";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"lo", 0.0}, {"hi", std::numeric_limits<double>::quiet_NaN()}};
  using Values = Types<std::int32_t, std::int64_t, std::uint32_t, std::uint64_t>;
  template <class T>
  static T bound(const Request& r, int i) {
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(r.int_params[i]));
  }
  template <class T>
  static void check_as(const Request& r) {
    if (const char* m = core::dist::uniform_int_check(bound<T>(r, 0), bound<T>(r, 1))) {
      throw Error(Status::invalid_argument, std::string(m) + ", got lo " + std::to_string(bound<T>(r, 0)) + ", hi " +
                                                std::to_string(bound<T>(r, 1)));
    }
  }
  static void check(const Request& r) {
    switch (r.type) {
      case ValueType::i32: check_as<std::int32_t>(r); return;
      case ValueType::i64: check_as<std::int64_t>(r); return;
      case ValueType::u32: check_as<std::uint32_t>(r); return;
      default: check_as<std::uint64_t>(r); return;
    }
  }
  template <class E, class T, NormalForm>
  static core::dist::UniformIntKeyed<E, T> make(const Request& r) {
    return {bound<T>(r, 0), bound<T>(r, 1)};
  }
};

struct BernoulliEntry {
  static constexpr Distribution id = Distribution::bernoulli;
  static constexpr const char* name = "bernoulli";
  static constexpr const char* description = "Bernoulli(p): 1 with probability p in [0, 1], else 0 (uint32)";
  static constexpr int param_count = 1;
  static constexpr ParamSpec params[1] = {{"p", 0.5}};
  using Values = Types<std::uint32_t>;
  static void check(const Request& r) {
    require_core(core::dist::Bernoulli<NoEngine, std::uint32_t>::check(r.params[0]), r.params[0]);
  }
  template <class E, class T, NormalForm>
  static core::dist::Bernoulli<E, T> make(const Request& r) {
    return {r.params[0]};
  }
};

struct GeometricEntry {
  static constexpr Distribution id = Distribution::geometric;
  static constexpr const char* name = "geometric";
  static constexpr const char* description =
      "geometric(p): trials up to and including the first success, >= 1; p in (0, 1] (uint32, uint64; saturates)";
  static constexpr int param_count = 1;
  static constexpr ParamSpec params[1] = {{"p", std::numeric_limits<double>::quiet_NaN()}};
  using Values = Types<std::uint32_t, std::uint64_t>;
  static void check(const Request& r) {
    require_core(core::dist::Geometric<NoEngine, std::uint32_t>::check(r.params[0]), r.params[0]);
  }
  template <class E, class T, NormalForm>
  static core::dist::Geometric<E, T> make(const Request& r) {
    return core::dist::Geometric<E, T>::make(r.params[0]);
  }
};

struct PoissonEntry {
  static constexpr Distribution id = Distribution::poisson;
  static constexpr const char* name = "poisson";
  static constexpr const char* description = "Poisson(lambda), lambda in [0, 2^31] (uint32)";
  static constexpr int param_count = 1;
  static constexpr ParamSpec params[1] = {{"lambda", std::numeric_limits<double>::quiet_NaN()}};
  using Values = Types<std::uint32_t>;
  static void check(const Request& r) { require_core(core::dist::check_poisson(r.params[0])); }
  template <class E, class T, NormalForm>
  static core::dist::Poisson<E> make(const Request& r) {
    return {core::dist::poisson_setup(r.params[0])};
  }
};

struct BinomialEntry {
  static constexpr Distribution id = Distribution::binomial;
  static constexpr const char* name = "binomial";
  static constexpr const char* description = "binomial(n, p): n an integer in [0, 2^32 - 1], p in [0, 1] (uint32)";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"n", std::numeric_limits<double>::quiet_NaN()},
                                          {"p", std::numeric_limits<double>::quiet_NaN()}};
  using Values = Types<std::uint32_t>;
  static void check(const Request& r) {
    const double n = r.params[0];
    if (!(n >= 0.0 && n <= 4294967295.0) || n != static_cast<double>(static_cast<std::uint64_t>(n))) {
      throw Error(Status::invalid_argument, "binomial n: must be an integer in [0, 2^32 - 1], got " + number_text(n));
    }
    require_core(core::dist::check_binomial(static_cast<std::uint64_t>(n), r.params[1]));
  }
  template <class E, class T, NormalForm>
  static core::dist::Binomial<E> make(const Request& r) {
    return {core::dist::binomial_setup(static_cast<std::uint32_t>(r.params[0]), r.params[1])};
  }
};

struct NegativeBinomialEntry {
  static constexpr Distribution id = Distribution::negative_binomial;
  static constexpr const char* name = "negative_binomial";
  static constexpr const char* description =
      "negative binomial(r, p): failures before the r-th success; r > 0 (real), p in (0, 1] (uint64)";
  static constexpr int param_count = 2;
  static constexpr ParamSpec params[2] = {{"r", std::numeric_limits<double>::quiet_NaN()},
                                          {"p", std::numeric_limits<double>::quiet_NaN()}};
  using Values = Types<std::uint64_t>;
  static void check(const Request& r) { require_core(core::dist::check_negative_binomial(r.params[0], r.params[1])); }
  template <class E, class T, NormalForm>
  static core::dist::NegativeBinomial<E> make(const Request& r) {
    return {core::dist::negative_binomial_setup(r.params[0], r.params[1])};
  }
};

struct HypergeometricEntry {
  static constexpr Distribution id = Distribution::hypergeometric;
  static constexpr const char* name = "hypergeometric";
  static constexpr const char* description =
      "hypergeometric(ngood, nbad, nsample): good items among nsample drawn without replacement; integers, "
      "ngood + nbad <= 2^32 - 1, nsample <= ngood + nbad (uint32)";
  static constexpr int param_count = 3;
  static constexpr ParamSpec params[3] = {{"ngood", std::numeric_limits<double>::quiet_NaN()},
                                          {"nbad", std::numeric_limits<double>::quiet_NaN()},
                                          {"nsample", std::numeric_limits<double>::quiet_NaN()}};
  using Values = Types<std::uint32_t>;
  static void check(const Request& r) {
    require_core(core::dist::check_hypergeometric(r.params[0], r.params[1], r.params[2]));
  }
  template <class E, class T, NormalForm>
  static core::dist::Hypergeometric<E> make(const Request& r) {
    return {core::dist::hypergeometric_setup(static_cast<std::uint32_t>(r.params[0]),
                                             static_cast<std::uint32_t>(r.params[1]),
                                             static_cast<std::uint32_t>(r.params[2]))};
  }
};

}  // namespace gpurng::detail::dists
