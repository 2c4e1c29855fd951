// CUDA backend of the per-thread engines (mwc, xorshift256, kiss: the stream fill kernel; kiss99:
// the generic fill kernel): CPU == GPU bit for bit for every distribution over many sizes, offsets,
// stream counts, grid shapes and memory kinds; call splits; graph capture; the device API in
// kernels. Without a device every test skips and says why.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/device/kiss99.hpp"
#include "gpurng/device/perthread.hpp"
#include "gpurng/gpurng.hpp"
#include "value_kinds.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::test::all_kinds;  // every (distribution, precision), as test_cuda_backend
using gpurng::test::first_difference;
using gpurng::test::Kind;

namespace {

const Engine kEngines[] = {Engine::mwc, Engine::xorshift256, Engine::kiss, Engine::kiss99};
const char* name(Engine e) { return gpurng::engine_info(e).name; }

void configure(Generator& g, Engine e, std::uint64_t seed, std::uint64_t streams, std::uint64_t offset) {
  g.seed(seed);
  if (e != Engine::kiss99) g.streams(streams);
  g.offset(offset);
}

std::vector<unsigned char> on_cpu(Engine e, const Kind& k, std::uint64_t seed, std::uint64_t streams,
                                  std::uint64_t offset, std::size_t n) {
  Generator g(e, Backend::cpu);
  configure(g, e, seed, streams, offset);
  std::vector<unsigned char> out(n * k.size);
  k.gen(g, out.data(), n);
  return out;
}

std::vector<unsigned char> on_gpu(Engine e, const Kind& k, std::uint64_t seed, std::uint64_t streams,
                                  std::uint64_t offset, std::size_t n, unsigned blocks = 0, std::size_t misalign = 0) {
  Generator g(e, Backend::cuda);
  configure(g, e, seed, streams, offset);
  g.cuda_blocks(blocks);
  std::vector<unsigned char> out = gpurng::test::generate_on_device(g, k, n, misalign);
  EXPECT_EQ(g.offset(), offset + n);
  return out;
}

}  // namespace

namespace {
void sweep(const std::vector<std::size_t>& sizes, const std::vector<std::uint64_t>& offsets,
           const std::vector<std::uint64_t>& stream_counts) {
  for (Engine e : kEngines) {
    for (std::uint64_t S : stream_counts) {
      if (e == Engine::kiss99 && S != 1) continue;
      for (const Kind& k : all_kinds()) {
        for (std::size_t n : sizes) {
          for (std::uint64_t off : offsets) {
            const auto cpu = on_cpu(e, k, 2024, S, off, n);
            const auto gpu = on_gpu(e, k, 2024, S, off, n);
            ASSERT_EQ(cpu, gpu) << name(e) << " " << k.name << " S=" << S << " n=" << n << " offset=" << off << ": "
                                << first_difference(cpu, gpu, k.size);
          }
        }
      }
    }
  }
}
}  // namespace

// Small enough for compute-sanitizer; the full sweep is the Large test below.
TEST(CudaPerThread, CpuEqualsGpuForEveryDistribution) {
  REQUIRE_DEVICE();
  sweep({1, 33, 4097}, {0, 1, (1ull << 40) + 7}, {1, 1000});
}

TEST(CudaPerThread, CpuEqualsGpuLargeSweepOfSizesOffsetsAndStreamCounts) {
  REQUIRE_DEVICE();
  sweep({1, 2, 3, 31, 33, 1000, 4097, 100003}, {0, 1, 2, 33, 1000001, (1ull << 40) + 7, ~0ull - (1u << 21)},
        {1, 5, 32, 1000, 65536});
}

TEST(CudaPerThread, GridShapeNeverChangesValues) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    for (const Kind& k : all_kinds()) {
      const std::size_t n = 777777;
      const auto reference = on_cpu(e, k, 5, 300, 12345, n);
      for (unsigned blocks : {1u, 2u, 7u, 64u, 1000u, 0u}) {
        const auto gpu = on_gpu(e, k, 5, 300, 12345, n, blocks);
        ASSERT_EQ(gpu, reference) << name(e) << " " << k.name << " blocks=" << blocks << ": "
                                  << first_difference(gpu, reference, k.size);
      }
    }
  }
}

TEST(CudaPerThread, UnalignedOutputPointers) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    for (const Kind& k : all_kinds()) {
      const auto reference = on_cpu(e, k, 6, 77, 3, 5000);
      for (std::size_t misalign : {1u, 3u, 17u}) {
        EXPECT_EQ(on_gpu(e, k, 6, 77, 3, 5000, 0, misalign), reference) << name(e) << " " << k.name << " misalign=" << misalign;
      }
    }
  }
}

TEST(CudaPerThread, LargeRunMatchesCpu) {
  REQUIRE_DEVICE();
  const Kind k = all_kinds()[3];  // normal float
  const std::size_t n = std::size_t{1} << 26;
  for (Engine e : kEngines) EXPECT_EQ(on_gpu(e, k, 99, 65536, 1, n), on_cpu(e, k, 99, 65536, 1, n)) << name(e);
}

TEST(CudaPerThread, OneCallOrManyOnTheGpu) {
  REQUIRE_DEVICE();
  std::mt19937_64 rng(4);
  for (Engine e : kEngines) {
    for (const Kind& k : all_kinds()) {
      const std::size_t total = 200001;
      Generator g(e, Backend::cuda);
      configure(g, e, 8, 4096, 0);
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
      EXPECT_EQ(got, on_cpu(e, k, 8, 4096, 0, total)) << name(e) << " " << k.name;
    }
  }
}

TEST(CudaPerThread, HostAndManagedOutput) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    const Kind k = all_kinds()[1];
    const std::size_t n = 300007;
    const auto reference = on_cpu(e, k, 10, 65536, 77, n);
    Generator g(e, Backend::cuda);
    configure(g, e, 10, 65536, 77);
    std::vector<unsigned char> host(n * k.size);
    k.gen(g, host.data(), n);
    EXPECT_EQ(host, reference) << name(e) << " pageable";
    unsigned char* managed = nullptr;
    CUDA_OK(cudaMallocManaged(&managed, n * k.size));
    g.offset(77);
    k.gen(g, managed, n);
    CUDA_OK(cudaDeviceSynchronize());
    EXPECT_EQ(0, std::memcmp(managed, reference.data(), reference.size())) << name(e) << " managed";
    cudaFree(managed);
  }
}

TEST(CudaPerThread, CapturableInAGraph) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    const std::size_t n = 1 << 20;
    cudaStream_t s;
    CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    float* d = nullptr;
    CUDA_OK(cudaMalloc(&d, n * sizeof(float)));
    Generator g(e, Backend::cuda);
    configure(g, e, 3, 65536, 500);
    g.cuda_stream(s);
    cudaGraph_t graph;
    CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    g.generate_normal(d, n, 0.0f, 1.0f);
    CUDA_OK(cudaStreamEndCapture(s, &graph));
    cudaGraphExec_t exec;
    CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
    CUDA_OK(cudaMemset(d, 0xff, n * sizeof(float)));
    CUDA_OK(cudaGraphLaunch(exec, s));
    CUDA_OK(cudaStreamSynchronize(s));
    std::vector<float> got(n), want(n);
    CUDA_OK(cudaMemcpy(got.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    Generator c(e, Backend::cpu);
    configure(c, e, 3, 65536, 500);
    c.generate_normal(want.data(), n, 0.0f, 1.0f);
    EXPECT_EQ(0, std::memcmp(got.data(), want.data(), n * sizeof(float))) << name(e);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaFree(d);
    cudaStreamDestroy(s);
  }
}

namespace {

template <class D>
__global__ void device_api_kernel(std::uint64_t seed, std::uint64_t offset, int per_thread, std::uint32_t* bits,
                                  float* normals) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  D rng;
  rng.init(seed, t, offset);
  for (int i = 0; i < per_thread; ++i) bits[t * per_thread + i] = rng.bits();
  rng.init(seed, t, offset);
  for (int i = 0; i < per_thread; i += 2) {
    const gpurng::device::Float2 p = rng.normal2();
    normals[t * per_thread + i] = p.x;
    normals[t * per_thread + i + 1] = p.y;
  }
}

__global__ void kiss99_kernel(std::uint64_t offset_per_thread, int per_thread, std::uint32_t* bits) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  gpurng::device::Kiss99 rng;
  rng.init_state(362436069u, 521288629u, 123456789u, 380116160u, t * offset_per_thread);
  for (int i = 0; i < per_thread; ++i) bits[t * per_thread + i] = rng.bits();
}

template <class D>
void check_device_api(Engine e) {
  const int threads = 256, per = 8;
  const std::uint64_t offset = 10;
  std::uint32_t* db = nullptr;
  float* dn = nullptr;
  CUDA_OK(cudaMalloc(&db, threads * per * sizeof(std::uint32_t)));
  CUDA_OK(cudaMalloc(&dn, threads * per * sizeof(float)));
  device_api_kernel<D><<<4, 64>>>(42, offset, per, db, dn);
  CUDA_OK(cudaGetLastError());
  std::vector<std::uint32_t> bits(threads * per);
  std::vector<float> normals(threads * per);
  CUDA_OK(cudaMemcpy(bits.data(), db, bits.size() * 4, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(normals.data(), dn, normals.size() * 4, cudaMemcpyDeviceToHost));
  // The host generator with S = threads: out[j * S + t] is value j of stream t.
  Generator g(e, Backend::cpu);
  g.seed(42);
  g.streams(threads);
  g.offset(offset * threads);
  std::vector<std::uint32_t> hb(threads * per);
  g.generate_bits(hb.data(), hb.size());
  g.offset(offset * threads);
  std::vector<float> hn(threads * per);
  g.generate_normal(hn.data(), hn.size());
  for (int t = 0; t < threads; ++t) {
    for (int i = 0; i < per; ++i) {
      ASSERT_EQ(bits[t * per + i], hb[i * threads + t]) << name(e) << " thread " << t;
      ASSERT_EQ(normals[t * per + i], hn[i * threads + t]) << name(e) << " thread " << t;
    }
  }
  cudaFree(db);
  cudaFree(dn);
}

}  // namespace

TEST(CudaPerThreadDeviceApi, KernelsMatchTheHostApi) {
  REQUIRE_DEVICE();
  check_device_api<gpurng::device::Mwc>(Engine::mwc);
  check_device_api<gpurng::device::Xorshift256>(Engine::xorshift256);
  check_device_api<gpurng::device::Kiss>(Engine::kiss);

  const int threads = 128, per = 4;
  std::uint32_t* db = nullptr;
  CUDA_OK(cudaMalloc(&db, threads * per * sizeof(std::uint32_t)));
  kiss99_kernel<<<2, 64>>>(1000, per, db);
  CUDA_OK(cudaGetLastError());
  std::vector<std::uint32_t> got(threads * per);
  CUDA_OK(cudaMemcpy(got.data(), db, got.size() * 4, cudaMemcpyDeviceToHost));
  cudaFree(db);
  for (int t = 0; t < threads; ++t) {
    Generator g(Engine::kiss99, Backend::cpu);  // default state: Marsaglia's seeds
    g.offset(std::uint64_t(t) * 1000);
    std::uint32_t want[per];
    g.generate_bits(want, per);
    for (int i = 0; i < per; ++i) ASSERT_EQ(got[t * per + i], want[i]) << "kiss99 thread " << t;
  }
}
