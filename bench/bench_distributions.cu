// The distributions of the list on the GPU (issue 23): Poisson beside curandGeneratePoisson with the
// same engine at the anchors' lambdas, and every other distribution's rate on the fastest engine
// (and Dirichlet's, at K = 3 and 100).
// Device memory, N values per call (default 2^26), median of CUDA-event-timed calls.
//   bench_distributions [--n N] [--json FILE]
#include <cuda_runtime.h>
#include <curand.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpu_timing.cuh"
#include "gpurng/gpurng.hpp"

using gpurng::bench::cuda_check;
using gpurng::bench::median_ms;

namespace {

void curand_check(curandStatus_t s, const char* what) {
  if (s != CURAND_STATUS_SUCCESS) {
    std::fprintf(stderr, "bench: %s: cuRAND status %d\n", what, static_cast<int>(s));
    std::exit(1);
  }
}

struct Pair {
  gpurng::Engine engine;
  curandRngType_t curand;
  const char* curand_name;
};

struct Row {
  std::string what;
  double gpurng_gs;
  double curand_gs;  // 0: no cuRAND counterpart
};

double rate(std::size_t n, double ms) { return static_cast<double>(n) / (ms * 1e-3) / 1e9; }

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = std::size_t{1} << 26;
  const char* json = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--n") && i + 1 < argc) {
      n = std::strtoull(argv[++i], nullptr, 0);
    } else if (!std::strcmp(argv[i], "--json") && i + 1 < argc) {
      json = argv[++i];
    } else {
      std::fprintf(stderr, "usage: bench_distributions [--n N] [--json FILE]\n");
      return 2;
    }
  }
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::printf("bench_distributions: no CUDA device; nothing measured\n");
    return 0;
  }
  cudaDeviceProp prop{};
  cuda_check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  std::printf("device: %s, N = %zu values per call, device memory, median of 15 calls\n", prop.name, n);

  void* buf = nullptr;
  cuda_check(cudaMalloc(&buf, n * 8), "cudaMalloc");
  cudaStream_t s = nullptr;
  std::vector<Row> rows;

  // Poisson beside cuRAND, engine for engine (cuRAND's anchors of issue 23).
  const Pair pairs[] = {{gpurng::Engine::philox4x32_10, CURAND_RNG_PSEUDO_PHILOX4_32_10, "PHILOX4_32_10"},
                        {gpurng::Engine::mrg32k3a, CURAND_RNG_PSEUDO_MRG32K3A, "MRG32K3A"},
                        {gpurng::Engine::mt19937, CURAND_RNG_PSEUDO_MT19937, "MT19937"},
                        {gpurng::Engine::mtgp11213_curand, CURAND_RNG_PSEUDO_MTGP32, "MTGP32"},
                        {gpurng::Engine::xorwow, CURAND_RNG_PSEUDO_XORWOW, "XORWOW"}};
  for (const Pair& p : pairs) {
    gpurng::Generator g(p.engine, gpurng::Backend::cuda);
    curandGenerator_t c;
    curand_check(curandCreateGenerator(&c, p.curand), "curandCreateGenerator");
    for (double lambda : {0.5, 4.0, 10.0, 100.0, 1e4, 5e4}) {
      const double t_g = median_ms([&] { g.generate(gpurng::Distribution::poisson, &lambda, 1, static_cast<std::uint32_t*>(buf), n); }, s);
      const double t_c =
          median_ms([&] { curand_check(curandGeneratePoisson(c, static_cast<unsigned*>(buf), n, lambda), "poisson"); }, s);
      char what[96];
      std::snprintf(what, sizeof what, "poisson(%g) %s | %s", lambda, gpurng::engine_info(p.engine).name, p.curand_name);
      rows.push_back({what, rate(n, t_g), rate(n, t_c)});
    }
    curandDestroyGenerator(c);
  }

  // The engines whose kernels transform a pair at a time (MT19937-64's consumers, MTGP's warps, DCMT's
  // lanes, the per-stream engines), which have no cuRAND Poisson: Poisson and binomial alone.
  const gpurng::Engine own_kernels[] = {gpurng::Engine::mt19937_64, gpurng::Engine::mtgp11213,
                                        gpurng::Engine::dcmt521,    gpurng::Engine::dcmt2203,
                                        gpurng::Engine::mwc,        gpurng::Engine::kiss};
  for (gpurng::Engine e : own_kernels) {
    gpurng::Generator g(e, gpurng::Backend::cuda);
    for (double lambda : {4.0, 100.0, 1e4}) {
      const double t = median_ms([&] { g.generate(gpurng::Distribution::poisson, &lambda, 1, static_cast<std::uint32_t*>(buf), n); }, s);
      char what[96];
      std::snprintf(what, sizeof what, "poisson(%g) %s", lambda, gpurng::engine_info(e).name);
      rows.push_back({what, rate(n, t), 0});
    }
    const double binomial[2] = {100, 0.3};
    const double t = median_ms([&] { g.generate(gpurng::Distribution::binomial, binomial, 2, static_cast<std::uint32_t*>(buf), n); }, s);
    rows.push_back({std::string("binomial(100, 0.3) ") + gpurng::engine_info(e).name, rate(n, t), 0});
  }

  // Every distribution of the list on philox4x32-10, at representative parameters.
  struct Case {
    gpurng::Distribution d;
    gpurng::ValueType t;
    std::vector<double> params;
  };
  using D = gpurng::Distribution;
  using V = gpurng::ValueType;
  const Case cases[] = {{D::uniform, V::f32, {}},
                        {D::normal, V::f32, {}},
                        {D::uniform, V::f16, {}},
                        {D::uniform, V::bf16, {}},
                        {D::normal, V::f16, {}},
                        {D::normal, V::bf16, {}},
                        {D::uniform_int, V::i64, {0, 1e9}},
                        {D::uniform_int, V::i32, {-5, 1000}},
                        {D::bernoulli, V::u32, {0.3}},
                        {D::geometric, V::u32, {0.01}},
                        {D::binomial, V::u32, {100, 0.03}},
                        {D::binomial, V::u32, {100, 0.3}},
                        {D::binomial, V::u32, {1e5, 0.3}},
                        {D::binomial, V::u32, {1e6, 0.6}},
                        {D::hypergeometric, V::u32, {5, 10, 4}},
                        {D::hypergeometric, V::u32, {1e6, 1e6, 1e5}},
                        {D::negative_binomial, V::u64, {5, 0.3}},
                        {D::gamma, V::f32, {0.5, 1}},
                        {D::gamma, V::f32, {3, 1}},
                        {D::chi_square, V::f32, {3}},
                        {D::beta, V::f32, {2, 5}},
                        {D::student_t, V::f32, {4}},
                        {D::cauchy, V::f32, {0, 1}},
                        {D::weibull, V::f32, {2, 1}},
                        {D::laplace, V::f32, {0, 1}},
                        {D::logistic, V::f32, {0, 1}},
                        {D::gumbel, V::f32, {0, 1}},
                        {D::rayleigh, V::f32, {1}},
                        {D::truncated_normal, V::f32, {0, 1, -1, 2}},
                        {D::truncated_normal, V::f32, {0, 1, 8, 9}}};
  gpurng::Generator g(gpurng::Engine::philox4x32_10, gpurng::Backend::cuda);
  for (const Case& k : cases) {
    const double t = median_ms([&] { g.generate(k.d, k.t, k.params.data(), k.params.size(), buf, n); }, s);
    std::string what = std::string(gpurng::distribution_name(k.d)) + "(";
    for (std::size_t i = 0; i < k.params.size(); ++i) {
      char num[32];
      std::snprintf(num, sizeof num, "%s%g", i ? ", " : "", k.params[i]);
      what += num;
    }
    what += std::string(") ") + (k.t == V::f32    ? "float"
                                 : k.t == V::f16  ? "float16"
                                 : k.t == V::bf16 ? "bfloat16"
                                 : k.t == V::i64  ? "int64"
                                 : k.t == V::i32  ? "int32"
                                 : k.t == V::u64  ? "uint64"
                                                  : "uint32");
    rows.push_back({what + " philox4x32-10", rate(n, t), 0});
  }
  // Dirichlet (not in the list): whole samples, so n rounded down to a multiple of K; one GPU thread
  // per sample after the uniforms.
  struct DirichletCase {
    const char* what;
    std::vector<double> alpha;
    gpurng::ValueType t;
  };
  const DirichletCase dirichlet_cases[] = {{"dirichlet(0.5, 2, 3) float", {0.5, 2, 3}, V::f32},
                                           {"dirichlet(0.5, 2, 3) double", {0.5, 2, 3}, V::f64},
                                           {"dirichlet(1e-3 x 3) float", {1e-3, 1e-3, 1e-3}, V::f32},
                                           {"dirichlet(0.7 x 100) float", std::vector<double>(100, 0.7), V::f32}};
  for (const DirichletCase& k : dirichlet_cases) {
    const gpurng::DirichletAlpha alpha(k.alpha);
    const std::size_t count = n / alpha.size() * alpha.size();  // the buffer holds n doubles
    const double t = median_ms(
        [&] {
          g.offset(0);
          g.generate_dirichlet(alpha, k.t, buf, count);
        },
        s);
    rows.push_back({std::string(k.what) + " philox4x32-10", rate(count, t), 0});
  }

  std::printf("%-52s %12s %12s %8s\n", "distribution, engine | cuRAND", "gpurng G/s", "cuRAND G/s", "ratio");
  for (const Row& r : rows) {
    if (r.curand_gs > 0) {
      std::printf("%-52s %12.1f %12.1f %8.2f\n", r.what.c_str(), r.gpurng_gs, r.curand_gs, r.gpurng_gs / r.curand_gs);
    } else {
      std::printf("%-52s %12.1f %12s %8s\n", r.what.c_str(), r.gpurng_gs, "-", "-");
    }
  }
  if (json != nullptr) {
    FILE* f = std::fopen(json, "w");
    if (f == nullptr) {
      std::fprintf(stderr, "bench_distributions: cannot write %s\n", json);
      return 1;
    }
    std::fprintf(f, "{\"device\": \"%s\", \"n\": %zu, \"rows\": [\n", prop.name, n);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      std::fprintf(f, "  {\"what\": \"%s\", \"gpurng_gs\": %.3f, \"curand_gs\": %.3f}%s\n", rows[i].what.c_str(),
                   rows[i].gpurng_gs, rows[i].curand_gs, i + 1 < rows.size() ? "," : "");
    }
    std::fprintf(f, "]}\n");
    std::fclose(f);
  }
  cudaFree(buf);
  return 0;
}
