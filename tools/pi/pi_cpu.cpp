// gpurng_pi through the host API, on the CPU or the OpenCL backend: the library fills host buffers in
// chunks, the samples of pi_math.hpp are counted here.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "pi_estimate.hpp"
#include "pi_math.hpp"

namespace gpurng::pi {

namespace {

constexpr std::size_t kChunk = std::size_t{1} << 24;  // values per host call (several blocks per stream)

std::uint64_t stream_count(const Options& o) { return o.streams != 0 ? o.streams : kDefaultStreams; }

Generator make_generator(const Options& o, Backend b) {
  Generator g(o.engine, b);
  g.cpu_threads(o.cpu_threads);
  g.seed(o.seed);
  if (many_streams(o.engine)) g.streams(stream_count(o));
  return g;
}

// seed16: positions 0 .. n-1, one 32-bit output each (the upper half of a 64-bit one).
std::uint64_t count_seed16(Generator& g, std::uint64_t n) {
  std::uint64_t hits = 0;
  if (engine_info(g.engine()).bits_width == 64) {
    std::vector<std::uint64_t> buf(static_cast<std::size_t>(std::min<std::uint64_t>(n, kChunk)));
    for (std::uint64_t done = 0; done < n;) {
      const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(n - done, buf.size()));
      g.generate_bits(buf.data(), k);
      for (std::size_t i = 0; i < k; ++i) hits += hit_seed16(static_cast<std::uint32_t>(buf[i] >> 32)) ? 1 : 0;
      done += k;
    }
  } else {
    std::vector<std::uint32_t> buf(static_cast<std::size_t>(std::min<std::uint64_t>(n, kChunk)));
    for (std::uint64_t done = 0; done < n;) {
      const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(n - done, buf.size()));
      g.generate_bits(buf.data(), k);
      for (std::size_t i = 0; i < k; ++i) hits += hit_seed16(buf[i]) ? 1 : 0;
      done += k;
    }
  }
  return hits;
}

// floats, one sequence: positions 2i, 2i+1.
std::uint64_t count_floats_sequence(Generator& g, std::uint64_t n) {
  std::uint64_t hits = 0;
  std::vector<float> buf(static_cast<std::size_t>(std::min<std::uint64_t>(n, kChunk / 2)) * 2);
  for (std::uint64_t done = 0; done < n;) {
    const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(n - done, buf.size() / 2));
    g.generate_uniform(buf.data(), 2 * k);
    for (std::size_t i = 0; i < k; ++i) hits += hit_floats(buf[2 * i], buf[2 * i + 1]) ? 1 : 0;
    done += k;
  }
  return hits;
}

// floats, S streams: sample k of stream s uses the stream's values 2k and 2k+1, i.e. rows 2k and 2k+1 of
// the interleaved output (positions 2kS + s and (2k+1)S + s).
std::uint64_t count_floats_streams(Generator& g, std::uint64_t n, std::uint64_t streams) {
  std::uint64_t hits = 0;
  const std::uint64_t rows_per_call = std::max<std::uint64_t>(1, kChunk / (2 * streams));  // pairs of rows
  const std::uint64_t pair_rows = (n + streams - 1) / streams;
  std::vector<float> buf(static_cast<std::size_t>(2 * streams * std::min(rows_per_call, pair_rows)));
  for (std::uint64_t k0 = 0; k0 < pair_rows; k0 += rows_per_call) {
    const std::uint64_t rows = std::min(rows_per_call, pair_rows - k0);
    const std::uint64_t last = std::min(streams, n - (k0 + rows - 1) * streams);  // samples in the last pair of rows
    g.offset(2 * k0 * streams);
    g.generate_uniform(buf.data(), static_cast<std::size_t>(2 * (rows - 1) * streams + streams + last));
    for (std::uint64_t r = 0; r < rows; ++r) {
      const float* a = buf.data() + 2 * r * streams;
      const float* b = a + streams;
      const std::uint64_t count = r + 1 == rows ? last : streams;
      for (std::uint64_t s = 0; s < count; ++s) hits += hit_floats(a[s], b[s]) ? 1 : 0;
    }
  }
  return hits;
}

}  // namespace

double Result::estimate() const { return 4.0 * static_cast<double>(hits) / static_cast<double>(samples); }

double Result::standard_error() const {
  const double p = static_cast<double>(hits) / static_cast<double>(samples);
  return 4.0 * std::sqrt(p * (1.0 - p) / static_cast<double>(samples));
}

double Result::rate() const { return seconds > 0 ? static_cast<double>(samples) / seconds : 0.0; }

bool many_streams(Engine e) {
  switch (e) {
    case Engine::mwc:
    case Engine::xorshift256:
    case Engine::kiss:
    case Engine::dcmt521:
    case Engine::dcmt2203: return true;
    default: return false;
  }
}

bool has_fused_kernel(Engine e) {
  switch (e) {
    case Engine::mrg32k3a:
    case Engine::kiss99:
    case Engine::mwc:
    case Engine::xorshift256:
    case Engine::kiss:
    case Engine::dcmt521:
    case Engine::dcmt2203: return true;
    default: return false;
  }
}

bool quasi_random(Engine e) { return e == Engine::sobol32 || e == Engine::sobol64; }

void validate(const Options& o) {
  engine_info(o.engine);  // throws for an unknown engine
  // Consecutive outputs of a Sobol' sequence are not independent (pairs of one dimension land on a
  // lattice): hit-or-miss over them is not Monte Carlo and its standard error means nothing.
  if (quasi_random(o.engine)) {
    throw Error(Status::invalid_argument, std::string("--engine: ") + engine_info(o.engine).name +
                                              " is quasi-random; hit-or-miss pi with a standard error needs a "
                                              "pseudo-random engine");
  }
  if (o.samples == 0 || o.samples > (std::uint64_t{1} << 62)) {
    throw Error(Status::invalid_argument, "--samples: " + std::to_string(o.samples) + " is out of range [1, 2^62]");
  }
  if (o.streams != 0 && !many_streams(o.engine)) {
    throw Error(Status::invalid_argument, std::string("--streams: ") + engine_info(o.engine).name +
                                              " is one sequence; streams apply to mwc, xorshift256, kiss, dcmt521, dcmt2203");
  }
  // The library's own checks of the seed and the stream count (the GPU path must refuse what the CPU does).
  make_generator(o, Backend::cpu);
}

namespace {

Result estimate_host(const Options& o, Backend b, const char* method) {
  validate(o);
  Generator g = make_generator(o, b);
  const auto t0 = std::chrono::steady_clock::now();
  Result r;
  r.samples = o.samples;
  r.method = method;
  if (o.variant == Variant::seed16) {
    r.hits = count_seed16(g, o.samples);
  } else if (many_streams(o.engine)) {
    r.hits = count_floats_streams(g, o.samples, stream_count(o));
  } else {
    r.hits = count_floats_sequence(g, o.samples);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace

Result estimate_cpu(const Options& o) { return estimate_host(o, Backend::cpu, "host API"); }

Result estimate_opencl(const Options& o) { return estimate_host(o, Backend::opencl, "host API (OpenCL)"); }

std::string format_line(const Result& r) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "pi=%.10f stderr=%.3e samples=%llu rate=%.4e", r.estimate(), r.standard_error(),
                static_cast<unsigned long long>(r.samples), r.rate());
  return buf;
}

}  // namespace gpurng::pi
