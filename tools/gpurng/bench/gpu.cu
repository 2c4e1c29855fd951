// The GPU part of `gpurng bench`: every engine (and the Sobol' scramblings) through the host API
// Generator into device memory, beside cuRAND's host-API counterpart, timed with the methods of
// bench/gpu_timing.cuh (CUDA events, warm-up, median), against the write-only ceiling measured over
// the same number of bytes; board energy per window from NVML; and the latency of a small job.
// cuRAND is loaded at run time (curand_api.hpp): without it gpurng is still measured and every
// cuRAND figure says why it is missing.
//
// Adding an engine: its gpurng rows come from gpurng::engines(); a cuRAND counterpart is one row in
// kCounterparts; an engine option worth its own rows is one row in kExtraVariants.
#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <memory>

#include "curand_api.hpp"
#include "gpu.hpp"
#include "gpu_timing.cuh"
#include "nvml_power.hpp"

namespace gpurng::cli::bench {
namespace {

using gpurng::bench::cuda_check;
using gpurng::bench::median_ms;
using Clock = std::chrono::steady_clock;

// cuRAND's host-API generator beside each gpurng variant that has one (XORWOW, cuRAND's default,
// for the per-thread engines).
struct Counterpart {
  const char* variant;
  curandRngType_t type;
  const char* name;
};
const Counterpart kCounterparts[] = {
    {"mrg32k3a", CURAND_RNG_PSEUDO_MRG32K3A, "MRG32K3A"},
    {"mt19937", CURAND_RNG_PSEUDO_MT19937, "MT19937"},
    {"mtgp11213", CURAND_RNG_PSEUDO_MTGP32, "MTGP32"},
    {"mtgp11213-curand", CURAND_RNG_PSEUDO_MTGP32, "MTGP32"},
    {"sobol32", CURAND_RNG_QUASI_SOBOL32, "SOBOL32"},
    {"sobol32+shift", CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, "SCRAMBLED_SOBOL32"},
    {"sobol64", CURAND_RNG_QUASI_SOBOL64, "SOBOL64"},
    {"sobol64+shift", CURAND_RNG_QUASI_SCRAMBLED_SOBOL64, "SCRAMBLED_SOBOL64"},
    {"mwc", CURAND_RNG_PSEUDO_XORWOW, "XORWOW"},
    {"xorshift256", CURAND_RNG_PSEUDO_XORWOW, "XORWOW"},
    {"kiss", CURAND_RNG_PSEUDO_XORWOW, "XORWOW"},
    {"kiss99", CURAND_RNG_PSEUDO_XORWOW, "XORWOW"},
    {"philox4x32-10", CURAND_RNG_PSEUDO_PHILOX4_32_10, "PHILOX4_32_10"},
    {"xorwow", CURAND_RNG_PSEUDO_XORWOW, "XORWOW"},
    // The cuRAND host engines: their counterpart is the very generator whose output they reproduce.
    {"xorwow-curand", CURAND_RNG_PSEUDO_XORWOW, "XORWOW"},
    {"philox4x32-10-curand", CURAND_RNG_PSEUDO_PHILOX4_32_10, "PHILOX4_32_10"},
    {"mrg32k3a-curand", CURAND_RNG_PSEUDO_MRG32K3A, "MRG32K3A"},
};

// Engine options measured as variants of their own, beside each engine's defaults.
struct ExtraVariant {
  const char* name;
  Engine engine;
  Scramble scramble;
};
const ExtraVariant kExtraVariants[] = {
    {"sobol32+shift", Engine::sobol32, Scramble::digital_shift},
    {"sobol64+shift", Engine::sobol64, Scramble::digital_shift},
    {"sobol32+owen", Engine::sobol32, Scramble::owen},
    {"sobol64+owen", Engine::sobol64, Scramble::owen},
};

struct Variant {
  std::string name;
  EngineInfo info;
  bool scrambled = false;
  Scramble scramble = Scramble::none;
  const Counterpart* curand = nullptr;
};

bool selected(const BenchOptions& o, Engine e) {
  return o.engines.empty() || std::find(o.engines.begin(), o.engines.end(), e) != o.engines.end();
}

std::vector<Variant> variants(const BenchOptions& o) {
  std::vector<Variant> out;
  for (const EngineInfo& info : engines()) {
    if (!selected(o, info.engine)) continue;
    out.push_back(Variant{info.name, info});
    for (const ExtraVariant& x : kExtraVariants) {
      if (x.engine == info.engine) out.push_back(Variant{x.name, info, true, x.scramble});
    }
  }
  for (Variant& v : out) {
    for (const Counterpart& c : kCounterparts) {
      if (v.name == c.variant) v.curand = &c;
    }
  }
  return out;
}

// Quasi-random sequences are finite and both libraries restart them before every timed call, as
// bench/bench_sobol.cu does, so that every call makes the same points.
bool quasi(Engine e) { return e == Engine::sobol32 || e == Engine::sobol64; }
bool quasi(curandRngType_t t) { return t >= CURAND_RNG_QUASI_DEFAULT; }
bool curand_64bit(curandRngType_t t) {
  return t == CURAND_RNG_QUASI_SOBOL64 || t == CURAND_RNG_QUASI_SCRAMBLED_SOBOL64;
}

struct Output {
  Distribution dist;
  bool f64;  // floating outputs: double; bits: the engine's width decides
};
const Output kOutputs[] = {
    {Distribution::bits, false},        {Distribution::uniform, false},     {Distribution::uniform, true},
    {Distribution::normal, false},      {Distribution::normal, true},       {Distribution::exponential, false},
    {Distribution::exponential, true},  {Distribution::lognormal, false},   {Distribution::lognormal, true},
};

const char* type_name(const Output& out, const EngineInfo& info) {
  if (out.dist == Distribution::bits) return info.bits_width == 64 ? "u64" : "u32";
  return out.f64 ? "f64" : "f32";
}

unsigned value_bytes(const Output& out, const EngineInfo& info) {
  if (out.dist == Distribution::bits) return info.bits_width / 8;
  return out.f64 ? 8 : 4;
}

void gpurng_call(Generator& g, const Output& out, unsigned bytes, void* p, std::size_t n) {
  switch (out.dist) {
    case Distribution::bits:
      if (bytes == 8) g.generate_bits(static_cast<std::uint64_t*>(p), n);
      else g.generate_bits(static_cast<std::uint32_t*>(p), n);
      return;
    case Distribution::uniform:
      if (out.f64) g.generate_uniform(static_cast<double*>(p), n);
      else g.generate_uniform(static_cast<float*>(p), n);
      return;
    case Distribution::normal:
      if (out.f64) g.generate_normal(static_cast<double*>(p), n, 0.0, 1.0);
      else g.generate_normal(static_cast<float*>(p), n, 0.0f, 1.0f);
      return;
    case Distribution::exponential:
      if (out.f64) g.generate_exponential(static_cast<double*>(p), n, 1.0);
      else g.generate_exponential(static_cast<float*>(p), n, 1.0f);
      return;
    case Distribution::lognormal:
      if (out.f64) g.generate_lognormal(static_cast<double*>(p), n, 0.0, 1.0);
      else g.generate_lognormal(static_cast<float*>(p), n, 0.0f, 1.0f);
      return;
  }
}

// The cuRAND host-API call for an output; empty (with the reason in *why) when cuRAND has none.
std::function<curandStatus_t(curandGenerator_t, void*, std::size_t)> curand_call(const CurandApi& api, const Output& out,
                                                                                 unsigned bytes, curandRngType_t type,
                                                                                 std::string* why) {
  const CurandApi* a = &api;
  switch (out.dist) {
    case Distribution::bits:
      if ((bytes == 8) != curand_64bit(type)) {
        *why = "cuRAND's generator has another integer width";
        return {};
      }
      if (bytes == 8) {
        return [a](curandGenerator_t c, void* p, std::size_t n) {
          return a->generate_long_long(c, static_cast<unsigned long long*>(p), n);
        };
      }
      return [a](curandGenerator_t c, void* p, std::size_t n) { return a->generate(c, static_cast<unsigned*>(p), n); };
    case Distribution::uniform:
      if (out.f64) {
        return [a](curandGenerator_t c, void* p, std::size_t n) {
          return a->generate_uniform_double(c, static_cast<double*>(p), n);
        };
      }
      return [a](curandGenerator_t c, void* p, std::size_t n) { return a->generate_uniform(c, static_cast<float*>(p), n); };
    case Distribution::normal:
      if (out.f64) {
        return [a](curandGenerator_t c, void* p, std::size_t n) {
          return a->generate_normal_double(c, static_cast<double*>(p), n, 0.0, 1.0);
        };
      }
      return [a](curandGenerator_t c, void* p, std::size_t n) {
        return a->generate_normal(c, static_cast<float*>(p), n, 0.0f, 1.0f);
      };
    case Distribution::lognormal:
      if (out.f64) {
        return [a](curandGenerator_t c, void* p, std::size_t n) {
          return a->generate_log_normal_double(c, static_cast<double*>(p), n, 0.0, 1.0);
        };
      }
      return [a](curandGenerator_t c, void* p, std::size_t n) {
        return a->generate_log_normal(c, static_cast<float*>(p), n, 0.0f, 1.0f);
      };
    case Distribution::exponential:
      break;
  }
  *why = "cuRAND's host API has no exponential distribution";
  return {};
}

// A cuRAND host-API generator, destroyed with its scope.
struct CurandGenerator {
  const CurandApi& api;
  curandGenerator_t c = nullptr;
  curandStatus_t status = CURAND_STATUS_SUCCESS;
  CurandGenerator(const CurandApi& a, curandRngType_t type, cudaStream_t s) : api(a) {
    status = api.create_generator(&c, type);
    if (status != CURAND_STATUS_SUCCESS) {
      c = nullptr;
      return;
    }
    if (!quasi(type)) status = api.set_seed(c, 1234);
    if (status == CURAND_STATUS_SUCCESS) status = api.set_stream(c, s);
  }
  ~CurandGenerator() {
    if (c != nullptr) api.destroy_generator(c);
  }
  CurandGenerator(const CurandGenerator&) = delete;
  CurandGenerator& operator=(const CurandGenerator&) = delete;
};

std::string curand_status(curandStatus_t s) { return "cuRAND status " + std::to_string(static_cast<int>(s)); }

void configure(Generator& g, const Variant& v, cudaStream_t s) {
  if (v.scrambled) g.scramble(v.scramble);
  g.seed(1234);
  g.cuda_stream(s);
}

struct Energy {
  double samples_per_joule = 0;
  double watts = 0;
};

// Repeats f (n values per call) for at least `ms` milliseconds and divides the values made by the
// board energy spent: the energy counter where the board has one, else mean sampled power x time.
Energy energy_window(const Nvml& nvml, const std::function<void()>& f, std::size_t n, cudaStream_t s, double ms) {
  cuda_check(cudaStreamSynchronize(s), "before the energy window");
  unsigned long long e0 = 0, e1 = 0;
  PowerSampler sampler(nvml);
  const bool counter = nvml.energy_mj(&e0);
  const auto t0 = Clock::now();
  std::size_t calls = 0;
  double elapsed = 0;
  do {
    for (int k = 0; k < 4; ++k, ++calls) f();
    cuda_check(cudaStreamSynchronize(s), "energy window");
    elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  } while (elapsed * 1e3 < ms);
  const bool counter_after = counter && nvml.energy_mj(&e1) && e1 > e0;
  const double watts = sampler.stop();
  const double joules = counter_after ? static_cast<double>(e1 - e0) / 1e3 : watts * elapsed;
  Energy e;
  if (joules > 0) e.samples_per_joule = static_cast<double>(calls) * static_cast<double>(n) / joules;
  e.watts = counter_after ? joules / elapsed : watts;
  return e;
}

std::string version_string(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

double wall_ms(const std::function<void()>& f) {
  const auto a = Clock::now();
  f();
  return std::chrono::duration<double, std::milli>(Clock::now() - a).count();
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

// Latency of a small job (10^4 uniform floats), first call with creation and steady state, wall
// clock with synchronisation: what a caller waits for. Runs before the throughput part, so each
// engine's first call also pays its kernels' first load, as it would in a fresh process. curand:
// null when cuRAND is not loaded (curand_missing says why).
LatencyRow latency(const Variant& v, void* buf, cudaStream_t s, int runs, const CurandApi* curand,
                   const std::string& curand_missing) {
  constexpr std::size_t kN = 10000;
  auto* f32 = static_cast<float*>(buf);
  LatencyRow r;
  r.variant = v.name;
  std::unique_ptr<Generator> g;
  r.gpurng_first_ms = wall_ms([&] {
    g = std::make_unique<Generator>(v.info.engine, Backend::cuda);
    configure(*g, v, s);
    g->generate_uniform(f32, kN);
    cuda_check(cudaStreamSynchronize(s), "latency");
  });
  std::vector<double> t;
  for (int i = 0; i < runs; ++i) {
    t.push_back(wall_ms([&] {
      g->generate_uniform(f32, kN);
      cuda_check(cudaStreamSynchronize(s), "latency");
    }));
  }
  r.gpurng_steady_us = median_of(t) * 1e3;
  if (v.curand == nullptr) return r;
  r.curand = v.curand->name;
  if (curand == nullptr) {
    r.curand_note = curand_missing;
    return r;
  }
  std::unique_ptr<CurandGenerator> c;
  curandStatus_t st = CURAND_STATUS_SUCCESS;
  const double first = wall_ms([&] {
    c = std::make_unique<CurandGenerator>(*curand, v.curand->type, s);
    st = c->status;
    if (st == CURAND_STATUS_SUCCESS) st = curand->generate_uniform(c->c, f32, kN);
    cuda_check(cudaStreamSynchronize(s), "latency");
  });
  if (st != CURAND_STATUS_SUCCESS) {
    r.curand_note = curand_status(st);
    return r;
  }
  r.curand_first_ms = first;
  t.clear();
  for (int i = 0; i < runs; ++i) {
    t.push_back(wall_ms([&] {
      curand->generate_uniform(c->c, f32, kN);
      cuda_check(cudaStreamSynchronize(s), "latency");
    }));
  }
  r.curand_steady_us = median_of(t) * 1e3;
  return r;
}

}  // namespace

GpuReport run_gpu_bench(const BenchOptions& o, std::FILE* log) {
  const auto start = Clock::now();
  GpuReport r;
  int count = 0;
  const cudaError_t ce = cudaGetDeviceCount(&count);
  if (ce != cudaSuccess || count == 0) {
    r.skipped_reason = ce != cudaSuccess ? std::string("no usable CUDA device (") + cudaGetErrorString(ce) + ")"
                                         : "no CUDA device";
    return r;
  }
  r.ran = true;
  r.sizes = o.sizes;
  r.runs = o.runs;
  int dev = 0, runtime = 0, driver = 0;
  cuda_check(cudaGetDevice(&dev), "cudaGetDevice");
  cuda_check(cudaRuntimeGetVersion(&runtime), "cudaRuntimeGetVersion");
  cuda_check(cudaDriverGetVersion(&driver), "cudaDriverGetVersion");
  r.device = gpurng::bench::device_name();
  r.cuda_runtime_version = version_string(runtime);
  r.cuda_driver_api_version = version_string(driver);
  char bus[32] = {};
  cuda_check(cudaDeviceGetPCIBusId(bus, sizeof bus, dev), "cudaDeviceGetPCIBusId");
  const Nvml nvml(bus);
  r.driver_version = nvml.driver_version();
  if (r.driver_version.empty()) r.driver_version = "unknown (NVML unavailable; CUDA driver API " + r.cuda_driver_api_version + ")";
  r.energy_available = nvml.available() && o.energy_ms > 0;
  r.energy_method = o.energy_ms > 0 ? nvml.note() : "energy not measured (--energy-ms 0)";
  r.power_limit_w = nvml.power_limit_w();
  std::fprintf(log, "gpu: %s, CUDA runtime %s, driver %s; %s\n", r.device.c_str(), r.cuda_runtime_version.c_str(),
               r.driver_version.c_str(), r.energy_method.c_str());
  std::string curand_missing;
  const CurandApi* curand = load_curand(&curand_missing);
  if (curand == nullptr) {
    r.notes.push_back(curand_missing + ": every cuRAND comparison skipped");
    std::fprintf(log, "gpu: %s\n", r.notes.back().c_str());
  }

  cudaStream_t s;
  cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreate");
  const std::size_t max_n = static_cast<std::size_t>(*std::max_element(o.sizes.begin(), o.sizes.end()));
  void* buf = nullptr;
  cuda_check(cudaMalloc(&buf, std::max<std::size_t>(max_n, 10000) * 8), "cudaMalloc (the output buffer)");
  std::map<std::size_t, double> ceilings;  // bytes -> write ceiling over that many bytes
  auto ceiling = [&](std::size_t bytes) {
    auto it = ceilings.find(bytes);
    if (it == ceilings.end()) it = ceilings.emplace(bytes, gpurng::bench::write_ceiling_bytes_per_s(buf, bytes, s)).first;
    return it->second;
  };
  ceiling(16);  // the context and the ceiling kernel loaded before any latency is taken

  const std::vector<Variant> vs = variants(o);
  if (o.latency) {
    for (const Variant& v : vs) {
      std::fprintf(log, "gpu: latency %s\n", v.name.c_str());
      try {
        r.latency.push_back(latency(v, buf, s, o.runs, curand, curand_missing));
      } catch (const Error& e) {  // one engine's failure is reported, the others still measured
        r.notes.push_back("latency " + v.name + " failed: " + e.what());
        std::fprintf(log, "gpu: %s\n", r.notes.back().c_str());
      }
    }
  }

  // cuRAND's figures per (generator type, output, N): XORWOW stands beside four engines and MTGP32
  // beside two, and is measured once.
  struct CurandCell {
    double gsps = 0, samples_per_joule = 0, watts = 0;
    std::string note;
  };
  std::map<std::string, CurandCell> curand_cells;

  for (const Variant& v : vs) {
    std::fprintf(log, "gpu: %s (%.0f s so far)\n", v.name.c_str(),
                 std::chrono::duration<double>(Clock::now() - start).count());
    try {
      Generator g(v.info.engine, Backend::cuda);
      configure(g, v, s);
      std::unique_ptr<CurandGenerator> c;  // created when a cell is not yet measured
      auto curand_generator = [&]() -> CurandGenerator& {
        if (!c) c = std::make_unique<CurandGenerator>(*curand, v.curand->type, s);
        return *c;
      };
      for (const Output& out : kOutputs) {
        const unsigned bytes = value_bytes(out, v.info);
        std::string no_curand = curand_missing;
        auto theirs = v.curand != nullptr && curand != nullptr ? curand_call(*curand, out, bytes, v.curand->type, &no_curand)
                                                               : nullptr;
        for (std::uint64_t n64 : o.sizes) {
          const std::size_t n = static_cast<std::size_t>(n64);
          GpuRow row;
          row.variant = v.name;
          row.engine = v.info.name;
          row.dist = distribution_name(out.dist);
          row.type = type_name(out, v.info);
          row.value_bytes = bytes;
          row.n = n64;
          row.ceiling_bytes_per_s = ceiling(n * bytes);
          auto ours = [&] {
            if (quasi(v.info.engine) || g.remaining() < n) g.offset(0);
            gpurng_call(g, out, bytes, buf, n);
          };
          try {
            ours();
          } catch (const Error& e) {  // an output this engine does not define is left out; nothing else is
            if (e.status() != Status::unsupported) throw;
            std::fprintf(log, "gpu:   %s %s %s left out: %s\n", v.name.c_str(), row.dist.c_str(), row.type.c_str(), e.what());
            break;
          }
          const auto gsps = [&](double ms) { return static_cast<double>(n) / (ms * 1e-3) / 1e9; };
          row.gpurng_gsps = gsps(median_ms(ours, s, 3, o.runs));
          const bool energy = r.energy_available && n == max_n;
          if (energy) {
            const Energy e = energy_window(nvml, ours, n, s, o.energy_ms);
            row.gpurng_samples_per_joule = e.samples_per_joule;
            row.gpurng_watts = e.watts;
          }
          if (v.curand != nullptr) row.curand = v.curand->name;
          if (theirs) {
            const std::string key = std::string(v.curand->name) + "/" + row.dist + "/" + row.type + "/" + std::to_string(n);
            auto it = curand_cells.find(key);
            if (it == curand_cells.end()) {
              CurandCell cell;
              CurandGenerator& cg = curand_generator();
              if (cg.status != CURAND_STATUS_SUCCESS) {
                cell.note = "cuRAND setup failed: " + curand_status(cg.status);
              } else {
                const bool q = quasi(v.curand->type);
                curandStatus_t st = CURAND_STATUS_SUCCESS;
                auto call = [&] {
                  if (q) curand->set_offset(cg.c, 0);
                  st = theirs(cg.c, buf, n);
                };
                call();
                cuda_check(cudaStreamSynchronize(s), "cuRAND trial call");
                if (st == CURAND_STATUS_SUCCESS) {
                  cell.gsps = gsps(median_ms(call, s, 3, o.runs));
                  if (energy) {
                    const Energy e = energy_window(nvml, call, n, s, o.energy_ms);
                    cell.samples_per_joule = e.samples_per_joule;
                    cell.watts = e.watts;
                  }
                } else {
                  cell.note = "cuRAND refused: " + curand_status(st);
                }
              }
              it = curand_cells.emplace(key, cell).first;
            }
            row.curand_gsps = it->second.gsps;
            row.curand_samples_per_joule = it->second.samples_per_joule;
            row.curand_watts = it->second.watts;
            row.curand_note = it->second.note;
          } else {
            row.curand_note = v.curand == nullptr ? "no cuRAND counterpart" : no_curand;
          }
          r.rows.push_back(row);
        }
      }
    } catch (const Error& e) {  // one engine's failure is reported, the others still measured
      r.notes.push_back(v.name + " failed: " + e.what());
      std::fprintf(log, "gpu: %s\n", r.notes.back().c_str());
    }
  }
  cudaFree(buf);
  cudaStreamDestroy(s);
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace gpurng::cli::bench
