// gpurng test: statistical batteries on an engine's output. --battery dieharder pipes the raw
// binary stream (the integers of --dist bits, little-endian, as `gpurng generate --format bin`
// writes it) into Debian's `dieharder -a -g 200`; --battery quick compares every distribution with
// its exact law (chi-square, Kolmogorov-Smirnov, moments); --battery linear runs the binary-rank and
// linear-complexity tests (quality/linear_battery.hpp) in doubling stages. Progress goes to stderr,
// the per-test summary to stdout, everything to --json.
#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "backend_option.hpp"
#include "commands.hpp"
#include "gpurng/gpurng.hpp"
#include "number_parsing.hpp"
#include "options.hpp"
#include "output_target.hpp"
#include "quality/dieharder_run.hpp"
#include "quality/linear_battery.hpp"
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
  std::string streams;  // many-stream engines: streams in the interleaved layout (1: one stream alone)
  Given given;          // whether an option was given (an empty value is refused when parsing)
};

[[noreturn]] void usage_error(const std::string& message) { throw Error(Status::invalid_argument, message); }

std::string utc_now() {
  char buf[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return buf;
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

// Each test reads the stream from offset 0 (so neither depends on the other's stages), at most
// `size` values, i.e. size * width / 32 words.
int run_linear(const TestArgs& a, Generator& g, std::uint64_t size, nlohmann::ordered_json& j, OutputTarget* json) {
  const unsigned width = engine_info(g.engine()).bits_width;
  const std::uint64_t max_words = std::min(size, g.remaining()) * (width / 32);
  fmt::print("linear battery on {} ({} backend): 32-bit words{}, at most {} words ({:.1f} MB) per test\n", a.engine,
             backend_name(g.backend()), width == 64 ? " (64-bit values split, low half first)" : "", max_words,
             static_cast<double>(max_words) * 4.0 / 1e6);
  fmt::print("{:<11} {:>7} {:>8} {:>11} {:>10} {:>10}  {:<17} {}\n", "test", "size", "samples", "read (MB)", "statistic",
             "p-value", "rank/complexity", "assessment");
  j["max_words_per_test"] = max_words;
  j["value_bits"] = width;
  j["results"] = nlohmann::ordered_json::array();
  j["summary"] = nlohmann::ordered_json::object();
  for (const char* test : {"rank", "complexity"}) {
    g.offset(0);
    const quality::WordSource words = quality::generator_words(g);
    const bool rank = std::string(test) == "rank";
    const std::vector<quality::LinearStage> stages =
        rank ? quality::run_rank_test(words, max_words, stderr) : quality::run_complexity_test(words, max_words, stderr);
    for (const quality::LinearStage& s : stages) {
      fmt::print("{:<11} {:>7} {:>8} {:>11.3f} {:>10.4g} {:>10.3g}  {:<17} {}\n", s.test, s.size, s.samples,
                 static_cast<double>(s.words_end) * 4.0 / 1e6, s.statistic, s.p_value, fmt::format("{}..{}", s.low, s.high),
                 s.assessment);
      nlohmann::ordered_json classes = nlohmann::ordered_json::array();
      for (std::size_t i = 0; i < s.classes.size(); ++i) {
        classes.push_back({{"class", s.classes[i]}, {"observed", s.observed[i]}, {"expected", s.expected[i]}});
      }
      j["results"].push_back({{"test", s.test},
                              {"size", s.size},
                              {"samples", s.samples},
                              {"bytes_read", s.words_end * 4},
                              {"classes", classes},
                              {"statistic", s.statistic},
                              {"dof", s.dof},
                              {"p_value", s.p_value},
                              {"assessment", s.assessment},
                              {"lowest", s.low},
                              {"highest", s.high}});
    }
    if (stages.empty()) continue;  // not reached: --size >= 7680 values fits the first stage of each test
    const quality::LinearStage& last = stages.back();
    const bool failed = last.assessment == "FAILED";
    const double mb = static_cast<double>(last.words_end) * 4.0 / 1e6;
    if (failed) fmt::print("{}: FAILED first at {} = {} ({:.3f} MB read)\n", test, rank ? "L" : "n", last.size, mb);
    else fmt::print("{}: no failure up to {} = {} ({:.3f} MB read; the next stage would pass --size)\n", test, rank ? "L" : "n", last.size, mb);
    j["summary"][test] = {{"stages", stages.size()},
                          {"first_failure_size", failed ? nlohmann::ordered_json(last.size) : nlohmann::ordered_json()},
                          {"bytes_read", last.words_end * 4}};
  }
  write_json(j, json);
  return 0;
}

int run(const TestArgs& a, const std::string& command_line) {
  if (a.battery != "dieharder" && a.battery != "quick" && a.battery != "linear") {
    usage_error("--battery: '" + a.battery + "' is not one of dieharder, quick, linear");
  }
  const Engine engine = parse_engine(a.engine);
  const Backend backend = parse_backend_option(a.backend);
  if (a.given("--dieharder-test") && a.battery != "dieharder") usage_error("--dieharder-test applies to --battery dieharder only");
  if (a.given("--multiplier")) {
    if (a.battery != "dieharder") usage_error("--multiplier applies to --battery dieharder only");
    const double m = parse_double(a.multiplier, "--multiplier");
    if (!(m > 0.0 && m <= 100.0)) usage_error("--multiplier: " + a.multiplier + " is out of range (0, 100]");
  }
  std::uint64_t size = a.battery == "quick"    ? (std::uint64_t{1} << 24)
                       : a.battery == "linear" ? (std::uint64_t{1} << 25)
                                               : ~std::uint64_t{0};
  if (a.given("--size")) size = parse_u64(a.size, "--size");
  if (size == 0) usage_error("--size: must be at least 1");
  if (a.battery == "quick" && (size < 1000 || size > (std::uint64_t{1} << 27))) {
    usage_error("--size: " + a.size + " is out of range [1000, 2^27] for --battery quick");
  }
  // linear: at least the first stage of each test; at most 2^34 values, whose largest rank stage
  // (L = 65536) holds a 512 MB matrix.
  const std::uint64_t min_linear = quality::complexity_stage_words(quality::kFirstComplexitySize);
  if (a.battery == "linear" && (size < min_linear || size > (std::uint64_t{1} << 34))) {
    usage_error("--size: " + a.size + " is out of range [" + std::to_string(min_linear) + ", 2^34] for --battery linear");
  }
  // Created now, so that an unwritable --json fails before the battery runs; an existing file stays
  // as it is until the run is complete.
  std::unique_ptr<OutputTarget> json;
  if (a.given("--json")) json = std::make_unique<OutputTarget>(a.json, "--json");

  Generator g(engine, backend);
  if (a.given("--seed")) g.seed(parse_u64(a.seed, "--seed"));
  if (a.given("--streams")) {
    const std::uint64_t streams = parse_u64(a.streams, "--streams");
    try {
      g.streams(streams);
    } catch (const Error& e) {
      usage_error(std::string("--streams: ") + e.what());
    }
  }
  nlohmann::ordered_json j;
  j["tool"] = "gpurng test";
  j["command"] = command_line;
  j["date"] = utc_now();
  j["engine"] = a.engine;
  j["battery"] = a.battery;
  j["backend"] = backend_name(g.backend());
  j["seed"] = a.given("--seed") ? a.seed : "engine default";
  j["stream"] = a.given("--streams")
                    ? "offset 0 of the canonical sequence, --streams " + a.streams + ", engine defaults for other options"
                    : "offset 0 of the canonical sequence, engine defaults for streams and options";
  if (a.battery == "linear") return run_linear(a, g, size, j, json.get());
  return a.battery == "dieharder" ? run_dieharder(a, g, size, j, json.get()) : run_quick(a, g, size, j, json.get());
}

}  // namespace

std::function<int()> add_test_command(CLI::App& app, const std::string& command_line) {
  auto a = std::make_shared<TestArgs>();
  CLI::App* cmd = app.add_subcommand("test", "Statistical tests of an engine: dieharder, quick distribution checks, or GF(2)-linear structure");
  a->given = Given{cmd};
  cmd->footer(
      "--battery dieharder feeds the engine's integers (little-endian, canonical order from offset 0) to\n"
      "'dieharder -a -g 200' and summarises its report; --battery quick checks every distribution against\n"
      "its exact law; --battery linear runs binary-rank and linear-complexity tests of doubling size on the\n"
      "engine's 32-bit words until one fails (docs/QUALITY.md), e.g. one stream alone:\n"
      "  gpurng test --engine xorshift256 --streams 1 --battery linear\n"
      "Other batteries read the same stream from 'gpurng generate --dist bits --format bin':\n"
      "  gpurng generate --engine kiss --dist bits --count 2^50 --format bin | RNG_test stdin32   (PractRand)");
  cmd->add_option("--engine", a->engine, "Engine (see 'gpurng list')")->required();
  cmd->add_option("--battery", a->battery, "dieharder | quick | linear")->capture_default_str();
  cmd->add_option("--size", a->size,
                  "dieharder: at most this many values (default: as many as it reads); quick: values per output "
                  "(default 2^24); linear: at most this many values per test, 7680 to 2^34 (default 2^25)");
  cmd->add_option("--seed", a->seed, "Seed (default: the engine's default state)");
  cmd->add_option("--streams", a->streams,
                  "Many-stream engines: streams S of the interleaved layout (1: the first stream alone; "
                  "default: the engine's)");
  cmd->add_option("--backend", a->backend, "auto | cpu | cuda | opencl")->capture_default_str();
  cmd->add_option("--json", a->json, "Write the results as JSON to this path");
  cmd->add_option("--dieharder-test", a->dieharder_test, "Run one dieharder test (its -d name) instead of -a");
  cmd->add_option("--multiplier", a->multiplier,
                  "dieharder's -m: multiplies every test's psamples (e.g. 0.2 for a shorter, weaker run)");
  cmd->add_option("--dieharder", a->dieharder, "The dieharder program")->capture_default_str();
  return [a, command_line] { return run(*a, command_line); };
}

}  // namespace gpurng::cli
