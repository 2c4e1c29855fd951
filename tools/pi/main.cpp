// gpurng_pi: Monte Carlo estimate of pi by hit-or-miss in the unit square, with any engine of the
// library, on the CPU (host API), the GPU (generation fused with counting) or an OpenCL device (host API,
// counting on the host). Prints one line:
//
//   pi=<estimate> stderr=<standard error> samples=<N> rate=<samples per second>
//
//   gpurng_pi --engine E --samples N [--backend cpu|cuda|opencl] [--variant floats|seed16] [--seed S]
//             [--streams S] [--threads T]
//
// Errors are one line on stderr (exit status 2 for bad arguments, 1 for other failures).
#include <cstdio>
#include <cstring>
#include <string>

#include "pi_estimate.hpp"

namespace {

[[noreturn]] void usage_error(const std::string& message) {
  throw gpurng::Error(gpurng::Status::invalid_argument, message);
}

// Decimal, 2^k, 10^k or 1eK (a power of ten), in [0, 2^64 - 1].
std::uint64_t parse_count(const std::string& text, const std::string& option) {
  auto digits = [&](const std::string& s) {
    if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos) {
      usage_error(option + ": '" + text + "' is not a non-negative integer (decimal, 2^k, 10^k or 1eK)");
    }
    const unsigned long long v = std::strtoull(s.c_str(), nullptr, 10);
    if (s.size() == 20 && v < 10000000000000000000ull) usage_error(option + ": '" + text + "' is larger than 2^64 - 1");
    return static_cast<std::uint64_t>(v);
  };
  auto power = [&](std::uint64_t base, std::uint64_t k) {
    std::uint64_t v = 1;
    for (std::uint64_t i = 0; i < k; ++i) {
      if (v > ~std::uint64_t{0} / base) usage_error(option + ": '" + text + "' is larger than 2^64 - 1");
      v *= base;
    }
    return v;
  };
  if (text.rfind("2^", 0) == 0) return power(2, digits(text.substr(2)));
  if (text.rfind("10^", 0) == 0) return power(10, digits(text.substr(3)));
  const std::size_t e = text.find_first_of("eE");
  if (e != std::string::npos) {
    const std::uint64_t mantissa = digits(text.substr(0, e)), scale = power(10, digits(text.substr(e + 1)));
    if (mantissa != 0 && scale > ~std::uint64_t{0} / mantissa) usage_error(option + ": '" + text + "' is larger than 2^64 - 1");
    return mantissa * scale;
  }
  return digits(text);
}

int run(int argc, char** argv) {
  gpurng::pi::Options o;
  std::string backend = "cpu";
  bool have_engine = false, have_samples = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::printf(
          "gpurng_pi --engine E --samples N [--backend cpu|cuda|opencl] [--variant floats|seed16] [--seed S] [--streams S] "
          "[--threads T]\n"
          "Monte Carlo pi by hit-or-miss in the unit square; prints\n"
          "  pi=<estimate> stderr=<standard error> samples=<N> rate=<samples per second>\n"
          "floats: two uniform floats per sample (default); seed16: x and y are the two 16-bit halves of one\n"
          "32-bit output (the OpenCL case study's; biased by its 65536 x 65536 grid, expectation 3.14155753).\n"
          "Many-stream engines use S streams (default 65536), sample i from stream i mod S. N accepts 10^8, 1e8, 2^27.\n"
          "Any pseudo-random engine of the library; the quasi-random sobol32 and sobol64 are refused.\n");
      return 0;
    }
    if (i + 1 >= argc) usage_error(a + ": needs a value");
    const std::string v = argv[++i];
    if (a == "--engine") {
      o.engine = gpurng::parse_engine(v);
      have_engine = true;
    } else if (a == "--samples") {
      o.samples = parse_count(v, "--samples");
      have_samples = true;
    } else if (a == "--backend") {
      if (v != "cpu" && v != "cuda" && v != "opencl") {
        usage_error("--backend: '" + v + "' is not one of cpu, cuda, opencl");
      }
      backend = v;
    } else if (a == "--variant") {
      if (v == "floats") o.variant = gpurng::pi::Variant::floats;
      else if (v == "seed16") o.variant = gpurng::pi::Variant::seed16;
      else usage_error("--variant: '" + v + "' is not one of floats, seed16");
    } else if (a == "--seed") {
      o.seed = parse_count(v, "--seed");
    } else if (a == "--streams") {
      o.streams = parse_count(v, "--streams");
      if (o.streams == 0) usage_error("--streams: must be >= 1");
    } else if (a == "--threads") {
      const std::uint64_t t = parse_count(v, "--threads");
      if (t > 4096) usage_error("--threads: " + v + " is out of range [0, 4096] (0 = all hardware threads)");
      o.cpu_threads = static_cast<unsigned>(t);
    } else {
      usage_error("unknown option '" + a + "' (see --help)");
    }
  }
  if (!have_engine) usage_error("--engine is required (see 'gpurng list')");
  if (!have_samples) usage_error("--samples is required");
  const gpurng::pi::Result r = backend == "cuda"     ? gpurng::pi::estimate_cuda(o)
                               : backend == "opencl" ? gpurng::pi::estimate_opencl(o)
                                                     : gpurng::pi::estimate_cpu(o);
  std::printf("%s\n", gpurng::pi::format_line(r).c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const gpurng::Error& e) {
    std::fprintf(stderr, "gpurng_pi: error: %s\n", e.what());
    return e.status() == gpurng::Status::invalid_argument ? 2 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpurng_pi: error: %s\n", e.what());
    return 1;
  }
}
