// Several devices, one sequence (issue 26), on a CPU build: the multi-device layer (src/multi_device.*)
// driven with CPU part generators standing in for devices, which is the same code a CUDA generator
// with devices({0, 1}) runs (only the part generators' backend differs). Checks that a call split
// over P parts is bit-identical to one generator's call, for every engine (the many-stream and
// stateful ones included: mt19937, mtgp, dcmt, sobol with dimensions), several distributions and
// value types, n = 0, n < P, odd n, offsets near the end of the addressable range; that the offset
// then moves by n; one buffer per part; and every bad input. The real devices: test_multi_gpu.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "dist_kinds.hpp"
#include "distributions/distribution_checks.hpp"
#include "generator_impl.hpp"
#include "gpurng/gpurng.hpp"
#include "gpurng/partition.hpp"

using gpurng::Backend;
using gpurng::block_part;
using gpurng::Distribution;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Status;
using gpurng::ValueType;
using gpurng::detail::EngineImpl;
using gpurng::detail::GeneratorImpl;
using gpurng::test::DistKind;

namespace {

constexpr std::uint64_t kSeed = 20261;

// One engine configuration, applied alike to the public reference generator and to the front of the
// generator under test.
struct EngineSetup {
  std::string name;
  Engine engine;
  std::function<void(Generator&)> reference;
  std::function<void(EngineImpl&)> front;
};

std::vector<EngineSetup> setups() {
  std::vector<EngineSetup> out;
  for (const gpurng::EngineInfo& e : gpurng::engines()) {
    out.push_back({e.name, e.engine, [](Generator& g) { g.seed(kSeed); }, [](EngineImpl& f) { f.seed(kSeed); }});
  }
  // Dimensions make a position D values and the output dimension-major: the parts must be reassembled.
  out.push_back({"sobol32_dims3_owen", Engine::sobol32,
                 [](Generator& g) { g.seed(kSeed); g.dimensions(3); g.scramble(gpurng::Scramble::owen); },
                 [](EngineImpl& f) { f.seed(kSeed); f.set_dimensions(3); f.set_scramble(gpurng::Scramble::owen); }});
  out.push_back({"sobol64_dims5_shift", Engine::sobol64,
                 [](Generator& g) { g.seed(kSeed); g.dimensions(5); g.scramble(gpurng::Scramble::digital_shift); },
                 [](EngineImpl& f) {
                   f.seed(kSeed);
                   f.set_dimensions(5);
                   f.set_scramble(gpurng::Scramble::digital_shift);
                 }});
  // Stream counts that do not divide the parts' sizes.
  out.push_back({"mwc_streams7", Engine::mwc, [](Generator& g) { g.seed(kSeed); g.streams(7); },
                 [](EngineImpl& f) { f.seed(kSeed); f.set_streams(7); }});
  out.push_back({"dcmt521_streams5", Engine::dcmt521, [](Generator& g) { g.seed(kSeed); g.streams(5); },
                 [](EngineImpl& f) { f.seed(kSeed); f.set_streams(5); }});
  out.push_back({"mtgp11213_streams3", Engine::mtgp11213, [](Generator& g) { g.seed(kSeed); g.streams(3); },
                 [](EngineImpl& f) { f.seed(kSeed); f.set_streams(3); }});
  out.push_back({"mrg32k3a_stream2_substream3", Engine::mrg32k3a, [](Generator& g) { g.seed(kSeed); g.select_stream(2, 3); },
                 [](EngineImpl& f) { f.seed(kSeed); f.select_stream(2, 3); }});
  return out;
}

// Kinds from tests/dist_kinds.hpp that reach different samplers: one raw output per value, pairs,
// keyed extra draws, integer and real types of both widths.
std::vector<DistKind> kinds(Engine e) {
  std::vector<DistKind> out;
  const bool wide = gpurng::engine_info(e).bits_width == 64;
  out.push_back({"bits", Distribution::bits, wide ? ValueType::u64 : ValueType::u32, {}, 0});
  for (const DistKind& k : gpurng::test::dist_kinds()) {
    for (const char* name : {"uniform_f", "normal_d", "uniform_f16", "normal_bf16", "exponential_d", "uniform_int_u64",
                             "poisson_large", "gamma_small_f", "beta_f", "truncated_normal_tail_d", "cauchy_f"}) {
      if (k.name == name) out.push_back(k);
    }
  }
  return out;
}

gpurng::detail::Request request(const DistKind& k) {
  return gpurng::detail::dists::make_request(k.dist, k.type, k.params.data(), k.params.size());
}

// The generator under test: the setup on a CPU front, split over `parts` stand-in devices.
std::unique_ptr<GeneratorImpl> split_generator(const EngineSetup& s, std::size_t parts) {
  auto g = std::make_unique<GeneratorImpl>(s.engine, Backend::cpu);
  g->configure(s.front);
  std::vector<int> devices;
  for (std::size_t k = 0; k < parts; ++k) devices.push_back(static_cast<int>(k));
  g->set_devices(devices);
  return g;
}

// One generator's call: the reference.
std::vector<unsigned char> reference(const EngineSetup& s, const DistKind& k, std::uint64_t offset, std::size_t n) {
  Generator g(s.engine, Backend::cpu);
  s.reference(g);
  g.offset(offset);
  std::vector<unsigned char> out(n * gpurng::test::value_bytes(k.type));
  g.generate(k.dist, k.type, k.params.data(), k.params.size(), out.data(), n);
  return out;
}

bool refused(Engine e, const DistKind& k) { return gpurng::test::is_sobol(e) && gpurng::test::uses_pairs(k.dist); }

class MultiDevice : public ::testing::TestWithParam<EngineSetup> {};

// The offset `positions` positions before the end of the addressable sequence: 2^64 - 1 for every
// engine but sobol32, whose points end at 2^32 (remaining() saturates with D > 1, so it cannot say).
std::uint64_t near_end(const EngineSetup& s, std::uint64_t positions) {
  Generator g(s.engine, Backend::cpu);
  s.reference(g);
  std::uint64_t end = ~std::uint64_t{0};
  try {
    g.offset(end);
  } catch (const Error&) {
    end = g.remaining() / g.dimensions();
  }
  return end - positions;
}

TEST_P(MultiDevice, SplitCallEqualsOneGeneratorAndMovesTheOffsetByN) {
  const EngineSetup& s = GetParam();
  const std::uint32_t d = [&] {
    Generator g(s.engine, Backend::cpu);
    s.reference(g);
    return g.dimensions();
  }();
  for (const DistKind& k : kinds(s.engine)) {
    for (std::uint64_t positions : {1ull, 2ull, 7ull, 1001ull}) {
      const std::size_t n = static_cast<std::size_t>(positions * d);
      for (std::uint64_t base : {std::uint64_t{0}, std::uint64_t{12345}}) {
        const std::string where = s.name + " " + k.name + " n=" + std::to_string(n) + " offset=" + std::to_string(base);
        if (refused(s.engine, k)) {
          auto g = split_generator(s, 2);
          std::vector<unsigned char> out(n * gpurng::test::value_bytes(k.type));
          g->engine_->set_offset(base);
          try {
            g->generate(request(k), out.data(), n);
            FAIL() << where << ": Sobol' accepted a pair distribution";
          } catch (const Error& e) {
            EXPECT_EQ(e.status(), Status::unsupported) << where;
          }
          EXPECT_EQ(g->engine_->offset(), base) << where << ": a refused call moved the offset";
          continue;
        }
        const std::vector<unsigned char> want = reference(s, k, base, n);
        for (std::size_t parts : {2u, 3u}) {
          auto g = split_generator(s, parts);
          g->engine_->set_offset(base);
          std::vector<unsigned char> got(want.size(), 0xa5);
          g->generate(request(k), got.data(), n);
          ASSERT_EQ(got, want) << where << " parts=" << parts;
          ASSERT_EQ(g->engine_->offset(), base + positions) << where << " parts=" << parts;
        }
      }
    }
  }
}

TEST_P(MultiDevice, NearTheEndOfTheAddressableRange) {
  const EngineSetup& s = GetParam();
  Generator probe(s.engine, Backend::cpu);
  s.reference(probe);
  const std::uint32_t d = probe.dimensions();
  const std::uint64_t positions = 7;
  const std::uint64_t base = near_end(s, positions);
  for (const DistKind& k : kinds(s.engine)) {
    if (refused(s.engine, k)) continue;
    const std::size_t n = static_cast<std::size_t>(positions * d);
    const std::vector<unsigned char> want = reference(s, k, base, n);
    auto g = split_generator(s, 3);
    g->engine_->set_offset(base);
    std::vector<unsigned char> got(want.size());
    g->generate(request(k), got.data(), n);
    ASSERT_EQ(got, want) << s.name << " " << k.name << " at offset " << base;
    EXPECT_EQ(g->engine_->remaining(), 0u) << s.name << " " << k.name;
    // One value more than remains is refused before any part runs, and the offset stays.
    g->engine_->set_offset(base + 1);
    try {
      g->generate(request(k), got.data(), n);
      FAIL() << s.name << ": a call past the end was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.status(), Status::invalid_argument);
      EXPECT_NE(std::string(e.what()).find("pass the end of the addressable"), std::string::npos) << e.what();
    }
    EXPECT_EQ(g->engine_->offset(), base + 1);
  }
}

TEST_P(MultiDevice, ManyCallsContinueTheSequenceAndFollowAReseed) {
  const EngineSetup& s = GetParam();
  const DistKind k = kinds(s.engine)[1];  // uniform floats
  auto g = split_generator(s, 3);
  const std::uint32_t d = g->engine_->values_per_position();
  // Calls of 5, 1 and 12 positions: each is the reference's call at the offset the last one left.
  std::uint64_t at = 0;
  std::vector<unsigned char> got;
  for (std::size_t positions : {5u, 1u, 12u}) {
    std::vector<unsigned char> part(positions * d * 4);
    g->generate(request(k), part.data(), positions * d);
    ASSERT_EQ(part, reference(s, k, at, positions * d)) << s.name << " at " << at;
    at += positions;
    got.insert(got.end(), part.begin(), part.end());
  }
  if (d == 1) {
    EXPECT_EQ(got, reference(s, k, 0, 18)) << s.name;  // and together, one call of 18
  }
  EXPECT_EQ(g->engine_->offset(), 18u);
  // A reseed makes the part generators again: the next call follows the new seed.
  g->configure([](EngineImpl& f) { f.seed(kSeed + 1); });
  std::vector<unsigned char> after(7 * d * 4);
  g->generate(request(k), after.data(), 7 * d);
  Generator ref(s.engine, Backend::cpu);
  s.reference(ref);
  ref.seed(kSeed + 1);
  std::vector<unsigned char> want_after(after.size());
  ref.generate(k.dist, k.type, k.params.data(), k.params.size(), want_after.data(), 7 * d);
  EXPECT_EQ(after, want_after) << s.name;
}

TEST_P(MultiDevice, OneBufferPerPart) {
  const EngineSetup& s = GetParam();
  const DistKind k = kinds(s.engine)[2];  // normal doubles (Sobol': by the inverse CDF)
  auto g = split_generator(s, 3);
  const std::uint32_t d = g->engine_->values_per_position();
  for (std::uint64_t positions : {0ull, 2ull, 1001ull}) {
    const std::uint64_t base = 99;
    g->engine_->set_offset(base);
    std::vector<std::vector<double>> buffers(3);
    void* outs[3];
    for (std::size_t p = 0; p < 3; ++p) {
      buffers[p].assign(static_cast<std::size_t>(block_part(positions, 3, p).count * d) + 1, -7.0);
      outs[p] = block_part(positions, 3, p).count == 0 ? nullptr : buffers[p].data();  // null is fine for an empty part
    }
    g->generate_per_device(request(k), outs, static_cast<std::size_t>(positions * d));
    EXPECT_EQ(g->engine_->offset(), base + positions) << s.name;
    for (std::size_t p = 0; p < 3; ++p) {
      const gpurng::BlockPart part = block_part(positions, 3, p);
      if (part.count == 0) continue;
      // Buffer p is what one generator gives for the part's positions alone.
      const std::vector<unsigned char> want = reference(s, k, base + part.first, static_cast<std::size_t>(part.count * d));
      ASSERT_EQ(std::memcmp(buffers[p].data(), want.data(), want.size()), 0) << s.name << " part " << p;
      EXPECT_EQ(buffers[p].back(), -7.0) << s.name << " part " << p << " wrote past its end";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(EveryEngine, MultiDevice, ::testing::ValuesIn(setups()),
                         [](const ::testing::TestParamInfo<EngineSetup>& i) {
                           std::string n = i.param.name;
                           for (char& c : n) {
                             if (c == '-') c = '_';
                           }
                           return n;
                         });

TEST(MultiDeviceParts, AnyNumberOfPartsAndEveryCountUpToThem) {
  const EngineSetup s{"philox", Engine::philox4x32_10, [](Generator& g) { g.seed(kSeed); }, [](EngineImpl& f) { f.seed(kSeed); }};
  const DistKind k = kinds(s.engine)[2];
  for (std::size_t parts : {1u, 2u, 4u, 5u, 8u}) {
    for (std::size_t n : {1u, 3u, 4u, 5u, 9u, 4099u}) {
      auto g = split_generator(s, parts);
      g->engine_->set_offset(3);
      std::vector<unsigned char> got(n * 8);
      g->generate(request(k), got.data(), n);
      ASSERT_EQ(got, reference(s, k, 3, n)) << "parts=" << parts << " n=" << n;
    }
  }
}

TEST(MultiDeviceParts, ZeroValuesIsANoOp) {
  auto g = split_generator({"mt19937", Engine::mt19937, nullptr, [](EngineImpl& f) { f.seed(kSeed); }}, 2);
  g->engine_->set_offset(5);
  g->generate(request(kinds(Engine::mt19937)[1]), nullptr, 0);
  void* outs[2] = {nullptr, nullptr};
  g->generate_per_device(request(kinds(Engine::mt19937)[1]), outs, 0);
  EXPECT_EQ(g->engine_->offset(), 5u);
}

template <class F>
void expect_error(F&& f, Status status, const std::string& text) {
  try {
    f();
    FAIL() << "accepted; expected: " << text;
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), status) << e.what();
    EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
  }
}

TEST(MultiDeviceErrors, BadBuffersCountsAndTypesAreRefusedAndLeaveTheOffset) {
  auto g = split_generator({"mrg32k3a", Engine::mrg32k3a, nullptr, [](EngineImpl& f) { f.seed(kSeed); }}, 3);
  const DistKind uniform = kinds(Engine::mrg32k3a)[1];
  g->engine_->set_offset(11);
  std::vector<float> a(4), b(4);
  expect_error([&] { g->generate_per_device(request(uniform), nullptr, 10); }, Status::invalid_argument,
               "outs: null pointer");
  void* missing[3] = {a.data(), nullptr, b.data()};
  expect_error([&] { g->generate_per_device(request(uniform), missing, 10); }, Status::invalid_argument,
               "outs[1]: null pointer for the 3 values of part 1");
  // 64-bit bits from a 32-bit engine.
  const DistKind bits64{"bits", Distribution::bits, ValueType::u64, {}, 0};
  std::vector<std::uint64_t> w(10);
  expect_error([&] { g->generate(request(bits64), w.data(), 10); }, Status::unsupported, "32-bit integers");
  void* outs[3] = {a.data(), a.data(), b.data()};
  expect_error([&] { g->generate_per_device(request(bits64), outs, 10); }, Status::unsupported, "32-bit integers");
  expect_error([&] { g->generate(request(uniform), nullptr, 10); }, Status::invalid_argument, "out: null pointer");
  // float16 and bfloat16 are made from a float call by generate only.
  DistKind half = uniform;
  half.type = ValueType::f16;
  expect_error([&] { g->generate_per_device(request(half), outs, 10); }, Status::unsupported,
               "float16 and bfloat16 values are made only by generate");
  EXPECT_EQ(g->engine_->offset(), 11u);
}

TEST(MultiDeviceErrors, QuasiRandomCountsMustBeWholePoints) {
  auto g = split_generator({"sobol32", Engine::sobol32, nullptr, [](EngineImpl& f) { f.set_dimensions(4); }}, 2);
  std::vector<float> out(10);
  expect_error([&] { g->generate(request(kinds(Engine::sobol32)[1]), out.data(), 10); }, Status::invalid_argument,
               "count: 10 values is not a multiple of the 4 dimensions");
  EXPECT_EQ(g->engine_->offset(), 0u);
}

TEST(MultiDeviceErrors, PerDeviceCallsNeedAListOfDevices) {
  GeneratorImpl g(Engine::mrg32k3a, Backend::cpu);
  float x[4];
  void* outs[1] = {x};
  expect_error([&] { g.generate_per_device(request(kinds(Engine::mrg32k3a)[1]), outs, 4); }, Status::invalid_argument,
               "generate_per_device: the generator has no list of devices");
  Generator pub(Engine::mrg32k3a, Backend::cpu);
  expect_error([&] { pub.generate_per_device(Distribution::uniform, ValueType::f32, nullptr, 0, outs, 4); },
               Status::invalid_argument, "no list of devices");
  expect_error([&] { pub.generate_per_device(Distribution::uniform, static_cast<ValueType>(9), nullptr, 0, outs, 4); },
               Status::invalid_argument, "value type: unknown value 9");
}

// The public API: devices belong to the CUDA backend; on the CPU they are refused, not ignored.
TEST(MultiDeviceErrors, TheCpuBackendHasNoDevices) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  EXPECT_EQ(g.cuda_device(), -1);
  EXPECT_TRUE(g.devices().empty());
  EXPECT_EQ(g.dimensions(), 1u);
  expect_error([&] { g.cuda_device(0); }, Status::unsupported, "cuda_device: the generator's backend is cpu, not cuda");
  expect_error([&] { g.devices({0, 1}); }, Status::unsupported, "devices: the generator's backend is cpu, not cuda");
  expect_error([&] { g.devices({}); }, Status::unsupported, "devices: the generator's backend is cpu");
}

TEST(MultiDeviceErrors, DimensionsAreValuesPerPosition) {
  Generator g(Engine::sobol64, Backend::cpu);
  EXPECT_EQ(g.dimensions(), 1u);
  g.dimensions(6);
  EXPECT_EQ(g.dimensions(), 6u);
  Generator moved(std::move(g));
  expect_error([&] { (void)g.dimensions(); }, Status::invalid_argument, "moved from");
  expect_error([&] { (void)g.devices(); }, Status::invalid_argument, "moved from");
}

}  // namespace
