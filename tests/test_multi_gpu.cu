// Many GPUs, one sequence (issue 26), on real devices: a generator's device (cuda_device) whatever
// device the caller has made current, moving between devices, and calls spread over two or more
// devices (devices({0, 1})) bit-identical to one device and to the CPU, for every engine and
// distribution, into one host buffer and into one buffer per device. Tests that need a device skip
// without one; those that need two skip on a machine with one, saying so. The same layer on a CPU
// build, with CPU generators standing in for devices: test_multi_device.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "dist_kinds.hpp"
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
using gpurng::test::dist_kinds;
using gpurng::test::DistKind;
using gpurng::test::value_bytes;

namespace {

constexpr std::uint64_t kSeed = 4242;

int device_count() { return static_cast<int>(gpurng::cuda_devices().size()); }

DistKind kind(const std::string& name) {
  for (const DistKind& k : dist_kinds()) {
    if (k.name == name) return k;
  }
  ADD_FAILURE() << "no kind " << name << " in dist_kinds.hpp";
  return dist_kinds()[0];
}

#define REQUIRE_TWO_DEVICES()                                                                                    \
  if (device_count() < 2)                                                                                        \
  GTEST_SKIP() << "this machine has " << device_count() << " CUDA device(s); the multi-device test needs two"

bool served(Engine e, const DistKind& k) { return !gpurng::test::is_sobol(e) || !gpurng::test::uses_pairs(k.dist); }

std::vector<unsigned char> generate_host(Generator& g, const DistKind& k, std::uint64_t offset, std::size_t n) {
  g.offset(offset);
  std::vector<unsigned char> out(n * value_bytes(k.type), 0x5a);
  gpurng::test::generate_kind(g, k, out.data(), n);
  return out;
}

// The engines with state kept on the device between calls, and the others, each with a seed.
const Engine kStatefulEngines[] = {Engine::mt19937, Engine::mt19937_64, Engine::mtgp11213, Engine::mtgp64_23209,
                                   Engine::dcmt521, Engine::sobol32, Engine::xorwow, Engine::mrg32k3a};

int current_device() {
  int d = -1;
  EXPECT_EQ(cudaGetDevice(&d), cudaSuccess);
  return d;
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

TEST(CudaDevice, DefaultIsTheDeviceCurrentAtTheFirstCall) {
  REQUIRE_DEVICE();
  const int last = device_count() - 1;
  CUDA_OK(cudaSetDevice(last));
  Generator g(Engine::mrg32k3a, Backend::cuda);
  EXPECT_EQ(g.cuda_device(), -1) << "chosen before it was needed";
  float x[4];
  g.generate_uniform(x, 4);
  EXPECT_EQ(g.cuda_device(), last);
  CUDA_OK(cudaSetDevice(0));
  g.generate_uniform(x, 4);  // stays on its device
  EXPECT_EQ(g.cuda_device(), last);
  EXPECT_EQ(current_device(), 0) << "the caller's current device was not restored";
}

TEST(CudaDevice, AnIndexOutOfRangeIsRefusedNamingTheRange) {
  REQUIRE_DEVICE();
  Generator g(Engine::philox4x32_10, Backend::cuda);
  const std::string range = "[0, " + std::to_string(device_count() - 1) + "]";
  expect_error([&] { g.cuda_device(device_count()); }, Status::invalid_argument,
               "cuda_device: device " + std::to_string(device_count()) + " is out of range " + range);
  expect_error([&] { g.cuda_device(-1); }, Status::invalid_argument, "out of range " + range);
  expect_error([&] { g.devices({0, device_count()}); }, Status::invalid_argument, "devices: device");
  expect_error([&] { g.devices({0, 0}); }, Status::invalid_argument, "devices: device 0 is listed twice");
  EXPECT_TRUE(g.devices().empty());
}

// A generator on the last device, called while the caller has device 0 current: its workspaces live
// on its device, the values are the CPU's, and the caller's device is left as it was.
TEST(CudaDevice, RunsOnItsDeviceWhateverDeviceIsCurrent) {
  REQUIRE_TWO_DEVICES();
  const int mine = device_count() - 1;
  const DistKind k = kind("normal_d");
  for (Engine e : kStatefulEngines) {
    const std::string name = gpurng::engine_info(e).name;
    Generator cpu(e, Backend::cpu);
    cpu.seed(kSeed);
    std::vector<unsigned char> want = generate_host(cpu, k, 0, 3000);
    CUDA_OK(cudaSetDevice(0));
    {
      Generator g(e, Backend::cuda);
      g.seed(kSeed);
      g.cuda_device(mine);
      // Device memory of its device, then host memory; two calls each, so kept state is used.
      CUDA_OK(cudaSetDevice(mine));
      unsigned char* d = nullptr;
      CUDA_OK(cudaMalloc(&d, 2000 * 8));
      CUDA_OK(cudaSetDevice(0));
      g.generate(k.dist, k.type, k.params.data(), k.params.size(), d, 1000);
      g.generate(k.dist, k.type, k.params.data(), k.params.size(), d + 1000 * 8, 1000);
      std::vector<unsigned char> got(3000 * 8);
      CUDA_OK(cudaMemcpy(got.data(), d, 2000 * 8, cudaMemcpyDeviceToHost));
      g.generate(k.dist, k.type, k.params.data(), k.params.size(), got.data() + 2000 * 8, 1000);
      EXPECT_EQ(got, want) << name;
      EXPECT_EQ(current_device(), 0) << name << ": the caller's device changed";
      // Memory of another device is refused, naming both.
      unsigned char* other = nullptr;
      CUDA_OK(cudaMalloc(&other, 64));
      expect_error([&] { g.generate(k.dist, k.type, k.params.data(), k.params.size(), other, 8); },
                   Status::invalid_argument, "out: device memory of CUDA device 0, but the generator runs on device " +
                                                 std::to_string(mine));
      CUDA_OK(cudaFree(other));
      CUDA_OK(cudaSetDevice(mine));
      CUDA_OK(cudaFree(d));
      CUDA_OK(cudaSetDevice(0));
    }  // destroyed with device 0 current: its workspaces are freed on its own device
    EXPECT_EQ(cudaGetLastError(), cudaSuccess) << name;
    EXPECT_EQ(current_device(), 0);
  }
}

TEST(CudaDevice, MovingToAnotherDeviceKeepsTheSequence) {
  REQUIRE_TWO_DEVICES();
  const DistKind k = kind("uniform_f");
  for (Engine e : kStatefulEngines) {
    Generator cpu(e, Backend::cpu);
    cpu.seed(kSeed);
    const std::vector<unsigned char> want = generate_host(cpu, k, 0, 3000);
    Generator g(e, Backend::cuda);
    g.seed(kSeed);
    g.cuda_device(0);
    std::vector<unsigned char> got(3000 * 4);
    gpurng::test::generate_kind(g, k, got.data(), 1000);
    g.cuda_device(1);
    gpurng::test::generate_kind(g, k, got.data() + 4000, 1000);
    g.cuda_device(0);
    gpurng::test::generate_kind(g, k, got.data() + 8000, 1000);
    EXPECT_EQ(got, want) << gpurng::engine_info(e).name;
    EXPECT_EQ(g.offset(), 3000u);
  }
}

std::vector<int> all_devices() {
  std::vector<int> d;
  for (int i = 0; i < device_count(); ++i) d.push_back(i);
  return d;
}

struct Variant {
  Engine e;
  std::uint32_t dims;
};

std::vector<Variant> variants() {
  std::vector<Variant> out;
  for (const auto& e : gpurng::engines()) out.push_back({e.engine, 1});
  out.push_back({Engine::sobol32, 3});
  out.push_back({Engine::sobol64, 5});
  return out;
}

Generator make(const Variant& v, Backend b) {
  Generator g(v.e, b);
  g.seed(kSeed);
  if (v.dims > 1) g.dimensions(v.dims);
  return g;
}

std::string name_of(const Variant& v) {
  return std::string(gpurng::engine_info(v.e).name) + (v.dims > 1 ? " dims " + std::to_string(v.dims) : "");
}

// Split over `devices`, n points at offset == one device == the CPU; the offset then moves by n.
void expect_split_equal(const Variant& v, const std::vector<int>& devices, const std::vector<DistKind>& kinds,
                        const std::vector<std::uint64_t>& sizes, bool near_end) {
  Generator cpu = make(v, Backend::cpu);
  Generator one = make(v, Backend::cuda);
  Generator many = make(v, Backend::cuda);
  many.devices(devices);
  // The end of the addressable sequence: 2^64 - 1 but for sobol32 (2^32 points); remaining()
  // saturates with D > 1, so it is found by asking for the last offset.
  std::uint64_t end = ~std::uint64_t{0};
  try {
    cpu.offset(end);
  } catch (const Error&) {
    end = cpu.remaining() / v.dims;
  }
  for (const DistKind& k : kinds) {
    if (!served(v.e, k)) continue;
    for (std::uint64_t points : sizes) {
      std::vector<std::uint64_t> offsets = {0, 1000003};
      if (near_end) offsets.push_back(end - points);
      for (std::uint64_t offset : offsets) {
        const std::size_t n = static_cast<std::size_t>(points * v.dims);
        const std::vector<unsigned char> want = generate_host(cpu, k, offset, n);
        ASSERT_EQ(generate_host(one, k, offset, n), want) << name_of(v) << " " << k.name << " one device";
        ASSERT_EQ(generate_host(many, k, offset, n), want)
            << name_of(v) << " " << k.name << " n=" << n << " offset " << offset << " over " << devices.size()
            << " devices: " << gpurng::test::first_difference(generate_host(many, k, offset, n), want, value_bytes(k.type));
        ASSERT_EQ(many.offset(), offset + points) << name_of(v);
      }
    }
  }
  std::vector<float> none;
  many.generate_uniform(none.data(), 0);  // n = 0: nothing, anywhere
}

// Every engine (and Sobol' with dimensions) x every distribution on devices {0, 1}: sizes below the
// device count, odd and larger, offsets near the end of the addressable range.
TEST(MultiGpu, SplitCallsEqualOneDeviceAndTheCpu) {
  REQUIRE_TWO_DEVICES();
  for (const Variant& v : variants()) {
    expect_split_equal(v, {0, 1}, dist_kinds(), {1, 1001, 65537}, false);
    expect_split_equal(v, {0, 1}, dist_kinds(), {3}, true);
  }
}

// The devices in another order, and every device of the machine.
TEST(MultiGpu, AnyOrderAndEveryDevice) {
  REQUIRE_TWO_DEVICES();
  for (const Variant& v : variants()) {
    expect_split_equal(v, {1, 0}, {kind("uniform_f"), kind("normal_d"), kind("binomial_large")}, {3, 4099}, true);
    expect_split_equal(v, all_devices(), {kind("uniform_f"), kind("gamma_d")}, {3, 4099}, true);
  }
}

TEST(MultiGpu, LargeCallsOnEveryEngine) {
  REQUIRE_TWO_DEVICES();
  const std::size_t n = (std::size_t{1} << 24) + 3;
  const DistKind k = kind("uniform_f");
  for (const auto& e : gpurng::engines()) {
    Generator cpu(e.engine, Backend::cpu);
    Generator many(e.engine, Backend::cuda);
    cpu.seed(kSeed);
    many.seed(kSeed);
    many.devices(all_devices());
    // Two calls in a row: the second continues the first on every device.
    for (int call = 0; call < 2; ++call) {
      std::vector<unsigned char> want(n * 4), got(n * 4);
      cpu.generate_uniform(reinterpret_cast<float*>(want.data()), n);
      many.generate_uniform(reinterpret_cast<float*>(got.data()), n);
      ASSERT_EQ(got, want) << e.name << " call " << call << ": " << gpurng::test::first_difference(got, want, 4);
    }
  }
}

// One buffer per device: part k of the call, in device k's memory.
TEST(MultiGpu, OneBufferPerDevice) {
  REQUIRE_TWO_DEVICES();
  const std::vector<int> devices = all_devices();
  const std::size_t parts = devices.size();
  for (Engine e : kStatefulEngines) {
    for (const DistKind& k : {kind("uniform_d"), kind("normal_d"), kind("poisson_small")}) {
      if (!served(e, k)) continue;
      Generator cpu(e, Backend::cpu);
      Generator many(e, Backend::cuda);
      cpu.seed(kSeed);
      many.seed(kSeed);
      many.devices(devices);
      for (std::uint64_t n : {1ull, 1000001ull}) {
        const std::uint64_t base = many.offset();
        std::vector<void*> outs(parts, nullptr);
        for (std::size_t p = 0; p < parts; ++p) {
          const std::uint64_t count = block_part(n, parts, p).count;
          if (count == 0) continue;
          CUDA_OK(cudaSetDevice(devices[p]));
          CUDA_OK(cudaMalloc(&outs[p], count * value_bytes(k.type)));
        }
        CUDA_OK(cudaSetDevice(0));
        many.generate_per_device(k.dist, k.type, k.params.data(), k.params.size(), outs.data(), n);
        EXPECT_EQ(many.offset(), base + n);
        for (std::size_t p = 0; p < parts; ++p) {
          const gpurng::BlockPart part = block_part(n, parts, p);
          if (part.count == 0) continue;
          std::vector<unsigned char> got(part.count * value_bytes(k.type));
          CUDA_OK(cudaMemcpy(got.data(), outs[p], got.size(), cudaMemcpyDeviceToHost));
          EXPECT_EQ(got, generate_host(cpu, k, base + part.first, part.count))
              << gpurng::engine_info(e).name << " " << k.name << " part " << p;
          CUDA_OK(cudaSetDevice(devices[p]));
          CUDA_OK(cudaFree(outs[p]));
        }
        CUDA_OK(cudaSetDevice(0));
      }
    }
  }
}

TEST(MultiGpu, BuffersOnTheWrongDeviceAreRefused) {
  REQUIRE_TWO_DEVICES();
  Generator g(Engine::philox4x32_10, Backend::cuda);
  g.devices({0, 1});
  CUDA_OK(cudaSetDevice(0));
  float* on0 = nullptr;
  CUDA_OK(cudaMalloc(&on0, 64 * sizeof(float)));
  void* outs[2] = {on0, on0};
  expect_error([&] { g.generate_per_device(Distribution::uniform, ValueType::f32, nullptr, 0, outs, 64); },
               Status::invalid_argument, "outs[1]: device memory of CUDA device 0, but part 1 runs on device 1");
  // One device buffer for a call over several devices: refused, saying what to give instead.
  expect_error([&] { g.generate_uniform(on0, 64); }, Status::invalid_argument, "generate_per_device");
  EXPECT_EQ(g.offset(), 0u);
  CUDA_OK(cudaFree(on0));
  // An empty list: one device again.
  g.devices({});
  EXPECT_TRUE(g.devices().empty());
  float x[8];
  g.generate_uniform(x, 8);
}

}  // namespace
