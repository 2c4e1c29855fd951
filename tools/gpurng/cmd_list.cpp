// gpurng list: engines, distributions, backends and CUDA devices.
#include <fmt/format.h>

#include "commands.hpp"
#include "gpurng/gpurng.hpp"

namespace gpurng::cli {

std::function<int()> add_list_command(CLI::App& app) {
  app.add_subcommand("list", "List engines, distributions, backends and CUDA devices");
  return [] {
    fmt::print("engines:\n");
    for (const EngineInfo& e : engines()) {
      fmt::print("  {:<16} {}-bit integers, period {}: {}\n", e.name, e.bits_width, e.period, e.description);
    }
    fmt::print("distributions:\n");
    fmt::print("  bits         the engine's integer output (32- or 64-bit, see above)\n");
    fmt::print("  uniform      float in (0,1] / double in (0,1) for mrg32k3a (docs/ENGINES.md per engine)\n");
    fmt::print("  normal       Box-Muller, --mean, --stddev\n");
    fmt::print("  exponential  inversion, -log(u)/lambda, --lambda\n");
    fmt::print("  lognormal    exp(normal), --mean, --stddev of the logarithm\n");
    const std::vector<DeviceInfo> devices = cuda_devices();
    fmt::print("backends:\n");
    fmt::print("  cpu          available\n");
    fmt::print("  cuda         {}\n", !built_with_cuda() ? "not built (no CUDA compiler at build time)"
                                       : devices.empty()  ? "built, but no CUDA device is available"
                                                          : "available");
    fmt::print("  auto         resolves to {}\n", backend_name(default_backend()));
    fmt::print("devices:\n");
    if (devices.empty()) fmt::print("  (none)\n");
    for (const DeviceInfo& d : devices) {
      fmt::print("  {}: {}, compute capability {}.{}, {} multiprocessors, {:.1f} GiB\n", d.index, d.name,
                 d.compute_major, d.compute_minor, d.multiprocessors,
                 static_cast<double>(d.global_memory_bytes) / (1024.0 * 1024.0 * 1024.0));
    }
    return 0;
  };
}

}  // namespace gpurng::cli
