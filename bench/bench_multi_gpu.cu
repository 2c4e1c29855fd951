// Many GPUs, one sequence (issue 26): a call of N values per device on every device at once
// (Generator::devices + generate_per_device, one buffer per device) beside one device's call of N
// values, for every engine, with each device's write ceiling; and the time to the first values at
// a far offset (2^62) on one device and on all, where each device jumps to its own part's offset.
// Calls over several devices are synchronous, so both sides are timed on the host clock (median of
// --runs after one warm-up call), each one-device call ending with cudaDeviceSynchronize.
//   bench_multi_gpu [--n N per device, default 2^31] [--runs R, default 5] [--engines a,b,...] [--json FILE]
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "gpu_timing.cuh"
#include "gpurng/gpurng.hpp"
#include "gpurng/partition.hpp"

using gpurng::bench::cuda_check;

namespace {

template <class F>
double median_s(int runs, F&& f) {
  std::vector<double> t;
  for (int i = 0; i < runs; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

struct Row {
  std::string engine;
  double one_gs, all_gs, first_one_ms, first_all_ms;
};

}  // namespace

int run(int argc, char** argv) {
  std::size_t n = std::size_t{1} << 31;
  int runs = 5;
  std::string engines_arg, json;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--n")) n = std::strtoull(argv[i + 1], nullptr, 0);
    else if (!std::strcmp(argv[i], "--runs")) runs = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--engines")) engines_arg = argv[i + 1];
    else if (!std::strcmp(argv[i], "--json")) json = argv[i + 1];
    else {
      std::fprintf(stderr, "usage: bench_multi_gpu [--n N] [--runs R] [--engines a,b] [--json FILE]\n");
      return 2;
    }
  }
  const std::vector<gpurng::DeviceInfo> infos = gpurng::cuda_devices();
  if (infos.size() < 2) {
    std::fprintf(stderr, "bench_multi_gpu: %zu CUDA device(s); the comparison needs two or more\n", infos.size());
    return 0;
  }
  std::vector<int> devices;
  for (const gpurng::DeviceInfo& d : infos) devices.push_back(d.index);
  const std::size_t p = devices.size();

  // One buffer of n floats per device, and each device's write ceiling over it.
  std::vector<void*> bufs(p);
  std::vector<double> ceiling(p);
  for (std::size_t k = 0; k < p; ++k) {
    cuda_check(cudaSetDevice(devices[k]), "cudaSetDevice");
    cuda_check(cudaMalloc(&bufs[k], n * sizeof(float)), "cudaMalloc");
    ceiling[k] = gpurng::bench::write_ceiling_bytes_per_s(bufs[k], n * sizeof(float), nullptr);
  }
  cuda_check(cudaSetDevice(0), "cudaSetDevice");
  std::printf("%zu x %s, %zu float uniforms per device; write ceiling %.0f GB/s (device 0)\n", p,
              infos[0].name.c_str(), n, ceiling[0] / 1e9);
  std::printf("%-18s %12s %12s %8s %14s %14s\n", "engine", "1 dev GS/s", "all GS/s", "speedup", "first@2^62 1",
              "first@2^62 all");

  std::vector<Row> rows;
  for (const gpurng::EngineInfo& e : gpurng::engines()) {
    if (!engines_arg.empty() && ("," + engines_arg + ",").find("," + std::string(e.name) + ",") == std::string::npos) continue;
    Row r{e.name, 0, 0, 0, 0};
    // Engines whose sequence is short (sobol32: 2^32 points) get fewer values per device, so that the
    // warm-up and the timed calls stay inside it.
    const std::uint64_t cap = gpurng::Generator(e.engine, gpurng::Backend::cpu).remaining() / ((runs + 2) * p);
    const std::size_t n_engine = static_cast<std::size_t>(std::min<std::uint64_t>(n, cap));
    try {
    {
      gpurng::Generator one(e.engine, gpurng::Backend::cuda);
      one.cuda_device(0);
      auto call = [&] {
        one.generate_uniform(static_cast<float*>(bufs[0]), n_engine);
        cuda_check(cudaDeviceSynchronize(), "one device");
      };
      call();
      r.one_gs = static_cast<double>(n_engine) / median_s(runs, call) / 1e9;
    }
    {
      gpurng::Generator all(e.engine, gpurng::Backend::cuda);
      all.devices(devices);
      auto call = [&] {
        all.generate_per_device(gpurng::Distribution::uniform, gpurng::ValueType::f32, nullptr, 0, bufs.data(),
                                n_engine * p);
      };
      call();
      r.all_gs = static_cast<double>(n_engine * p) / median_s(runs, call) / 1e9;
    }
    // The first values at offset 2^62 (sobol32, whose sequence ends at 2^32: near its end) from a
    // fresh generator: 2^10 per device.
    const std::size_t small = 1024;
    const std::uint64_t far = std::min<std::uint64_t>(std::uint64_t{1} << 62,
                                                      gpurng::Generator(e.engine, gpurng::Backend::cpu).remaining() - small * p);
    r.first_one_ms = 1e3 * median_s(runs, [&] {
      gpurng::Generator g(e.engine, gpurng::Backend::cuda);
      g.cuda_device(0);
      g.offset(far);
      g.generate_uniform(static_cast<float*>(bufs[0]), small);
      cuda_check(cudaDeviceSynchronize(), "first values");
    });
    r.first_all_ms = 1e3 * median_s(runs, [&] {
      gpurng::Generator g(e.engine, gpurng::Backend::cuda);
      g.devices(devices);
      g.offset(far);
      g.generate_per_device(gpurng::Distribution::uniform, gpurng::ValueType::f32, nullptr, 0, bufs.data(), small * p);
    });
    } catch (const gpurng::Error& err) {  // one engine's failure is reported, the others still run
      std::printf("%-18s failed: %s\n", r.engine.c_str(), err.what());
      std::fflush(stdout);
      continue;
    }
    std::printf("%-18s %12.1f %12.1f %7.2fx %11.2f ms %11.2f ms%s\n", r.engine.c_str(), r.one_gs, r.all_gs,
                r.all_gs / r.one_gs, r.first_one_ms, r.first_all_ms, n_engine < n ? "  (fewer values: short sequence)" : "");
    std::fflush(stdout);
    rows.push_back(r);
  }
  if (!json.empty()) {
    FILE* f = std::fopen(json.c_str(), "w");
    if (f == nullptr) {
      std::fprintf(stderr, "bench_multi_gpu: cannot write %s\n", json.c_str());
      return 1;
    }
    std::fprintf(f, "{\"date\": \"%s\", \"device\": \"%s\", \"devices\": %zu, \"n_per_device\": %zu,\n \"write_ceiling_gbs\": [",
                 gpurng::bench::today().c_str(), infos[0].name.c_str(), p, n);
    for (std::size_t k = 0; k < p; ++k) std::fprintf(f, "%s%.1f", k ? ", " : "", ceiling[k] / 1e9);
    std::fprintf(f, "],\n \"rows\": [\n");
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const Row& r = rows[i];
      std::fprintf(f,
                   "  {\"engine\": \"%s\", \"one_device_gs\": %.3f, \"all_devices_gs\": %.3f, \"speedup\": %.3f, "
                   "\"first_at_2p62_one_ms\": %.3f, \"first_at_2p62_all_ms\": %.3f}%s\n",
                   r.engine.c_str(), r.one_gs, r.all_gs, r.all_gs / r.one_gs, r.first_one_ms, r.first_all_ms,
                   i + 1 < rows.size() ? "," : "");
    }
    std::fprintf(f, " ]}\n");
    std::fclose(f);
  }
  for (std::size_t k = 0; k < p; ++k) {
    cudaSetDevice(devices[k]);
    cudaFree(bufs[k]);
  }
  return 0;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const gpurng::Error& e) {
    std::fprintf(stderr, "bench_multi_gpu: %s\n", e.what());
    return 1;
  }
}
