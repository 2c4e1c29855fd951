// The device headers compiled by NVRTC at run time, on a device (issues 22 and 25): the kernels of
// device_api_kernels.cuh are compiled here twice, by nvcc into this binary and by NVRTC to PTX loaded
// with cudaLibraryLoadData, and run side by side. The NVRTC kernels' values must equal the compiled-in
// kernels' bit for bit (every slot, cuRAND's normals included), and the CPU backend's (gpurng::Generator
// on Backend::cpu; for curand_compat, its bits and uniforms run on the host). Without a device every
// test skips and says why; test_nvrtc_device_headers checks the compilation alone.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "device_api_kernels.cuh"
#include "gpurng/core/engines/dcmt_sets.hpp"
#include "gpurng/gpurng.hpp"
#include "nvrtc_support.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
using gpurng_test_kernels::Slot;
namespace k = gpurng_test_kernels;
namespace dcmt = gpurng::core::dcmt;

namespace {

// The NVRTC-compiled library, built once for the whole binary (compiling takes seconds).
class NvrtcLibrary {
 public:
  static NvrtcLibrary& get() {
    static NvrtcLibrary lib;
    return lib;
  }
  const std::string& error() const { return error_; }
  // The kernel `name` of the PTX, as cudaLaunchKernel takes it (a cudaKernel_t cast to a pointer).
  const void* kernel(const char* name) {
    cudaKernel_t kern = nullptr;
    if (library_ == nullptr || cudaLibraryGetKernel(&kern, library_, name) != cudaSuccess) return nullptr;
    return reinterpret_cast<const void*>(kern);
  }

 private:
  NvrtcLibrary() {
    const auto r = gpurng::test::nvrtc_compile(gpurng::test::read_text_file(gpurng::test::nvrtc_test_kernels()),
                                               "device_api_kernels.cu", gpurng::test::nvrtc_options("compute_90"));
    if (!r.ok) {
      error_ = "NVRTC " + gpurng::test::nvrtc_version() + " failed:\n" + r.log;
      return;
    }
    const cudaError_t e = cudaLibraryLoadData(&library_, r.ptx.c_str(), nullptr, nullptr, 0, nullptr, nullptr, 0);
    if (e != cudaSuccess) error_ = std::string("cudaLibraryLoadData: ") + cudaGetErrorString(e);
  }
  cudaLibrary_t library_ = nullptr;
  std::string error_;
};

template <class T>
struct DeviceBuffer {
  T* p = nullptr;
  explicit DeviceBuffer(std::size_t n) { EXPECT_EQ(cudaMalloc(&p, n * sizeof(T) + 1), cudaSuccess); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { cudaFree(p); }
};

// Runs `func` with `args` into a fresh buffer of n slots and returns them.
template <class... Args>
std::vector<Slot> run(const void* func, unsigned grid, unsigned block, std::size_t shared, std::size_t n, Args... args) {
  DeviceBuffer<Slot> out(n);
  EXPECT_EQ(cudaMemset(out.p, 0xff, n * sizeof(Slot)), cudaSuccess);
  Slot* p = out.p;
  void* argv[] = {&args..., &p};
  EXPECT_EQ(cudaLaunchKernel(func, dim3(grid), dim3(block), argv, shared, nullptr), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  std::vector<Slot> host(n);
  EXPECT_EQ(cudaMemcpy(host.data(), out.p, n * sizeof(Slot), cudaMemcpyDeviceToHost), cudaSuccess);
  return host;
}

// Both builds of one kernel: the NVRTC one must give the compiled-in one's slots; returns them.
template <class... Args>
std::vector<Slot> run_both(const char* name, const void* compiled, unsigned grid, unsigned block, std::size_t shared,
                           std::size_t n, Args... args) {
  const void* loaded = NvrtcLibrary::get().kernel(name);
  EXPECT_NE(loaded, nullptr) << name << " not found in the NVRTC library";
  if (loaded == nullptr) return {};
  const std::vector<Slot> a = run(compiled, grid, block, shared, n, args...);
  const std::vector<Slot> b = run(loaded, grid, block, shared, n, args...);
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(b[i], a[i]) << name << ": NVRTC's slot " << i << " differs from nvcc's";
    if (b[i] != a[i]) break;
  }
  return b;
}

// n values of `kind` from g on the CPU, as slots (the kernels' kinds and parameters).
std::vector<Slot> host_slots(Generator& g, int kind, std::size_t n) {
  std::vector<Slot> out(n);
  auto fill = [&](auto* v) {
    for (std::size_t i = 0; i < n; ++i) out[i] = k::slot(v[i]);
  };
  if (kind == k::kBits) {
    std::vector<std::uint32_t> v(n);
    g.generate_bits(v.data(), n);
    fill(v.data());
  } else if (kind == k::kUniformDouble || kind == k::kNormalDouble) {
    std::vector<double> v(n);
    if (kind == k::kUniformDouble) g.generate_uniform(v.data(), n);
    if (kind == k::kNormalDouble) g.generate_normal(v.data(), n);
    fill(v.data());
  } else {
    std::vector<float> v(n);
    if (kind == k::kUniform) g.generate_uniform(v.data(), n);
    if (kind == k::kExponential) g.generate_exponential(v.data(), n, 2.0f);
    if (kind == k::kNormal) g.generate_normal(v.data(), n, 1.0f, 3.0f);
    fill(v.data());
  }
  return out;
}

// Slots t*count .. of thread t = values offset .. offset+count-1 of stream t: out[(offset + j) * S + t]
// of the host's interleaved output with S = threads streams.
std::vector<Slot> host_streams(Engine e, Slot seed, Slot offset, int kind, int count, int threads) {
  Generator g(e, Backend::cpu);
  g.seed(seed);
  g.streams(threads);
  g.offset(offset * threads);
  const std::vector<Slot> all = host_slots(g, kind, std::size_t(count) * threads);
  std::vector<Slot> out(all.size());
  for (int t = 0; t < threads; ++t) {
    for (int j = 0; j < count; ++j) out[std::size_t(t) * count + j] = all[std::size_t(j) * threads + t];
  }
  return out;
}

void expect_equal(const std::vector<Slot>& device, const std::vector<Slot>& cpu, const std::string& what) {
  ASSERT_EQ(device.size(), cpu.size()) << what;
  for (std::size_t i = 0; i < cpu.size(); ++i) ASSERT_EQ(device[i], cpu[i]) << what << ": slot " << i << " differs from the CPU's";
}

#define REQUIRE_NVRTC_LIBRARY()                                                                              \
  REQUIRE_DEVICE();                                                                                          \
  ASSERT_EQ(NvrtcLibrary::get().error(), "")

constexpr int kAllKinds[] = {k::kBits, k::kUniform, k::kUniformDouble, k::kExponential, k::kNormal, k::kNormalDouble};
constexpr int kThreads = 64;
constexpr int kCount = 8;

// An offset is tried with every kind when even; an odd one only with the kinds that do not pair values.
bool pairs_values(int kind) { return kind == k::kNormal || kind == k::kNormalDouble; }

}  // namespace

TEST(CudaNvrtc, Mrg32k3aEqualsTheCpuBackend) {
  REQUIRE_NVRTC_LIBRARY();
  for (Slot offset : {Slot{0}, Slot{5}, Slot{1} << 40}) {
    for (int kind : kAllKinds) {
      if (offset % 2 != 0 && pairs_values(kind)) continue;
      const auto got = run_both("gpurng_test_mrg32k3a", reinterpret_cast<const void*>(gpurng_test_mrg32k3a), 1, kThreads,
                                0, std::size_t(kThreads) * kCount, Slot{77}, offset, kind, kCount, kThreads);
      std::vector<Slot> cpu;
      for (int t = 0; t < kThreads; ++t) {
        Generator g(Engine::mrg32k3a, Backend::cpu);
        g.seed(77);
        g.select_stream(0, t);
        g.offset(offset);
        const auto v = host_slots(g, kind, kCount);
        cpu.insert(cpu.end(), v.begin(), v.end());
      }
      expect_equal(got, cpu, "mrg32k3a offset " + std::to_string(offset) + " kind " + std::to_string(kind));
    }
  }
}

TEST(CudaNvrtc, PerThreadEnginesEqualTheCpuBackend) {
  REQUIRE_NVRTC_LIBRARY();
  struct Case {
    const char* kernel;
    const void* compiled;
    Engine engine;
  };
  const Case cases[] = {{"gpurng_test_mwc", reinterpret_cast<const void*>(gpurng_test_mwc), Engine::mwc},
                        {"gpurng_test_xorshift256", reinterpret_cast<const void*>(gpurng_test_xorshift256), Engine::xorshift256},
                        {"gpurng_test_kiss", reinterpret_cast<const void*>(gpurng_test_kiss), Engine::kiss}};
  for (const Case& c : cases) {
    for (Slot offset : {Slot{0}, Slot{5}, Slot{1000}}) {
      for (int kind : kAllKinds) {
        if (offset % 2 != 0 && pairs_values(kind)) continue;
        const auto got = run_both(c.kernel, c.compiled, 1, kThreads, 0, std::size_t(kThreads) * kCount, Slot{31}, offset,
                                  kind, kCount, kThreads);
        expect_equal(got, host_streams(c.engine, 31, offset, kind, kCount, kThreads),
                     std::string(c.kernel) + " offset " + std::to_string(offset) + " kind " + std::to_string(kind));
      }
    }
  }
}

TEST(CudaNvrtc, Kiss99EqualsTheCpuBackend) {
  REQUIRE_NVRTC_LIBRARY();
  for (Slot offset : {Slot{0}, Slot{77}, Slot{1} << 40}) {
    for (int kind : {k::kBits, k::kUniform, k::kUniformDouble}) {
      const auto got = run_both("gpurng_test_kiss99", reinterpret_cast<const void*>(gpurng_test_kiss99), 1, kThreads, 0,
                                std::size_t(kThreads) * kCount, Slot{9}, offset, kind, kCount, kThreads);
      Generator g(Engine::kiss99, Backend::cpu);
      g.seed(9);
      g.offset(offset);
      expect_equal(got, host_slots(g, kind, std::size_t(kThreads) * kCount), "kiss99 kind " + std::to_string(kind));
    }
  }
}

template <class S>
void check_dcmt(Engine engine, const char* one, const void* one_compiled, const char* blocks, const void* blocks_compiled,
                const char* warp, const void* warp_compiled) {
  using Family = dcmt::DefaultFamily<S>;
  DeviceBuffer<dcmt::Set> sets(Family::count);
  ASSERT_EQ(cudaMemcpy(sets.p, Family::sets, Family::count * sizeof(dcmt::Set), cudaMemcpyHostToDevice), cudaSuccess);
  const dcmt::Set* d_sets = sets.p;
  const Slot num_sets = Family::count, seed = 1234;
  const int streams = 45;  // not a whole number of warps
  const unsigned grid = (streams + 31) / 32;
  for (Slot offset : {Slot{0}, Slot{6}, Slot{S::N + 3}}) {
    for (int kind : kAllKinds) {
      if (offset % 2 != 0 && pairs_values(kind)) continue;
      const auto got = run_both(one, one_compiled, grid, 32, 0, std::size_t(streams) * kCount, d_sets, num_sets, seed,
                                offset, kind, kCount, streams);
      expect_equal(got, host_streams(engine, seed, offset, kind, kCount, streams),
                   std::string(one) + " offset " + std::to_string(offset) + " kind " + std::to_string(kind));
    }
  }
  // Whole blocks, one thread per stream, and one warp per stream.
  const int nblocks = 2;
  const auto by_blocks = run_both(blocks, blocks_compiled, grid, 32, 0, std::size_t(streams) * nblocks * S::N, d_sets,
                                  num_sets, seed, nblocks, streams);
  expect_equal(by_blocks, host_streams(engine, seed, 0, k::kBits, nblocks * S::N, streams), blocks);
  using W = gpurng::device::DcmtWarp<S>;
  const int warp_streams = 3, steps = 5, block = 64;
  const auto by_warps = run_both(warp, warp_compiled, 2, block, (block / 32) * W::kRing * sizeof(std::uint32_t),
                                 std::size_t(warp_streams) * steps * W::kWidth, d_sets, num_sets, seed, steps,
                                 warp_streams);
  expect_equal(by_warps, host_streams(engine, seed, 0, k::kBits, steps * W::kWidth, warp_streams), warp);
}

TEST(CudaNvrtc, Dcmt521EqualsTheCpuBackend) {
  REQUIRE_NVRTC_LIBRARY();
  check_dcmt<dcmt::Mt521>(Engine::dcmt521, "gpurng_test_dcmt521", reinterpret_cast<const void*>(gpurng_test_dcmt521),
                          "gpurng_test_dcmt521_blocks", reinterpret_cast<const void*>(gpurng_test_dcmt521_blocks),
                          "gpurng_test_dcmt521_warp", reinterpret_cast<const void*>(gpurng_test_dcmt521_warp));
}

TEST(CudaNvrtc, Dcmt2203EqualsTheCpuBackend) {
  REQUIRE_NVRTC_LIBRARY();
  check_dcmt<dcmt::Mt2203>(Engine::dcmt2203, "gpurng_test_dcmt2203", reinterpret_cast<const void*>(gpurng_test_dcmt2203),
                           "gpurng_test_dcmt2203_blocks", reinterpret_cast<const void*>(gpurng_test_dcmt2203_blocks),
                           "gpurng_test_dcmt2203_warp", reinterpret_cast<const void*>(gpurng_test_dcmt2203_warp));
}

// curand_compat: every slot equal to the nvcc build (normals too: the same CUDA math under NVRTC), and
// the bits and uniforms equal to the same script run on the CPU.
template <class State>
void check_curand(const char* name, const void* compiled) {
  for (Slot offset : {Slot{0}, Slot{3}, Slot{1} << 33}) {
    const auto got = run_both(name, compiled, 1, kThreads, 0, std::size_t(kThreads) * k::kCurandSlots, Slot{1234567},
                              offset, kThreads);
    ASSERT_EQ(got.size(), std::size_t(kThreads) * k::kCurandSlots);
    for (int t = 0; t < kThreads; ++t) {
      Slot host[k::kCurandSlots];
      ASSERT_EQ(k::curand_script<State>(1234567, t, offset, host), k::kCurandSlots);
      for (int i = 0; i < k::kCurandExactSlots; ++i) {
        ASSERT_EQ(got[std::size_t(t) * k::kCurandSlots + i], host[i]) << name << " thread " << t << " slot " << i;
      }
    }
  }
}

TEST(CudaNvrtc, CurandCompatEqualsTheCompiledInApi) {
  REQUIRE_NVRTC_LIBRARY();
  using namespace gpurng::curand_compat;
  check_curand<curandStateXORWOW_t>("gpurng_test_curand_xorwow", reinterpret_cast<const void*>(gpurng_test_curand_xorwow));
  check_curand<curandStatePhilox4_32_10_t>("gpurng_test_curand_philox",
                                           reinterpret_cast<const void*>(gpurng_test_curand_philox));
  check_curand<curandStateMRG32k3a_t>("gpurng_test_curand_mrg32k3a",
                                      reinterpret_cast<const void*>(gpurng_test_curand_mrg32k3a));
}
