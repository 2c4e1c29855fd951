// CUDA backend: CPU == GPU bit for bit for every distribution over many sizes, offsets, grid
// shapes and memory kinds; stream ordering and CUDA graph capture; the device API in a kernel.
// Without a device every test skips and says why.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/gpurng.hpp"
#include "value_kinds.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::test::all_kinds;
using gpurng::test::Kind;
using gpurng::test::first_difference;

namespace {

std::vector<unsigned char> on_cpu(const Kind& k, std::uint64_t seed, std::uint64_t offset, std::size_t n) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  g.seed(seed);
  g.offset(offset);
  std::vector<unsigned char> out(n * k.size);
  k.gen(g, out.data(), n);
  return out;
}

// Generates on the GPU into device memory (at a byte offset `misalign` values into the buffer)
// and copies back.
std::vector<unsigned char> on_gpu(const Kind& k, std::uint64_t seed, std::uint64_t offset, std::size_t n,
                                  unsigned blocks = 0, std::size_t misalign = 0) {
  Generator g(Engine::mrg32k3a, Backend::cuda);
  g.seed(seed);
  g.offset(offset);
  g.cuda_blocks(blocks);
  std::vector<unsigned char> out = gpurng::test::generate_on_device(g, k, n, misalign);
  EXPECT_EQ(g.offset(), offset + n);
  return out;
}

}  // namespace

TEST(CudaBackend, LargeSweepCpuEqualsGpuForEveryDistributionSizeAndOffset) {
  REQUIRE_DEVICE();
  const std::size_t sizes[] = {1, 2, 3, 31, 32, 33, 63, 64, 65, 1000, 4097, 100003, (1u << 20) + 3};
  const std::uint64_t offsets[] = {0, 1, 2, 31, 33, 1000001, (1ull << 40) + 7, ~0ull - (1u << 21)};
  for (const Kind& k : all_kinds()) {
    for (std::size_t n : sizes) {
      for (std::uint64_t off : offsets) {
        const auto cpu = on_cpu(k, 2024, off, n);
        const auto gpu = on_gpu(k, 2024, off, n);
        ASSERT_EQ(cpu, gpu) << k.name << " n=" << n << " offset=" << off << ": " << first_difference(cpu, gpu, k.size);
      }
    }
  }
}

TEST(CudaBackend, GridShapeNeverChangesValues) {
  REQUIRE_DEVICE();
  for (const Kind& k : all_kinds()) {
    const std::size_t n = 777777;
    const auto reference = on_cpu(k, 5, 12345, n);
    for (unsigned blocks : {1u, 2u, 3u, 7u, 64u, 1000u, 100000u, 0u}) {
      const auto gpu = on_gpu(k, 5, 12345, n, blocks);
      ASSERT_EQ(gpu, reference) << k.name << " blocks=" << blocks << ": " << first_difference(gpu, reference, k.size);
    }
  }
}

TEST(CudaBackend, UnalignedOutputPointers) {
  REQUIRE_DEVICE();
  for (const Kind& k : all_kinds()) {
    const auto reference = on_cpu(k, 6, 3, 5000);
    for (std::size_t misalign : {1u, 3u, 17u}) {
      EXPECT_EQ(on_gpu(k, 6, 3, 5000, 0, misalign), reference) << k.name << " misalign=" << misalign;
    }
  }
}

TEST(CudaBackend, LargeRunMatchesCpu) {
  REQUIRE_DEVICE();
  const Kind k = all_kinds()[3];  // normal float
  const std::size_t n = std::size_t{1} << 26;
  EXPECT_EQ(on_gpu(k, 99, 1, n), on_cpu(k, 99, 1, n));
}

TEST(CudaBackend, OneCallOrManyOnTheGpu) {
  REQUIRE_DEVICE();
  std::mt19937_64 rng(4);
  for (const Kind& k : all_kinds()) {
    const std::size_t total = 200001;
    Generator g(Engine::mrg32k3a, Backend::cuda);
    g.seed(8);
    unsigned char* d = nullptr;
    CUDA_OK(cudaMalloc(&d, total * k.size));
    for (std::size_t done = 0; done < total;) {
      const std::size_t n = std::min<std::size_t>(total - done, 1 + rng() % 50000);
      k.gen(g, d + done * k.size, n);
      done += n;
    }
    std::vector<unsigned char> got(total * k.size);
    CUDA_OK(cudaMemcpy(got.data(), d, got.size(), cudaMemcpyDeviceToHost));
    cudaFree(d);
    EXPECT_EQ(got, on_cpu(k, 8, 0, total)) << k.name;
  }
}

TEST(CudaBackend, HostPinnedAndManagedOutput) {
  REQUIRE_DEVICE();
  for (const Kind& k : all_kinds()) {
    const std::size_t n = 300007;
    const auto reference = on_cpu(k, 10, 77, n);
    Generator g(Engine::mrg32k3a, Backend::cuda);
    g.seed(10);
    g.offset(77);
    std::vector<unsigned char> host(n * k.size);
    k.gen(g, host.data(), n);  // pageable host memory: staged through the device
    EXPECT_EQ(host, reference) << k.name << " pageable";

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

TEST(CudaBackend, StreamOrderedAndCapturableInAGraph) {
  REQUIRE_DEVICE();
  const std::size_t n = 1 << 20;
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  float* d = nullptr;
  CUDA_OK(cudaMalloc(&d, n * sizeof(float)));
  Generator g(Engine::mrg32k3a, Backend::cuda);
  g.seed(3);
  g.offset(500);
  g.cuda_stream(s);

  cudaGraph_t graph;
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  g.generate_normal(d, n, 0.0f, 1.0f);  // captured, not run
  CUDA_OK(cudaStreamEndCapture(s, &graph));
  EXPECT_EQ(g.offset(), 500u + n);
  cudaGraphExec_t exec;
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  CUDA_OK(cudaMemset(d, 0xff, n * sizeof(float)));
  CUDA_OK(cudaGraphLaunch(exec, s));
  CUDA_OK(cudaStreamSynchronize(s));
  std::vector<float> got(n);
  CUDA_OK(cudaMemcpy(got.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  Generator c(Engine::mrg32k3a, Backend::cpu);
  c.seed(3);
  c.offset(500);
  std::vector<float> want(n);
  c.generate_normal(want.data(), n, 0.0f, 1.0f);
  EXPECT_EQ(0, std::memcmp(got.data(), want.data(), n * sizeof(float)));
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaFree(d);
  cudaStreamDestroy(s);
}

namespace {

__global__ void device_api_kernel(std::uint64_t seed, std::uint64_t offset, int per_thread, std::uint32_t* bits,
                                  float* normals) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  gpurng::device::Mrg32k3a rng;
  rng.init(seed, t, offset);
  for (int i = 0; i < per_thread; ++i) bits[t * per_thread + i] = rng.bits();
  for (int i = 0; i < per_thread; i += 2) {
    const gpurng::device::Float2 p = rng.normal2();
    normals[t * per_thread + i] = p.x;
    normals[t * per_thread + i + 1] = p.y;
  }
}

}  // namespace

TEST(CudaDeviceApi, KernelMatchesTheHostApi) {
  REQUIRE_DEVICE();
  const int threads = 256, per = 8;
  std::uint32_t* db = nullptr;
  float* dn = nullptr;
  CUDA_OK(cudaMalloc(&db, threads * per * sizeof(std::uint32_t)));
  CUDA_OK(cudaMalloc(&dn, threads * per * sizeof(float)));
  device_api_kernel<<<4, 64>>>(42, 10, per, db, dn);
  CUDA_OK(cudaGetLastError());
  std::vector<std::uint32_t> bits(threads * per);
  std::vector<float> normals(threads * per);
  CUDA_OK(cudaMemcpy(bits.data(), db, bits.size() * 4, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(normals.data(), dn, normals.size() * 4, cudaMemcpyDeviceToHost));
  for (int t = 0; t < threads; ++t) {
    Generator g(Engine::mrg32k3a, Backend::cpu);
    g.seed(42);
    g.select_stream(0, static_cast<std::uint64_t>(t));
    g.offset(10);
    std::uint32_t b[per];
    float nrm[per];
    g.generate_bits(b, per);
    g.generate_normal(nrm, per);
    ASSERT_EQ(0, std::memcmp(b, &bits[t * per], sizeof b)) << "thread " << t;
    ASSERT_EQ(0, std::memcmp(nrm, &normals[t * per], sizeof nrm)) << "thread " << t;
  }
  cudaFree(db);
  cudaFree(dn);
}

// ----- the engines of issue 22 (src/engines/seekable_engines.cpp): CPU == GPU ----------------------

namespace {

const Engine kSeekableEngines[] = {Engine::philox4x32_10,   Engine::philox4x64_10, Engine::threefry4x64_20,
                                   Engine::threefry2x32_20, Engine::pcg64,         Engine::pcg64dxsm,
                                   Engine::xorwow};

// Every (distribution, precision), with 64-bit bits for the 64-bit engines.
std::vector<Kind> kinds_of(Engine e) {
  std::vector<Kind> k = all_kinds();
  if (gpurng::engine_info(e).bits_width == 64) {
    k[0] = {"bits64", 8, [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint64_t*>(p), n); }};
  }
  return k;
}

void position(Generator& g, std::uint64_t seed, std::uint64_t stream, std::uint64_t offset) {
  g.seed(seed);
  g.select_stream(stream);
  g.offset(offset);
}

std::vector<unsigned char> engine_on_cpu(Engine e, const Kind& k, std::uint64_t stream, std::uint64_t offset,
                                         std::size_t n) {
  Generator g(e, Backend::cpu);
  position(g, 2024, stream, offset);
  std::vector<unsigned char> out(n * k.size);
  k.gen(g, out.data(), n);
  return out;
}

std::vector<unsigned char> engine_on_gpu(Engine e, const Kind& k, std::uint64_t stream, std::uint64_t offset,
                                         std::size_t n, unsigned blocks = 0, std::size_t misalign = 0) {
  Generator g(e, Backend::cuda);
  position(g, 2024, stream, offset);
  g.cuda_blocks(blocks);
  std::vector<unsigned char> out = gpurng::test::generate_on_device(g, k, n, misalign);
  EXPECT_EQ(g.offset(), offset + n);
  return out;
}

}  // namespace

TEST(CudaBackend, SeekableEnginesLargeSweepCpuEqualsGpuForEveryDistributionSizeOffsetAndStream) {
  REQUIRE_DEVICE();
  const std::size_t sizes[] = {1, 2, 3, 5, 31, 32, 33, 1000, 4097, 100003, (1u << 20) + 3};
  const std::uint64_t offsets[] = {0, 1, 2, 3, 33, 1000001, (1ull << 40) + 7, ~0ull - (1u << 21)};
  const std::uint64_t streams[] = {0, 1, 0xfffffffeu};
  for (Engine e : kSeekableEngines) {
    for (const Kind& k : kinds_of(e)) {
      for (std::uint64_t stream : streams) {
        for (std::size_t n : sizes) {
          for (std::uint64_t off : offsets) {
            const auto cpu = engine_on_cpu(e, k, stream, off, n);
            const auto gpu = engine_on_gpu(e, k, stream, off, n);
            ASSERT_EQ(cpu, gpu) << gpurng::engine_info(e).name << " " << k.name << " stream=" << stream << " n=" << n
                                << " offset=" << off << ": " << first_difference(cpu, gpu, k.size);
          }
        }
      }
    }
  }
}

TEST(CudaBackend, SeekableEnginesGridShapeAndAlignmentNeverChangeValues) {
  REQUIRE_DEVICE();
  for (Engine e : kSeekableEngines) {
    for (const Kind& k : kinds_of(e)) {
      const std::size_t n = 777777;
      const auto reference = engine_on_cpu(e, k, 4, 12345, n);
      for (unsigned blocks : {1u, 3u, 64u, 100000u, 0u}) {
        const auto gpu = engine_on_gpu(e, k, 4, 12345, n, blocks);
        ASSERT_EQ(gpu, reference) << gpurng::engine_info(e).name << " " << k.name << " blocks=" << blocks << ": "
                                  << first_difference(gpu, reference, k.size);
      }
      for (std::size_t misalign : {1u, 3u}) {
        EXPECT_EQ(engine_on_gpu(e, k, 4, 12345, 5000, 0, misalign), engine_on_cpu(e, k, 4, 12345, 5000))
            << gpurng::engine_info(e).name << " " << k.name << " misalign=" << misalign;
      }
    }
  }
}

// Small enough for compute-sanitizer (memcheck, synccheck: XORWOW's warp skip shuffles over whole
// warps; the counter kernel's vector stores and edge blocks): both kernels' edges, aligned and not.
TEST(CudaBackend, SeekableEnginesSanitizerSized) {
  REQUIRE_DEVICE();
  for (Engine e : kSeekableEngines) {
    for (const Kind& k : kinds_of(e)) {
      for (std::size_t n : {std::size_t{37}, std::size_t{5000}}) {
        for (std::uint64_t off : {std::uint64_t{0}, std::uint64_t{3}}) {
          const auto reference = engine_on_cpu(e, k, 1, off, n);
          for (unsigned blocks : {0u, 2u}) {
            for (std::size_t misalign : {0u, 1u}) {
              ASSERT_EQ(engine_on_gpu(e, k, 1, off, n, blocks, misalign), reference)
                  << gpurng::engine_info(e).name << " " << k.name << " n=" << n << " offset=" << off
                  << " blocks=" << blocks << " misalign=" << misalign;
            }
          }
        }
      }
    }
  }
}

TEST(CudaBackend, SeekableEnginesHostMemoryAndLargeRuns) {
  REQUIRE_DEVICE();
  for (Engine e : kSeekableEngines) {
    for (const Kind& k : kinds_of(e)) {
      const std::size_t n = (std::size_t{1} << 22) + 11;  // more than one device chunk for some kinds
      Generator g(e, Backend::cuda);
      position(g, 2024, 6, 99);
      std::vector<unsigned char> host(n * k.size);
      k.gen(g, host.data(), n);
      EXPECT_EQ(g.offset(), 99 + n);
      EXPECT_EQ(host, engine_on_cpu(e, k, 6, 99, n)) << gpurng::engine_info(e).name << " " << k.name;
    }
  }
}

// One generator through many calls, as a program makes them: back to back (small calls and the row
// kernel, whose threads skip from each call's start), the offset moved back and far ahead, another
// stream, another seed, host output between device calls, a forced grid: the CPU's values.
TEST(CudaBackend, SeekableEnginesManyCallsOnOneGenerator) {
  REQUIRE_DEVICE();
  struct Step {
    std::uint64_t seed, stream, offset;  // offset ~0: continue where the last call ended
    std::size_t n;
    unsigned blocks;
    bool host;
  };
  constexpr std::uint64_t kGoOn = ~std::uint64_t{0};
  const Step steps[] = {{7, 0, 0, 1000, 0, false},         {7, 0, kGoOn, 37, 0, false},
                        {7, 0, kGoOn, 100003, 0, false},   {7, 0, kGoOn, 1, 0, true},
                        {7, 0, 5, 4097, 0, false},         {7, 0, (1ull << 40) + 7, 5000, 0, false},
                        {7, 0, kGoOn, 3, 0, false},        {7, 3, 12345, 777, 0, false},
                        {7, 3, kGoOn, 5000, 2, false},     {9, 3, 12345, 777, 0, false},
                        {9, 3, kGoOn, (1u << 20) + 3, 0, true}, {9, 3, 31, 64, 0, false}};
  for (Engine e : kSeekableEngines) {
    const std::vector<Kind> kinds = kinds_of(e);
    for (const Kind& k : {kinds[1], kinds[3]}) {  // uniform and normal floats (pairs: the position's parity)
      Generator gpu(e, Backend::cuda), cpu(e, Backend::cpu);
      for (const Step& st : steps) {
        for (Generator* g : {&gpu, &cpu}) {
          if (st.offset != kGoOn) position(*g, st.seed, st.stream, st.offset);
        }
        gpu.cuda_blocks(st.blocks);
        std::vector<unsigned char> want(st.n * k.size), got(st.n * k.size);
        k.gen(cpu, want.data(), st.n);
        if (st.host) {
          k.gen(gpu, got.data(), st.n);
        } else {
          got = gpurng::test::generate_on_device(gpu, k, st.n, 0);
        }
        ASSERT_EQ(got, want) << gpurng::engine_info(e).name << " seed " << st.seed << " stream " << st.stream << " n "
                             << st.n << " at offset " << cpu.offset() - st.n << ": " << first_difference(got, want, k.size);
        ASSERT_EQ(gpu.offset(), cpu.offset());
      }
    }
  }
}

TEST(CudaBackend, CpuBackendRejectsDevicePointers) {
  REQUIRE_DEVICE();
  float* d = nullptr;
  CUDA_OK(cudaMalloc(&d, 16 * sizeof(float)));
  Generator g(Engine::mrg32k3a, Backend::cpu);
  try {
    g.generate_uniform(d, 16);
    ADD_FAILURE() << "no error";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), gpurng::Status::invalid_argument);
  }
  cudaFree(d);
}
