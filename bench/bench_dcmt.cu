// Dynamic-Creator families (dcmt521, dcmt2203) on the GPU beside cuRAND, in one process on one device:
//
// * bulk: the host API writes N values to device memory with S = 4096 streams (the default: one
//   generator per stream, "4096 generators"; the default families have 4096 MT521 and 1024 MT2203
//   sets, so each MT2203 set serves 4 streams, which costs nothing), u32 and uniform float, in the canonical interleaved
//   layout; cuRAND's MTGP32 and MT19937 host API (their default orderings) the same way; all against
//   the device's measured write ceiling. Calls follow one another, as a simulation's would: each
//   continues from the windows the last one kept.
// * fused pi: gpurng_pi's kernel (tools/pi/pi_kernels.cuh, from the target gpurng_pi_lib): every
//   thread draws its samples from a prepared generator and counts hits in a register; one atomic per
//   warp. The same kernel on cuRAND's device XORWOW, on the library's per-thread engines (mwc, kiss,
//   xorshift256) and on dcmt (DcmtBlocks: the window in registers), with SMs x 2048 threads (270,336 on an H100; for dcmt that many streams)
//   and, for dcmt, also with 4096 threads (4096 generators, each drawing 66x more). Generators are set
//   up by an untimed kernel. Variants: floats (two uniforms per sample) and seed16 (one 32-bit output).
//   For comparison, the seed paper's layout: one warp per dcmt generator (device::DcmtWarp, the state
//   update split across lanes with a __syncwarp per step), 4096 generators and SMs x 64 of them.
//
//   bench_dcmt [--n N] [--per-thread K] [--json PATH]      (N defaults to 2^28, K to 4096 samples)
#include <curand.h>
#include <curand_kernel.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "gpu_timing.cuh"
#include "gpurng/core/engines/dcmt_sets.hpp"
#include "gpurng/device/perthread.hpp"
#include "gpurng/gpurng.hpp"
#include "pi_kernels.cuh"

using namespace gpurng::bench;
namespace dcmt = gpurng::core::dcmt;

namespace {

void curand_check(curandStatus_t s, const char* what) {
  if (s != CURAND_STATUS_SUCCESS) {
    std::fprintf(stderr, "bench: %s: cuRAND status %d\n", what, static_cast<int>(s));
    std::exit(1);
  }
}

// cuRAND's device XORWOW with the device API's names, for the shared pi kernel.
struct Xorwow {
  curandStateXORWOW_t s;
  __device__ __forceinline__ unsigned bits() { return curand(&s); }
  __device__ __forceinline__ float uniform() { return curand_uniform(&s); }
};

__global__ void init_xorwow(Xorwow* states, std::uint64_t seed, unsigned count) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < count) curand_init(seed, t, 0, &states[t].s);
}

template <class G>
__global__ void init_perthread(G* states, std::uint64_t seed, unsigned count) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < count) {
    G g;
    g.init(seed, t, 0);
    states[t] = g;
  }
}

template <class S>
__global__ void init_dcmt(gpurng::device::DcmtBlocks<S>* states, const dcmt::Set* sets, unsigned num_sets,
                          std::uint64_t seed, unsigned count) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < count) {
    gpurng::device::DcmtBlocks<S> g;
    g.init(sets, num_sets, seed, t);
    states[t] = g;
  }
}

struct Row {
  std::string mode, engine, output;
  unsigned long long generators;
  double gsps;         // G values/s (bulk) or G samples/s (pi)
  double pct_ceiling;  // bulk only
  double vs;           // bulk: vs cuRAND MTGP32; pi: vs cuRAND XORWOW (same variant)
};

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = std::size_t{1} << 28;
  std::uint64_t per_thread = 4096;
  std::string json_path = "bench_dcmt.json";
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc) n = std::stoull(argv[++i]);
    else if (std::strcmp(argv[i], "--per-thread") == 0 && i + 1 < argc) per_thread = std::stoull(argv[++i]);
    else if (std::strcmp(argv[i], "--json") == 0 && i + 1 < argc) json_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_dcmt [--n N] [--per-thread K] [--json PATH]\n");
      return 2;
    }
  }
  if (gpurng::cuda_devices().empty()) {
    std::fprintf(stderr, "bench_dcmt: no CUDA device\n");
    return 1;
  }
  const auto started = std::chrono::steady_clock::now();  // the whole run should stay under ~60 s
  cudaStream_t s;
  cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
  void* buf = nullptr;
  cuda_check(cudaMalloc(&buf, n * 4), "cudaMalloc");
  const double ceiling = write_ceiling_bytes_per_s(buf, n * 4, s);
  auto gsps = [](double count, double ms) { return count / (ms * 1e-3) / 1e9; };
  auto pct = [&](double g) { return 100.0 * g * 1e9 * 4.0 / ceiling; };
  auto* u32 = static_cast<unsigned*>(buf);
  auto* f32 = static_cast<float*>(buf);
  std::vector<Row> rows;

  // ----- bulk --------------------------------------------------------------------------------------
  double mtgp_bits = 0, mtgp_unif = 0;
  for (curandRngType_t type : {CURAND_RNG_PSEUDO_MTGP32, CURAND_RNG_PSEUDO_MT19937}) {
    curandGenerator_t c;
    curand_check(curandCreateGenerator(&c, type), "curandCreateGenerator");
    curand_check(curandSetPseudoRandomGeneratorSeed(c, 1234), "seed");
    curand_check(curandSetStream(c, s), "curandSetStream");
    const double b = gsps(double(n), median_ms([&] { curand_check(curandGenerate(c, u32, n), "curandGenerate"); }, s));
    const double u = gsps(double(n), median_ms([&] { curand_check(curandGenerateUniform(c, f32, n), "uniform"); }, s));
    curandDestroyGenerator(c);
    const bool mtgp = type == CURAND_RNG_PSEUDO_MTGP32;
    if (mtgp) {
      mtgp_bits = b;
      mtgp_unif = u;
    }
    const char* name = mtgp ? "curand-mtgp32" : "curand-mt19937";
    rows.push_back(Row{"bulk", name, "u32", 0, b, pct(b), b / mtgp_bits});
    rows.push_back(Row{"bulk", name, "uniform f32", 0, u, pct(u), u / mtgp_unif});
  }
  for (gpurng::Engine e : {gpurng::Engine::dcmt521, gpurng::Engine::dcmt2203}) {
    gpurng::Generator g(e, gpurng::Backend::cuda);
    g.seed(1234);
    g.streams(4096);
    g.cuda_stream(s);
    const double b = gsps(double(n), median_ms([&] { g.generate_bits(u32, n); }, s));
    const double u = gsps(double(n), median_ms([&] { g.generate_uniform(f32, n); }, s));
    const char* name = gpurng::engine_info(e).name;
    rows.push_back(Row{"bulk", name, "u32", 4096, b, pct(b), b / mtgp_bits});
    rows.push_back(Row{"bulk", name, "uniform f32", 4096, u, pct(u), u / mtgp_unif});
  }
  // Chunk sweep: cuda_blocks = 32 c gives 4096 c items, c chunks per stream, each chunk after the first
  // paying a jump (tuning only; the values are the same). Decides how many chunks the default plan
  // should make when the streams alone leave the GPU under-filled (MT2203 at 4096 streams).
  for (gpurng::Engine e : {gpurng::Engine::dcmt521, gpurng::Engine::dcmt2203}) {
    for (unsigned c : {1u, 2u, 4u, 8u, 16u}) {
      gpurng::Generator g(e, gpurng::Backend::cuda);
      g.seed(1234);
      g.streams(4096);
      g.cuda_stream(s);
      g.cuda_blocks(32 * c);
      const double b = gsps(double(n), median_ms([&] { g.generate_bits(u32, n); }, s));
      const std::string name = std::string(gpurng::engine_info(e).name) + " chunks=" + std::to_string(c);
      rows.push_back(Row{"bulk", name, "u32", 4096, b, pct(b), b / mtgp_bits});
    }
  }
  cudaFree(buf);

  // ----- fused pi ------------------------------------------------------------------------------------
  int dev = 0, sms = 0, per_sm = 0;
  cuda_check(cudaGetDevice(&dev), "cudaGetDevice");
  cuda_check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "attribute");
  cuda_check(cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, dev), "attribute");
  const unsigned threads = static_cast<unsigned>(sms * per_sm);
  const std::uint64_t samples = std::uint64_t(threads) * per_thread;
  constexpr unsigned kFew = 4096;  // "4096 generators"
  const std::size_t state_bytes = std::max({sizeof(Xorwow), sizeof(gpurng::device::Xorshift256),
                                            sizeof(gpurng::device::DcmtBlocks<dcmt::Mt2203>)});
  void* states = nullptr;
  unsigned long long* hits = nullptr;
  cuda_check(cudaMalloc(&states, std::size_t(threads) * state_bytes), "cudaMalloc states");
  cuda_check(cudaMalloc(&hits, sizeof(unsigned long long)), "cudaMalloc hits");
  dcmt::Set* sets521 = nullptr;
  dcmt::Set* sets2203 = nullptr;
  cuda_check(cudaMalloc(&sets521, sizeof(dcmt::kMt521DefaultSets)), "cudaMalloc sets");
  cuda_check(cudaMalloc(&sets2203, sizeof(dcmt::kMt2203DefaultSets)), "cudaMalloc sets");
  cuda_check(cudaMemcpy(sets521, dcmt::kMt521DefaultSets, sizeof(dcmt::kMt521DefaultSets), cudaMemcpyHostToDevice), "sets");
  cuda_check(cudaMemcpy(sets2203, dcmt::kMt2203DefaultSets, sizeof(dcmt::kMt2203DefaultSets), cudaMemcpyHostToDevice),
             "sets");
  const unsigned blocks = (threads + gpurng::pi::kPiThreads - 1) / gpurng::pi::kPiThreads;
  double xw[2] = {0, 0};  // XORWOW samples/s per variant: [floats, seed16]

  // Times the pi kernel `launch` (which adds to hits) and checks that the estimate is sane.
  auto time_pi = [&](const char* engine, bool floats, unsigned gens, std::uint64_t total, auto&& launch) {
    const double ms = median_ms(
        [&] {
          cudaMemsetAsync(hits, 0, sizeof(unsigned long long), s);
          launch();
        },
        s);
    unsigned long long h = 0;
    cuda_check(cudaMemcpy(&h, hits, sizeof h, cudaMemcpyDeviceToHost), "hits");
    const double est = 4.0 * double(h) / double(total);
    if (est < 3.1 || est > 3.2) std::fprintf(stderr, "bench_dcmt: %s pi estimate %.6f is off\n", engine, est);
    const double rate = gsps(double(total), ms);
    const int v = floats ? 0 : 1;
    if (std::string(engine) == "curand-xorwow") xw[v] = rate;
    rows.push_back(Row{"fused pi", engine, floats ? "floats" : "seed16", gens, rate, 0.0, xw[v] > 0 ? rate / xw[v] : 1.0});
  };
  auto prepared = [&](auto* typed, const char* engine, unsigned gens, std::uint64_t per) {
    using G = std::remove_pointer_t<decltype(typed)>;
    const unsigned b = (gens + gpurng::pi::kPiThreads - 1) / gpurng::pi::kPiThreads;
    time_pi(engine, true, gens, std::uint64_t(gens) * per,
            [&] { gpurng::pi::pi_prepared_kernel<G, true><<<b, gpurng::pi::kPiThreads, 0, s>>>(typed, per, hits); });
    time_pi(engine, false, gens, std::uint64_t(gens) * per,
            [&] { gpurng::pi::pi_prepared_kernel<G, false><<<b, gpurng::pi::kPiThreads, 0, s>>>(typed, per, hits); });
  };
  {
    auto* st = static_cast<Xorwow*>(states);
    init_xorwow<<<blocks, gpurng::pi::kPiThreads, 0, s>>>(st, 1234, threads);
    cuda_check(cudaStreamSynchronize(s), "curand_init");
    prepared(st, "curand-xorwow", threads, per_thread);
  }
  {
    auto* st = static_cast<gpurng::device::Mwc*>(states);
    init_perthread<<<blocks, gpurng::pi::kPiThreads, 0, s>>>(st, 1234, threads);
    prepared(st, "mwc", threads, per_thread);
  }
  {
    auto* st = static_cast<gpurng::device::Kiss*>(states);
    init_perthread<<<blocks, gpurng::pi::kPiThreads, 0, s>>>(st, 1234, threads);
    prepared(st, "kiss", threads, per_thread);
  }
  {
    auto* st = static_cast<gpurng::device::Xorshift256*>(states);
    init_perthread<<<blocks, gpurng::pi::kPiThreads, 0, s>>>(st, 1234, threads);
    prepared(st, "xorshift256", threads, per_thread);
  }
  auto dcmt_rows = [&](auto shape, const char* engine, const dcmt::Set* sets, unsigned num_sets) {
    using S = decltype(shape);
    using G = gpurng::device::DcmtBlocks<S>;
    auto* st = static_cast<G*>(states);
    for (unsigned gens : {threads, kFew}) {
      const std::uint64_t per = samples / gens;  // about the same work in total (exactly on an H100: 66 x 4096 threads)
      const unsigned b = (gens + gpurng::pi::kPiThreads - 1) / gpurng::pi::kPiThreads;
      init_dcmt<S><<<b, gpurng::pi::kPiThreads, 0, s>>>(st, sets, num_sets, 1234, gens);
      cuda_check(cudaStreamSynchronize(s), "dcmt init");
      time_pi(engine, true, gens, std::uint64_t(gens) * per, [&] {
        gpurng::pi::pi_prepared_dcmt_kernel<S, true><<<b, gpurng::pi::kPiThreads, 0, s>>>(st, per, hits);
      });
      time_pi(engine, false, gens, std::uint64_t(gens) * per, [&] {
        gpurng::pi::pi_prepared_dcmt_kernel<S, false><<<b, gpurng::pi::kPiThreads, 0, s>>>(st, per, hits);
      });
    }
  };
  dcmt_rows(dcmt::Mt521{}, "dcmt521", sets521, dcmt::kMt521DefaultSetCount);
  dcmt_rows(dcmt::Mt2203{}, "dcmt2203", sets2203, dcmt::kMt2203DefaultSetCount);
  // The seed paper's layout for comparison: one warp per generator (device::DcmtWarp), set up inside the
  // timed kernel (n words by one lane: negligible beside 270,336 samples per warp), 4096 generators and
  // one warp per resident warp slot (SMs x 64).
  auto warp_rows = [&](auto shape, const char* engine, const dcmt::Set* sets, unsigned num_sets) {
    using S = decltype(shape);
    constexpr unsigned kWarps = gpurng::pi::kPiThreads / 32;
    for (unsigned gens : {kFew, threads / 32}) {
      const std::uint64_t total = samples / gens * gens;
      const unsigned b = (gens + kWarps - 1) / kWarps;
      for (bool floats : {true, false}) {
        time_pi(engine, floats, gens, total, [&] {
          if (floats) {
            gpurng::pi::pi_dcmt_warp_kernel<S, true><<<b, gpurng::pi::kPiThreads, 0, s>>>(sets, num_sets, 1234, gens, total, hits);
          } else {
            gpurng::pi::pi_dcmt_warp_kernel<S, false><<<b, gpurng::pi::kPiThreads, 0, s>>>(sets, num_sets, 1234, gens, total, hits);
          }
        });
      }
    }
  };
  warp_rows(dcmt::Mt521{}, "dcmt521-warp", sets521, dcmt::kMt521DefaultSetCount);
  warp_rows(dcmt::Mt2203{}, "dcmt2203-warp", sets2203, dcmt::kMt2203DefaultSetCount);
  cuda_check(cudaStreamSynchronize(s), "pi");
  cudaFree(states);
  cudaFree(hits);
  cudaFree(sets521);
  cudaFree(sets2203);

  const std::string dev_name = device_name();
  std::printf("Dynamic-Creator MT (dcmt521, dcmt2203), %s, %s\n", dev_name.c_str(), today().c_str());
  std::printf("bulk: N = %zu values per call, S = 4096 streams; write ceiling %.0f GB/s = %.0f G 32-bit values/s\n", n,
              ceiling / 1e9, ceiling / 4e9);
  std::printf("fused pi: %llu samples per kernel (%u threads x %llu; 4096-generator rows: 4096 threads, same total)\n",
              static_cast<unsigned long long>(samples), threads, static_cast<unsigned long long>(per_thread));
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("measured in %.1f s of wall time\n", wall_s);
  std::printf("%-9s %-15s %-12s %10s %10s %10s %10s\n", "mode", "engine", "output", "generators", "G/s", "% ceiling",
              "vs cuRAND");
  for (const Row& r : rows) {
    const std::string gens = r.generators == 0 ? "-" : std::to_string(r.generators);
    if (r.mode == "bulk") {
      std::printf("%-9s %-15s %-12s %10s %10.1f %9.1f%% %9.2fx\n", r.mode.c_str(), r.engine.c_str(), r.output.c_str(),
                  gens.c_str(), r.gsps, r.pct_ceiling, r.vs);
    } else {
      std::printf("%-9s %-15s %-12s %10s %10.1f %10s %9.2fx\n", r.mode.c_str(), r.engine.c_str(), r.output.c_str(),
                  gens.c_str(), r.gsps, "-", r.vs);
    }
  }
  std::printf("(bulk: values/s vs cuRAND MTGP32; fused pi: samples/s vs cuRAND XORWOW in the same kernel)\n");
  std::ofstream js(json_path);
  js << "{\n  \"benchmark\": \"dcmt\",\n  \"device\": \"" << dev_name << "\",\n  \"date\": \"" << today()
     << "\",\n  \"n\": " << n << ",\n  \"bulk_streams\": 4096,\n  \"pi_threads\": " << threads
     << ",\n  \"pi_samples\": " << samples << ",\n  \"write_ceiling_bytes_per_s\": " << ceiling
     << ",\n  \"wall_seconds\": " << wall_s << ",\n  \"rows\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    js << "    {\"mode\": \"" << r.mode << "\", \"engine\": \"" << r.engine << "\", \"output\": \"" << r.output
       << "\", \"generators\": " << r.generators << ", \"gsps\": " << r.gsps << ", \"pct_ceiling\": " << r.pct_ceiling
       << ", \"vs_curand\": " << r.vs << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  js << "  ]\n}\n";
  return 0;
}
