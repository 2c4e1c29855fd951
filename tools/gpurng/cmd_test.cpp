// gpurng test: statistical batteries on an engine's output. --battery dieharder pipes the raw
// binary stream (the integers of --dist bits, little-endian, as `gpurng generate --format bin`
// writes it) into Debian's `dieharder -a -g 200`; --battery quick compares every distribution with
// its exact law (chi-square, Kolmogorov-Smirnov, moments). Progress goes to stderr, the per-test
// summary to stdout, everything to --json.
#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "commands.hpp"
#include "gpurng/gpurng.hpp"
#include "number_parsing.hpp"
#include "options.hpp"
#include "output_target.hpp"
#include "quality/dieharder_run.hpp"
#include "quality/quick_checks.hpp"

namespace gpurng::cli {
namespace {

struct TestArgs {
  std::string engine;
  std::string battery = "dieharder";
  std::string size;  // dieharder: at most this many values (default: as many as it reads); quick: per output
  std::string seed;
  std::string backend = "auto";
  std::string json;
  std::string dieharder_test;  // one dieharder test (-d) instead of the whole battery (-a)
  std::string multiplier;      // dieharder's -m: psamples multiplier (default: dieharder's own, 1)
  std::string dieharder = "dieharder";
  Given given;  // whether an option was given (an empty value is refused when parsing)
};

[[noreturn]] void usage_error(const std::string& message) { throw Error(Status::invalid_argument, message); }

std::string utc_now() {
  char buf[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return buf;
}

Backend parse_backend(const std::string& s) {
  if (s == "auto") return Backend::automatic;
  if (s == "cpu") return Backend::cpu;
  if (s == "cuda") return Backend::cuda;
  usage_error("--backend: '" + s + "' is not one of auto, cpu, cuda");
}

// --json (null when not asked for): the file takes its name here, after a complete run only.
void write_json(const nlohmann::ordered_json& j, OutputTarget* json) {
  if (json == nullptr) return;
  json->write(j.dump(2) + "\n");
  json->commit();
}

int run_dieharder(const TestArgs& a, Generator& g, std::uint64_t size, nlohmann::ordered_json& j, OutputTarget* json) {
  const std::string program = quality::find_program(a.dieharder);
  if (program.empty()) {
    throw Error(Status::io_error, "--battery dieharder: the program '" + a.dieharder +
                                      "' was not found (install Debian's dieharder package, or name it with --dieharder PATH)");
  }
  std::vector<std::string> args = {"-g", "200"};
  if (!a.given("--dieharder-test")) args.push_back("-a");
  else args.insert(args.end(), {"-d", a.dieharder_test});
  if (a.given("--multiplier")) args.insert(args.end(), {"-m", a.multiplier});
  const bool wide = engine_info(g.engine()).bits_width == 64;
  const std::size_t width = wide ? 8 : 4;
  std::uint64_t left = size;
  std::uint64_t wraps = 0;
  // The engine's integers, little-endian (x86 and the GPU hosts are), in the canonical order. A
  // finite sequence (sobol32: 2^32 values) starts again from offset 0 when it ends, as dieharder
  // rewinds a file, and the report says how often.
  auto source = [&](unsigned char* buf, std::size_t capacity) -> std::size_t {
    if (g.remaining() == 0) {
      g.offset(0);
      ++wraps;
    }
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>({left, capacity / width, g.remaining()}));
    if (n == 0) return 0;
    if (wide) g.generate_bits(reinterpret_cast<std::uint64_t*>(buf), n);
    else g.generate_bits(reinterpret_cast<std::uint32_t*>(buf), n);
    left -= n;
    return n * width;
  };
  std::string command = program;
  for (const std::string& arg : args) command += " " + arg;
  std::fprintf(stderr, "gpurng test: %s | %s\n", a.engine.c_str(), command.c_str());
  const quality::DieharderRun run = quality::run_dieharder(program, args, source, stderr);
  if (run.results.empty() && a.given("--dieharder-test")) {
    // dieharder runs nothing, silently, for a -d that names none of its tests.
    usage_error("--dieharder-test: '" + a.dieharder_test + "' is not a dieharder test (" + program +
                " ran nothing; 'dieharder -l' lists the tests: give a number, or a name such as diehard_birthdays)");
  }
  if (run.results.empty()) {
    throw Error(Status::io_error, "--battery dieharder: " + program + " reported no result (exit status " +
                                      std::to_string(run.exit_status) + ")");
  }
  const quality::DieharderTally t = quality::tally(run.results);

  fmt::print("dieharder {} on {} ({} bytes of {}-bit integers fed, {:.0f} s)\n", run.version, a.engine, run.bytes_fed,
             width * 8, run.seconds);
  fmt::print("{:<24} {:>4} {:>10} {:>8} {:>12}  {}\n", "test", "ntup", "tsamples", "psamples", "p-value", "assessment");
  for (const quality::DieharderResult& r : run.results) {
    fmt::print("{:<24} {:>4} {:>10} {:>8} {:>12.8f}  {}\n", r.test, r.ntup, r.tsamples, r.psamples, r.p_value, r.assessment);
  }
  fmt::print("{} results: {} PASSED, {} WEAK, {} FAILED\n", run.results.size(), t.passed, t.weak, t.failed);
  if (wraps > 0) {
    fmt::print("note: the engine's sequence ended and started again from offset 0 {} time(s)\n", wraps);
  }

  j["dieharder_command"] = command;
  j["psamples_multiplier"] = a.given("--multiplier") ? parse_double(a.multiplier, "--multiplier") : 1.0;
  j["dieharder_version"] = run.version;
  j["dieharder_exit_status"] = run.exit_status;
  j["bytes_fed"] = run.bytes_fed;
  j["value_bits"] = width * 8;
  j["sequence_wraps"] = wraps;  // times the finite sequence ended and restarted at offset 0
  j["seconds"] = run.seconds;
  j["summary"] = {{"results", run.results.size()}, {"passed", t.passed}, {"weak", t.weak}, {"failed", t.failed}};
  j["results"] = nlohmann::ordered_json::array();
  for (const quality::DieharderResult& r : run.results) {
    j["results"].push_back({{"test", r.test},
                            {"ntup", r.ntup},
                            {"tsamples", r.tsamples},
                            {"psamples", r.psamples},
                            {"p_value", r.p_value},
                            {"assessment", r.assessment}});
  }
  write_json(j, json);
  return 0;
}

int run_quick(const TestArgs& a, Generator& g, std::uint64_t size, nlohmann::ordered_json& j, OutputTarget* json) {
  const auto results = quality::run_quick_checks(g, static_cast<std::size_t>(size), stderr);
  int passed = 0, weak = 0, failed = 0;
  fmt::print("quick checks on {} ({} backend), n = {} per output\n", a.engine, backend_name(g.backend()), size);
  fmt::print("{:<12} {:<4} {:<16} {:>14} {:>14} {:>12}  {}\n", "dist", "type", "check", "statistic", "exact/dof",
             "p-value", "assessment");
  for (const auto& r : results) {
    fmt::print("{:<12} {:<4} {:<16} {:>14.6g} {:>14.6g} {:>12}  {}\n", r.dist, r.type, r.check, r.statistic, r.expected,
               r.p_value >= 0 ? fmt::format("{:.6f}", r.p_value) : "-", r.assessment);
    passed += r.assessment == "PASSED";
    weak += r.assessment == "WEAK";
    failed += r.assessment == "FAILED";
  }
  fmt::print("{} assessed checks: {} PASSED, {} WEAK, {} FAILED\n", passed + weak + failed, passed, weak, failed);
  const bool quasi = g.engine() == Engine::sobol32 || g.engine() == Engine::sobol64;
  if (quasi) {
    const char* note = "quasi-random engine: its points fill [0,1) more evenly than independent samples, so p-values "
                       "near 1 (a fit better than chance) are its purpose, and WEAK/FAILED on that side are expected";
    fmt::print("note: {}\n", note);
    j["note"] = note;
  }
  j["n_per_output"] = size;
  j["summary"] = {{"passed", passed}, {"weak", weak}, {"failed", failed}};
  j["results"] = nlohmann::ordered_json::array();
  for (const auto& r : results) {
    j["results"].push_back({{"dist", r.dist},
                            {"type", r.type},
                            {"check", r.check},
                            {"statistic", r.statistic},
                            {"expected", r.expected},
                            {"p_value", r.p_value},
                            {"assessment", r.assessment}});
  }
  write_json(j, json);
  return 0;
}

int run(const TestArgs& a, const std::string& command_line) {
  if (a.battery != "dieharder" && a.battery != "quick") usage_error("--battery: '" + a.battery + "' is not one of dieharder, quick");
  const Engine engine = parse_engine(a.engine);
  const Backend backend = parse_backend(a.backend);
  if (a.given("--dieharder-test") && a.battery != "dieharder") usage_error("--dieharder-test applies to --battery dieharder only");
  if (a.given("--multiplier")) {
    if (a.battery != "dieharder") usage_error("--multiplier applies to --battery dieharder only");
    const double m = parse_double(a.multiplier, "--multiplier");
    if (!(m > 0.0 && m <= 100.0)) usage_error("--multiplier: " + a.multiplier + " is out of range (0, 100]");
  }
  std::uint64_t size = a.battery == "quick" ? (std::uint64_t{1} << 24) : ~std::uint64_t{0};
  if (a.given("--size")) size = parse_u64(a.size, "--size");
  if (size == 0) usage_error("--size: must be at least 1");
  if (a.battery == "quick" && (size < 1000 || size > (std::uint64_t{1} << 27))) {
    usage_error("--size: " + a.size + " is out of range [1000, 2^27] for --battery quick");
  }
  // Created now, so that an unwritable --json fails before the battery runs; an existing file stays
  // as it is until the run is complete.
  std::unique_ptr<OutputTarget> json;
  if (a.given("--json")) json = std::make_unique<OutputTarget>(a.json, "--json");

  Generator g(engine, backend);
  if (a.given("--seed")) g.seed(parse_u64(a.seed, "--seed"));
  nlohmann::ordered_json j;
  j["tool"] = "gpurng test";
  j["command"] = command_line;
  j["date"] = utc_now();
  j["engine"] = a.engine;
  j["battery"] = a.battery;
  j["backend"] = backend_name(g.backend());
  j["seed"] = a.given("--seed") ? a.seed : "engine default";
  j["stream"] = "offset 0 of the canonical sequence, engine defaults for streams and options";
  return a.battery == "dieharder" ? run_dieharder(a, g, size, j, json.get()) : run_quick(a, g, size, j, json.get());
}

}  // namespace

std::function<int()> add_test_command(CLI::App& app, const std::string& command_line) {
  auto a = std::make_shared<TestArgs>();
  CLI::App* cmd = app.add_subcommand("test", "Statistical tests of an engine: dieharder, or quick distribution checks");
  a->given = Given{cmd};
  cmd->footer(
      "--battery dieharder feeds the engine's integers (little-endian, canonical order from offset 0) to\n"
      "'dieharder -a -g 200' and summarises its report; --battery quick checks every distribution against\n"
      "its exact law. Other batteries read the same stream from 'gpurng generate --dist bits --format bin':\n"
      "  gpurng generate --engine mt19937 --dist bits --count 2^50 --format bin | RNG_test stdin32   (PractRand)");
  cmd->add_option("--engine", a->engine, "Engine (see 'gpurng list')")->required();
  cmd->add_option("--battery", a->battery, "dieharder | quick")->capture_default_str();
  cmd->add_option("--size", a->size,
                  "dieharder: at most this many values (default: as many as it reads); quick: values per output "
                  "(default 2^24)");
  cmd->add_option("--seed", a->seed, "Seed (default: the engine's default state)");
  cmd->add_option("--backend", a->backend, "auto | cpu | cuda")->capture_default_str();
  cmd->add_option("--json", a->json, "Write the results as JSON to this path");
  cmd->add_option("--dieharder-test", a->dieharder_test, "Run one dieharder test (its -d name) instead of -a");
  cmd->add_option("--multiplier", a->multiplier,
                  "dieharder's -m: multiplies every test's psamples (e.g. 0.2 for a shorter, weaker run)");
  cmd->add_option("--dieharder", a->dieharder, "The dieharder program")->capture_default_str();
  return [a, command_line] { return run(*a, command_line); };
}

}  // namespace gpurng::cli
