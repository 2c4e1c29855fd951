// MTGP on the CUDA backend: CPU == GPU bit for bit for every engine and distribution over sizes,
// offsets (near and far: the jump kernel), stream counts, grid shapes and memory kinds; calls in
// pieces and backwards; state kept on the device across calls; save/restore; graph capture.
// Without a device every test skips and says why. Tests named *Large* generate hundreds of millions
// of values (scripts/gpu-check.sh leaves them out of the compute-sanitizer runs).
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
using gpurng::test::first_difference;
using gpurng::test::Kind;

namespace {

std::vector<Kind> kinds_for(Engine e) {
  const bool wide = gpurng::engine_info(e).bits_width == 64;
  std::vector<Kind> k = {
      {"uniform_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<float*>(p), n); }},
      {"uniform_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<double*>(p), n); }},
      {"normal_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<float*>(p), n, 0.5f, 2.0f); }},
      {"normal_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<double*>(p), n); }},
      {"exponential_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<float*>(p), n, 3.0f); }},
      {"exponential_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<double*>(p), n); }},
      {"lognormal_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<float*>(p), n); }},
      {"lognormal_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<double*>(p), n, 0.1, 0.3); }},
  };
  if (wide) {
    k.push_back({"bits64", 8, [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint64_t*>(p), n); }});
  } else {
    k.push_back({"bits32", 4, [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint32_t*>(p), n); }});
  }
  return k;
}

const Engine kEngines[] = {Engine::mtgp11213,    Engine::mtgp23209,     Engine::mtgp44497,       Engine::mtgp64_23209,
                           Engine::mtgp64_44497, Engine::mtgp64_110503, Engine::mtgp11213_curand};

struct Config {
  std::uint64_t seed = 2024;
  std::uint64_t streams = 0;  // 0: the engine's default
  std::uint32_t param_set = 0;
};

void configure(Generator& g, const Config& s) {
  g.seed(s.seed);
  if (s.streams != 0) g.streams(s.streams);
  g.param_set(s.param_set);
}

std::vector<unsigned char> on_cpu(Engine e, const Kind& k, const Config& s, std::uint64_t offset, std::size_t n) {
  Generator g(e, Backend::cpu);
  configure(g, s);
  g.offset(offset);
  std::vector<unsigned char> out(n * k.size);
  k.gen(g, out.data(), n);
  return out;
}

// Generates on an existing generator at `offset` (host or device), into host bytes.
std::vector<unsigned char> take(Generator& g, const Kind& k, std::uint64_t offset, std::size_t n,
                                std::size_t misalign = 0) {
  g.offset(offset);
  std::vector<unsigned char> out(n * k.size);
  if (g.backend() == Backend::cpu) {
    k.gen(g, out.data(), n);
  } else {
    out = gpurng::test::generate_on_device(g, k, n, misalign);
  }
  EXPECT_EQ(g.offset(), offset + n);
  return out;
}

std::vector<unsigned char> on_gpu(Engine e, const Kind& k, const Config& s, std::uint64_t offset, std::size_t n,
                                  unsigned blocks = 0, std::size_t misalign = 0) {
  Generator g(e, Backend::cuda);
  configure(g, s);
  g.cuda_blocks(blocks);
  return take(g, k, offset, n, misalign);
}

}  // namespace

namespace {

// One CPU and one GPU generator per engine, moved back and forth between offsets (near: stepping;
// far: the jump kernel; backwards: restarts from the stream starts), compared for every kind.
void compare_over_offsets(Engine e, const std::vector<std::size_t>& sizes, const std::vector<std::uint64_t>& offsets) {
  const Config small{77, 3, 5};
  Generator cpu(e, Backend::cpu), gpu(e, Backend::cuda);
  configure(cpu, small);
  configure(gpu, small);
  for (const Kind& k : kinds_for(e)) {
    for (std::size_t n : sizes) {
      for (std::uint64_t off : offsets) {
        const auto c = take(cpu, k, off, n);
        const auto g = take(gpu, k, off, n);
        ASSERT_EQ(c, g) << gpurng::engine_info(e).name << " " << k.name << " n=" << n << " offset=" << off << ": "
                        << first_difference(c, g, k.size);
      }
    }
  }
}

}  // namespace

// Every kernel path (fill: all transforms, whole and partial chunks, pairs, companions, 32- and
// 64-bit words, per-stream parameter sets; the jump kernel) at sizes that stay quick under
// compute-sanitizer.
TEST(CudaMtgp, CpuEqualsGpuOnEveryKernelPath) {
  REQUIRE_DEVICE();
  for (Engine e : {Engine::mtgp11213, Engine::mtgp23209, Engine::mtgp64_23209, Engine::mtgp11213_curand}) {
    compare_over_offsets(e, {1, 257, 4097}, {0, 1001});
    compare_over_offsets(e, {4097}, {(1ull << 40) + 7, 0});  // the jump kernel, then back to the starts
  }
}

TEST(CudaMtgp, LargeCpuEqualsGpuForEveryEngineDistributionSizeAndOffset) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) compare_over_offsets(e, {1, 257, 4097, 100003}, {0, 1001, 300000001, (1ull << 40) + 7});
}

TEST(CudaMtgp, LargeDefaultStreamsFillTheDeviceAndMatchTheCpu) {
  REQUIRE_DEVICE();
  // Default layouts (1024/512/256 streams, 192 for cuRAND's): enough values to touch every stream
  // several rounds deep, from offsets that start mid-chunk, and once far away.
  for (Engine e : kEngines) {
    Generator cpu(e, Backend::cpu), gpu(e, Backend::cuda);
    configure(cpu, Config{});
    configure(gpu, Config{});
    const std::vector<Kind> ks = kinds_for(e);
    for (std::size_t i = 0; i < ks.size(); ++i) {
      const Kind& k = ks[i];
      const std::uint64_t off = i == 0 ? (1ull << 33) + 3 : 12345 * i;
      const std::size_t n = (std::size_t{1} << 20) + 333;
      const auto c = take(cpu, k, off, n);
      const auto g = take(gpu, k, off, n);
      ASSERT_EQ(c, g) << gpurng::engine_info(e).name << " " << k.name << " offset=" << off << ": "
                      << first_difference(c, g, k.size);
    }
  }
}

TEST(CudaMtgp, LargeGridShapeAndAlignmentNeverChangeValues) {
  REQUIRE_DEVICE();
  for (Engine e : {Engine::mtgp11213, Engine::mtgp44497, Engine::mtgp64_110503}) {
    const Config s{5, 17, 2};
    Generator cref(e, Backend::cpu);
    configure(cref, s);
    for (const Kind& k : kinds_for(e)) {
      const std::size_t n = 777777;
      const auto reference = take(cref, k, 12345, n);
      for (unsigned blocks : {1u, 3u, 16u, 1000u, 0u}) {
        const auto gpu = on_gpu(e, k, s, 12345, n, blocks);
        ASSERT_EQ(gpu, reference) << k.name << " blocks=" << blocks << ": " << first_difference(gpu, reference, k.size);
      }
      for (std::size_t misalign : {1u, 3u}) {
        ASSERT_EQ(on_gpu(e, k, s, 12345, n, 0, misalign), reference) << k.name << " misalign=" << misalign;
      }
    }
  }
}

TEST(CudaMtgp, LargeStateStaysOnTheDeviceAcrossCallsInPiecesAndBackwards) {
  REQUIRE_DEVICE();
  std::mt19937_64 rng(4);
  for (Engine e : kEngines) {
    Generator cref(e, Backend::cpu);  // one CPU reference per engine: its stream starts are made once
    configure(cref, Config{8, 0, 0});
    for (const Kind& k : kinds_for(e)) {
      const std::size_t total = 600001;
      Generator g(e, Backend::cuda);
      g.seed(8);
      unsigned char* d = nullptr;
      CUDA_OK(cudaMalloc(&d, total * k.size));
      // Mixed distributions advance the same positions: interleave bits calls (which do not move
      // the 32-bit engines' companion streams) with the kind under test.
      for (std::size_t done = 0; done < total;) {
        const std::size_t n = std::min<std::size_t>(total - done, 1 + rng() % 70000);
        k.gen(g, d + done * k.size, n);
        done += n;
      }
      std::vector<unsigned char> got(total * k.size);
      CUDA_OK(cudaMemcpy(got.data(), d, got.size(), cudaMemcpyDeviceToHost));
      const auto want = take(cref, k, 0, total);
      ASSERT_EQ(got, want) << gpurng::engine_info(e).name << " " << k.name << ": " << first_difference(got, want, k.size);
      // Back to an earlier offset, then forward past where the streams stand.
      for (std::uint64_t off : {1000ull, 400000ull, 5000000ull}) {
        g.offset(off);
        k.gen(g, d, 50000);
        std::vector<unsigned char> again(50000 * k.size);
        CUDA_OK(cudaMemcpy(again.data(), d, again.size(), cudaMemcpyDeviceToHost));
        ASSERT_EQ(again, take(cref, k, off, 50000)) << k.name << " offset " << off;
      }
      cudaFree(d);
    }
  }
}

TEST(CudaMtgp, MixedDistributionsShareThePositions) {
  REQUIRE_DEVICE();
  // bits, then doubles (the companion streams catch up), then floats, then doubles again.
  Generator g(Engine::mtgp11213, Backend::cuda);
  Generator c(Engine::mtgp11213, Backend::cpu);
  for (Generator* x : {&g, &c}) x->seed(99);
  const std::size_t n = 30011;
  std::uint32_t* db = nullptr;
  double* dd = nullptr;
  CUDA_OK(cudaMalloc(&db, n * 4));
  CUDA_OK(cudaMalloc(&dd, n * 8));
  std::vector<std::uint32_t> hb(n), cb(n);
  std::vector<double> hd(n), cd(n);
  for (int round = 0; round < 3; ++round) {
    g.generate_bits(db, n);
    c.generate_bits(cb.data(), n);
    g.generate_uniform(dd, n);
    c.generate_uniform(cd.data(), n);
    CUDA_OK(cudaMemcpy(hb.data(), db, n * 4, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(hd.data(), dd, n * 8, cudaMemcpyDeviceToHost));
    ASSERT_EQ(hb, cb) << "round " << round;
    ASSERT_EQ(hd, cd) << "round " << round;
  }
  cudaFree(db);
  cudaFree(dd);
}

TEST(CudaMtgp, HostPinnedAndManagedOutput) {
  REQUIRE_DEVICE();
  for (Engine e : {Engine::mtgp23209, Engine::mtgp64_44497}) {
    Generator cref(e, Backend::cpu);
    configure(cref, Config{10, 0, 1});
    for (const Kind& k : kinds_for(e)) {
      const std::size_t n = 20011;
      const auto reference = take(cref, k, 77, n);
      Generator g(e, Backend::cuda);
      configure(g, Config{10, 0, 1});
      g.offset(77);
      std::vector<unsigned char> host(n * k.size);
      k.gen(g, host.data(), n);
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
}

TEST(CudaMtgp, SaveAndRestoreOnTheDevice) {
  REQUIRE_DEVICE();
  for (Engine e : kEngines) {
    Generator g(e, Backend::cuda);
    g.seed(31);
    g.offset(1234567);
    const std::size_t n = 20000;
    float* d = nullptr;
    CUDA_OK(cudaMalloc(&d, n * sizeof(float)));
    g.generate_normal(d, n, 0.0f, 1.0f);
    const std::vector<std::uint8_t> saved = g.state_bytes();
    g.generate_uniform(d, n);
    std::vector<float> want(n), got(n);
    CUDA_OK(cudaMemcpy(want.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    Generator h(e, Backend::cuda);
    h.restore_state_bytes(saved.data(), saved.size());
    h.generate_uniform(d, n);
    CUDA_OK(cudaMemcpy(got.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT_EQ(want, got) << gpurng::engine_info(e).name;
    cudaFree(d);
  }
}

TEST(CudaMtgp, StreamOrderedAndCapturableAfterAFirstCall) {
  REQUIRE_DEVICE();
  const std::size_t n = 1 << 16;
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  float* d = nullptr;
  CUDA_OK(cudaMalloc(&d, n * sizeof(float)));
  Generator g(Engine::mtgp11213, Backend::cuda);
  g.seed(3);
  g.cuda_stream(s);
  g.generate_normal(d, 1000, 0.0f, 1.0f);  // the first call sets up the device state (uploads)
  cudaGraph_t graph;
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  g.generate_normal(d, n, 0.0f, 1.0f);  // captured, not run
  CUDA_OK(cudaStreamEndCapture(s, &graph));
  EXPECT_EQ(g.offset(), 1000u + n);
  cudaGraphExec_t exec;
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  Generator c(Engine::mtgp11213, Backend::cpu);
  c.seed(3);
  c.offset(1000);
  std::vector<float> want(n), got(n);
  c.generate_normal(want.data(), n, 0.0f, 1.0f);
  for (int replay = 0; replay < 2; ++replay) {  // a replay repeats the captured values
    CUDA_OK(cudaMemsetAsync(d, 0xff, n * sizeof(float), s));
    CUDA_OK(cudaGraphLaunch(exec, s));
    CUDA_OK(cudaStreamSynchronize(s));
    CUDA_OK(cudaMemcpy(got.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT_EQ(0, std::memcmp(got.data(), want.data(), n * sizeof(float))) << "replay " << replay;
  }
  // And the generator continues after the captured call.
  g.generate_normal(d, 4096, 0.0f, 1.0f);
  CUDA_OK(cudaStreamSynchronize(s));
  std::vector<float> next(4096), cnext(4096);
  CUDA_OK(cudaMemcpy(next.data(), d, 4096 * sizeof(float), cudaMemcpyDeviceToHost));
  c.generate_normal(cnext.data(), 4096, 0.0f, 1.0f);
  EXPECT_EQ(next, cnext);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaFree(d);
  cudaStreamDestroy(s);
}

TEST(CudaMtgp, LargeRunMatchesCpu) {
  REQUIRE_DEVICE();
  for (Engine e : {Engine::mtgp11213, Engine::mtgp64_110503}) {
    const Kind k = kinds_for(e)[2];  // normal float
    const std::size_t n = std::size_t{1} << 26;
    EXPECT_EQ(on_gpu(e, k, Config{}, 1, n), on_cpu(e, k, Config{}, 1, n)) << gpurng::engine_info(e).name;
  }
}
