// gpurng_pi on the GPU: generation fused with counting through the device API where one exists, the
// host API into device memory and a counting kernel where not (mt19937, mt19937-64).
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "gpurng/core/engines/dcmt_sets.hpp"
#include "gpurng/device/kiss99.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/device/perthread.hpp"
#include "pi_estimate.hpp"
#include "pi_kernels.cuh"

namespace gpurng::pi {

namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw Error(Status::cuda_error, std::string(what) + ": " + cudaGetErrorString(e));
}

// Device buffers freed on every path out.
struct DeviceBuffer {
  void* p = nullptr;
  explicit DeviceBuffer(std::size_t bytes) { check(cudaMalloc(&p, bytes), "cudaMalloc"); }
  ~DeviceBuffer() { cudaFree(p); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

struct Events {
  cudaEvent_t a = nullptr, b = nullptr;
  Events() {
    check(cudaEventCreate(&a), "cudaEventCreate");
    check(cudaEventCreate(&b), "cudaEventCreate");
  }
  ~Events() {
    cudaEventDestroy(a);
    cudaEventDestroy(b);
  }
  double seconds() const {
    float ms = 0;
    check(cudaEventSynchronize(b), "cudaEventSynchronize");
    check(cudaEventElapsedTime(&ms, a, b), "cudaEventElapsedTime");
    return ms * 1e-3;
  }
};

struct InitMrg32k3a {
  __device__ static void init(device::Mrg32k3a& g, std::uint64_t seed, std::uint64_t offset) { g.init(seed, 0, offset); }
};
struct InitKiss99 {
  __device__ static void init(device::Kiss99& g, std::uint64_t seed, std::uint64_t offset) { g.init(seed, offset); }
};

unsigned blocks_for(std::uint64_t threads) {
  return static_cast<unsigned>(std::max<std::uint64_t>(1, (threads + kPiThreads - 1) / kPiThreads));
}

template <bool Floats>
void launch_fused(const Options& o, unsigned long long* hits, const char** method) {
  const std::uint64_t n = o.samples;
  const std::uint64_t S = o.streams != 0 ? o.streams : kDefaultStreams;
  *method = "fused (device API)";
  switch (o.engine) {
    case Engine::mwc:
      pi_streams_kernel<device::Mwc, Floats><<<blocks_for(S), kPiThreads>>>(o.seed, S, n, hits);
      return;
    case Engine::xorshift256:
      pi_streams_kernel<device::Xorshift256, Floats><<<blocks_for(S), kPiThreads>>>(o.seed, S, n, hits);
      return;
    case Engine::kiss:
      pi_streams_kernel<device::Kiss, Floats><<<blocks_for(S), kPiThreads>>>(o.seed, S, n, hits);
      return;
    case Engine::mrg32k3a:
    case Engine::kiss99: {
      int dev = 0, sms = 0;
      check(cudaGetDevice(&dev), "cudaGetDevice");
      check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "cudaDeviceGetAttribute");
      const std::uint64_t threads = std::min<std::uint64_t>(n, std::uint64_t(sms) * 2048);
      const std::uint64_t per = (n + threads - 1) / threads;
      if (o.engine == Engine::mrg32k3a) {
        pi_segments_kernel<device::Mrg32k3a, InitMrg32k3a, Floats><<<blocks_for(threads), kPiThreads>>>(o.seed, per, n, hits);
      } else {
        pi_segments_kernel<device::Kiss99, InitKiss99, Floats><<<blocks_for(threads), kPiThreads>>>(o.seed, per, n, hits);
      }
      return;
    }
    default: break;
  }
  throw Error(Status::internal_error, "gpurng_pi: no fused kernel for this engine");
}

template <class S, bool Floats>
void launch_dcmt(const Options& o, unsigned long long* hits, const DeviceBuffer& sets) {
  using D = core::dcmt::DefaultFamily<S>;
  const std::uint64_t S_ = o.streams != 0 ? o.streams : kDefaultStreams;
  pi_dcmt_kernel<S, Floats><<<blocks_for(S_), kPiThreads>>>(static_cast<const core::dcmt::Set*>(sets.p), D::count,
                                                            o.seed, S_, o.samples, hits);
}

// Engines without a device API (mt19937, mt19937-64, MTGP): the host API writes chunks into device
// memory, a kernel counts them.
void host_api_and_count(const Options& o, unsigned long long* hits) {
  Generator g(o.engine, Backend::cuda);
  g.seed(o.seed);
  constexpr std::uint64_t kChunkSamples = std::uint64_t{1} << 25;
  const bool wide = engine_info(o.engine).bits_width == 64;
  DeviceBuffer buf(static_cast<std::size_t>(std::min(o.samples, kChunkSamples)) * 8);
  for (std::uint64_t done = 0; done < o.samples;) {
    const std::uint64_t k = std::min(o.samples - done, kChunkSamples);
    const unsigned blocks = static_cast<unsigned>(std::min<std::uint64_t>(blocks_for(k), 4096));
    if (o.variant == Variant::floats) {
      g.generate_uniform(static_cast<float*>(buf.p), static_cast<std::size_t>(2 * k));
      pi_count_floats_kernel<float2><<<blocks, kPiThreads>>>(static_cast<const float2*>(buf.p), k, hits);
    } else if (wide) {
      g.generate_bits(static_cast<std::uint64_t*>(buf.p), static_cast<std::size_t>(k));
      pi_count_bits_kernel<std::uint64_t, 32><<<blocks, kPiThreads>>>(static_cast<const std::uint64_t*>(buf.p), k, hits);
    } else {
      g.generate_bits(static_cast<std::uint32_t*>(buf.p), static_cast<std::size_t>(k));
      pi_count_bits_kernel<std::uint32_t, 0><<<blocks, kPiThreads>>>(static_cast<const std::uint32_t*>(buf.p), k, hits);
    }
    check(cudaGetLastError(), "counting kernel launch");
    done += k;
  }
}

}  // namespace

Result estimate_cuda(const Options& o) {
  validate(o);
  if (cuda_devices().empty()) throw Error(Status::no_device, "--backend cuda: no CUDA device is available");
  DeviceBuffer hits(sizeof(unsigned long long));
  check(cudaMemset(hits.p, 0, sizeof(unsigned long long)), "cudaMemset");
  auto* h = static_cast<unsigned long long*>(hits.p);
  // The dcmt family goes to the device before the timing starts.
  const bool dcmt521 = o.engine == Engine::dcmt521, dcmt2203 = o.engine == Engine::dcmt2203;
  const std::size_t set_bytes = sizeof(core::dcmt::Set) * (dcmt521 ? core::dcmt::kMt521DefaultSetCount
                                                                   : core::dcmt::kMt2203DefaultSetCount);
  DeviceBuffer sets(set_bytes);
  if (dcmt521 || dcmt2203) {
    check(cudaMemcpy(sets.p, dcmt521 ? core::dcmt::kMt521DefaultSets : core::dcmt::kMt2203DefaultSets, set_bytes,
                     cudaMemcpyHostToDevice),
          "cudaMemcpy (dcmt sets)");
  }
  Result r;
  r.samples = o.samples;
  Events ev;
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  check(cudaEventRecord(ev.a), "cudaEventRecord");
  const bool floats = o.variant == Variant::floats;
  if (!has_fused_kernel(o.engine)) {
    r.method = "host API + counting kernel";
    host_api_and_count(o, h);
  } else if (dcmt521) {
    r.method = "fused (device API)";
    floats ? launch_dcmt<core::dcmt::Mt521, true>(o, h, sets) : launch_dcmt<core::dcmt::Mt521, false>(o, h, sets);
  } else if (dcmt2203) {
    r.method = "fused (device API)";
    floats ? launch_dcmt<core::dcmt::Mt2203, true>(o, h, sets) : launch_dcmt<core::dcmt::Mt2203, false>(o, h, sets);
  } else {
    floats ? launch_fused<true>(o, h, &r.method) : launch_fused<false>(o, h, &r.method);
  }
  check(cudaGetLastError(), "pi kernel launch");
  check(cudaEventRecord(ev.b), "cudaEventRecord");
  r.seconds = ev.seconds();
  unsigned long long count = 0;
  check(cudaMemcpy(&count, hits.p, sizeof count, cudaMemcpyDeviceToHost), "cudaMemcpy (hits)");
  r.hits = count;
  return r;
}

}  // namespace gpurng::pi
