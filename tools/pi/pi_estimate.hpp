// The Monte Carlo pi estimate of gpurng_pi, as functions (the program and the tests call them).
// pi_math.hpp defines the samples and the hits; both backends count the same hits exactly.
#pragma once

#include <cstdint>
#include <string>

#include "gpurng/gpurng.hpp"

namespace gpurng::pi {

enum class Variant { seed16, floats };

struct Options {
  Engine engine = Engine::dcmt521;
  std::uint64_t samples = 100000000;
  Variant variant = Variant::floats;
  std::uint64_t seed = 1;
  std::uint64_t streams = 0;  // many-stream engines: S (0 = kDefaultStreams)
  unsigned cpu_threads = 0;   // CPU: worker threads (0 = all)
};

// Streams of the many-stream engines unless --streams says otherwise: one GPU thread each, enough to
// fill an H100 (and the same on the CPU, so that both count the same samples).
inline constexpr std::uint64_t kDefaultStreams = std::uint64_t{1} << 16;

struct Result {
  std::uint64_t hits = 0;
  std::uint64_t samples = 0;
  double seconds = 0;       // the counting work: wall clock on the CPU, CUDA events on the GPU
  const char* method = "";  // how the GPU made its numbers (fused, or host API + counting kernel)

  double estimate() const;
  double standard_error() const;  // 4 sqrt(p (1 - p) / n), p = hits / samples
  double rate() const;            // samples per second
};

// True for the engines whose samples are per stream (mwc, xorshift256, kiss, dcmt521, dcmt2203).
bool many_streams(Engine e);

// True for the quasi-random engines (sobol32, sobol64), which gpurng_pi refuses.
bool quasi_random(Engine e);

// True for the engines whose GPU estimate fuses generation with counting through the device API.
bool has_fused_kernel(Engine e);

// Checks the options; throws gpurng::Error(invalid_argument) naming the bad one.
void validate(const Options& o);

// On the CPU through the host API.
Result estimate_cpu(const Options& o);

// On the OpenCL backend (issue 28): the library generates into host buffers through the host API on
// the OpenCL device (GPURNG_OPENCL_DEVICE picks it), the samples are counted on the host, so the hits
// are the CPU's exactly. Throws Error(no_device) without OpenCL, Error(unsupported) for an engine the
// OpenCL backend does not run (the MTGP engines).
Result estimate_opencl(const Options& o);

// On the GPU: generation fused with counting through the device API (mrg32k3a, kiss99, mwc,
// xorshift256, kiss, dcmt521, dcmt2203), else the host API into device memory and a counting kernel
// (mt19937, mt19937-64, the MTGP engines: any engine without a device API). Throws Error(no_device)
// without CUDA or a device.
Result estimate_cuda(const Options& o);

// "pi=<estimate> stderr=<standard error> samples=<N> rate=<samples per second>"
std::string format_line(const Result& r);

}  // namespace gpurng::pi
