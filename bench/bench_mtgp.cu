// MTGP throughput on the GPU: gpurng's MTGP engines (canonical order) beside cuRAND's
// CURAND_RNG_PSEUDO_MTGP32 (its default ordering), in one process on one device, plus the device's
// write-bandwidth ceiling; and the fill kernel alone with its tables in shared memory or in the
// constant bank (kernel parameters). Prints a table last and writes JSON.
//
//   bench_mtgp [--n N] [--json PATH]      (N defaults to 2^28 values)
//
// The kernel-alone rows compare two variants of the fill kernel that the public API cannot choose
// between (the library always keeps the tables in shared memory; Tables::constant exists for this
// comparison), so they take the kernel template from the internal target gpurng_cuda_kernels
// (src/cuda/mtgp_kernels.cuh) and a shipped parameter set from gpurng_families (issue 21).
#include <curand.h>

#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "cuda/mtgp_kernels.cuh"
#include "families/mtgp/mtgp_param_tables.hpp"
#include "gpu_timing.cuh"
#include "gpurng/gpurng.hpp"

using namespace gpurng::bench;
namespace km = gpurng::detail::cuda::mtgp;
namespace m = gpurng::core::mtgp;

namespace {

void curand_check(curandStatus_t s, const char* what) {
  if (s != CURAND_STATUS_SUCCESS) {
    std::fprintf(stderr, "bench: %s: cuRAND status %d\n", what, static_cast<int>(s));
    std::exit(1);
  }
}

struct Row {
  std::string engine;
  std::string output;
  std::size_t value_bytes;
  double gpurng_gsps;
  double curand_gsps;  // 0: no cuRAND counterpart
};

// The fill kernel on its own (u32 bits, default layout of MTGP11213, set 0): tables in shared
// memory against tables read from the kernel parameters.
template <km::Tables kTables>
double kernel_only_gsps(std::uint32_t* out, std::size_t n, cudaStream_t s) {
  using W = std::uint32_t;
  const m::Params<W>& p = gpurng::detail::mtgp_tables::k32_fast_11213.params[0];
  const std::uint32_t N = m::state_words(p);
  const std::uint64_t S = 1024;
  const std::uint32_t R = 256;
  std::vector<W> recs(S * (N + 1));
  std::mt19937 rng(1);
  for (W& w : recs) w = rng();
  W *in = nullptr, *st_out = nullptr;
  std::uint64_t *pin = nullptr, *pout = nullptr;
  m::Params<W>* dp = nullptr;
  cuda_check(cudaMalloc(&in, recs.size() * sizeof(W)), "cudaMalloc");
  cuda_check(cudaMalloc(&st_out, recs.size() * sizeof(W)), "cudaMalloc");
  cuda_check(cudaMalloc(&pin, S * 8), "cudaMalloc");
  cuda_check(cudaMalloc(&pout, S * 8), "cudaMalloc");
  cuda_check(cudaMalloc(&dp, sizeof p), "cudaMalloc");
  cuda_check(cudaMemcpy(in, recs.data(), recs.size() * sizeof(W), cudaMemcpyHostToDevice), "copy");
  cuda_check(cudaMemset(pin, 0, S * 8), "memset");
  cuda_check(cudaMemcpy(dp, &p, sizeof p, cudaMemcpyHostToDevice), "copy");
  km::FillArgs<W> a{};
  a.params = dp;
  a.params_stride = 0;
  a.param0 = p;
  a.n = N;
  a.ring_mask = 1023;
  a.layout = m::Layout{S, R};
  a.chunk_shift = 8;
  a.first = 0;
  a.count = n;
  a.s0 = 0;
  a.touched = S;
  a.companion_base = S;
  a.in = in;
  a.out = st_out;
  a.pos_in = pin;
  a.pos_out = pout;
  using E = m::Word32;
  using Tr = gpurng::core::dist::Bits<E>;
  cuda_check(cudaFuncSetAttribute(km::fill_kernel<E, Tr, kTables>, cudaFuncAttributePreferredSharedMemoryCarveout,
                                  cudaSharedmemCarveoutMaxShared),
             "carveout");
  const double ms = median_ms(
      [&] {
        km::fill_kernel<E, Tr, kTables><<<static_cast<unsigned>(S), km::fill_threads(R), 1024 * sizeof(W), s>>>(a, Tr{}, out);
      },
      s);
  cudaFree(in);
  cudaFree(st_out);
  cudaFree(pin);
  cudaFree(pout);
  cudaFree(dp);
  return static_cast<double>(n) / (ms * 1e-3) / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = std::size_t{1} << 28;
  std::string json_path = "bench_mtgp.json";
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc) n = std::stoull(argv[++i]);
    else if (std::strcmp(argv[i], "--json") == 0 && i + 1 < argc) json_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_mtgp [--n N] [--json PATH]\n");
      return 2;
    }
  }
  if (gpurng::cuda_devices().empty()) {
    std::fprintf(stderr, "bench_mtgp: no CUDA device\n");
    return 1;
  }
  cudaStream_t s;
  cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
  void* buf = nullptr;
  cuda_check(cudaMalloc(&buf, n * 8), "cudaMalloc");
  const double ceiling = write_ceiling_bytes_per_s(buf, n * 8, s);
  auto gsps = [&](double ms) { return static_cast<double>(n) / (ms * 1e-3) / 1e9; };
  auto u32 = static_cast<unsigned*>(buf);
  auto u64 = static_cast<std::uint64_t*>(buf);
  auto f32 = static_cast<float*>(buf);
  auto f64 = static_cast<double*>(buf);

  // cuRAND MTGP32, once per output kind.
  curandGenerator_t c;
  curand_check(curandCreateGenerator(&c, CURAND_RNG_PSEUDO_MTGP32), "curandCreateGenerator");
  curand_check(curandSetPseudoRandomGeneratorSeed(c, 1234), "seed");
  curand_check(curandSetStream(c, s), "curandSetStream");
  const double c_u32 = gsps(median_ms([&] { curand_check(curandGenerate(c, u32, n), "generate"); }, s));
  const double c_f32 = gsps(median_ms([&] { curand_check(curandGenerateUniform(c, f32, n), "uniform"); }, s));
  const double c_n32 = gsps(median_ms([&] { curand_check(curandGenerateNormal(c, f32, n, 0.0f, 1.0f), "normal"); }, s));
  const double c_f64 = gsps(median_ms([&] { curand_check(curandGenerateUniformDouble(c, f64, n), "uniform double"); }, s));
  const double c_n64 =
      gsps(median_ms([&] { curand_check(curandGenerateNormalDouble(c, f64, n, 0.0, 1.0), "normal double"); }, s));
  curandDestroyGenerator(c);

  std::vector<Row> rows;
  auto bench_engine = [&](gpurng::Engine e, bool all) {
    gpurng::Generator g(e, gpurng::Backend::cuda);
    g.seed(1234);
    g.cuda_stream(s);
    const std::string name = gpurng::engine_info(e).name;
    auto add = [&](const char* out, std::size_t bytes, double theirs, const std::function<void()>& f) {
      rows.push_back(Row{name, out, bytes, gsps(median_ms(f, s)), theirs});
    };
    if (gpurng::engine_info(e).bits_width == 32) {
      add("u32", 4, c_u32, [&] { g.generate_bits(u32, n); });
    } else {
      add("u64", 8, 0.0, [&] { g.generate_bits(u64, n); });
    }
    add("uniform f32", 4, c_f32, [&] { g.generate_uniform(f32, n); });
    add("normal f32", 4, c_n32, [&] { g.generate_normal(f32, n, 0.0f, 1.0f); });
    add("uniform f64", 8, c_f64, [&] { g.generate_uniform(f64, n); });
    add("normal f64", 8, c_n64, [&] { g.generate_normal(f64, n, 0.0, 1.0); });
    if (all) {
      add("exponential f32", 4, 0.0, [&] { g.generate_exponential(f32, n, 1.0f); });
      add("lognormal f32", 4, 0.0, [&] { g.generate_lognormal(f32, n, 0.0f, 1.0f); });
      add("exponential f64", 8, 0.0, [&] { g.generate_exponential(f64, n, 1.0); });
    }
  };
  bench_engine(gpurng::Engine::mtgp11213, true);
  bench_engine(gpurng::Engine::mtgp23209, false);
  bench_engine(gpurng::Engine::mtgp44497, false);
  bench_engine(gpurng::Engine::mtgp64_23209, false);
  bench_engine(gpurng::Engine::mtgp64_44497, false);
  bench_engine(gpurng::Engine::mtgp64_110503, false);
  bench_engine(gpurng::Engine::mtgp11213_curand, false);

  // How throughput grows with the number of streams (one block each): the layout's parallelism.
  std::vector<Row> sweep;
  for (std::uint64_t streams : {512ull, 1024ull, 2048ull, 4096ull}) {
    gpurng::Generator g(gpurng::Engine::mtgp11213, gpurng::Backend::cuda);
    g.seed(1234);
    g.streams(streams);
    g.cuda_stream(s);
    const std::string name = "mtgp11213 S=" + std::to_string(streams);
    sweep.push_back(Row{name, "u32", 4, gsps(median_ms([&] { g.generate_bits(u32, n); }, s)), c_u32});
    sweep.push_back(Row{name, "uniform f64", 8, gsps(median_ms([&] { g.generate_uniform(f64, n); }, s)), c_f64});
  }

  const double shared_tables = kernel_only_gsps<km::Tables::shared>(u32, n, s);
  const double constant_tables = kernel_only_gsps<km::Tables::constant>(u32, n, s);
  cudaFree(buf);

  const std::string dev = device_name();
  std::printf("MTGP, N = %zu values, %s, %s\n", n, dev.c_str(), today().c_str());
  std::printf("write ceiling %.0f GB/s = %.0f G 32-bit values/s\n", ceiling / 1e9, ceiling / 4e9);
  std::printf("fill kernel alone (mtgp11213 u32): tables in shared memory %.1f GS/s, in the constant bank %.1f GS/s\n",
              shared_tables, constant_tables);
  std::printf("%-17s %-16s %12s %12s %8s %10s\n", "engine", "output", "gpurng GS/s", "cuRAND GS/s", "ratio", "% ceiling");
  for (const Row& r : rows) {
    const double pct = 100.0 * r.gpurng_gsps * 1e9 * static_cast<double>(r.value_bytes) / ceiling;
    if (r.curand_gsps > 0) {
      std::printf("%-17s %-16s %12.1f %12.1f %7.2fx %9.1f%%\n", r.engine.c_str(), r.output.c_str(), r.gpurng_gsps,
                  r.curand_gsps, r.gpurng_gsps / r.curand_gsps, pct);
    } else {
      std::printf("%-17s %-16s %12.1f %12s %8s %9.1f%%\n", r.engine.c_str(), r.output.c_str(), r.gpurng_gsps, "-", "-",
                  pct);
    }
  }
  std::printf("streams sweep (layout parallelism):\n");
  for (const Row& r : sweep) {
    std::printf("%-22s %-12s %8.1f GS/s  %5.2fx cuRAND\n", r.engine.c_str(), r.output.c_str(), r.gpurng_gsps,
                r.gpurng_gsps / r.curand_gsps);
  }
  std::ofstream js(json_path);
  js << "{\n  \"benchmark\": \"mtgp\",\n  \"device\": \"" << dev << "\",\n  \"date\": \"" << today() << "\",\n  \"n\": " << n
     << ",\n  \"write_ceiling_bytes_per_s\": " << ceiling << ",\n  \"kernel_only_u32_gsps\": {\"shared_tables\": "
     << shared_tables << ", \"constant_tables\": " << constant_tables << "},\n  \"rows\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    js << "    {\"engine\": \"" << r.engine << "\", \"output\": \"" << r.output << "\", \"value_bytes\": " << r.value_bytes
       << ", \"gpurng_gsps\": " << r.gpurng_gsps << ", \"curand_gsps\": " << r.curand_gsps << "}"
       << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  js << "  ]\n}\n";
  return 0;
}
