// The CPU part of `gpurng bench`. Every generator fills the same host buffer of n values per
// call; one untimed call warms caches and page mappings, then the median of `runs` calls is kept.
// Competitors are called the way a user calls them: operator() / std::uniform_real_distribution,
// one value per call. GSL's generators (GPL-3) are measured the same way by bench/bench_gsl_cpu.cpp,
// a separate program that is not installed, so that the shipped CLI links no GPL code.
#include "cpu.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <random>
#include <thread>

namespace gpurng::cli::bench {
namespace {

using Clock = std::chrono::steady_clock;

double median_seconds(const std::function<void()>& f, int runs) {
  f();  // warm-up
  std::vector<double> t;
  for (int i = 0; i < runs; ++i) {
    const auto a = Clock::now();
    f();
    t.push_back(std::chrono::duration<double>(Clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(std::min(colon + 2, line.size()));
    }
  }
  return "unknown";
}

struct Buffers {
  std::vector<std::uint32_t> u32;
  std::vector<std::uint64_t> u64;
  std::vector<double> f64;
};

// The standard library's engines: integers from operator(), doubles from uniform_real_distribution.
template <class E>
void bench_std(const char* name, unsigned bits, Buffers& b, const BenchOptions& o, CpuReport& r) {
  E e;
  const std::size_t n = b.f64.size();
  auto add = [&](const char* output, unsigned width, double s) {
    r.rows.push_back(CpuRow{name, "std", 1, output, width, n, static_cast<double>(n) / s / 1e9});
  };
  add("bits", bits, median_seconds([&] {
        if constexpr (sizeof(typename E::result_type) == 4) {
          for (std::size_t i = 0; i < n; ++i) b.u32[i] = e();
        } else {
          for (std::size_t i = 0; i < n; ++i) b.u64[i] = e();
        }
      }, o.runs));
  std::uniform_real_distribution<double> u(0.0, 1.0);
  add("uniform f64", 0, median_seconds([&] {
        for (std::size_t i = 0; i < n; ++i) b.f64[i] = u(e);
      }, o.runs));
}

void bench_gpurng(const EngineInfo& info, unsigned threads, Buffers& b, const BenchOptions& o, CpuReport& r) {
  Generator g(info.engine, Backend::cpu);
  g.seed(1234);
  g.cpu_threads(threads);
  const std::size_t n = b.f64.size();
  // Quasi-random and bounded sequences wrap to the start rather than run off their end.
  auto room = [&] {
    if (g.remaining() < n) g.offset(0);
  };
  auto add = [&](const char* output, unsigned width, double s) {
    r.rows.push_back(CpuRow{info.name, "gpurng", threads, output, width, n, static_cast<double>(n) / s / 1e9});
  };
  add("bits", info.bits_width, median_seconds([&] {
        room();
        if (info.bits_width == 64) g.generate_bits(b.u64.data(), n);
        else g.generate_bits(b.u32.data(), n);
      }, o.runs));
  add("uniform f64", 0, median_seconds([&] {
        room();
        g.generate_uniform(b.f64.data(), n);
      }, o.runs));
}

}  // namespace

CpuReport run_cpu_bench(const BenchOptions& o, std::FILE* log) {
  const auto start = Clock::now();
  CpuReport r;
  r.ran = true;
  r.cpu_model = cpu_model();
  r.hardware_threads = std::thread::hardware_concurrency();
  r.n = o.cpu_size;
  r.runs = o.runs;
  Buffers b;
  const std::size_t n = static_cast<std::size_t>(o.cpu_size);
  b.u32.resize(n);
  b.u64.resize(n);
  b.f64.resize(n);

  for (const EngineInfo& info : engines()) {
    if (!o.engines.empty() && std::find(o.engines.begin(), o.engines.end(), info.engine) == o.engines.end()) continue;
    for (unsigned threads : {1u, 2u}) {
      std::fprintf(log, "cpu: gpurng %s, %u thread%s\n", info.name, threads, threads > 1 ? "s" : "");
      try {
        bench_gpurng(info, threads, b, o, r);
      } catch (const Error& e) {  // one engine's failure is reported, the others still measured
        r.notes.push_back(std::string(info.name) + " failed: " + e.what());
        std::fprintf(log, "cpu: %s\n", r.notes.back().c_str());
        break;
      }
    }
  }
  std::fprintf(log, "cpu: std generators\n");
  bench_std<std::mt19937>("std::mt19937", 32, b, o, r);
  bench_std<std::mt19937_64>("std::mt19937_64", 64, b, o, r);
  bench_std<std::ranlux48>("std::ranlux48", 48, b, o, r);
  if (r.hardware_threads < 2) r.notes.push_back("only one hardware thread: the 2-thread rows share one core");
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace gpurng::cli::bench
