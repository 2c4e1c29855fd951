// gpurng conformance (issue 26): prints the digest of a fixed set of outputs per engine configuration
// and one overall digest, and compares them with the expected digests, by default those kept in the
// repository (data/conformance-digests.txt, compiled in). Exit 0 when every digest matches, 1 naming
// the first configuration that differs, 2 for a bad argument. docs/CONFORMANCE.md defines the set.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "backend_option.hpp"
#include "commands.hpp"
#include "conformance.hpp"
#include "devices_option.hpp"
#include "gpurng/gpurng.hpp"
#include "number_parsing.hpp"
#include "options.hpp"

namespace gpurng::cli {
namespace {

// The expected digests of this source tree: data/conformance-digests.txt, embedded at build time.
const char* const kBuiltInDigests =
#include "conformance_digests.inc"
    ;

struct ConformanceOptions {
  std::string backend = "auto";
  std::string devices;
  std::string threads = "0";
  std::string expected;  // a file, or "none"; default: the built-in digests
  std::string engine;    // only this engine's configurations
  Given given;
};

[[noreturn]] void usage_error(const std::string& message) { throw Error(Status::invalid_argument, message); }

std::string read_file(const std::string& path, const char* option) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw Error(Status::io_error, std::string(option) + ": cannot open '" + path + "' for reading");
  std::stringstream s;
  s << f.rdbuf();
  if (f.bad()) throw Error(Status::io_error, std::string(option) + ": reading '" + path + "' failed");
  return s.str();
}

void print_line(const std::string& line) {
  if (std::fputs((line + "\n").c_str(), stdout) == EOF || std::fflush(stdout) != 0) {
    throw Error(Status::io_error, "standard output: write failed");
  }
}

int run(const ConformanceOptions& o) {
  ConformanceRun run;
  const Backend requested = parse_backend_option(o.backend);
  const std::uint64_t threads = parse_u64(o.threads, "--threads");
  if (threads > 4096) usage_error("--threads: " + o.threads + " is out of range [0, 4096] (0 = all hardware threads)");
  run.cpu_threads = static_cast<unsigned>(threads);

  std::vector<ConformanceVariant> variants = conformance_variants();
  if (o.given("--engine")) {
    const Engine e = [&] {
      try {
        return parse_engine(o.engine);
      } catch (const Error& err) {
        usage_error(std::string("--engine: ") + err.what());
      }
    }();
    std::vector<ConformanceVariant> chosen;
    for (ConformanceVariant& v : variants) {
      if (v.engine == e) chosen.push_back(std::move(v));
    }
    variants = std::move(chosen);
  }

  // The expected digests first, so that a bad file is reported before minutes of work.
  const bool compare = !(o.given("--expected") && o.expected == "none");
  ExpectedDigests expected;
  std::string source = "the built-in digests (data/conformance-digests.txt)";
  if (compare) {
    if (o.given("--expected")) {
      source = o.expected;
      expected = parse_expected_digests(read_file(o.expected, "--expected"), "--expected " + o.expected);
    } else {
      expected = parse_expected_digests(kBuiltInDigests, source);
    }
    if (expected.format != kConformanceFormat) {
      std::fprintf(stderr, "conformance: %s are of the set '%s', but this gpurng makes '%s'\n", source.c_str(),
                   expected.format.c_str(), kConformanceFormat);
      return 1;
    }
  }

  // The backend and devices, checked once with a probe generator (a bad --devices is a bad argument).
  {
    Generator probe(Engine::mrg32k3a, requested);
    run.backend = probe.backend();
    if (o.given("--devices")) {
      run.devices = parse_devices(o.devices, "--devices");
      use_devices(probe, run.devices, "--devices");
    }
  }

  const auto t0 = std::chrono::steady_clock::now();
  print_line(std::string("format ") + kConformanceFormat);
  std::vector<std::pair<std::string, std::string>> got;
  for (const ConformanceVariant& v : variants) {
    got.emplace_back(v.name, conformance_digest(v, run));
    print_line(v.name + " " + got.back().second);
  }
  const bool whole = !o.given("--engine");
  const std::string overall = overall_digest(got);
  if (whole) print_line("overall " + overall);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::string where = std::string("backend ") + backend_name(run.backend) +
                            (run.devices.empty() ? "" : ", devices " + devices_text(run.devices));
  if (!compare) {
    std::fprintf(stderr, "conformance: %zu configurations on %s in %.1f s (not compared)\n", got.size(), where.c_str(),
                 seconds);
    return 0;
  }

  // The first configuration, in the set's order, whose digest differs or is missing on either side.
  auto expected_of = [&](const std::string& name) -> const std::string* {
    for (const auto& [n, d] : expected.digests) {
      if (n == name) return &d;
    }
    return nullptr;
  };
  for (const auto& [name, digest] : got) {
    const std::string* want = expected_of(name);
    if (want == nullptr) {
      std::fprintf(stderr, "conformance: MISMATCH on %s: first differing configuration: %s (no expected digest in %s)\n",
                   where.c_str(), name.c_str(), source.c_str());
      return 1;
    }
    if (*want != digest) {
      std::fprintf(stderr, "conformance: MISMATCH on %s: first differing configuration: %s (expected %s, got %s)\n",
                   where.c_str(), name.c_str(), want->c_str(), digest.c_str());
      return 1;
    }
  }
  if (whole) {
    for (const auto& [name, digest] : expected.digests) {
      bool have = false;
      for (const auto& g : got) have = have || g.first == name;
      if (!have) {
        std::fprintf(stderr, "conformance: MISMATCH on %s: %s has a digest for %s, which this gpurng does not make\n",
                     where.c_str(), source.c_str(), name.c_str());
        return 1;
      }
    }
    if (expected.overall != overall) {
      std::fprintf(stderr, "conformance: MISMATCH on %s: overall digest (expected %s, got %s)\n", where.c_str(),
                   expected.overall.c_str(), overall.c_str());
      return 1;
    }
  }
  std::fprintf(stderr, "conformance: %zu configurations on %s in %.1f s: every digest matches %s%s\n", got.size(),
               where.c_str(), seconds, source.c_str(),
               expected.provenance.empty() ? "" : (" (" + expected.provenance + ")").c_str());
  return 0;
}

}  // namespace

std::function<int()> add_conformance_command(CLI::App& app) {
  auto o = std::make_shared<ConformanceOptions>();
  CLI::App* cmd = app.add_subcommand(
      "conformance", "Digest a fixed set of outputs of every engine and distribution and compare it with the reference");
  o->given = Given{cmd};
  cmd->footer(
      "Prints 'format <set>', one '<configuration> <SHA-256>' line per engine configuration and 'overall <SHA-256>'\n"
      "(the format of the expected file), and on stderr whether they match. Exit status: 0 every digest matches,\n"
      "1 one differs (the first is named), 2 a bad argument. docs/CONFORMANCE.md defines the set. Examples:\n"
      "  gpurng conformance --backend cpu\n"
      "  gpurng conformance --backend cuda --devices all\n"
      "  gpurng conformance --backend cpu --expected none > digests.txt   (make a new expected file)");
  cmd->add_option("--backend", o->backend,
                  "auto (CUDA if a GPU is present) | cpu | cuda | opencl (its engines only: give --engine, "
                  "e.g. --engine philox4x32-10)")->capture_default_str();
  cmd->add_option("--devices", o->devices, "CUDA backend: spread every call over these devices, e.g. 0,1 or all");
  cmd->add_option("--threads", o->threads, "CPU backend threads, 0 = all")->capture_default_str();
  cmd->add_option("--expected", o->expected,
                  "Expected digests: a file in the output's format, or none (print only); default: the ones built in "
                  "from data/conformance-digests.txt");
  cmd->add_option("--engine", o->engine, "Only this engine's configurations (the overall digest is then not compared)");
  return [o] { return run(*o); };
}

}  // namespace gpurng::cli
