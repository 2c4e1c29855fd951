// GSL's generators on one CPU thread, measured as `gpurng bench` measures its CPU rows (the same
// n values per call into one host buffer, one warm-up call, median of --runs) beside std::mt19937,
// the reference of that table. GSL is GPL-3, so this comparison lives in a program of its own that
// is not installed: the shipped gpurng CLI and library link no GPL code. Prints a table and writes
// JSON rows with the fields of `gpurng bench`'s cpu.rows.
//
//   bench_gsl_cpu [--n N] [--runs R] [--json PATH]     (N defaults to 2^20, R to 7)
#include <gsl/gsl_rng.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

double median_seconds(const std::function<void()>& f, int runs) {
  f();  // warm-up
  std::vector<double> t;
  for (int i = 0; i < runs; ++i) {
    const auto a = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

struct Row {
  std::string generator;
  std::string library;
  unsigned bits_width;  // significant bits of the integers (gsl_rng_mrg: 31)
  double bits_gsps;
  double uniform_gsps;
};

struct Buffers {
  std::vector<std::uint32_t> u32;
  std::vector<double> f64;
};

Row bench_std_mt19937(Buffers& b, int runs) {
  std::mt19937 e;
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const std::size_t n = b.f64.size();
  const double bits = median_seconds([&] {
    for (std::size_t i = 0; i < n; ++i) b.u32[i] = static_cast<std::uint32_t>(e());
  }, runs);
  const double unif = median_seconds([&] { for (std::size_t i = 0; i < n; ++i) b.f64[i] = u(e); }, runs);
  const double dn = static_cast<double>(n);
  return {"std::mt19937", "std", 32, dn / bits / 1e9, dn / unif / 1e9};
}

bool bench_gsl(const gsl_rng_type* type, unsigned width, Buffers& b, int runs, Row* row) {
  gsl_rng* g = gsl_rng_alloc(type);
  if (g == nullptr) return false;
  const std::size_t n = b.f64.size();
  const double bits = median_seconds([&] {
    for (std::size_t i = 0; i < n; ++i) b.u32[i] = static_cast<std::uint32_t>(gsl_rng_get(g));
  }, runs);
  const double unif = median_seconds([&] { for (std::size_t i = 0; i < n; ++i) b.f64[i] = gsl_rng_uniform(g); }, runs);
  gsl_rng_free(g);
  const double dn = static_cast<double>(n);
  *row = {std::string("gsl_rng_") + type->name, "gsl", width, dn / bits / 1e9, dn / unif / 1e9};
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = std::size_t{1} << 20;
  int runs = 7;
  std::string json_path = "bench_gsl_cpu.json";
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc) n = std::stoull(argv[++i]);
    else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = std::stoi(argv[++i]);
    else if (std::strcmp(argv[i], "--json") == 0 && i + 1 < argc) json_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_gsl_cpu [--n N] [--runs R] [--json PATH]\n");
      return 2;
    }
  }
  if (n < 1 || n > (std::size_t{1} << 28) || runs < 1 || runs > 1000) {
    std::fprintf(stderr, "bench_gsl_cpu: --n must be in [1, 2^28] and --runs in [1, 1000]\n");
    return 2;
  }
  Buffers b{std::vector<std::uint32_t>(n), std::vector<double>(n)};
  std::vector<Row> rows{bench_std_mt19937(b, runs)};
  const struct {
    const gsl_rng_type* type;
    unsigned width;
  } kGsl[] = {{gsl_rng_mt19937, 32}, {gsl_rng_mrg, 31}, {gsl_rng_taus2, 32}};
  for (const auto& g : kGsl) {
    Row r;
    if (!bench_gsl(g.type, g.width, b, runs, &r)) {
      std::fprintf(stderr, "bench_gsl_cpu: gsl_rng_alloc failed for %s\n", g.type->name);
      return 1;
    }
    rows.push_back(r);
  }

  const Row& ref = rows.front();
  std::printf("One CPU thread, N = %zu values per call, median of %d runs after one warm-up\n", n, runs);
  std::printf("%-18s %5s %14s %9s %16s %9s\n", "generator", "bits", "integers GS/s", "vs std", "uniform f64 GS/s",
              "vs std");
  for (const Row& r : rows) {
    std::printf("%-18s %5u %14.3f %8.2fx %16.3f %8.2fx\n", r.generator.c_str(), r.bits_width, r.bits_gsps,
                r.bits_gsps / ref.bits_gsps, r.uniform_gsps, r.uniform_gsps / ref.uniform_gsps);
  }
  std::ofstream js(json_path);
  js << "{\n  \"benchmark\": \"gsl_cpu\",\n  \"n\": " << n << ",\n  \"runs\": " << runs << ",\n  \"rows\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    const char* sep = i + 1 < rows.size() ? "," : "";
    js << "    {\"generator\": \"" << r.generator << "\", \"library\": \"" << r.library
       << "\", \"threads\": 1, \"output\": \"bits\", \"bits_width\": " << r.bits_width << ", \"n\": " << n
       << ", \"gsps\": " << r.bits_gsps << "},\n";
    js << "    {\"generator\": \"" << r.generator << "\", \"library\": \"" << r.library
       << "\", \"threads\": 1, \"output\": \"uniform f64\", \"bits_width\": 0, \"n\": " << n
       << ", \"gsps\": " << r.uniform_gsps << "}" << sep << "\n";
  }
  js << "  ]\n}\n";
  js.close();
  if (!js) {
    std::fprintf(stderr, "bench_gsl_cpu: writing '%s' failed\n", json_path.c_str());
    return 1;
  }
  return 0;
}
