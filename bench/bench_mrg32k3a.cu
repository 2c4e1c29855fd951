// MRG32k3a throughput on the GPU: gpurng (canonical order) beside cuRAND's
// CURAND_RNG_PSEUDO_MRG32K3A (its default ordering), in one process on one device, plus the
// device's write-bandwidth ceiling. Prints a table and writes JSON.
//
//   bench_mrg32k3a [--n N] [--json PATH]      (N defaults to 2^28 values)
#include <curand.h>

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "gpu_timing.cuh"
#include "gpurng/gpurng.hpp"

using namespace gpurng::bench;

namespace {

void curand_check(curandStatus_t s, const char* what) {
  if (s != CURAND_STATUS_SUCCESS) {
    std::fprintf(stderr, "bench: %s: cuRAND status %d\n", what, static_cast<int>(s));
    std::exit(1);
  }
}

struct Row {
  std::string name;
  std::size_t value_bytes;
  double gpurng_gsps;
  double curand_gsps;  // 0: no cuRAND counterpart
};

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = std::size_t{1} << 28;
  std::string json_path = "bench_mrg32k3a.json";
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc) n = std::stoull(argv[++i]);
    else if (std::strcmp(argv[i], "--json") == 0 && i + 1 < argc) json_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_mrg32k3a [--n N] [--json PATH]\n");
      return 2;
    }
  }
  if (gpurng::cuda_devices().empty()) {
    std::fprintf(stderr, "bench_mrg32k3a: no CUDA device\n");
    return 1;
  }
  cudaStream_t s;
  cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
  void* buf = nullptr;
  cuda_check(cudaMalloc(&buf, n * 8), "cudaMalloc");
  const double ceiling = write_ceiling_bytes_per_s(buf, n * 8, s);

  gpurng::Generator g(gpurng::Engine::mrg32k3a, gpurng::Backend::cuda);
  g.seed(1234);
  g.cuda_stream(s);
  curandGenerator_t c;
  curand_check(curandCreateGenerator(&c, CURAND_RNG_PSEUDO_MRG32K3A), "curandCreateGenerator");
  curand_check(curandSetPseudoRandomGeneratorSeed(c, 1234), "seed");
  curand_check(curandSetStream(c, s), "curandSetStream");

  auto gsps = [&](double ms) { return static_cast<double>(n) / (ms * 1e-3) / 1e9; };
  auto u32 = static_cast<unsigned*>(buf);
  auto f32 = static_cast<float*>(buf);
  auto f64 = static_cast<double*>(buf);
  std::vector<Row> rows;
  auto add = [&](const char* name, std::size_t bytes, const std::function<void()>& ours, const std::function<void()>& theirs) {
    const double a = gsps(median_ms(ours, s));
    const double b = theirs ? gsps(median_ms(theirs, s)) : 0.0;
    rows.push_back(Row{name, bytes, a, b});
  };
  add("u32", 4, [&] { g.generate_bits(u32, n); }, [&] { curand_check(curandGenerate(c, u32, n), "curandGenerate"); });
  add("uniform f32", 4, [&] { g.generate_uniform(f32, n); },
      [&] { curand_check(curandGenerateUniform(c, f32, n), "uniform"); });
  add("normal f32", 4, [&] { g.generate_normal(f32, n, 0.0f, 1.0f); },
      [&] { curand_check(curandGenerateNormal(c, f32, n, 0.0f, 1.0f), "normal"); });
  add("lognormal f32", 4, [&] { g.generate_lognormal(f32, n, 0.0f, 1.0f); },
      [&] { curand_check(curandGenerateLogNormal(c, f32, n, 0.0f, 1.0f), "lognormal"); });
  add("exponential f32", 4, [&] { g.generate_exponential(f32, n, 1.0f); }, nullptr);
  add("uniform f64", 8, [&] { g.generate_uniform(f64, n); },
      [&] { curand_check(curandGenerateUniformDouble(c, f64, n), "uniform double"); });
  add("normal f64", 8, [&] { g.generate_normal(f64, n, 0.0, 1.0); },
      [&] { curand_check(curandGenerateNormalDouble(c, f64, n, 0.0, 1.0), "normal double"); });
  add("lognormal f64", 8, [&] { g.generate_lognormal(f64, n, 0.0, 1.0); },
      [&] { curand_check(curandGenerateLogNormalDouble(c, f64, n, 0.0, 1.0), "lognormal double"); });
  add("exponential f64", 8, [&] { g.generate_exponential(f64, n, 1.0); }, nullptr);
  curandDestroyGenerator(c);
  cudaFree(buf);

  const std::string dev = device_name();
  std::printf("MRG32k3a, N = %zu values, %s, %s\n", n, dev.c_str(), today().c_str());
  std::printf("write ceiling %.0f GB/s = %.0f G 32-bit values/s\n", ceiling / 1e9, ceiling / 4e9);
  std::printf("%-16s %12s %12s %8s %10s\n", "output", "gpurng GS/s", "cuRAND GS/s", "ratio", "% ceiling");
  for (const Row& r : rows) {
    const double pct = 100.0 * r.gpurng_gsps * 1e9 * static_cast<double>(r.value_bytes) / ceiling;
    if (r.curand_gsps > 0) {
      std::printf("%-16s %12.1f %12.1f %7.2fx %9.1f%%\n", r.name.c_str(), r.gpurng_gsps, r.curand_gsps,
                  r.gpurng_gsps / r.curand_gsps, pct);
    } else {
      std::printf("%-16s %12.1f %12s %8s %9.1f%%\n", r.name.c_str(), r.gpurng_gsps, "-", "-", pct);
    }
  }
  std::ofstream js(json_path);
  js << "{\n  \"benchmark\": \"mrg32k3a\",\n  \"device\": \"" << dev << "\",\n  \"date\": \"" << today()
     << "\",\n  \"n\": " << n << ",\n  \"write_ceiling_bytes_per_s\": " << ceiling << ",\n  \"rows\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    js << "    {\"output\": \"" << r.name << "\", \"value_bytes\": " << r.value_bytes << ", \"gpurng_gsps\": " << r.gpurng_gsps
       << ", \"curand_gsps\": " << r.curand_gsps << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  js << "  ]\n}\n";
  return 0;
}
