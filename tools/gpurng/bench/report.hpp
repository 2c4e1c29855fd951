// The results of `gpurng bench` as plain data, shared by the CPU part, the GPU part (compiled only
// where CUDA is found), the terminal tables and the JSON file that tools/plot_bench.py and
// tools/bench_summary.py read. A field left at 0 means "not measured" (the note says why).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli::bench {

struct BenchOptions {
  bool run_cpu = true;
  bool run_gpu = true;
  std::vector<std::uint64_t> sizes;  // GPU: values per call
  int runs = 7;                      // timed repeats; the median is reported
  std::vector<Engine> engines;       // empty: every engine
  std::uint64_t cpu_size = 0;        // CPU: values per call
  double energy_ms = 0;              // GPU: length of each energy window (0: no energy figures)
  bool latency = true;               // GPU: the create + 10^4 values latency table
};

// One GPU measurement: a variant (an engine with its options), an output, a size.
struct GpuRow {
  std::string variant;  // engine name, "+shift"/"+owen" for scrambled Sobol'
  std::string engine;
  std::string dist;  // bits, uniform, normal, exponential, lognormal
  std::string type;  // u32, u64, f32, f64
  unsigned value_bytes = 0;
  std::uint64_t n = 0;
  double gpurng_gsps = 0;  // median, 10^9 values per second
  std::string curand;      // cuRAND counterpart (host-API generator type), empty: none
  double curand_gsps = 0;
  std::string curand_note;           // why there is no cuRAND figure, when there is none
  double ceiling_bytes_per_s = 0;    // write-only kernel over the same number of bytes
  double gpurng_samples_per_joule = 0;
  double curand_samples_per_joule = 0;
  double gpurng_watts = 0;  // mean board power during the energy window
  double curand_watts = 0;
};

// Create a generator, seed it and produce 10^4 uniform floats into device memory, synchronised:
// the first call (creation included) and the steady state (median of later calls).
struct LatencyRow {
  std::string variant;
  double gpurng_first_ms = 0;
  double gpurng_steady_us = 0;
  std::string curand;
  double curand_first_ms = 0;
  double curand_steady_us = 0;
  std::string curand_note;
};

struct GpuReport {
  bool ran = false;
  std::string skipped_reason;  // when !ran
  std::string device;
  std::string driver_version;        // NVML's driver version, or the CUDA driver API version
  std::string cuda_runtime_version;  // e.g. 13.0
  std::string cuda_driver_api_version;
  bool energy_available = false;
  std::string energy_method;  // how samples per joule were obtained, or why not
  double power_limit_w = 0;   // enforced board power limit (NVML), 0: unknown
  std::vector<std::uint64_t> sizes;
  int runs = 0;
  std::vector<GpuRow> rows;
  std::vector<LatencyRow> latency;
  std::vector<std::string> notes;  // variants or latencies that failed, with the library's message
  double seconds = 0;
};

struct CpuRow {
  std::string generator;  // e.g. "mt19937", "std::mt19937"
  std::string library;    // gpurng, std (older reports: gsl, now bench/bench_gsl_cpu.cpp)
  unsigned threads = 1;
  std::string output;       // "bits" (the generator's integers) or "uniform f64"
  unsigned bits_width = 0;  // bits: significant bits per integer (std::ranlux48: 48)
  std::uint64_t n = 0;
  double gsps = 0;
};

struct CpuReport {
  bool ran = false;
  std::string cpu_model;
  unsigned hardware_threads = 0;
  std::uint64_t n = 0;
  int runs = 0;
  std::vector<CpuRow> rows;
  std::vector<std::string> notes;
  double seconds = 0;
};

struct BenchReport {
  std::string command;  // the exact command line
  std::string date;     // UTC, ISO 8601
  std::string host;
  std::string gpurng_version;
  CpuReport cpu;
  GpuReport gpu;
};

}  // namespace gpurng::cli::bench
