// gpurng_pi on the GPU counts exactly the CPU's hits, for every engine (fused through the device API,
// or the host API and a counting kernel), both variants, odd sample counts and several stream counts.
// Without a device every test skips and says why.
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <cmath>

#include "cuda_test_support.cuh"
#include "gpurng/core/engines/dcmt_sets.hpp"
#include "pi_estimate.hpp"
#include "pi_kernels.cuh"
#include "pi_math.hpp"

using gpurng::Engine;
namespace pi = gpurng::pi;

namespace {

// Fused kernels (device API) and the host API + counting kernel (mt19937, mt19937-64, MTGP).
const Engine kAll[] = {Engine::dcmt521, Engine::dcmt2203,    Engine::mrg32k3a,  Engine::mt19937,
                       Engine::mt19937_64, Engine::mwc,     Engine::kiss,      Engine::xorshift256,
                       Engine::kiss99,  Engine::mtgp11213,   Engine::mtgp64_23209};

void same_hits(std::uint64_t n, std::uint64_t streams_for_many) {
  for (Engine e : kAll) {
    for (pi::Variant v : {pi::Variant::floats, pi::Variant::seed16}) {
      pi::Options o;
      o.engine = e;
      o.samples = n;
      o.variant = v;
      o.seed = 77;
      o.streams = pi::many_streams(e) ? streams_for_many : 0;
      const pi::Result cpu = pi::estimate_cpu(o);
      const pi::Result gpu = pi::estimate_cuda(o);
      EXPECT_EQ(gpu.hits, cpu.hits) << gpurng::engine_info(e).name << (v == pi::Variant::floats ? " floats" : " seed16")
                                    << " n=" << n << " S=" << o.streams;
      EXPECT_EQ(gpu.samples, n);
    }
  }
}

}  // namespace

TEST(CudaPi, GpuCountsTheCpusHits) {
  REQUIRE_DEVICE();
  same_hits(1, 0);
  same_hits(100003, 0);
  same_hits(100003, 3);
  same_hits(100003, 1000);
}

TEST(CudaPi, GpuCountsTheCpusHitsLarge) {
  REQUIRE_DEVICE();
  same_hits(100000007, 0);
}

TEST(CudaPi, EstimatesOnTheGpuAtTenToTheTenthLarge) {
  // 10^10 samples: standard error 1.6e-5, so the seed16 variant's grid bias (-3.5e-5) shows.
  REQUIRE_DEVICE();
  for (Engine e : {Engine::dcmt521, Engine::dcmt2203, Engine::mwc, Engine::kiss, Engine::xorshift256, Engine::mrg32k3a}) {
    pi::Options o;
    o.engine = e;
    o.samples = 10000000000ull;
    o.variant = pi::Variant::floats;
    const pi::Result r = pi::estimate_cuda(o);
    EXPECT_LT(std::fabs(r.estimate() - 3.14159265358979323846), 4 * r.standard_error())
        << gpurng::engine_info(e).name << ": " << pi::format_line(r);
    o.variant = pi::Variant::seed16;
    const pi::Result s = pi::estimate_cuda(o);
    EXPECT_LT(std::fabs(s.estimate() - pi::expected_seed16()), 4 * s.standard_error())
        << gpurng::engine_info(e).name << " seed16: " << pi::format_line(s);
  }
}

namespace {

// The warp-per-stream pi kernel (the seed paper's layout, bench_dcmt's comparison) counts the CPU's hits.
template <class S>
void warp_kernel_same_hits(Engine e, const gpurng::core::dcmt::Set* host_sets, int count) {
  gpurng::core::dcmt::Set* sets = nullptr;
  unsigned long long* hits = nullptr;
  ASSERT_EQ(cudaMalloc(&sets, count * sizeof(gpurng::core::dcmt::Set)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&hits, sizeof(unsigned long long)), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(sets, host_sets, count * sizeof(gpurng::core::dcmt::Set), cudaMemcpyHostToDevice), cudaSuccess);
  for (std::uint64_t streams : {std::uint64_t{1}, std::uint64_t{5}, std::uint64_t{1000}}) {
    for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{77}, std::uint64_t{100003}}) {
      for (bool floats : {true, false}) {
        ASSERT_EQ(cudaMemset(hits, 0, sizeof(unsigned long long)), cudaSuccess);
        const unsigned blocks = static_cast<unsigned>((streams + pi::kPiThreads / 32 - 1) / (pi::kPiThreads / 32));
        if (floats) {
          pi::pi_dcmt_warp_kernel<S, true><<<blocks, pi::kPiThreads>>>(sets, count, 77, streams, n, hits);
        } else {
          pi::pi_dcmt_warp_kernel<S, false><<<blocks, pi::kPiThreads>>>(sets, count, 77, streams, n, hits);
        }
        ASSERT_EQ(cudaGetLastError(), cudaSuccess);
        unsigned long long got = 0;
        ASSERT_EQ(cudaMemcpy(&got, hits, sizeof got, cudaMemcpyDeviceToHost), cudaSuccess);
        pi::Options o;
        o.engine = e;
        o.samples = n;
        o.variant = floats ? pi::Variant::floats : pi::Variant::seed16;
        o.seed = 77;
        o.streams = streams;
        EXPECT_EQ(got, pi::estimate_cpu(o).hits)
            << gpurng::engine_info(e).name << (floats ? " floats" : " seed16") << " n=" << n << " S=" << streams;
      }
    }
  }
  cudaFree(sets);
  cudaFree(hits);
}

}  // namespace

TEST(CudaPi, WarpPerStreamKernelCountsTheCpusHits) {
  REQUIRE_DEVICE();
  warp_kernel_same_hits<gpurng::core::dcmt::Mt521>(Engine::dcmt521, gpurng::core::dcmt::kMt521DefaultSets,
                                                   gpurng::core::dcmt::kMt521DefaultSetCount);
  warp_kernel_same_hits<gpurng::core::dcmt::Mt2203>(Engine::dcmt2203, gpurng::core::dcmt::kMt2203DefaultSets,
                                                    gpurng::core::dcmt::kMt2203DefaultSetCount);
}
