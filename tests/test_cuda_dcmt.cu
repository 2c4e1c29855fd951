// CUDA backend of dcmt521 and dcmt2203: CPU == GPU bit for bit for every distribution over sizes,
// offsets, stream counts, grid shapes, chunkings (few streams: lanes cut into chunks, each jumped on
// the device) and memory kinds; the windows kept between calls, switching CUDA streams, graph capture,
// a parameter file's family, and the device API in kernels. Without a device every test skips and
// says why.
#include <cuda_runtime.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/core/engines/dcmt_sets.hpp"
#include "gpurng/device/dcmt.hpp"
#include "gpurng/device/dcmt_warp.hpp"
#include "gpurng/gpurng.hpp"
#include "value_kinds.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::test::all_kinds;  // every (distribution, precision), as test_cuda_backend
using gpurng::test::first_difference;
using gpurng::test::Kind;
namespace dcmt = gpurng::core::dcmt;

namespace {

const Engine kEngines[] = {Engine::dcmt521, Engine::dcmt2203};
const char* name(Engine e) { return gpurng::engine_info(e).name; }

void configure(Generator& g, std::uint64_t seed, std::uint64_t streams, std::uint64_t offset) {
  g.seed(seed);
  g.streams(streams);
  g.offset(offset);
}

std::vector<unsigned char> on_cpu(Engine e, const Kind& k, std::uint64_t seed, std::uint64_t streams,
                                  std::uint64_t offset, std::size_t n) {
  Generator g(e, Backend::cpu);
  configure(g, seed, streams, offset);
  std::vector<unsigned char> out(n * k.size);
  k.gen(g, out.data(), n);
  return out;
}

std::vector<unsigned char> on_gpu(Engine e, const Kind& k, std::uint64_t seed, std::uint64_t streams,
                                  std::uint64_t offset, std::size_t n, unsigned blocks = 0, std::size_t misalign = 0) {
  Generator g(e, Backend::cuda);
  configure(g, seed, streams, offset);
  g.cuda_blocks(blocks);
  std::vector<unsigned char> out = gpurng::test::generate_on_device(g, k, n, misalign);
  EXPECT_EQ(g.offset(), offset + n);
  return out;
}

void sweep(const std::vector<std::size_t>& sizes, const std::vector<std::uint64_t>& offsets,
           const std::vector<std::uint64_t>& stream_counts) {
  for (Engine e : kEngines) {
    for (std::uint64_t S : stream_counts) {
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

std::string temp_file(const std::string& text) {
  const std::string path = ::testing::TempDir() + "cuda_dcmt_" + std::to_string(::getpid()) + ".csv";
  std::ofstream(path) << text;
  return path;
}

}  // namespace

// Small enough for compute-sanitizer; the full sweep is the Large test below.
TEST(CudaDcmt, CpuEqualsGpuForEveryDistribution) {
  REQUIRE_DEVICE();
  sweep({1, 33, 4097}, {0, 1, (1ull << 40) + 7}, {1, 100});
}

TEST(CudaDcmt, CpuEqualsGpuLargeSweepOfSizesOffsetsAndStreamCounts) {
  REQUIRE_DEVICE();
  sweep({1, 2, 3, 31, 33, 1000, 4097, 100003}, {0, 1, 2, 33, 1000001, (1ull << 40) + 7, ~0ull - (1u << 21)},
        {1, 5, 32, 1000, 4096});
}

TEST(CudaDcmt, ChunkedLanesEqualTheCpuLarge) {
  // Few streams and many values: every lane is cut into chunks, each started by a jump on the device.
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    for (std::uint64_t S : {1u, 3u, 64u}) {
      for (const Kind& k : {all_kinds()[0], all_kinds()[3]}) {
        const std::size_t n = std::size_t{1} << 23;
        for (std::uint64_t off : {std::uint64_t{0}, std::uint64_t{12345}}) {
          const auto cpu = on_cpu(e, k, 77, S, off, n);
          const auto gpu = on_gpu(e, k, 77, S, off, n);
          ASSERT_EQ(cpu, gpu) << name(e) << " " << k.name << " S=" << S << " offset=" << off << ": "
                              << first_difference(cpu, gpu, k.size);
        }
      }
    }
  }
}

TEST(CudaDcmt, ChunkedLanesEqualTheCpu) {
  REQUIRE_DEVICE();
  const Kind k = all_kinds()[0];
  const std::size_t n = std::size_t{1} << 19;  // MT521: lanes of 2^19 values, several chunks of 2^13
  const auto cpu = on_cpu(Engine::dcmt521, k, 5, 1, 3, n);
  const auto gpu = on_gpu(Engine::dcmt521, k, 5, 1, 3, n);
  ASSERT_EQ(cpu, gpu) << first_difference(cpu, gpu, k.size);
}

TEST(CudaDcmt, ChunkedLanesWhoseSetsWrapPastTheFamilysLastEqualTheCpu) {
  // First stream K - 1: the three streams use sets K - 1, 0, 1, so the jump table's columns wrap (it
  // holds only the sets a call uses). Lanes of 2^19 (MT521) or 2^18 (MT2203) values: several chunks.
  REQUIRE_DEVICE();
  const Kind k = all_kinds()[0];
  for (Engine e : kEngines) {
    const std::uint64_t K = e == Engine::dcmt521 ? dcmt::kMt521DefaultSetCount : dcmt::kMt2203DefaultSetCount;
    const std::size_t n = e == Engine::dcmt521 ? std::size_t{3} << 19 : std::size_t{3} << 18;
    for (std::uint64_t off : {std::uint64_t{0}, std::uint64_t{3 * 1000 + 1}}) {
      Generator c(e, Backend::cpu), g(e, Backend::cuda);
      for (Generator* x : {&c, &g}) {
        configure(*x, 9, 3, 0);
        x->select_stream(K - 1);
        x->offset(off);
      }
      std::vector<unsigned char> cpu(n * k.size), gpu(n * k.size);
      k.gen(c, cpu.data(), n);
      unsigned char* d = nullptr;
      ASSERT_EQ(cudaMalloc(&d, gpu.size()), cudaSuccess);
      k.gen(g, d, n);
      ASSERT_EQ(cudaMemcpy(gpu.data(), d, gpu.size(), cudaMemcpyDeviceToHost), cudaSuccess);
      cudaFree(d);
      ASSERT_EQ(cpu, gpu) << name(e) << " offset=" << off << ": " << first_difference(cpu, gpu, k.size);
    }
  }
}

TEST(CudaDcmt, GridShapeNeverChangesValues) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    for (const Kind& k : {all_kinds()[0], all_kinds()[4]}) {
      const std::size_t n = 77777;
      const auto reference = on_cpu(e, k, 5, 300, 12345, n);
      for (unsigned blocks : {1u, 2u, 7u, 64u, 0u}) {
        const auto gpu = on_gpu(e, k, 5, 300, 12345, n, blocks);
        ASSERT_EQ(gpu, reference) << name(e) << " " << k.name << " blocks=" << blocks << ": "
                                  << first_difference(gpu, reference, k.size);
      }
    }
  }
}

// With cuda_blocks set, the chunks per stream fill the blocks (down to 1,024 values a chunk): few
// streams and blocks from 1 to many give from 1 to ~20 chunks per stream, each after the first
// started by a jump on the device; the values stay the CPU's.
TEST(CudaDcmt, TunedChunkCountsNeverChangeValues) {
  REQUIRE_DEVICE();
  const auto kinds = all_kinds();  // all_kinds() returns by value: keep the vector alive
  const Kind& k = kinds[0];
  for (Engine e : kEngines) {
    const std::size_t n = 4 * 20000 + 3;
    const auto reference = on_cpu(e, k, 9, 4, 4097, n);
    for (unsigned blocks : {1u, 2u, 3u, 32u}) {
      const auto gpu = on_gpu(e, k, 9, 4, 4097, n, blocks);
      ASSERT_EQ(gpu, reference) << name(e) << " blocks=" << blocks << ": " << first_difference(gpu, reference, k.size);
    }
  }
}

TEST(CudaDcmt, UnalignedOutputPointers) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    for (const Kind& k : {all_kinds()[1], all_kinds()[4]}) {
      const auto reference = on_cpu(e, k, 6, 77, 3, 5000);
      for (std::size_t misalign : {1u, 3u}) {
        EXPECT_EQ(on_gpu(e, k, 6, 77, 3, 5000, 0, misalign), reference) << name(e) << " " << k.name << " misalign=" << misalign;
      }
    }
  }
}

TEST(CudaDcmt, OneCallOrManyAcrossCudaStreams) {
  // Calls continue from the windows the device kept; an offset set in between starts from the seeding;
  // changing the CUDA stream orders the next call after the last.
  REQUIRE_DEVICE();
  std::mt19937_64 rng(4);
  for (Engine e : kEngines) {
    for (const Kind& k : {all_kinds()[0], all_kinds()[3]}) {
      const std::size_t total = 100001;
      cudaStream_t streams[2];
      CUDA_OK(cudaStreamCreateWithFlags(&streams[0], cudaStreamNonBlocking));
      CUDA_OK(cudaStreamCreateWithFlags(&streams[1], cudaStreamNonBlocking));
      Generator g(e, Backend::cuda);
      configure(g, 8, 4096, 0);
      unsigned char* d = nullptr;
      CUDA_OK(cudaMalloc(&d, total * k.size));
      int call = 0;
      for (std::size_t done = 0; done < total; ++call) {
        const std::size_t n = std::min<std::size_t>(total - done, 1 + rng() % 20000);
        g.cuda_stream(streams[call % 2]);
        if (call == 3) g.offset(done);  // same position, but set by the user: from the seeding again
        k.gen(g, d + done * k.size, n);
        done += n;
      }
      CUDA_OK(cudaDeviceSynchronize());
      std::vector<unsigned char> got(total * k.size);
      CUDA_OK(cudaMemcpy(got.data(), d, got.size(), cudaMemcpyDeviceToHost));
      cudaFree(d);
      cudaStreamDestroy(streams[0]);
      cudaStreamDestroy(streams[1]);
      const auto want = on_cpu(e, k, 8, 4096, 0, total);
      EXPECT_EQ(got, want) << name(e) << " " << k.name << ": " << first_difference(got, want, k.size);
    }
  }
}

TEST(CudaDcmt, HostAndManagedOutput) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    const Kind k = all_kinds()[1];
    const std::size_t n = 300007;
    const auto reference = on_cpu(e, k, 10, 4096, 77, n);
    Generator g(e, Backend::cuda);
    configure(g, 10, 4096, 77);
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

TEST(CudaDcmt, CapturableInAGraph) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    const std::size_t n = 1 << 18;
    cudaStream_t s;
    CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    float* d = nullptr;
    CUDA_OK(cudaMalloc(&d, 2 * n * sizeof(float)));
    Generator g(e, Backend::cuda);
    configure(g, 3, 4096, 500);
    g.cuda_stream(s);
    g.generate_normal(d + n, 1000, 0.0f, 1.0f);  // a direct call first: the device keeps windows
    g.offset(500);
    cudaGraph_t graph;
    CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    g.generate_normal(d, n, 0.0f, 1.0f);
    CUDA_OK(cudaStreamEndCapture(s, &graph));
    cudaGraphExec_t exec;
    CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
    std::vector<float> want(n), got(n);
    Generator c(e, Backend::cpu);
    configure(c, 3, 4096, 500);
    c.generate_normal(want.data(), n, 0.0f, 1.0f);
    for (int replay = 0; replay < 2; ++replay) {
      CUDA_OK(cudaMemsetAsync(d, 0xff, n * sizeof(float), s));
      CUDA_OK(cudaGraphLaunch(exec, s));
      CUDA_OK(cudaStreamSynchronize(s));
      CUDA_OK(cudaMemcpy(got.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
      EXPECT_EQ(0, std::memcmp(got.data(), want.data(), n * sizeof(float))) << name(e) << " replay " << replay;
      // A direct call after the capture continues the generator's sequence.
      g.generate_normal(d + n, 1000, 0.0f, 1.0f);
      std::vector<float> next(1000), next_want(1000);
      CUDA_OK(cudaStreamSynchronize(s));
      CUDA_OK(cudaMemcpy(next.data(), d + n, 1000 * sizeof(float), cudaMemcpyDeviceToHost));
      c.generate_normal(next_want.data(), 1000, 0.0f, 1.0f);
      EXPECT_EQ(0, std::memcmp(next.data(), next_want.data(), 1000 * sizeof(float))) << name(e) << " after replay " << replay;
    }
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaFree(d);
    cudaStreamDestroy(s);
  }
}

TEST(CudaDcmt, ParameterFileFamilyOnTheGpu) {
  REQUIRE_DEVICE();
  const std::string path = temp_file(
      "n,m,r,aaa,wmask,umask,lmask,shift0_u,shift1_l,shiftB_s,shiftC_t,maskB_b,maskC_c\n"
      "17,8,23,0xe84e0000,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xf4f2db80,0xff770000\n"
      "17,8,23,0x83c30001,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0x76b15f80,0xfdd50000\n");
  const std::size_t n = 50001;
  std::vector<std::uint32_t> want(n), got(n);
  Generator c(Engine::dcmt521, Backend::cpu);
  c.param_file(path);
  c.streams(5);
  c.offset(999);
  c.generate_bits(want.data(), n);
  Generator g(Engine::dcmt521, Backend::cuda);
  g.param_file(path);
  g.streams(5);
  g.offset(999);
  g.generate_bits(got.data(), n);  // pageable host output
  EXPECT_EQ(got, want);
  std::remove(path.c_str());
}

namespace {

template <class S>
__global__ void device_api_kernel(const dcmt::Set* sets, unsigned num_sets, std::uint64_t seed, int per_thread,
                                  std::uint32_t* bits, std::uint32_t* blocks, float* normals) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  gpurng::device::Dcmt<S> one;
  one.init(sets, num_sets, seed, t);
  for (int i = 0; i < per_thread; ++i) bits[t * per_thread + i] = one.bits();
  gpurng::device::DcmtBlocks<S> rng;
  rng.init(sets, num_sets, seed, t);
  std::uint32_t* out = blocks + t * 2 * S::N;
  for (int b = 0; b < 2; ++b) rng.next_block([&](std::uint32_t v) { *out++ = v; });
  gpurng::device::Dcmt<S> nrm;
  nrm.init(sets, num_sets, seed, t);
  for (int i = 0; i < per_thread; i += 2) {
    const gpurng::device::Float2 p = nrm.normal2();
    normals[t * per_thread + i] = p.x;
    normals[t * per_thread + i + 1] = p.y;
  }
}

template <class S>
void check_device_api(Engine e) {
  using D = dcmt::DefaultFamily<S>;
  const int threads = 256, per = 8;
  dcmt::Set* sets = nullptr;
  std::uint32_t *db = nullptr, *dk = nullptr;
  float* dn = nullptr;
  CUDA_OK(cudaMalloc(&sets, D::count * sizeof(dcmt::Set)));
  CUDA_OK(cudaMemcpy(sets, D::sets, D::count * sizeof(dcmt::Set), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMalloc(&db, threads * per * sizeof(std::uint32_t)));
  CUDA_OK(cudaMalloc(&dk, threads * 2 * S::N * sizeof(std::uint32_t)));
  CUDA_OK(cudaMalloc(&dn, threads * per * sizeof(float)));
  device_api_kernel<S><<<4, 64>>>(sets, D::count, 42, per, db, dk, dn);
  CUDA_OK(cudaGetLastError());
  std::vector<std::uint32_t> bits(threads * per), blocks(threads * 2 * S::N);
  std::vector<float> normals(threads * per);
  CUDA_OK(cudaMemcpy(bits.data(), db, bits.size() * 4, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(blocks.data(), dk, blocks.size() * 4, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(normals.data(), dn, normals.size() * 4, cudaMemcpyDeviceToHost));
  Generator g(e, Backend::cpu);
  g.seed(42);
  g.streams(threads);
  std::vector<std::uint32_t> hb(threads * 2 * S::N);
  g.generate_bits(hb.data(), hb.size());
  g.offset(0);
  std::vector<float> hn(threads * per);
  g.generate_normal(hn.data(), hn.size());
  for (int t = 0; t < threads; ++t) {
    for (int i = 0; i < per; ++i) {
      ASSERT_EQ(bits[t * per + i], hb[i * threads + t]) << name(e) << " thread " << t;
      ASSERT_EQ(normals[t * per + i], hn[i * threads + t]) << name(e) << " thread " << t;
    }
    for (int i = 0; i < 2 * S::N; ++i) ASSERT_EQ(blocks[t * 2 * S::N + i], hb[i * threads + t]) << name(e) << " thread " << t;
  }
  cudaFree(sets);
  cudaFree(db);
  cudaFree(dk);
  cudaFree(dn);
}

}  // namespace

TEST(CudaDcmtDeviceApi, KernelsMatchTheHostApi) {
  REQUIRE_DEVICE();
  check_device_api<dcmt::Mt521>(Engine::dcmt521);
  check_device_api<dcmt::Mt2203>(Engine::dcmt2203);
}

namespace {

// Warp w of the grid runs stream w with DcmtWarp and writes its first `steps` steps' values in order.
template <class S>
__global__ void warp_kernel(const dcmt::Set* sets, unsigned num_sets, std::uint64_t seed, int steps, std::uint32_t* out) {
  using G = gpurng::device::DcmtWarp<S>;
  __shared__ std::uint32_t rings[4][G::kRing];
  const unsigned w = threadIdx.x / 32, l = threadIdx.x % 32;
  const unsigned stream = blockIdx.x * 4 + w;
  G g;
  g.init(rings[w], sets, num_sets, seed, stream);
  std::uint32_t* mine = out + std::uint64_t(stream) * steps * G::kWidth;
  for (int t = 0; t < steps; ++t) {
    std::uint32_t v;
    if (g.step(v)) mine[t * G::kWidth + l] = v;
  }
}

template <class S>
void check_warp(Engine e) {
  using D = dcmt::DefaultFamily<S>;
  using G = gpurng::device::DcmtWarp<S>;
  const int streams = 64, steps = 11;
  const int per = steps * G::kWidth;
  dcmt::Set* sets = nullptr;
  std::uint32_t* d = nullptr;
  CUDA_OK(cudaMalloc(&sets, D::count * sizeof(dcmt::Set)));
  CUDA_OK(cudaMemcpy(sets, D::sets, D::count * sizeof(dcmt::Set), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMalloc(&d, std::size_t(streams) * per * 4));
  warp_kernel<S><<<streams / 4, 128>>>(sets, D::count, 42, steps, d);
  CUDA_OK(cudaGetLastError());
  std::vector<std::uint32_t> got(std::size_t(streams) * per);
  CUDA_OK(cudaMemcpy(got.data(), d, got.size() * 4, cudaMemcpyDeviceToHost));
  Generator g(e, Backend::cpu);
  g.seed(42);
  g.streams(streams);
  std::vector<std::uint32_t> want(std::size_t(streams) * per);
  g.generate_bits(want.data(), want.size());
  for (int s = 0; s < streams; ++s) {
    for (int j = 0; j < per; ++j) ASSERT_EQ(got[std::size_t(s) * per + j], want[std::size_t(j) * streams + s]) << name(e) << " stream " << s << " value " << j;
  }
  cudaFree(sets);
  cudaFree(d);
}

}  // namespace

TEST(CudaDcmtDeviceApi, WarpPerStreamGeneratorMatchesTheHostApi) {
  REQUIRE_DEVICE();
  check_warp<dcmt::Mt521>(Engine::dcmt521);
  check_warp<dcmt::Mt2203>(Engine::dcmt2203);
}
