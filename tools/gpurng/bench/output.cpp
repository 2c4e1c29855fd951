// Terminal tables and JSON for `gpurng bench`.
#include "output.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace gpurng::cli::bench {
namespace {

std::string num(double v, const char* spec = "{:.2f}") { return v > 0 ? fmt::format(fmt::runtime(spec), v) : "-"; }

void print_gpu(const GpuReport& g, std::FILE* out) {
  if (!g.ran) {
    fmt::print(out, "GPU benchmark skipped: {}\n", g.skipped_reason);
    return;
  }
  fmt::print(out, "GPU: {}, driver {}, CUDA runtime {}; median of {} runs; energy: {}\n", g.device, g.driver_version,
             g.cuda_runtime_version, g.runs, g.energy_method);
  fmt::print(out, "\nLatency: create + seed + 10^4 uniform floats into device memory, synchronised (wall clock)\n");
  fmt::print(out, "{:<18} {:>14} {:>14} {:<10} {:>14} {:>14}\n", "variant", "first ms", "steady us", "cuRAND", "first ms",
             "steady us");
  for (const LatencyRow& l : g.latency) {
    fmt::print(out, "{:<18} {:>14.3f} {:>14.1f} {:<10} {:>14} {:>14}\n", l.variant, l.gpurng_first_ms, l.gpurng_steady_us,
               l.curand.empty() ? "-" : l.curand, num(l.curand_first_ms, "{:.3f}"), num(l.curand_steady_us, "{:.1f}"));
  }
  for (std::uint64_t n : g.sizes) {
    fmt::print(out, "\nThroughput, N = {} values per call (GS/s = 10^9 values/s; % ceiling: bytes written / the "
                    "write-only kernel's rate over as many bytes)\n", n);
    fmt::print(out, "{:<18} {:<12} {:<4} {:>10} {:<18} {:>10} {:>7} {:>9} {:>9} {:>9}\n", "variant", "dist", "type",
               "GS/s", "cuRAND", "GS/s", "ratio", "%ceiling", "MS/J", "cuRAND MS/J");
    for (const GpuRow& row : g.rows) {
      if (row.n != n) continue;
      const double pct = 100.0 * row.gpurng_gsps * 1e9 * row.value_bytes / row.ceiling_bytes_per_s;
      fmt::print(out, "{:<18} {:<12} {:<4} {:>10.2f} {:<18} {:>10} {:>7} {:>8.1f}% {:>9} {:>9}\n", row.variant, row.dist,
                 row.type, row.gpurng_gsps, row.curand.empty() ? "-" : row.curand, num(row.curand_gsps),
                 row.curand_gsps > 0 ? fmt::format("{:.2f}x", row.gpurng_gsps / row.curand_gsps) : "-", pct,
                 num(row.gpurng_samples_per_joule / 1e6, "{:.0f}"), num(row.curand_samples_per_joule / 1e6, "{:.0f}"));
    }
  }
  for (const std::string& note : g.notes) fmt::print(out, "note: {}\n", note);
  fmt::print(out, "GPU part: {:.1f} s\n", g.seconds);
}

void print_cpu(const CpuReport& c, std::FILE* out) {
  if (!c.ran) {
    fmt::print(out, "CPU benchmark skipped (--backend cuda)\n");
    return;
  }
  fmt::print(out, "CPU: {} ({} hardware threads); N = {} values per call, median of {} runs\n", c.cpu_model,
             c.hardware_threads, c.n, c.runs);
  double std_mt_bits = 0, std_mt_unif = 0;
  for (const CpuRow& r : c.rows) {
    if (r.generator == "std::mt19937") (r.output == "bits" ? std_mt_bits : std_mt_unif) = r.gsps;
  }
  fmt::print(out, "{:<22} {:<7} {:>7} {:>5} {:>11} {:>9} {:>13} {:>9}\n", "generator", "library", "threads", "bits",
             "bits GS/s", "vs std", "uniform GS/s", "vs std");
  // One line per (generator, threads): its integers and its uniform doubles side by side.
  for (std::size_t i = 0; i < c.rows.size(); ++i) {
    const CpuRow& a = c.rows[i];
    if (a.output != "bits") continue;
    const CpuRow* u = nullptr;
    for (const CpuRow& r : c.rows) {
      if (r.generator == a.generator && r.threads == a.threads && r.output == "uniform f64") u = &r;
    }
    const double ug = u != nullptr ? u->gsps : 0.0;
    fmt::print(out, "{:<22} {:<7} {:>7} {:>5} {:>11.3f} {:>9} {:>13} {:>9}\n", a.generator, a.library, a.threads,
               a.bits_width, a.gsps, std_mt_bits > 0 ? fmt::format("{:.2f}x", a.gsps / std_mt_bits) : "-", num(ug, "{:.3f}"),
               std_mt_unif > 0 && ug > 0 ? fmt::format("{:.2f}x", ug / std_mt_unif) : "-");
  }
  fmt::print(out, "(vs std: ratio to std::mt19937 with 1 thread; its uniform doubles come from "
                  "std::uniform_real_distribution<double>)\n");
  for (const std::string& note : c.notes) fmt::print(out, "note: {}\n", note);
  fmt::print(out, "CPU part: {:.1f} s\n", c.seconds);
}

nlohmann::ordered_json to_json(const GpuReport& g) {
  nlohmann::ordered_json j;
  j["ran"] = g.ran;
  if (!g.ran) {
    j["skipped_reason"] = g.skipped_reason;
    return j;
  }
  j["device"] = g.device;
  j["driver_version"] = g.driver_version;
  j["cuda_runtime_version"] = g.cuda_runtime_version;
  j["cuda_driver_api_version"] = g.cuda_driver_api_version;
  j["energy_available"] = g.energy_available;
  j["energy_method"] = g.energy_method;
  j["power_limit_w"] = g.power_limit_w;
  j["sizes"] = g.sizes;
  j["runs"] = g.runs;
  j["seconds"] = g.seconds;
  j["notes"] = g.notes;
  j["latency"] = nlohmann::ordered_json::array();
  for (const LatencyRow& l : g.latency) {
    j["latency"].push_back({{"variant", l.variant},
                            {"gpurng_first_ms", l.gpurng_first_ms},
                            {"gpurng_steady_us", l.gpurng_steady_us},
                            {"curand", l.curand},
                            {"curand_first_ms", l.curand_first_ms},
                            {"curand_steady_us", l.curand_steady_us},
                            {"curand_note", l.curand_note}});
  }
  j["rows"] = nlohmann::ordered_json::array();
  for (const GpuRow& r : g.rows) {
    j["rows"].push_back({{"variant", r.variant},
                         {"engine", r.engine},
                         {"dist", r.dist},
                         {"type", r.type},
                         {"value_bytes", r.value_bytes},
                         {"n", r.n},
                         {"gpurng_gsps", r.gpurng_gsps},
                         {"curand", r.curand},
                         {"curand_gsps", r.curand_gsps},
                         {"curand_note", r.curand_note},
                         {"ceiling_bytes_per_s", r.ceiling_bytes_per_s},
                         {"gpurng_samples_per_joule", r.gpurng_samples_per_joule},
                         {"curand_samples_per_joule", r.curand_samples_per_joule},
                         {"gpurng_watts", r.gpurng_watts},
                         {"curand_watts", r.curand_watts}});
  }
  return j;
}

nlohmann::ordered_json to_json(const CpuReport& c) {
  nlohmann::ordered_json j;
  j["ran"] = c.ran;
  if (!c.ran) return j;
  j["cpu_model"] = c.cpu_model;
  j["hardware_threads"] = c.hardware_threads;
  j["n"] = c.n;
  j["runs"] = c.runs;
  j["seconds"] = c.seconds;
  j["notes"] = c.notes;
  j["rows"] = nlohmann::ordered_json::array();
  for (const CpuRow& r : c.rows) {
    j["rows"].push_back({{"generator", r.generator},
                         {"library", r.library},
                         {"threads", r.threads},
                         {"output", r.output},
                         {"bits_width", r.bits_width},
                         {"n", r.n},
                         {"gsps", r.gsps}});
  }
  return j;
}

}  // namespace

void print_tables(const BenchReport& r, std::FILE* out) {
  fmt::print(out, "gpurng bench ({}), {}, host {}\n", r.gpurng_version, r.date, r.host);
  fmt::print(out, "command: {}\n\n", r.command);
  print_cpu(r.cpu, out);
  fmt::print(out, "\n");
  print_gpu(r.gpu, out);
}

std::string report_json(const BenchReport& r) {
  nlohmann::ordered_json j;
  j["tool"] = "gpurng bench";
  j["gpurng_version"] = r.gpurng_version;
  j["command"] = r.command;
  j["date"] = r.date;
  j["host"] = r.host;
  j["cpu"] = to_json(r.cpu);
  j["gpu"] = to_json(r.gpu);
  return j.dump(2) + "\n";
}

}  // namespace gpurng::cli::bench
