// MT19937 / MT19937-64 on the CUDA backend: the reference streams on the GPU, CPU == GPU bit for bit
// for every distribution over sizes, offsets and grid shapes that cross 624-word blocks, segments
// and jumps; steady streams of calls (the window the device keeps), stream switches, graph capture,
// reseeding, memory kinds. Without a device every test skips and says why. Tests whose names
// contain "Large" are the long sweeps (left out of the sanitizer runs).
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/gpurng.hpp"
#include "test_support.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::test::read_csv;
using gpurng::test::to_u64;
using gpurng::test::first_difference;

namespace {

struct Kind {
  const char* name;
  std::size_t size;
  std::function<void(Generator&, void*, std::size_t)> gen;
  bool icdf = false;  // normals by the inverse CDF (set after seeding, before the offset)
};

std::vector<Kind> all_kinds(Engine e) {
  std::vector<Kind> k;
  if (e == Engine::mt19937) {
    k.push_back({"bits", 4, [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint32_t*>(p), n); }});
  } else {
    k.push_back({"bits", 8, [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint64_t*>(p), n); }});
  }
  k.push_back({"uniform_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<float*>(p), n); }});
  k.push_back({"uniform_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<double*>(p), n); }});
  k.push_back({"normal_f", 4,
               [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<float*>(p), n, 0.5f, 2.0f); }});
  k.push_back({"normal_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<double*>(p), n); }});
  k.push_back({"exponential_f", 4,
               [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<float*>(p), n, 3.0f); }});
  k.push_back({"exponential_d", 8,
               [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<double*>(p), n); }});
  k.push_back({"lognormal_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<float*>(p), n); }});
  k.push_back({"lognormal_d", 8,
               [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<double*>(p), n, 0.1, 0.3); }});
  k.push_back({"normal_icdf_f", 4,
               [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<float*>(p), n, 0.5f, 2.0f); }, true});
  k.push_back({"normal_icdf_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<double*>(p), n); },
               true});
  k.push_back({"lognormal_icdf_f", 4,
               [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<float*>(p), n); }, true});
  k.push_back({"lognormal_icdf_d", 8,
               [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<double*>(p), n, 0.1, 0.3); },
               true});
  return k;
}

const Engine kEngines[] = {Engine::mt19937, Engine::mt19937_64};
const char* name_of(Engine e) { return gpurng::engine_info(e).name; }

std::vector<unsigned char> on_cpu(Engine e, const Kind& k, std::uint64_t seed, std::uint64_t offset, std::size_t n) {
  Generator g(e, Backend::cpu);
  g.seed(seed);
  if (k.icdf) g.normal_method(gpurng::NormalMethod::inverse_cdf);
  g.offset(offset);
  std::vector<unsigned char> out(n * k.size);
  k.gen(g, out.data(), n);
  return out;
}

// Generates on the GPU into device memory, `misalign` values into the buffer, and copies back.
std::vector<unsigned char> on_gpu(Engine e, const Kind& k, std::uint64_t seed, std::uint64_t offset, std::size_t n,
                                  unsigned blocks = 0, std::size_t misalign = 0) {
  Generator g(e, Backend::cuda);
  g.seed(seed);
  if (k.icdf) g.normal_method(gpurng::NormalMethod::inverse_cdf);
  g.offset(offset);
  g.cuda_blocks(blocks);
  std::vector<unsigned char> out = gpurng::test::generate_on_device(g, k, n, misalign);
  EXPECT_EQ(g.offset(), offset + n);
  return out;
}

void sweep(const std::vector<std::size_t>& sizes, const std::vector<std::uint64_t>& offsets,
           const std::vector<unsigned>& grid) {
  for (Engine e : kEngines) {
    for (const Kind& k : all_kinds(e)) {
      for (std::size_t n : sizes) {
        for (std::uint64_t off : offsets) {
          const auto cpu = on_cpu(e, k, 2024, off, n);
          for (unsigned blocks : grid) {
            const auto gpu = on_gpu(e, k, 2024, off, n, blocks);
            ASSERT_EQ(cpu, gpu) << name_of(e) << " " << k.name << " n=" << n << " offset=" << off << " blocks=" << blocks
                                << ": " << first_difference(cpu, gpu, k.size);
          }
        }
      }
    }
  }
}

}  // namespace

TEST(CudaMt19937, KnownAnswersOnTheGpu) {
  REQUIRE_DEVICE();
  {
    Generator g(Engine::mt19937, Backend::cuda);
    std::uint32_t* d = nullptr;
    CUDA_OK(cudaMalloc(&d, 10000 * sizeof(std::uint32_t)));
    g.generate_bits(d, 10000);
    std::vector<std::uint32_t> v(10000);
    CUDA_OK(cudaMemcpy(v.data(), d, v.size() * 4, cudaMemcpyDeviceToHost));
    EXPECT_EQ(v[9999], 4123659995u);
    const auto csv = read_csv("mt19937/mt19937_init_genrand_5489.csv");
    for (const auto& row : csv.rows) ASSERT_EQ(v[to_u64(row.at("n"))], to_u64(row.at("uint32")));
    g.seed_array({0x123, 0x234, 0x345, 0x456});
    g.generate_bits(d, 2000);
    CUDA_OK(cudaMemcpy(v.data(), d, 2000 * 4, cudaMemcpyDeviceToHost));
    const auto arr = read_csv("mt19937/mt19937ar_init_by_array_0x123_0x234_0x345_0x456.csv");
    for (const auto& row : arr.rows) ASSERT_EQ(v[to_u64(row.at("n"))], to_u64(row.at("uint32")));
    cudaFree(d);
  }
  {
    Generator g(Engine::mt19937_64, Backend::cuda);
    std::uint64_t* d = nullptr;
    CUDA_OK(cudaMalloc(&d, 10000 * sizeof(std::uint64_t)));
    g.generate_bits(d, 10000);
    std::vector<std::uint64_t> v(10000);
    CUDA_OK(cudaMemcpy(v.data(), d, v.size() * 8, cudaMemcpyDeviceToHost));
    EXPECT_EQ(v[9999], 9981545732273789042ull);
    const auto csv = read_csv("mt19937/mt19937_64_init_genrand64_5489.csv");
    for (const auto& row : csv.rows) ASSERT_EQ(v[to_u64(row.at("n"))], to_u64(row.at("uint64")));
    cudaFree(d);
  }
  // After a jump of 10^12 (device window from the host's jump polynomial).
  const auto kat = read_csv("mt19937_jump/mt19937_jump_kat.csv");
  for (const auto& row : kat.rows) {
    if (row.at("steps_expr") != "10^12" || row.at("seeding") != "init_genrand(5489)") continue;
    Generator g(Engine::mt19937, Backend::cuda);
    g.offset(1000000000000ull);
    std::vector<std::uint32_t> v(8);
    g.generate_bits(v.data(), 8);  // pageable host memory: staged through the device
    for (int i = 0; i < 8; ++i) EXPECT_EQ(v[i], to_u64(row.at("out_" + std::to_string(i))));
  }
}

// A few calls that run every kernel (window, jump, generation with all consumer groups, the kept
// window of a second call, ragged and unaligned groups): small enough for the sanitizers.
TEST(CudaMt19937, SanitizerSizedCallsOfEveryKernel) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    const auto kinds = all_kinds(e);
    for (const Kind& k : {kinds[0], kinds[3], kinds[2]}) {
      const std::size_t total = 9001 + 40000;
      const auto want = on_cpu(e, k, 77, 1, total);
      Generator g(e, Backend::cuda);
      g.seed(77);
      g.offset(1);
      g.cuda_blocks(3);
      unsigned char* d = nullptr;
      CUDA_OK(cudaMalloc(&d, (total + 1) * k.size));
      k.gen(g, d + k.size, 4000);                       // window kernel, 3 blocks, jumps, unaligned
      k.gen(g, d + k.size + 4000 * k.size, 5001);       // the kept window, ragged end
      g.cuda_blocks(2);
      k.gen(g, d + k.size + 9001 * k.size, 40000);      // blocks long enough for direct_kernel's unrolled loop
      std::vector<unsigned char> got(total * k.size);
      CUDA_OK(cudaMemcpy(got.data(), d + k.size, got.size(), cudaMemcpyDeviceToHost));
      cudaFree(d);
      EXPECT_EQ(got, want) << name_of(e) << " " << k.name << ": " << first_difference(got, want, k.size);
    }
  }
}

TEST(CudaMt19937, CpuEqualsGpuOneBlock) {
  REQUIRE_DEVICE();
  sweep({1, 2, 3, 5, 623, 624, 625, 1000, 4097}, {0, 1, 2, 3, 623, 625, 1000001}, {0});
}

// Several blocks: segments start after jumps by the device; sizes and offsets cross segment,
// 624-word and output-group boundaries.
TEST(CudaMt19937, CpuEqualsGpuAcrossBlocks) {
  REQUIRE_DEVICE();
  sweep({3001, 65537, 100003}, {0, 1, 625}, {2, 3, 7});
}

TEST(CudaMt19937, GridShapeNeverChangesValues) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    for (const Kind& k : all_kinds(e)) {
      const std::size_t n = 200001;
      const auto reference = on_cpu(e, k, 5, 12345, n);
      for (unsigned blocks : {1u, 2u, 5u, 64u, 1000u, 0u}) {
        const auto gpu = on_gpu(e, k, 5, 12345, n, blocks);
        ASSERT_EQ(gpu, reference) << name_of(e) << " " << k.name << " blocks=" << blocks << ": "
                                  << first_difference(gpu, reference, k.size);
      }
    }
  }
}

TEST(CudaMt19937, UnalignedOutputPointers) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    for (const Kind& k : all_kinds(e)) {
      for (std::uint64_t off : {0u, 1u}) {
        const auto reference = on_cpu(e, k, 6, off, 5000);
        for (std::size_t misalign : {1u, 2u, 3u, 17u}) {
          EXPECT_EQ(on_gpu(e, k, 6, off, 5000, 0, misalign), reference)
              << name_of(e) << " " << k.name << " misalign=" << misalign << " offset=" << off;
          EXPECT_EQ(on_gpu(e, k, 6, off, 5000, 3, misalign), reference)
              << name_of(e) << " " << k.name << " misalign=" << misalign << " offset=" << off << " 3 blocks";
        }
      }
    }
  }
}

// Many calls in a row use the window each call leaves on the device (no host work).
TEST(CudaMt19937, OneCallOrManyOnTheGpu) {
  REQUIRE_DEVICE();
  std::mt19937_64 rng(4);
  for (Engine e : kEngines) {
    for (const Kind& k : all_kinds(e)) {
      const std::size_t total = 300001;
      Generator g(e, Backend::cuda);
      g.seed(8);
      if (k.icdf) g.normal_method(gpurng::NormalMethod::inverse_cdf);
      unsigned char* d = nullptr;
      CUDA_OK(cudaMalloc(&d, total * k.size));
      for (std::size_t done = 0; done < total;) {
        const std::size_t n = std::min<std::size_t>(total - done, 1 + rng() % 90000);
        g.cuda_blocks(static_cast<unsigned>(rng() % 4));  // 0 (automatic) .. 3
        k.gen(g, d + done * k.size, n);
        done += n;
      }
      std::vector<unsigned char> got(total * k.size);
      CUDA_OK(cudaMemcpy(got.data(), d, got.size(), cudaMemcpyDeviceToHost));
      cudaFree(d);
      const auto want = on_cpu(e, k, 8, 0, total);
      EXPECT_EQ(got, want) << name_of(e) << " " << k.name << ": " << first_difference(got, want, k.size);
    }
  }
}

// Outputs of both generation kernels (direct_kernel for bits and uniforms, gen_kernel for the rest)
// continue one stream: each call starts from the window the previous call, of another kind, left.
TEST(CudaMt19937, MixedOutputsContinueOneStream) {
  REQUIRE_DEVICE();
  std::mt19937_64 rng(11);
  for (Engine e : kEngines) {
    const auto kinds = all_kinds(e);
    Generator g(e, Backend::cuda), c(e, Backend::cpu);
    g.seed(21);
    c.seed(21);
    const std::size_t most = 200000;
    unsigned char* d = nullptr;
    CUDA_OK(cudaMalloc(&d, most * 8));
    std::vector<unsigned char> got(most * 8), want(most * 8);
    for (int call = 0; call < 24; ++call) {
      const Kind& k = kinds[rng() % 5];  // bits, uniform f/d, normal f/d
      const std::size_t n = 1 + rng() % most;
      g.cuda_blocks(static_cast<unsigned>(rng() % 5));
      k.gen(g, d, n);
      k.gen(c, want.data(), n);
      CUDA_OK(cudaMemcpy(got.data(), d, n * k.size, cudaMemcpyDeviceToHost));
      ASSERT_EQ(0, std::memcmp(got.data(), want.data(), n * k.size))
          << name_of(e) << " call " << call << " " << k.name << " n " << n;
    }
    cudaFree(d);
  }
}

TEST(CudaMt19937, OffsetsSetBetweenCallsAndReseeding) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    const Kind k = all_kinds(e)[3];  // normal float
    Generator g(e, Backend::cuda);
    float* d = nullptr;
    CUDA_OK(cudaMalloc(&d, 4096 * sizeof(float)));
    std::vector<float> got(4096);
    auto check = [&](std::uint64_t seed, std::uint64_t off, std::size_t n) {
      g.generate_normal(d, n, 0.5f, 2.0f);
      ASSERT_EQ(cudaMemcpy(got.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost), cudaSuccess);
      const auto want = on_cpu(e, k, seed, off, n);
      ASSERT_EQ(0, std::memcmp(got.data(), want.data(), n * sizeof(float))) << name_of(e) << " seed=" << seed << " offset=" << off;
    };
    g.seed(1);
    check(1, 0, 1000);
    g.offset(10);  // backwards: the device window is not used
    check(1, 10, 999);
    check(1, 1009, 4096);
    g.seed(2);  // same offset as a kept window would have, but another seed
    g.offset(5105);
    check(2, 5105, 33);
    g.offset(1ull << 45);
    check(2, 1ull << 45, 4096);
    check(2, (1ull << 45) + 4096, 7);
    cudaFree(d);
  }
}

TEST(CudaMt19937, HostPinnedAndManagedOutput) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    for (const Kind& k : all_kinds(e)) {
      const std::size_t n = 300007;
      const auto reference = on_cpu(e, k, 10, 77, n);
      Generator g(e, Backend::cuda);
      g.seed(10);
      if (k.icdf) g.normal_method(gpurng::NormalMethod::inverse_cdf);
      g.offset(77);
      std::vector<unsigned char> host(n * k.size);
      k.gen(g, host.data(), n);
      EXPECT_EQ(host, reference) << name_of(e) << " " << k.name << " pageable";
      unsigned char* pinned = nullptr;
      CUDA_OK(cudaMallocHost(&pinned, n * k.size));
      g.offset(77);
      k.gen(g, pinned, n);
      EXPECT_EQ(0, std::memcmp(pinned, reference.data(), reference.size())) << k.name << " pinned";
      cudaFreeHost(pinned);
      unsigned char* managed = nullptr;
      CUDA_OK(cudaMallocManaged(&managed, n * k.size));
      g.offset(77);
      k.gen(g, managed, n);
      CUDA_OK(cudaDeviceSynchronize());
      EXPECT_EQ(0, std::memcmp(managed, reference.data(), reference.size())) << k.name << " managed";
      cudaFree(managed);
    }
  }
}

// Calls alternate between two streams without host synchronisation: the generator orders them.
// Steady streams of equal calls run the next call's jumps speculatively beside the current call
// (mt19937.cu); a call that breaks the pattern (another length, an offset, another grid, a reseed)
// must not use them, and the buffer they leave must be cleared before it is used again.
TEST(CudaMt19937, SpeculativeJumpsOnlyServeTheCallTheyWereMadeFor) {
  REQUIRE_DEVICE();
  const std::size_t big = std::size_t{1} << 16;  // 16 blocks of 4096 positions (cuda_blocks set: speculation on)
  struct Step {
    std::size_t n;
    unsigned blocks;
    long long offset;  // < 0: continue
    std::uint64_t seed;  // 0: keep
  };
  const Step steps[] = {
      {big, 16, -1, 0},         {big, 16, -1, 0},         {big, 16, -1, 0},     {big, 16, -1, 0},  // hits from the 3rd on
      {big - 5, 16, -1, 0},     {big - 5, 16, -1, 0},     {big - 5, 16, -1, 0},                    // miss, then n + b L shifts
      {big - 5, 16, 777, 0},    {big - 5, 16, -1, 0},     {big - 5, 16, -1, 0},                    // an offset breaks it
      {big - 5, 12, -1, 0},     {big - 5, 12, -1, 0},     {big - 5, 12, -1, 0},                    // another grid
      {big - 5, 12, -1, 9},     {big - 5, 12, -1, 0},     {big - 5, 12, -1, 0},                    // a reseed
      {1000, 0, -1, 0},         {big, 16, -1, 0},                                                  // one block, then many
  };
  for (Engine e : kEngines) {
    const auto kinds = all_kinds(e);
    // Bits and uniform doubles (direct_kernel, 512-thread jump CTAs beside it) and normals (gen_kernel, 128).
    for (const Kind& k : {kinds[0], kinds[2], kinds[3]}) {
      Generator g(e, Backend::cuda), c(e, Backend::cpu);
      g.seed(5);
      c.seed(5);
      unsigned char* d = nullptr;
      CUDA_OK(cudaMalloc(&d, big * k.size));
      std::vector<unsigned char> got(big * k.size), want(big * k.size);
      int i = 0;
      for (const Step& st : steps) {
        if (st.seed != 0) {
          g.seed(st.seed);
          c.seed(st.seed);
        }
        if (st.offset >= 0) {
          g.offset(static_cast<std::uint64_t>(st.offset));
          c.offset(static_cast<std::uint64_t>(st.offset));
        }
        g.cuda_blocks(st.blocks);
        k.gen(g, d, st.n);
        k.gen(c, want.data(), st.n);
        CUDA_OK(cudaMemcpy(got.data(), d, st.n * k.size, cudaMemcpyDeviceToHost));
        ASSERT_EQ(0, std::memcmp(got.data(), want.data(), st.n * k.size))
            << name_of(e) << " " << k.name << " step " << i << ": "
            << first_difference(std::vector<unsigned char>(got.begin(), got.begin() + st.n * k.size),
                                std::vector<unsigned char>(want.begin(), want.begin() + st.n * k.size), k.size);
        ++i;
      }
      cudaFree(d);
    }
  }
}

// The same at the default grid and a benchmark-like length (speculation on by default: 2^19
// positions per block): four equal calls, the last two or three served by speculative jumps.
TEST(CudaMt19937, LargeSteadyStreamWithSpeculativeJumps) {
  REQUIRE_DEVICE();
  const std::size_t n = (std::size_t{1} << 26) + 4;
  std::uint32_t* d = nullptr;
  CUDA_OK(cudaMalloc(&d, n * sizeof(std::uint32_t)));
  std::vector<std::uint32_t> got(n);
  Generator g(Engine::mt19937, Backend::cuda);
  g.seed(77);
  std::mt19937 r(77);
  for (int call = 0; call < 4; ++call) {
    g.generate_bits(d, n);
    CUDA_OK(cudaMemcpy(got.data(), d, n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], r()) << "call " << call << " value " << i;
  }
  cudaFree(d);
}

TEST(CudaMt19937, StreamSwitchesKeepTheOrder) {
  REQUIRE_DEVICE();
  cudaStream_t s1, s2;
  CUDA_OK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CUDA_OK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  const std::size_t n = 1 << 18, calls = 8;
  std::uint32_t* d = nullptr;
  CUDA_OK(cudaMalloc(&d, n * calls * sizeof(std::uint32_t)));
  Generator g(Engine::mt19937, Backend::cuda);
  g.seed(31);
  for (std::size_t c = 0; c < calls; ++c) {
    g.cuda_stream(c % 2 == 0 ? s1 : s2);
    g.generate_bits(d + c * n, n);
  }
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<std::uint32_t> got(n * calls);
  CUDA_OK(cudaMemcpy(got.data(), d, got.size() * 4, cudaMemcpyDeviceToHost));
  std::mt19937 r(31);
  for (std::size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], r()) << i;
  cudaFree(d);
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
}

TEST(CudaMt19937, StreamOrderedAndCapturableInAGraph) {
  REQUIRE_DEVICE();
  const std::size_t n = 1 << 18;
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  float* d = nullptr;
  float* e = nullptr;
  CUDA_OK(cudaMalloc(&d, n * sizeof(float)));
  CUDA_OK(cudaMalloc(&e, n * sizeof(float)));
  Generator g(Engine::mt19937, Backend::cuda);
  g.seed(3);
  g.cuda_stream(s);
  g.generate_normal(e, n, 0.0f, 1.0f);  // a direct call first: the device keeps a window at n
  g.offset(500);

  cudaGraph_t graph;
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  g.generate_normal(d, n, 0.0f, 1.0f);  // captured, not run
  CUDA_OK(cudaStreamEndCapture(s, &graph));
  EXPECT_EQ(g.offset(), 500u + n);
  cudaGraphExec_t exec;
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  Generator c(Engine::mt19937, Backend::cpu);
  c.seed(3);
  c.offset(500);
  std::vector<float> want(n), got(n);
  c.generate_normal(want.data(), n, 0.0f, 1.0f);
  for (int replay = 0; replay < 2; ++replay) {
    CUDA_OK(cudaMemset(d, 0xff, n * sizeof(float)));
    CUDA_OK(cudaGraphLaunch(exec, s));
    CUDA_OK(cudaStreamSynchronize(s));
    CUDA_OK(cudaMemcpy(got.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT_EQ(0, std::memcmp(got.data(), want.data(), n * sizeof(float))) << "replay " << replay;
    // A direct call between replays continues the generator's own sequence.
    g.generate_normal(e, n, 0.0f, 1.0f);
    CUDA_OK(cudaStreamSynchronize(s));
    std::vector<float> direct(n), ref(n);
    CUDA_OK(cudaMemcpy(direct.data(), e, n * sizeof(float), cudaMemcpyDeviceToHost));
    c.offset(500 + n * (1 + replay));
    c.generate_normal(ref.data(), n, 0.0f, 1.0f);
    EXPECT_EQ(0, std::memcmp(direct.data(), ref.data(), n * sizeof(float))) << "direct call after replay " << replay;
  }
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaFree(d);
  cudaFree(e);
  cudaStreamDestroy(s);
}

TEST(CudaMt19937, LargeRunsMatchTheCpu) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    const auto kinds = all_kinds(e);
    for (const Kind& k : {kinds[0], kinds[3], kinds[2]}) {
      const std::size_t n = (std::size_t{1} << 25) + 3;
      const auto gpu = on_gpu(e, k, 99, 1, n);
      const auto cpu = on_cpu(e, k, 99, 1, n);
      EXPECT_EQ(gpu, cpu) << name_of(e) << " " << k.name << ": " << first_difference(gpu, cpu, k.size);
    }
  }
}

TEST(CudaMt19937, LargeSweepOfSizesOffsetsAndGrids) {
  REQUIRE_DEVICE();
  sweep({1, 624, 625, 65535, 65536, 65537, (1u << 20) + 3, (1u << 22) + 5}, {0, 1, 2, 623, 1000001, (1ull << 40) + 7},
        {0, 1, 7, 250});
}
