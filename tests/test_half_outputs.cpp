// Half-precision outputs (ValueType f16 and bf16, src/half_outputs.cpp; issue 23): value i is the
// float value i of the same call rounded to nearest even (core/dist/half.hpp), on every engine family
// (the floats come from each family's own fill), at offsets, in one call or many, across the host
// scratch's chunks, into unaligned memory; the generator's offset moves as a float call's would; and
// every bad input: a distribution without half values, an unknown value type, the end of the
// sequence, generate_per_device, the C API's codes. The CUDA backend: test_cuda_half_outputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "gpurng/core/dist/half.hpp"
#include "gpurng/device/distributions.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"

namespace cd = gpurng::core::dist;
using gpurng::Backend;
using gpurng::Distribution;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Status;
using gpurng::ValueType;

namespace {

struct Family {
  Engine engine;
  std::uint32_t dims;
};

Generator make(const Family& s, Backend b = Backend::cpu) {
  Generator g(s.engine, b);
  if (s.dims > 1) g.dimensions(s.dims);
  g.seed(20261127);
  return g;
}

// The rule, from the float call: n values of d at `offset`, rounded to format t.
std::vector<std::uint16_t> expected(const Family& s, Distribution d, const std::vector<double>& params, ValueType t,
                                    std::uint64_t offset, std::size_t n) {
  Generator g = make(s);
  g.offset(offset);
  std::vector<float> f(n);
  g.generate(d, ValueType::f32, params.data(), params.size(), f.data(), n);
  std::vector<std::uint16_t> h(n);
  for (std::size_t i = 0; i < n; ++i) {
    h[i] = t == ValueType::f16 ? cd::float_to_binary16_bits(f[i]) : cd::float_to_bfloat16_bits(f[i]);
  }
  return h;
}

std::vector<std::uint16_t> halves(Generator& g, Distribution d, const std::vector<double>& params, ValueType t,
                                  std::size_t n) {
  std::vector<std::uint16_t> h(n, 0xdead);
  g.generate(d, t, params.data(), params.size(), h.data(), n);
  return h;
}

// Generic fill, Sobol' with dimensions, MT19937, MTGP, Dynamic Creator, per-thread streams, cuRAND
// layouts: each family makes its floats its own way.
const Family kSetups[] = {{Engine::philox4x32_10, 1}, {Engine::mrg32k3a, 1},  {Engine::pcg64, 1},
                         {Engine::xorwow_curand, 1}, {Engine::sobol32, 3},   {Engine::mt19937, 1},
                         {Engine::mtgp11213, 1},     {Engine::dcmt521, 1},   {Engine::kiss, 1},
                         {Engine::kiss99, 1},        {Engine::threefry2x32_20, 1}};

}  // namespace

TEST(HalfOutputs, EachValueIsTheFloatValueRoundedOnEveryFamily) {
  for (const Family& s : kSetups) {
    for (ValueType t : {ValueType::f16, ValueType::bf16}) {
      for (const auto& [d, params] : {std::pair<Distribution, std::vector<double>>{Distribution::uniform, {}},
                                      {Distribution::normal, {0.25, 3.0}}}) {
        const std::string where = std::string(gpurng::engine_info(s.engine).name) + (t == ValueType::f16 ? " f16 " : " bf16 ") +
                                  gpurng::distribution_info(d).name;
        const std::size_t n = 3 * 3001;
        Generator g = make(s);
        g.offset(9);
        const std::vector<std::uint16_t> got = halves(g, d, params, t, n);
        EXPECT_EQ(g.offset(), 9 + n / s.dims) << where;
        ASSERT_EQ(got, expected(s, d, params, t, 9, n)) << where;
      }
    }
  }
}

// Not a tautology: the values are spread as they should be (f16 uniforms in [0, 1], normals with
// their moments), and a different format gives different bits.
TEST(HalfOutputs, ValuesAreTheDistributions) {
  Generator g(Engine::philox4x32_10, Backend::cpu);
  const std::size_t n = 1 << 16;
  const std::vector<double> params{1.0, 2.0};
  const std::vector<std::uint16_t> h = halves(g, Distribution::normal, params, ValueType::f16, n);
  double sum = 0, sum2 = 0;
  for (std::uint16_t b : h) {
    const double x = cd::binary16_bits_to_float(b);
    sum += x;
    sum2 += x * x;
  }
  const double mean = sum / n, var = sum2 / n - mean * mean;
  EXPECT_NEAR(mean, 1.0, 6 * 2.0 / std::sqrt(double(n)));
  EXPECT_NEAR(var, 4.0, 6 * 4.0 * std::sqrt(2.0 / n));
  g.offset(0);
  const std::vector<std::uint16_t> u = halves(g, Distribution::uniform, {}, ValueType::f16, n);
  double usum = 0;
  for (std::uint16_t b : u) {
    const float x = cd::binary16_bits_to_float(b);
    ASSERT_TRUE(x >= 0.0f && x <= 1.0f) << x;
    usum += x;
  }
  EXPECT_NEAR(usum / n, 0.5, 6 * 0.2887 / std::sqrt(double(n)));
  g.offset(0);
  EXPECT_NE(halves(g, Distribution::uniform, {}, ValueType::bf16, n), u);
}

// The host path makes floats in chunks of 8 MiB (2^21 floats): a call across chunks, many calls
// against one, and an output that is not 2-byte aligned.
TEST(HalfOutputs, ChunksSplitsAndUnalignedOutput) {
  const Family s{Engine::philox4x64_10, 1};
  const std::size_t n = (std::size_t{1} << 21) * 2 + 13;
  const std::vector<std::uint16_t> want = expected(s, Distribution::normal, {0.0, 1.0}, ValueType::bf16, 5, n);
  Generator one = make(s);
  one.offset(5);
  EXPECT_EQ(halves(one, Distribution::normal, {0.0, 1.0}, ValueType::bf16, n), want);

  Generator parts = make(s);
  parts.offset(5);
  std::vector<std::uint16_t> split;
  for (std::size_t len : {std::size_t{1}, std::size_t{2}, std::size_t{4095}, n - 4098}) {
    const std::vector<std::uint16_t> piece = halves(parts, Distribution::normal, {0.0, 1.0}, ValueType::bf16, len);
    split.insert(split.end(), piece.begin(), piece.end());
  }
  EXPECT_EQ(split, want);

  Generator odd = make(s);
  odd.offset(5);
  const std::size_t m = 1001;
  std::vector<unsigned char> bytes(2 * m + 1);
  const double params[2] = {0.0, 1.0};
  odd.generate(Distribution::normal, ValueType::bf16, params, 2, bytes.data() + 1, m);
  std::vector<std::uint16_t> got(m);
  std::memcpy(got.data(), bytes.data() + 1, 2 * m);
  EXPECT_EQ(got, std::vector<std::uint16_t>(want.begin(), want.begin() + m));
}

TEST(HalfOutputs, OnlyUniformAndNormalOfferThem) {
  for (const gpurng::DistributionInfo& d : gpurng::distributions()) {
    const bool has = (d.value_types >> static_cast<int>(ValueType::f16) & 1u) != 0;
    const bool has_bf = (d.value_types >> static_cast<int>(ValueType::bf16) & 1u) != 0;
    const bool expected = d.distribution == Distribution::uniform || d.distribution == Distribution::normal;
    EXPECT_EQ(has, expected) << d.name;
    EXPECT_EQ(has_bf, expected) << d.name;
  }
}

TEST(HalfOutputs, BadInputsAreRefusedAndLeaveTheOffset) {
  Generator g(Engine::philox4x32_10, Backend::cpu);
  g.offset(100);
  std::vector<std::uint16_t> out(16);
  const double ln[2] = {0.0, 1.0};
  const auto status_of = [&](auto&& call) {
    try {
      call();
    } catch (const Error& e) {
      return std::make_pair(e.status(), std::string(e.what()));
    }
    return std::make_pair(Status::success, std::string());
  };
  auto r = status_of([&] { g.generate(Distribution::lognormal, ValueType::f16, ln, 2, out.data(), out.size()); });
  EXPECT_EQ(r.first, Status::invalid_argument);
  EXPECT_NE(r.second.find("lognormal: not offered in float16 values"), std::string::npos) << r.second;
  r = status_of([&] { g.generate(Distribution::bits, ValueType::bf16, nullptr, 0, out.data(), out.size()); });
  EXPECT_EQ(r.first, Status::invalid_argument);
  EXPECT_NE(r.second.find("not offered in bfloat16 values"), std::string::npos) << r.second;
  r = status_of([&] { g.generate(Distribution::uniform, static_cast<ValueType>(8), nullptr, 0, out.data(), 1); });
  EXPECT_EQ(r.first, Status::invalid_argument);
  EXPECT_NE(r.second.find("valid: 0 (uint32) .. 7 (bfloat16)"), std::string::npos) << r.second;
  const double bad[2] = {0.0, -1.0};
  r = status_of([&] { g.generate(Distribution::normal, ValueType::f16, bad, 2, out.data(), out.size()); });
  EXPECT_EQ(r.first, Status::invalid_argument);
  EXPECT_NE(r.second.find("stddev"), std::string::npos) << r.second;
  r = status_of([&] { g.generate(Distribution::uniform, ValueType::f16, nullptr, 0, nullptr, 3); });
  EXPECT_EQ(r.first, Status::invalid_argument);
  EXPECT_NE(r.second.find("out: null pointer"), std::string::npos) << r.second;
  EXPECT_EQ(g.offset(), 100u);

  // Past the end of the addressable sequence: refused before anything is written.
  g.offset(~std::uint64_t{0} - 5);
  std::fill(out.begin(), out.end(), 0x1234);
  r = status_of([&] { g.generate(Distribution::uniform, ValueType::f16, nullptr, 0, out.data(), out.size()); });
  EXPECT_EQ(r.first, Status::invalid_argument);
  EXPECT_NE(r.second.find("pass the end of the addressable"), std::string::npos) << r.second;
  EXPECT_EQ(out, std::vector<std::uint16_t>(16, 0x1234));
  EXPECT_EQ(g.offset(), ~std::uint64_t{0} - 5);

  // Several devices: only generate; a CPU build has no device list to set, so the per-device call
  // is refused for its missing list first (test_multi_device covers split half calls).
  void* outs[1] = {out.data()};
  r = status_of([&] { g.generate_per_device(Distribution::uniform, ValueType::f16, nullptr, 0, outs, 1); });
  EXPECT_NE(r.first, Status::success);
}

TEST(HalfOutputs, CApi) {
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_PHILOX4X32_10, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  std::vector<std::uint16_t> got(1000);
  const double params[2] = {0.25, 3.0};
  ASSERT_EQ(gpurng_generate(g, GPURNG_DIST_NORMAL, GPURNG_VALUE_F16, params, 2, got.data(), got.size()),
            GPURNG_STATUS_SUCCESS);
  Generator ref(Engine::philox4x32_10, Backend::cpu);
  std::vector<std::uint16_t> want(1000);
  ref.generate(Distribution::normal, ValueType::f16, params, 2, want.data(), want.size());
  EXPECT_EQ(got, want);
  EXPECT_EQ(gpurng_generate(g, GPURNG_DIST_EXPONENTIAL, GPURNG_VALUE_BF16, params, 1, got.data(), got.size()),
            GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("not offered in bfloat16"), std::string::npos) << gpurng_last_error();
  EXPECT_EQ(gpurng_generate(g, GPURNG_DIST_UNIFORM, static_cast<gpurng_value_type_t>(9), nullptr, 0, got.data(), 1),
            GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_destroy(g), GPURNG_STATUS_SUCCESS);
}

// The device API (gpurng/device/distributions.hpp, compiled for the host here): uniform_half and
// normal_half draws after init(seed, stream, offset) are the host's f16 and bf16 values.
TEST(HalfOutputs, DeviceApiDrawsAreTheHostValues) {
  using gpurng::device::Mrg32k3a;
  const double params[2] = {-1.0, 0.5};
  for (ValueType t : {ValueType::f16, ValueType::bf16}) {
    Generator g(Engine::mrg32k3a, Backend::cpu);
    g.seed(77);
    g.select_stream(0, 5);
    g.offset(1000);
    std::vector<std::uint16_t> uni(300), nor(300);
    g.generate(Distribution::uniform, t, nullptr, 0, uni.data(), uni.size());
    g.offset(1000);
    g.generate(Distribution::normal, t, params, 2, nor.data(), nor.size());
    Mrg32k3a a, b;
    a.init(77, 5, 1000);
    b.init(77, 5, 1000);
    for (std::size_t i = 0; i < uni.size(); i += 2) {
      std::uint16_t u[2], v[2];
      if (t == ValueType::f16) {
        const auto us = gpurng::device::uniform_half<Mrg32k3a>();
        const auto ns = gpurng::device::normal_half<Mrg32k3a>(-1.0, 0.5);
        gpurng::device::draw(a, us, &u[0]);
        gpurng::device::draw(a, us, &u[1]);
        gpurng::device::draw(b, ns, v);
      } else {
        const auto us = gpurng::device::uniform_half<Mrg32k3a, cd::HalfFormat::bfloat16>();
        const auto ns = gpurng::device::normal_half<Mrg32k3a, cd::HalfFormat::bfloat16>(-1.0, 0.5);
        gpurng::device::draw(a, us, &u[0]);
        gpurng::device::draw(a, us, &u[1]);
        gpurng::device::draw(b, ns, v);
      }
      ASSERT_EQ(u[0], uni[i]) << i;
      ASSERT_EQ(u[1], uni[i + 1]) << i;
      ASSERT_EQ(v[0], nor[i]) << i;
      ASSERT_EQ(v[1], nor[i + 1]) << i;
    }
  }
  EXPECT_THROW(gpurng::device::normal_half<Mrg32k3a>(0.0, -1.0), std::invalid_argument);
}
