// Sobol' on the CUDA backend: CPU == GPU bit for bit for every distribution, both widths and every
// scramble, over many (points, dimensions, offset) including D = 1, D = 21201 and point counts
// that are not powers of two; grid shapes; unaligned starts; host, pinned and managed memory (the
// dimension-major layout through the chunked host path); one call or many; CUDA graph capture.
// Without a device every test skips and says why.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/gpurng.hpp"
#include "value_kinds.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::Scramble;
using gpurng::test::first_difference;
using gpurng::test::Kind;

namespace {

std::vector<Kind> kinds(Engine e) {
  const bool is32 = e == Engine::sobol32;
  return {
      {"bits", is32 ? 4u : 8u,
       [is32](Generator& g, void* p, std::size_t n) {
         if (is32) g.generate_bits(static_cast<std::uint32_t*>(p), n);
         else g.generate_bits(static_cast<std::uint64_t*>(p), n);
       }},
      {"uniform_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<float*>(p), n); }},
      {"uniform_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<double*>(p), n); }},
      {"normal_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<float*>(p), n, 0.5f, 2.0f); }},
      {"normal_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<double*>(p), n); }},
      {"exponential_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<float*>(p), n, 3.0f); }},
      {"exponential_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<double*>(p), n); }},
      {"lognormal_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<float*>(p), n); }},
      {"lognormal_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<double*>(p), n, 0.1, 0.3); }},
  };
}

struct Config {
  Engine engine;
  std::uint32_t dims;
  Scramble scramble;
  std::uint64_t seed;
  std::uint64_t offset;  // in points
};

Generator make(const Config& s, Backend b) {
  Generator g(s.engine, b);
  g.seed(s.seed);
  g.dimensions(s.dims);
  g.scramble(s.scramble);
  g.offset(s.offset);
  return g;
}

std::vector<unsigned char> on_cpu(const Kind& k, const Config& s, std::size_t points) {
  Generator g = make(s, Backend::cpu);
  std::vector<unsigned char> out(points * s.dims * k.size);
  k.gen(g, out.data(), points * s.dims);
  return out;
}

// On the GPU into device memory, `misalign` values into the buffer; copied back.
std::vector<unsigned char> on_gpu(const Kind& k, const Config& s, std::size_t points, unsigned blocks = 0,
                                  std::size_t misalign = 0) {
  Generator g = make(s, Backend::cuda);
  g.cuda_blocks(blocks);
  const std::size_t n = points * s.dims;
  std::vector<unsigned char> out = gpurng::test::generate_on_device(g, k, n, misalign);
  EXPECT_EQ(g.offset(), s.offset + points);
  return out;
}

std::string describe(const Config& s, std::size_t points) {
  return std::string(s.engine == Engine::sobol32 ? "sobol32" : "sobol64") + " dims=" + std::to_string(s.dims) +
         " scramble=" + std::to_string(static_cast<int>(s.scramble)) + " offset=" + std::to_string(s.offset) +
         " points=" + std::to_string(points);
}

}  // namespace

TEST(CudaSobol, LargeMatrixCpuEqualsGpuForEveryDistributionShapeAndScramble) {
  REQUIRE_DEVICE();
  struct Shape {
    std::uint32_t dims;
    std::size_t points;
  };
  const Shape shapes[] = {{1, 1},    {1, 2},    {1, 3},     {1, 31},   {1, 33},   {1, 127},  {1, 129},
                          {1, 1000}, {1, 4097}, {1, 100003}, {1, (1u << 20) + 3}, {2, 5}, {3, 1000}, {5, 4097},
                          {7, 33},   {128, 1025}, {1000, 37}, {1000, 260}, {21201, 1}, {21201, 3}, {21201, 16}};
  const std::uint64_t offsets[] = {0, 1, 2, 31, 1000001};
  for (Engine e : {Engine::sobol32, Engine::sobol64}) {
    for (Scramble sc : {Scramble::none, Scramble::digital_shift, Scramble::owen}) {
      for (const Kind& k : kinds(e)) {
        for (const Shape& sh : shapes) {
          for (std::uint64_t off : offsets) {
            if (sh.dims * sh.points > 200000 && off != 1) continue;  // the large shapes once
            const Config s{e, sh.dims, sc, 2024, off};
            const auto cpu = on_cpu(k, s, sh.points);
            const auto gpu = on_gpu(k, s, sh.points);
            ASSERT_EQ(cpu, gpu) << k.name << " " << describe(s, sh.points) << ": " << first_difference(cpu, gpu, k.size);
          }
        }
      }
    }
  }
}

// A smaller matrix, quick enough for compute-sanitizer.
TEST(CudaSobol, CpuEqualsGpuOnSmallShapes) {
  REQUIRE_DEVICE();
  const std::pair<std::uint32_t, std::size_t> shapes[] = {{1, 1}, {1, 33}, {3, 1000}, {7, 33}, {1000, 3}, {21201, 1}};
  for (Engine e : {Engine::sobol32, Engine::sobol64}) {
    for (Scramble sc : {Scramble::none, Scramble::digital_shift, Scramble::owen}) {
      for (const Kind& k : kinds(e)) {
        for (const auto& [dims, points] : shapes) {
          for (std::uint64_t off : {0ull, 5ull}) {
            const Config s{e, dims, sc, 11, off};
            const auto cpu = on_cpu(k, s, points);
            const auto gpu = on_gpu(k, s, points);
            ASSERT_EQ(cpu, gpu) << k.name << " " << describe(s, points) << ": " << first_difference(cpu, gpu, k.size);
          }
        }
      }
    }
  }
}

TEST(CudaSobol, FarOffsetsAndTheEndOfTheSequence) {
  REQUIRE_DEVICE();
  for (Scramble sc : {Scramble::none, Scramble::owen}) {
    for (const Kind& k : kinds(Engine::sobol32)) {
      const Config end32{Engine::sobol32, 3, sc, 5, (1ull << 32) - 4099};
      EXPECT_EQ(on_gpu(k, end32, 4099), on_cpu(k, end32, 4099)) << k.name << " " << describe(end32, 4099);
    }
    for (const Kind& k : kinds(Engine::sobol64)) {
      for (std::uint64_t off : {(1ull << 32) - 100, (1ull << 40) + 7, ~0ull - 1 - 5000}) {
        const Config s{Engine::sobol64, 2, sc, 5, off};
        EXPECT_EQ(on_gpu(k, s, 5000), on_cpu(k, s, 5000)) << k.name << " " << describe(s, 5000);
      }
    }
  }
}

TEST(CudaSobol, GridShapeAndAlignmentNeverChangeValues) {
  REQUIRE_DEVICE();
  for (Engine e : {Engine::sobol32, Engine::sobol64}) {
    for (const Kind& k : kinds(e)) {
      const Config s{e, 7, Scramble::owen, 9, 12345};
      const std::size_t points = 77777;
      const auto reference = on_cpu(k, s, points);
      for (unsigned blocks : {1u, 2u, 3u, 7u, 64u, 1000u, 100000u, 0u}) {
        const auto gpu = on_gpu(k, s, points, blocks);
        ASSERT_EQ(gpu, reference) << k.name << " blocks=" << blocks << ": " << first_difference(gpu, reference, k.size);
      }
      for (std::size_t misalign : {1u, 2u, 3u, 17u}) {
        const auto gpu = on_gpu(k, s, points, 0, misalign);
        ASSERT_EQ(gpu, reference) << k.name << " misalign=" << misalign << ": " << first_difference(gpu, reference, k.size);
      }
    }
  }
}

TEST(CudaSobol, HostPinnedAndManagedMemoryKeepTheLayout) {
  REQUIRE_DEVICE();
  for (Engine e : {Engine::sobol32, Engine::sobol64}) {
    const Kind k = kinds(e)[3];  // normal float
    const Config s{e, 13, Scramble::digital_shift, 4, 99};
    const std::size_t points = 10007, n = points * 13;
    const auto want = on_cpu(k, s, points);
    {
      Generator g = make(s, Backend::cuda);
      std::vector<unsigned char> host(n * k.size);
      k.gen(g, host.data(), n);
      EXPECT_EQ(host, want) << "pageable host memory";
      EXPECT_EQ(g.offset(), s.offset + points);
    }
    {
      Generator g = make(s, Backend::cuda);
      unsigned char* pinned = nullptr;
      CUDA_OK(cudaMallocHost(&pinned, n * k.size));
      k.gen(g, pinned, n);
      EXPECT_EQ(std::vector<unsigned char>(pinned, pinned + n * k.size), want) << "pinned host memory";
      cudaFreeHost(pinned);
    }
    {
      Generator g = make(s, Backend::cuda);
      unsigned char* managed = nullptr;
      CUDA_OK(cudaMallocManaged(&managed, n * k.size));
      k.gen(g, managed, n);
      CUDA_OK(cudaDeviceSynchronize());
      EXPECT_EQ(std::vector<unsigned char>(managed, managed + n * k.size), want) << "managed memory";
      cudaFree(managed);
    }
  }
}

TEST(CudaSobol, LargeHostOutputCrossesScratchChunksAndDimensions) {
  // More than the 256 MiB device scratch buffer of host output: the chunks end inside dimensions.
  REQUIRE_DEVICE();
  const Kind k = kinds(Engine::sobol32)[1];  // uniform float
  const Config s{Engine::sobol32, 7, Scramble::owen, 3, 1};
  const std::size_t points = 10000003;  // 7 * 10000003 floats = 280 MB
  Generator g = make(s, Backend::cuda);
  std::vector<unsigned char> host(points * 7 * k.size);
  k.gen(g, host.data(), points * 7);
  const auto want = on_cpu(k, s, points);
  EXPECT_TRUE(host == want) << first_difference(host, want, k.size);
}

TEST(CudaSobol, OneCallOrManyGiveTheSamePoints) {
  REQUIRE_DEVICE();
  std::mt19937_64 rng(4);
  for (Engine e : {Engine::sobol32, Engine::sobol64}) {
    const Kind k = kinds(e)[2];  // uniform double
    const std::uint32_t dims = 3;
    const std::size_t total_points = 60001;
    Generator g(e, Backend::cuda);
    g.dimensions(dims);
    g.scramble(Scramble::owen);
    std::vector<unsigned char> got(total_points * dims * k.size);
    unsigned char* d = nullptr;
    CUDA_OK(cudaMalloc(&d, got.size()));
    std::size_t done = 0;
    std::vector<std::pair<std::size_t, std::size_t>> blocks;  // (first point, points)
    while (done < total_points) {
      const std::size_t p = std::min<std::size_t>(total_points - done, 1 + rng() % 9000);
      k.gen(g, d + done * dims * k.size, p * dims);
      blocks.emplace_back(done, p);
      done += p;
    }
    CUDA_OK(cudaMemcpy(got.data(), d, got.size(), cudaMemcpyDeviceToHost));
    cudaFree(d);
    // Each call is its own dimension-major block of consecutive points.
    const auto whole = on_cpu(k, Config{e, dims, Scramble::owen, 0, 0}, total_points);
    for (const auto& [first, p] : blocks) {
      for (std::uint32_t dim = 0; dim < dims; ++dim) {
        ASSERT_EQ(std::memcmp(&got[(first * dims + dim * p) * k.size], &whole[(dim * total_points + first) * k.size], p * k.size), 0)
            << "block at point " << first << " dim " << dim;
      }
    }
  }
}

TEST(CudaSobol, CapturedInACudaGraph) {
  REQUIRE_DEVICE();
  const Kind k = kinds(Engine::sobol32)[3];
  const Config s{Engine::sobol32, 4, Scramble::owen, 8, 0};
  const std::size_t points = 5000, n = points * 4;
  Generator g = make(s, Backend::cuda);
  cudaStream_t stream;
  CUDA_OK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  g.cuda_stream(stream);
  unsigned char* d = nullptr;
  CUDA_OK(cudaMalloc(&d, n * k.size));
  k.gen(g, d, n);  // a first call outside capture (occupancy queries and module loading)
  g.offset(0);
  cudaGraph_t graph;
  CUDA_OK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  k.gen(g, d, n);
  CUDA_OK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec;
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  CUDA_OK(cudaMemset(d, 0, n * k.size));
  CUDA_OK(cudaGraphLaunch(exec, stream));
  CUDA_OK(cudaStreamSynchronize(stream));
  std::vector<unsigned char> got(n * k.size);
  CUDA_OK(cudaMemcpy(got.data(), d, got.size(), cudaMemcpyDeviceToHost));
  EXPECT_EQ(got, on_cpu(k, s, points));
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaFree(d);
  cudaStreamDestroy(stream);
}
