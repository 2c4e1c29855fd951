// The OpenCL backend (issue 28) against the CPU backend, bit for bit: every engine it serves, every
// distribution of the list (tests/dist_kinds.hpp) plus bits and uniform in each width, at offsets,
// with ragged sizes, and many successive calls against one call; the many-stream engines at several
// stream counts and first streams, MT19937's inverse-CDF normals and calls of several segments; the
// Dirichlet distribution.
// Refusals: engines it does not serve yet, and the errors of a machine without OpenCL. Runs on
// whatever device GPURNG_OPENCL_DEVICE picks (PoCL in CI); skips where no OpenCL platform exists.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "dist_kinds.hpp"
#include "opencl_test_support.hpp"
#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"

using gpurng::Backend;
using gpurng::Distribution;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Status;
using gpurng::ValueType;
using gpurng::test::DistKind;
using gpurng::test::value_bytes;
using gpurng::test::engine_test_name;
using gpurng::test::first_difference;

namespace {

// Served engines with streams of their own (select_stream(s) with s > 0).
bool has_streams(Engine e) {
  switch (e) {
    case Engine::kiss99:
    case Engine::philox4x32_10_curand:
    case Engine::xorwow_curand:
    case Engine::mrg32k3a_curand:
    case Engine::mt19937:
    case Engine::mt19937_64: return false;
    default: return true;
  }
}

// Served engines of many streams in the interleaved layout (Generator::streams).
const Engine kManyStreams[] = {Engine::mwc, Engine::xorshift256, Engine::kiss, Engine::dcmt521, Engine::dcmt2203};

// Every kind of the list, plus bits (the engine's width) and both uniforms.
std::vector<DistKind> kinds_for(Engine e) {
  std::vector<DistKind> out = gpurng::test::dist_kinds();
  const bool wide = gpurng::engine_info(e).bits_width == 64;
  out.push_back({"bits", Distribution::bits, wide ? ValueType::u64 : ValueType::u32, {}, 0});
  out.push_back({"exponential_f", Distribution::exponential, ValueType::f32, {0.5}, 2.0});
  out.push_back({"lognormal_d", Distribution::lognormal, ValueType::f64, {0.1, 0.3}, 0});
  return out;
}

std::vector<unsigned char> generate(Backend b, Engine e, const DistKind& k, std::uint64_t seed, std::uint64_t stream,
                                    std::uint64_t offset, const std::vector<std::size_t>& calls,
                                    const std::function<void(Generator&)>& options = {}) {
  Generator g(e, b);
  g.seed(seed);
  if (options) options(g);
  if (stream != 0) g.select_stream(stream);
  g.offset(offset);
  std::size_t total = 0;
  for (std::size_t c : calls) total += c;
  std::vector<unsigned char> out(total * value_bytes(k.type) + 1, 0xA5);  // one guard byte
  std::size_t at = 0;
  for (std::size_t c : calls) {
    gpurng::test::generate_kind(g, k, out.data() + at * value_bytes(k.type), c);
    at += c;
  }
  EXPECT_EQ(out.back(), 0xA5) << "wrote past the end";
  out.pop_back();
  return out;
}

class OpenclEqualsCpu : public ::testing::TestWithParam<Engine> {};

TEST_P(OpenclEqualsCpu, EveryDistributionBitForBit) {
  REQUIRE_OPENCL();
  const Engine e = GetParam();
  for (const DistKind& k : kinds_for(e)) {
    SCOPED_TRACE(std::string(gpurng::engine_info(e).name) + " " + k.name);
    // A ragged size from a ragged offset (the first and last rows are partial).
    const std::vector<std::size_t> one{10007};
    const auto cpu = generate(Backend::cpu, e, k, 1234, 0, 77, one);
    const auto ocl = generate(Backend::opencl, e, k, 1234, 0, 77, one);
    ASSERT_EQ(cpu.size(), ocl.size());
    EXPECT_TRUE(cpu == ocl) << first_difference(cpu, ocl, value_bytes(k.type));
  }
}

TEST_P(OpenclEqualsCpu, ManyCallsEqualOneCallAndFarOffsets) {
  REQUIRE_OPENCL();
  const Engine e = GetParam();
  const DistKind uniform_f{"uniform_f", Distribution::uniform, ValueType::f32, {}, 0};
  const DistKind normal_d{"normal_d", Distribution::normal, ValueType::f64, {-1.0, 0.5}, 0};
  for (const DistKind& k : {uniform_f, normal_d}) {
    for (std::uint64_t offset : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{31}, (std::uint64_t{1} << 40) + 7}) {
      SCOPED_TRACE(std::string(gpurng::engine_info(e).name) + " " + k.name + " offset " + std::to_string(offset));
      const auto one = generate(Backend::opencl, e, k, 99, 0, offset, {4000});
      const auto many = generate(Backend::opencl, e, k, 99, 0, offset, {1, 2, 3, 31, 33, 64, 1000, 2866});
      const auto cpu = generate(Backend::cpu, e, k, 99, 0, offset, {4000});
      EXPECT_TRUE(one == many) << first_difference(one, many, value_bytes(k.type));
      EXPECT_TRUE(one == cpu) << first_difference(one, cpu, value_bytes(k.type));
    }
  }
}

TEST_P(OpenclEqualsCpu, LargeCallAndAnotherStream) {
  REQUIRE_OPENCL();
  const Engine e = GetParam();
  const DistKind bits{"bits", Distribution::bits,
                      gpurng::engine_info(e).bits_width == 64 ? ValueType::u64 : ValueType::u32, {}, 0};
  const bool streams = has_streams(e);
  const auto cpu = generate(Backend::cpu, e, bits, 7, streams ? 3 : 0, 5, {(1u << 20) + 3});
  const auto ocl = generate(Backend::opencl, e, bits, 7, streams ? 3 : 0, 5, {(1u << 20) + 3});
  EXPECT_TRUE(cpu == ocl) << first_difference(cpu, ocl, value_bytes(bits.type));
}

// The Dirichlet distribution (generate_dirichlet): the OpenCL backend's uniforms, made into samples on
// the host, are the CPU's values in both types.
TEST_P(OpenclEqualsCpu, DirichletBitForBit) {
  REQUIRE_OPENCL();
  const Engine e = GetParam();
  const gpurng::DirichletAlpha alpha(std::vector<double>{0.5, 2.0, 1e-3, 30.0, 1.0});
  for (ValueType t : {ValueType::f32, ValueType::f64}) {
    SCOPED_TRACE(std::string(gpurng::engine_info(e).name) + (t == ValueType::f32 ? " float" : " double"));
    const std::size_t n = 5 * 20011;
    std::vector<unsigned char> cpu(n * value_bytes(t)), ocl(n * value_bytes(t));
    Generator c(e, Backend::cpu);
    c.seed(1234);
    c.offset(75);
    c.generate_dirichlet(alpha, t, cpu.data(), n);
    Generator o(e, Backend::opencl);
    o.seed(1234);
    o.offset(75);
    o.generate_dirichlet(alpha, t, ocl.data(), n);
    EXPECT_EQ(o.offset(), 75 + n);
    EXPECT_TRUE(cpu == ocl) << first_difference(cpu, ocl, value_bytes(t));
  }
}

INSTANTIATE_TEST_SUITE_P(Served, OpenclEqualsCpu, ::testing::ValuesIn(gpurng::test::opencl_served()), engine_test_name);

// The many-stream engines at stream counts that give each stream several values (the chunk jumps, a
// Box-Muller pair inside a stream), from another first stream, far offsets, and calls that continue
// from the windows dcmt kept (one call against many).
class OpenclManyStreams : public ::testing::TestWithParam<Engine> {};

TEST_P(OpenclManyStreams, StreamCountsFirstStreamsAndCalls) {
  REQUIRE_OPENCL();
  const Engine e = GetParam();
  const DistKind uniform_f{"uniform_f", Distribution::uniform, ValueType::f32, {}, 0};
  const DistKind normal_d{"normal_d", Distribution::normal, ValueType::f64, {-1.0, 0.5}, 0};
  const DistKind bits{"bits", Distribution::bits, ValueType::u32, {}, 0};
  for (std::uint64_t streams : {std::uint64_t{1}, std::uint64_t{5}, std::uint64_t{1000}}) {
    const auto options = [streams](Generator& g) { g.streams(streams); };
    for (const DistKind& k : {uniform_f, normal_d, bits}) {
      for (std::uint64_t offset : {std::uint64_t{0}, std::uint64_t{3}, (std::uint64_t{1} << 40) + 7}) {
        SCOPED_TRACE(std::string(gpurng::engine_info(e).name) + " streams " + std::to_string(streams) + " " + k.name +
                     " offset " + std::to_string(offset));
        const std::vector<std::size_t> calls{1, 2, 3, 31, 999, 5000, 13};
        const auto cpu = generate(Backend::cpu, e, k, 42, 7, offset, {6049}, options);
        const auto one = generate(Backend::opencl, e, k, 42, 7, offset, {6049}, options);
        const auto many = generate(Backend::opencl, e, k, 42, 7, offset, calls, options);
        EXPECT_TRUE(cpu == one) << first_difference(cpu, one, value_bytes(k.type));
        EXPECT_TRUE(cpu == many) << first_difference(cpu, many, value_bytes(k.type));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Served, OpenclManyStreams, ::testing::ValuesIn(kManyStreams), engine_test_name);

// MT19937(-64): normals by the inverse CDF (the engines' second normal method), and calls long enough
// for several work-items, each from its own window (src/opencl/mt_launch.hpp).
TEST(OpenclMt19937, InverseCdfNormalsAndSegments) {
  REQUIRE_OPENCL();
  for (Engine e : {Engine::mt19937, Engine::mt19937_64}) {
    const auto icdf = [](Generator& g) { g.normal_method(gpurng::NormalMethod::inverse_cdf); };
    for (const DistKind& k : {DistKind{"normal_f", Distribution::normal, ValueType::f32, {0.5, 2.0}, 0},
                              DistKind{"lognormal_d", Distribution::lognormal, ValueType::f64, {0.1, 0.3}, 0}}) {
      SCOPED_TRACE(std::string(gpurng::engine_info(e).name) + " icdf " + k.name);
      const auto cpu = generate(Backend::cpu, e, k, 5, 0, 1001, {4099}, icdf);
      const auto ocl = generate(Backend::opencl, e, k, 5, 0, 1001, {1, 4097, 1}, icdf);
      EXPECT_TRUE(cpu == ocl) << first_difference(cpu, ocl, value_bytes(k.type));
    }
    SCOPED_TRACE(std::string(gpurng::engine_info(e).name) + " segments");
    const DistKind normal_f{"normal_f", Distribution::normal, ValueType::f32, {0.0, 1.0}, 0};
    const std::size_t n = (std::size_t{1} << 24) + 3;  // at least two segments of 2^23 (mt_launch.hpp)
    const auto cpu = generate(Backend::cpu, e, normal_f, 11, 0, 3, {n});
    const auto ocl = generate(Backend::opencl, e, normal_f, 11, 0, 3, {n});
    EXPECT_TRUE(cpu == ocl) << first_difference(cpu, ocl, value_bytes(normal_f.type));
  }
}

TEST(OpenclBackend, RefusesEnginesItDoesNotServeByName) {
  for (Engine e : {Engine::mtgp11213, Engine::mtgp23209, Engine::mtgp64_44497, Engine::sobol32, Engine::sobol64}) {
    try {
      Generator g(e, Backend::opencl);
      if (gpurng::built_with_opencl() && !gpurng::opencl_devices().empty()) {
        ADD_FAILURE() << gpurng::engine_info(e).name << " was accepted on the opencl backend";
      }
    } catch (const Error& err) {
      const std::string m = err.what();
      if (!gpurng::built_with_opencl()) {
        EXPECT_EQ(err.status(), Status::no_device) << m;
      } else {
        EXPECT_EQ(err.status(), Status::unsupported) << m;
        EXPECT_NE(m.find(gpurng::engine_info(e).name), std::string::npos) << m;
        EXPECT_NE(m.find("mrg32k3a"), std::string::npos) << "names what it serves: " << m;
      }
    }
  }
}

TEST(OpenclBackend, NoDeviceIsAnErrorNotACrash) {
  // Whatever this machine has, a served engine either works or fails with no_device.
  try {
    Generator g(Engine::philox4x32_10, Backend::opencl);
    float v[5];
    g.generate_uniform(v, 5);
    EXPECT_FALSE(gpurng::opencl_devices().empty());
  } catch (const Error& err) {
    EXPECT_EQ(err.status(), Status::no_device) << err.what();
    EXPECT_TRUE(gpurng::opencl_devices().empty() || !gpurng::built_with_opencl()) << err.what();
  }
}

TEST(OpenclBackend, CApiTakesTheBackend) {
  gpurng_generator_t g = nullptr;
  const gpurng_status_t s = gpurng_create(&g, GPURNG_ENGINE_PHILOX4X32_10, GPURNG_BACKEND_OPENCL);
  if (s == GPURNG_STATUS_SUCCESS) {
    float v[3];
    EXPECT_EQ(gpurng_generate_uniform(g, v, 3), GPURNG_STATUS_SUCCESS) << gpurng_last_error();
    gpurng_destroy(g);
  } else {
    EXPECT_EQ(s, GPURNG_STATUS_NO_DEVICE) << gpurng_last_error();
  }
  EXPECT_EQ(gpurng_create(&g, GPURNG_ENGINE_PHILOX4X32_10, static_cast<gpurng_backend_t>(4)),
            GPURNG_STATUS_INVALID_ARGUMENT);
}

TEST(OpenclBackend, DevicesAreListed) {
  REQUIRE_OPENCL();
  for (const gpurng::OpenclDeviceInfo& d : gpurng::opencl_devices()) {
    EXPECT_FALSE(d.platform.empty());
    EXPECT_FALSE(d.name.empty());
    EXPECT_TRUE(d.format == "spir" || d.format == "ptx" || d.format == "none") << d.format;
  }
}

}  // namespace
