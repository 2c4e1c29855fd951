// gpurng bench: throughput, energy and latency of every engine on the GPU beside cuRAND, and on
// the CPU beside the standard library; a terminal table and a JSON file. Without a GPU (or without
// CUDA at build time) the GPU part says why it was skipped and the exit status stays 0 (an error,
// exit 1, when --backend cuda asked for the GPU part alone); without cuRAND (loaded at run time)
// gpurng is measured alone. GSL's generators (GPL-3, so not linked into the shipped CLI) are
// measured by bench/bench_gsl_cpu.cpp.
#include <unistd.h>

#include <ctime>
#include <memory>
#include <string>

#include "bench/cpu.hpp"
#include "bench/gpu.hpp"
#include "bench/output.hpp"
#include "commands.hpp"
#include "gpurng/gpurng.hpp"
#include "number_parsing.hpp"
#include "options.hpp"
#include "output_target.hpp"

namespace gpurng::cli {
namespace {

struct BenchArgs {
  std::string backend = "all";
  std::string sizes = "2^20,2^24,2^28";
  std::string runs = "7";
  std::string engines;
  std::string json;
  std::string cpu_size = "2^20";
  std::string energy_ms = "250";
  bool no_latency = false;
  Given given;  // whether an option was given (an empty value is refused when parsing)
};

[[noreturn]] void usage_error(const std::string& message) { throw Error(Status::invalid_argument, message); }

bench::BenchOptions parse(const BenchArgs& a) {
  bench::BenchOptions o;
  if (a.backend == "cpu") o.run_gpu = false;
  else if (a.backend == "cuda") o.run_cpu = false;
  else if (a.backend != "all") usage_error("--backend: '" + a.backend + "' is not one of cpu, cuda, all");
  o.sizes = parse_u64_list(a.sizes, "--sizes");
  for (std::uint64_t n : o.sizes) {
    if (n < 1 || n > (std::uint64_t{1} << 30)) usage_error("--sizes: " + std::to_string(n) + " is out of range [1, 2^30]");
  }
  const std::uint64_t runs = parse_u64(a.runs, "--runs");
  if (runs < 1 || runs > 1000) usage_error("--runs: " + a.runs + " is out of range [1, 1000]");
  o.runs = static_cast<int>(runs);
  o.cpu_size = parse_u64(a.cpu_size, "--cpu-size");
  if (o.cpu_size < 1 || o.cpu_size > (std::uint64_t{1} << 28)) usage_error("--cpu-size: " + a.cpu_size + " is out of range [1, 2^28]");
  const std::uint64_t energy = parse_u64(a.energy_ms, "--energy-ms");
  if (energy > 60000) usage_error("--energy-ms: " + a.energy_ms + " is out of range [0, 60000] (0: no energy figures)");
  o.energy_ms = static_cast<double>(energy);
  o.latency = !a.no_latency;
  if (a.given("--engines")) {
    for (const std::string& name : split_list(a.engines, "--engines", "a comma-separated list of engine names")) {
      try {
        o.engines.push_back(parse_engine(name));
      } catch (const Error& e) {
        usage_error(std::string("--engines: ") + e.what());
      }
    }
  }
  // An option of the part that does not run would be silently dropped.
  for (const char* gpu_only : {"--sizes", "--energy-ms", "--no-latency"}) {
    if (!o.run_gpu && a.given(gpu_only)) usage_error(std::string(gpu_only) + " applies to the GPU part, not run with --backend cpu");
  }
  if (!o.run_cpu && a.given("--cpu-size")) usage_error("--cpu-size applies to the CPU part, not run with --backend cuda");
  return o;
}

std::string utc_now() {
  char buf[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return buf;
}

std::string host_name() {
  char buf[256] = {};
  return gethostname(buf, sizeof buf - 1) == 0 ? std::string(buf) : "unknown";
}

int run(const BenchArgs& a, const std::string& command_line) {
  const bench::BenchOptions o = parse(a);
  // Created now, so that an unwritable --json fails before minutes of measuring, not after; an
  // existing file stays as it is until the report is complete.
  std::unique_ptr<OutputTarget> json;
  if (a.given("--json")) json = std::make_unique<OutputTarget>(a.json, "--json");
  bench::BenchReport r;
  r.command = command_line;
  r.date = utc_now();
  r.host = host_name();
  r.gpurng_version = GPURNG_CLI_VERSION;
  if (o.run_cpu) r.cpu = bench::run_cpu_bench(o, stderr);
  if (o.run_gpu) r.gpu = bench::run_gpu_bench(o, stderr);
  if (!o.run_cpu && !r.gpu.ran) {  // --backend cuda asked for the GPU part alone: nothing measured is a failure
    throw Error(Status::no_device, "--backend cuda: the GPU benchmark cannot run: " + r.gpu.skipped_reason);
  }
  else r.gpu.skipped_reason = "not asked for (--backend cpu)";
  if (json) {
    json->write(bench::report_json(r));
    json->commit();
  }
  bench::print_tables(r, stdout);
  return 0;
}

}  // namespace

std::function<int()> add_bench_command(CLI::App& app, const std::string& command_line) {
  auto a = std::make_shared<BenchArgs>();
  CLI::App* cmd = app.add_subcommand("bench", "Benchmark every engine: GPU vs cuRAND, CPU vs the standard library");
  a->given = Given{cmd};
  cmd->footer(
      "GPU: every engine x {bits, uniform, normal, exponential, lognormal} x {float, double} through the host API\n"
      "into device memory, beside cuRAND's host-API counterpart (libcurand.so.10, loaded at run time; without it\n"
      "gpurng alone), CUDA events, 3 warm-up calls, median of --runs;\n"
      "% ceiling against a write-only kernel over the same bytes; samples per joule from NVML over --energy-ms\n"
      "windows at the largest size; latency of create + 10^4 values. CPU: the CPU backend with 1 and 2 threads\n"
      "beside std::mt19937, std::mt19937_64, std::ranlux48 (GSL's generators: bench/bench_gsl_cpu, not installed).\n"
      "Charts and the summary of docs/PERFORMANCE.md come from --json: tools/plot_bench.py and tools/bench_summary.py.");
  cmd->add_option("--backend", a->backend,
                  "cpu | cuda | all (all: the GPU part is skipped, saying why, where it cannot run; cuda: an error)")
      ->capture_default_str();
  cmd->add_option("--sizes", a->sizes, "GPU: values per call, comma-separated (decimal or 2^k, at most 2^30)")
      ->capture_default_str();
  cmd->add_option("--runs", a->runs, "Timed runs per measurement; the median is reported")->capture_default_str();
  cmd->add_option("--engines", a->engines, "Comma-separated engine names (default: every engine)");
  cmd->add_option("--json", a->json, "Write the results as JSON to this path");
  cmd->add_option("--cpu-size", a->cpu_size, "CPU: values per call")->capture_default_str();
  cmd->add_option("--energy-ms", a->energy_ms, "GPU: milliseconds of each energy window (0: none)")->capture_default_str();
  cmd->add_flag("--no-latency", a->no_latency, "GPU: leave out the small-job latency table");
  return [a, command_line] { return run(*a, command_line); };
}

}  // namespace gpurng::cli
