// MT19937 on one CPU thread: gpurng's engines and CPU backend beside std::mt19937 / std::mt19937_64
// (libstdc++), the same outputs in the same order. Prints a table and writes JSON.
//
//   bench_mt19937_cpu [--n N] [--json PATH]     (N defaults to 2^26 values)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"
#include "gpurng/std_engines.hpp"

namespace {

// Median of 7 runs, in nanoseconds per value.
double ns_per_value(std::size_t n, const std::function<void()>& f) {
  std::vector<double> t;
  f();  // warm-up
  for (int i = 0; i < 7; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / static_cast<double>(n));
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

struct Row {
  std::string name;
  double ns;
  double baseline_ns;  // the std engine doing the same
};

template <class T>
void keep(const std::vector<T>& v) {  // stop the compiler from dropping the work
  volatile T sink = v[v.size() / 2];
  (void)sink;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = std::size_t{1} << 26;
  std::string json_path = "bench_mt19937_cpu.json";
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc) n = std::stoull(argv[++i]);
    else if (std::strcmp(argv[i], "--json") == 0 && i + 1 < argc) json_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_mt19937_cpu [--n N] [--json PATH]\n");
      return 2;
    }
  }
  std::vector<std::uint32_t> a(n);
  std::vector<std::uint64_t> b(n);
  std::vector<Row> rows;

  std::mt19937 s32(5489);
  std::mt19937_64 s64(5489);
  gpurng::Mt19937 g32(5489);
  gpurng::Mt19937_64 g64(5489);
  const double std32 = ns_per_value(n, [&] {
    for (auto& v : a) v = s32();
    keep(a);
  });
  const double std64 = ns_per_value(n, [&] {
    for (auto& v : b) v = s64();
    keep(b);
  });
  rows.push_back({"mt19937: operator() loop", ns_per_value(n, [&] {
                    for (auto& v : a) v = g32();
                    keep(a);
                  }),
                  std32});
  rows.push_back({"mt19937: generate(buffer, n)", ns_per_value(n, [&] {
                    g32.generate(a.data(), n);
                    keep(a);
                  }),
                  std32});
  gpurng::Generator c32(gpurng::Engine::mt19937, gpurng::Backend::cpu);
  c32.cpu_threads(1);
  rows.push_back({"mt19937: Generator::generate_bits, CPU backend, 1 thread", ns_per_value(n, [&] {
                    c32.generate_bits(a.data(), n);
                    keep(a);
                  }),
                  std32});
  rows.push_back({"mt19937-64: operator() loop", ns_per_value(n, [&] {
                    for (auto& v : b) v = g64();
                    keep(b);
                  }),
                  std64});
  rows.push_back({"mt19937-64: generate(buffer, n)", ns_per_value(n, [&] {
                    g64.generate(b.data(), n);
                    keep(b);
                  }),
                  std64});
  gpurng::Generator c64(gpurng::Engine::mt19937_64, gpurng::Backend::cpu);
  c64.cpu_threads(1);
  rows.push_back({"mt19937-64: Generator::generate_bits, CPU backend, 1 thread", ns_per_value(n, [&] {
                    c64.generate_bits(b.data(), n);
                    keep(b);
                  }),
                  std64});

  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  std::printf("MT19937 on one CPU thread, N = %zu values, %s\n", n, date);
  std::printf("std::mt19937 %.3f ns/value, std::mt19937_64 %.3f ns/value (libstdc++, operator() loop)\n", std32, std64);
  std::printf("%-62s %10s %10s\n", "gpurng", "ns/value", "vs std");
  for (const Row& r : rows) std::printf("%-62s %10.3f %9.2fx\n", r.name.c_str(), r.ns, r.baseline_ns / r.ns);
  std::ofstream js(json_path);
  js << "{\n  \"benchmark\": \"mt19937_cpu\",\n  \"date\": \"" << date << "\",\n  \"n\": " << n
     << ",\n  \"std_mt19937_ns\": " << std32 << ",\n  \"std_mt19937_64_ns\": " << std64 << ",\n  \"rows\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    js << "    {\"what\": \"" << rows[i].name << "\", \"ns_per_value\": " << rows[i].ns
       << ", \"speedup_vs_std\": " << rows[i].baseline_ns / rows[i].ns << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  js << "  ]\n}\n";
  return 0;
}
