// Sobol' throughput on the GPU: gpurng (canonical Gray-code order, dimension-major) beside cuRAND's
// CURAND_RNG_QUASI_SOBOL32, SCRAMBLED_SOBOL32 and SOBOL64 (same layout), in one process on one
// device, plus the device's write-bandwidth ceiling. Shapes: the chapter's 2^18 points x 128
// dimensions, and N * D = 2^28 values with D = 1 and with D = 1000. Prints a table and writes JSON.
//
//   bench_sobol [--json PATH] [--quick]      (--quick: the first shape only)
//
// Pairs: gpurng sobol32 / cuRAND SOBOL32; gpurng sobol32 with the digital shift / cuRAND
// SCRAMBLED_SOBOL32 (also a digital shift, with its own tables); gpurng sobol64 / cuRAND SOBOL64;
// gpurng sobol32 and sobol64 with Owen scrambling (cuRAND has none). Both generators' offsets
// are reset before every timed call (a host-side setting), so every call makes the same points.
#include <curand.h>

#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "gpu_timing.cuh"
#include "gpurng/gpurng.hpp"

using namespace gpurng::bench;

namespace {

void curand_check(curandStatus_t s, const char* what) {
  if (s != CURAND_STATUS_SUCCESS) {
    std::fprintf(stderr, "bench_sobol: %s: cuRAND status %d\n", what, static_cast<int>(s));
    std::exit(1);
  }
}

struct Shape {
  const char* name;
  std::uint32_t dims;
  std::size_t points;
};

struct Variant {
  const char* name;
  gpurng::Engine engine;
  gpurng::Scramble scramble;
  int curand_type;  // curandRngType_t, or -1: no cuRAND counterpart
};

struct Row {
  std::string shape, variant, output;
  std::size_t value_bytes;
  double gpurng_gsps;
  double curand_gsps;  // 0: no counterpart
};

}  // namespace

int main(int argc, char** argv) {
  std::string json_path = "bench_sobol.json";
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--json") == 0 && i + 1 < argc) json_path = argv[++i];
    else if (std::strcmp(argv[i], "--quick") == 0) quick = true;
    else {
      std::fprintf(stderr, "usage: bench_sobol [--json PATH] [--quick]\n");
      return 2;
    }
  }
  if (gpurng::cuda_devices().empty()) {
    std::fprintf(stderr, "bench_sobol: no CUDA device\n");
    return 1;
  }
  const std::vector<Shape> shapes = {
      {"2^18 pts x 128 dims", 128, std::size_t{1} << 18},
      {"2^28 pts x 1 dim", 1, std::size_t{1} << 28},
      {"268435 pts x 1000 dims", 1000, (std::size_t{1} << 28) / 1000},
  };
  const std::vector<Variant> variants = {
      {"sobol32", gpurng::Engine::sobol32, gpurng::Scramble::none, CURAND_RNG_QUASI_SOBOL32},
      {"sobol32 shift", gpurng::Engine::sobol32, gpurng::Scramble::digital_shift, CURAND_RNG_QUASI_SCRAMBLED_SOBOL32},
      {"sobol64", gpurng::Engine::sobol64, gpurng::Scramble::none, CURAND_RNG_QUASI_SOBOL64},
      {"sobol32 owen", gpurng::Engine::sobol32, gpurng::Scramble::owen, -1},
      {"sobol64 owen", gpurng::Engine::sobol64, gpurng::Scramble::owen, -1},
  };

  cudaStream_t s;
  cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
  const std::size_t max_values = std::size_t{1} << 28;
  void* buf = nullptr;
  cuda_check(cudaMalloc(&buf, max_values * 8), "cudaMalloc");
  const double ceiling = write_ceiling_bytes_per_s(buf, max_values * 8, s);

  std::vector<Row> rows;
  for (std::size_t si = 0; si < (quick ? 1 : shapes.size()); ++si) {
    const Shape& shape = shapes[si];
    const std::size_t n = shape.points * shape.dims;
    auto gsps = [&](double ms) { return static_cast<double>(n) / (ms * 1e-3) / 1e9; };
    for (const Variant& v : variants) {
      gpurng::Generator g(v.engine, gpurng::Backend::cuda);
      g.dimensions(shape.dims);
      g.scramble(v.scramble);
      g.seed(1234);
      g.cuda_stream(s);
      curandGenerator_t c = nullptr;
      if (v.curand_type >= 0) {
        curand_check(curandCreateGenerator(&c, static_cast<curandRngType_t>(v.curand_type)), "curandCreateGenerator");
        curand_check(curandSetQuasiRandomGeneratorDimensions(c, shape.dims), "dimensions");
        curand_check(curandSetStream(c, s), "curandSetStream");
      }
      const bool is64 = v.engine == gpurng::Engine::sobol64;
      // cuRAND calls return their status: one it refuses (a combination it does not offer) is
      // reported as "-" with the status on stderr instead of ending the benchmark.
      auto add = [&](const char* output, std::size_t bytes, const std::function<void()>& ours,
                     const std::function<curandStatus_t()>& theirs) {
        const double a = gsps(median_ms([&] { g.offset(0); ours(); }, s));
        double b = 0.0;
        if (c != nullptr) {
          curand_check(curandSetGeneratorOffset(c, 0), "offset");
          const curandStatus_t st = theirs();
          cuda_check(cudaStreamSynchronize(s), "cuRAND trial call");
          if (st == CURAND_STATUS_SUCCESS) {
            b = gsps(median_ms([&] { curandSetGeneratorOffset(c, 0); theirs(); }, s));
          } else {
            std::fprintf(stderr, "bench_sobol: cuRAND refused %s %s (status %d)\n", v.name, output, static_cast<int>(st));
          }
        }
        rows.push_back(Row{shape.name, v.name, output, bytes, a, b});
      };
      auto u32 = static_cast<unsigned*>(buf);
      auto u64 = static_cast<unsigned long long*>(buf);
      auto f32 = static_cast<float*>(buf);
      auto f64 = static_cast<double*>(buf);
      if (is64) {
        add("u64", 8, [&] { g.generate_bits(reinterpret_cast<std::uint64_t*>(u64), n); },
            [&] { return curandGenerateLongLong(c, u64, n); });
      } else {
        add("u32", 4, [&] { g.generate_bits(u32, n); }, [&] { return curandGenerate(c, u32, n); });
      }
      add("uniform f32", 4, [&] { g.generate_uniform(f32, n); }, [&] { return curandGenerateUniform(c, f32, n); });
      add("normal f32", 4, [&] { g.generate_normal(f32, n, 0.0f, 1.0f); },
          [&] { return curandGenerateNormal(c, f32, n, 0.0f, 1.0f); });
      add("uniform f64", 8, [&] { g.generate_uniform(f64, n); }, [&] { return curandGenerateUniformDouble(c, f64, n); });
      add("normal f64", 8, [&] { g.generate_normal(f64, n, 0.0, 1.0); },
          [&] { return curandGenerateNormalDouble(c, f64, n, 0.0, 1.0); });
      if (c != nullptr) curandDestroyGenerator(c);
    }
  }
  // Grid sweep at every shape (cuda_blocks; values do not depend on it): which number of 256-thread
  // blocks per SM the default (kSobolBlocksPerSm in src/cuda/sobol.cu) should use. Rows are in the sections
  // "<shape> grid sweep", named "<variant> B=<blocks per SM>"; B=auto is the library's default.
  {
    int dev_id = 0, sms = 0;
    cuda_check(cudaGetDevice(&dev_id), "cudaGetDevice");
    cuda_check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev_id), "attribute");
    for (const Shape& shape : shapes) {
      const std::size_t n = shape.points * shape.dims;
      const std::string section = std::string(shape.name) + " grid sweep";
      for (const Variant& v : {variants[0], variants[2]}) {
        const bool is64 = v.engine == gpurng::Engine::sobol64;
        for (int per_sm : {0, 8, 16, 32, 64}) {
          gpurng::Generator g(v.engine, gpurng::Backend::cuda);
          g.dimensions(shape.dims);
          g.seed(1234);
          g.cuda_stream(s);
          g.cuda_blocks(static_cast<unsigned>(per_sm * sms));
          const std::string name =
              std::string(v.name) + " B=" + (per_sm == 0 ? std::string("auto") : std::to_string(per_sm));
          auto time = [&](const std::function<void()>& f) {
            return static_cast<double>(n) / (median_ms([&] { g.offset(0); f(); }, s) * 1e-3) / 1e9;
          };
          if (is64) {
            rows.push_back(Row{section, name, "u64", 8,
                               time([&] { g.generate_bits(static_cast<std::uint64_t*>(buf), n); }), 0.0});
          } else {
            rows.push_back(Row{section, name, "u32", 4,
                               time([&] { g.generate_bits(static_cast<std::uint32_t*>(buf), n); }), 0.0});
          }
          rows.push_back(Row{section, name, "uniform f32", 4,
                             time([&] { g.generate_uniform(static_cast<float*>(buf), n); }), 0.0});
          rows.push_back(Row{section, name, "normal f32", 4,
                             time([&] { g.generate_normal(static_cast<float*>(buf), n, 0.0f, 1.0f); }), 0.0});
          rows.push_back(Row{section, name, "uniform f64", 8,
                             time([&] { g.generate_uniform(static_cast<double*>(buf), n); }), 0.0});
          rows.push_back(Row{section, name, "normal f64", 8,
                             time([&] { g.generate_normal(static_cast<double*>(buf), n, 0.0, 1.0); }), 0.0});
        }
      }
    }
  }
  cudaFree(buf);

  const std::string dev = device_name();
  std::printf("Sobol', %s, %s\n", dev.c_str(), today().c_str());
  std::printf("write ceiling %.0f GB/s = %.0f G 32-bit values/s\n", ceiling / 1e9, ceiling / 4e9);
  std::printf("%-24s %-14s %-12s %12s %12s %8s %10s\n", "shape", "gpurng", "output", "gpurng GS/s", "cuRAND GS/s", "ratio",
              "% ceiling");
  for (const Row& r : rows) {
    const double pct = 100.0 * r.gpurng_gsps * 1e9 * static_cast<double>(r.value_bytes) / ceiling;
    if (r.curand_gsps > 0) {
      std::printf("%-24s %-14s %-12s %12.1f %12.1f %7.2fx %9.1f%%\n", r.shape.c_str(), r.variant.c_str(), r.output.c_str(),
                  r.gpurng_gsps, r.curand_gsps, r.gpurng_gsps / r.curand_gsps, pct);
    } else {
      std::printf("%-24s %-14s %-12s %12.1f %12s %8s %9.1f%%\n", r.shape.c_str(), r.variant.c_str(), r.output.c_str(),
                  r.gpurng_gsps, "-", "-", pct);
    }
  }
  std::ofstream js(json_path);
  js << "{\n  \"benchmark\": \"sobol\",\n  \"device\": \"" << dev << "\",\n  \"date\": \"" << today()
     << "\",\n  \"write_ceiling_bytes_per_s\": " << ceiling << ",\n  \"rows\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    js << "    {\"shape\": \"" << r.shape << "\", \"gpurng\": \"" << r.variant << "\", \"output\": \"" << r.output
       << "\", \"value_bytes\": " << r.value_bytes << ", \"gpurng_gsps\": " << r.gpurng_gsps
       << ", \"curand_gsps\": " << r.curand_gsps << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  js << "  ]\n}\n";
  return 0;
}
