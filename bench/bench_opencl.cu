// The OpenCL backend's kernels beside the CUDA backend's (issue 28's target: >= 80 % of the CUDA rate
// at 2^28 for bits and uniform floats), engine for engine, in one process: each call writes device
// memory (an OpenCL buffer of the generator's context; cudaMalloc memory) and is timed by the wall
// clock from the call to the end of clFinish / cudaStreamSynchronize, the same way on both sides,
// after 3 warm-up calls; the median of --runs. Public API only.
//
//   bench_opencl [--sizes 2^24,2^28] [--runs 9] [--engines a,b,...]
//
// The OpenCL device is GPURNG_OPENCL_DEVICE's (default 0; scripts/gpu-opencl.sh registers NVIDIA's
// platform on the GPU machine). Prints one line per (engine, output, size) and a summary of the
// ratios at the largest size.
#include <CL/cl.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace {

using gpurng::Backend;
using gpurng::Distribution;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::ValueType;

// Every engine the backend serves but MT19937(-64), whose OpenCL segments are at least 2^23 values
// each (one work-item per segment: 0.1 G values/s on an H100, minutes for this table); name them in
// --engines to measure them.
const char* const kDefaultEngines[] = {"philox4x32-10",   "philox4x64-10", "threefry2x32-20", "threefry4x64-20",
                                       "pcg64",           "pcg64dxsm",     "mrg32k3a",        "kiss99",
                                       "xorwow",          "mwc",           "xorshift256",     "kiss",
                                       "xorwow-curand",   "mrg32k3a-curand", "dcmt521",       "dcmt2203"};

struct Output {
  const char* name;
  Distribution dist;
  ValueType type;  // bits: replaced by the engine's width
};
const Output kOutputs[] = {{"bits", Distribution::bits, ValueType::u32},
                           {"uniform f32", Distribution::uniform, ValueType::f32},
                           {"uniform f64", Distribution::uniform, ValueType::f64}};

[[noreturn]] void die(const std::string& what) {
  std::fprintf(stderr, "bench_opencl: %s\n", what.c_str());
  std::exit(1);
}

std::uint64_t parse_size(const std::string& s) {
  if (s.rfind("2^", 0) == 0) {
    const int k = std::atoi(s.c_str() + 2);
    if (k < 1 || k > 30) die("--sizes: " + s + " is out of range [2^1, 2^30]");
    return std::uint64_t{1} << k;
  }
  char* end = nullptr;
  const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (*end != '\0' || v == 0 || v > (1ull << 30)) die("--sizes: '" + s + "' is not a count in [1, 2^30]");
  return v;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t comma = s.find(',', start);
    out.push_back(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

double median_seconds(const std::function<void()>& call, int runs) {
  for (int i = 0; i < 3; ++i) call();
  std::vector<double> t;
  for (int i = 0; i < runs; ++i) {
    const auto a = std::chrono::steady_clock::now();
    call();
    const auto b = std::chrono::steady_clock::now();
    t.push_back(std::chrono::duration<double>(b - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::uint64_t> sizes = {std::uint64_t{1} << 24, std::uint64_t{1} << 28};
  int runs = 9;
  std::vector<std::string> engines(std::begin(kDefaultEngines), std::end(kDefaultEngines));
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) die("option " + a + " needs a value (--sizes, --runs, --engines)");
    const std::string v = argv[++i];
    if (a == "--sizes") {
      sizes.clear();
      for (const std::string& s : split(v)) sizes.push_back(parse_size(s));
    } else if (a == "--runs") {
      runs = std::atoi(v.c_str());
      if (runs < 1 || runs > 1000) die("--runs: '" + v + "' is out of range [1, 1000]");
    } else if (a == "--engines") {
      engines = split(v);
    } else {
      die("unknown option " + a + " (--sizes, --runs, --engines)");
    }
  }
  if (!gpurng::built_with_opencl() || gpurng::opencl_devices().empty()) die("no OpenCL device (or no OpenCL kernels built)");
  if (!gpurng::built_with_cuda() || gpurng::cuda_devices().empty()) die("no CUDA device");
  const char* dev_env = std::getenv("GPURNG_OPENCL_DEVICE");
  const int ocl_index = dev_env != nullptr && *dev_env != '\0' ? std::atoi(dev_env) : 0;
  const std::vector<gpurng::OpenclDeviceInfo> ocl = gpurng::opencl_devices();
  if (ocl_index < 0 || static_cast<std::size_t>(ocl_index) >= ocl.size()) die("GPURNG_OPENCL_DEVICE out of range");
  std::printf("# OpenCL device %d: %s (%s, %s); CUDA device 0: %s\n", ocl_index, ocl[ocl_index].name.c_str(),
              ocl[ocl_index].platform.c_str(), ocl[ocl_index].format.c_str(), gpurng::cuda_devices()[0].name.c_str());
  std::printf("# wall clock per call to the end of clFinish / cudaStreamSynchronize, median of %d after 3 warm-ups\n",
              runs);
  std::printf("%-16s %-12s %6s %12s %12s %8s\n", "engine", "output", "N", "opencl G/s", "cuda G/s", "ratio");

  const std::uint64_t max_n = *std::max_element(sizes.begin(), sizes.end());
  void* cuda_buf = nullptr;
  if (cudaMalloc(&cuda_buf, max_n * 8) != cudaSuccess) die("cudaMalloc");
  std::vector<std::string> summary;
  for (const std::string& name : engines) {
    const Engine e = gpurng::parse_engine(name);
    const unsigned width = gpurng::engine_info(e).bits_width;
    try {
      Generator go(e, Backend::opencl);
      Generator gc(e, Backend::cuda);
      cl_context ctx = go.opencl_context();
      cl_command_queue q = go.opencl_queue();
      cl_int err = CL_SUCCESS;
      cl_mem ocl_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, max_n * 8, nullptr, &err);
      if (err != CL_SUCCESS) die("clCreateBuffer: " + std::to_string(err));
      for (const Output& o : kOutputs) {
        const ValueType t = o.dist == Distribution::bits ? (width == 64 ? ValueType::u64 : ValueType::u32) : o.type;
        for (std::uint64_t n : sizes) {
          go.seed(1234);
          gc.seed(1234);
          const double s_ocl = median_seconds(
              [&] {
                go.offset(0);
                go.generate(o.dist, t, nullptr, 0, gpurng::OpenclBuffer{ocl_buf, 0}, n);
                if (clFinish(q) != CL_SUCCESS) die("clFinish");
              },
              runs);
          const double s_cuda = median_seconds(
              [&] {
                gc.offset(0);
                gc.generate(o.dist, t, nullptr, 0, cuda_buf, n);
                if (cudaStreamSynchronize(nullptr) != cudaSuccess) die("cudaStreamSynchronize");
              },
              runs);
          const double r_ocl = n / s_ocl / 1e9, r_cuda = n / s_cuda / 1e9;
          std::string out_name = o.dist == Distribution::bits ? (width == 64 ? "bits u64" : "bits u32") : o.name;
          std::printf("%-16s %-12s %6s %12.1f %12.1f %8.2f\n", name.c_str(), out_name.c_str(),
                      ("2^" + std::to_string(63 - __builtin_clzll(n))).c_str(), r_ocl, r_cuda, r_ocl / r_cuda);
          std::fflush(stdout);
          if (n == max_n) {
            char line[160];
            std::snprintf(line, sizeof line, "%-16s %-12s %.2f", name.c_str(), out_name.c_str(), r_ocl / r_cuda);
            summary.push_back(line);
          }
        }
      }
      clReleaseMemObject(ocl_buf);
    } catch (const gpurng::Error& err) {
      std::printf("%-16s skipped: %s\n", name.c_str(), err.what());
    }
  }
  std::printf("# opencl / cuda at the largest size\n");
  for (const std::string& s : summary) std::printf("%s\n", s.c_str());
  cudaFree(cuda_buf);
  return 0;
}
