// gpurng list: engines, distributions, backends and CUDA devices.
#include <fmt/format.h>

#include <cstdio>
#include <iterator>
#include <string>

#include "commands.hpp"
#include "gpurng/gpurng.hpp"

namespace gpurng::cli {

std::function<int()> add_list_command(CLI::App& app) {
  app.add_subcommand("list", "List engines, distributions, backends and CUDA devices");
  return [] {
    // The whole listing is formatted first and written once: a standard output that cannot be
    // written is then reported by the driver as such (cli_main.cpp), not as fmt's exception.
    std::string text;
    auto out = std::back_inserter(text);
    fmt::format_to(out, "engines:\n");
    for (const EngineInfo& e : engines()) {
      fmt::format_to(out, "  {:<16} {}-bit integers, period {}: {}\n", e.name, e.bits_width, e.period, e.description);
    }
    fmt::format_to(out, "distributions (--dist NAME --PARAM VALUE ...; --precision one of the value types):\n");
    static const char* const type_names[] = {"uint32", "uint64", "float", "double", "int32", "int64", "float16", "bfloat16"};
    for (const DistributionInfo& d : distributions()) {
      std::string params, types;
      for (unsigned i = 0; i < d.param_count; ++i) {
        const double def = d.params[i].default_value;
        params += fmt::format(" --{} {}", d.params[i].name, def != def ? "(required)" : fmt::format("(default {:g})", def));
      }
      for (int t = 0; t < 8; ++t) {
        if ((d.value_types >> t & 1u) != 0) types += (types.empty() ? "" : "|") + std::string(type_names[t]);
      }
      if (d.distribution == Distribution::bits) types = "the engine's width";
      fmt::format_to(out, "  {:<18} {}\n  {:<18} values: {};{}\n", d.name, d.description, "", types,
                 params.empty() ? " no parameters" : params);
    }
    // Not in distributions(): its parameter is a table of weights (DiscreteTable), not numbers.
    fmt::format_to(out, "  {:<18} {}\n  {:<18} values: {};{}\n", "discrete",
                   "categories 0 .. K-1 with P(i) = w_i / sum(w), K up to 2^31 (Walker's alias method)", "",
                   "int32|int64|uint32|uint64", " --weights w0,w1,... or @file (required)");
    // Nor is dirichlet: its parameter is a vector (DirichletAlpha).
    fmt::format_to(out, "  {:<18} {}\n  {:<18} values: {};{}\n", "dirichlet",
                   "vectors of K components summing to 1, sample j = values jK .. jK+K-1 (gamma variates on the log "
                   "scale, normalised)", "", "float|double",
                   " --alpha a0,a1,... or @file (required; each in [1e-300, 1e300], K up to 65536; --count and "
                   "--offset multiples of K)");
    const std::vector<DeviceInfo> devices = cuda_devices();
    fmt::format_to(out, "backends:\n");
    fmt::format_to(out, "  cpu          available\n");
    fmt::format_to(out, "  cuda         {}\n", !built_with_cuda() ? "not built (no CUDA compiler at build time)"
                                       : devices.empty()  ? "built, but no CUDA device is available"
                                                          : "available");
    const std::vector<OpenclDeviceInfo> cl_devices = opencl_devices();
    fmt::format_to(out, "  opencl       {}\n", !built_with_opencl() ? "not built (no clang-14/LLVM tools at build time)"
                                         : cl_devices.empty()   ? "built, but no OpenCL platform with a device"
                                                                : "available (some engines: docs/ARCHITECTURE.md)");
    fmt::format_to(out, "  auto         resolves to {}\n", backend_name(default_backend()));
    fmt::format_to(out, "devices:\n");
    if (devices.empty()) fmt::format_to(out, "  (none)\n");
    for (const DeviceInfo& d : devices) {
      fmt::format_to(out, "  {}: {}, compute capability {}.{}, {} multiprocessors, {:.1f} GiB\n", d.index, d.name,
                 d.compute_major, d.compute_minor, d.multiprocessors,
                 static_cast<double>(d.global_memory_bytes) / (1024.0 * 1024.0 * 1024.0));
    }
    fmt::format_to(out, "opencl devices (GPURNG_OPENCL_DEVICE=<index>):\n");
    if (cl_devices.empty()) fmt::format_to(out, "  (none)\n");
    for (const OpenclDeviceInfo& d : cl_devices) {
      fmt::format_to(out, "  {}: {} / {}, {}, {} {}, {} compute units, {:.1f} GiB, programs: {}\n", d.index, d.platform,
                     d.name, d.version, d.gpu ? "GPU" : "non-GPU", "device", d.compute_units,
                     static_cast<double>(d.global_memory_bytes) / (1024.0 * 1024.0 * 1024.0), d.format);
    }
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
  };
}

}  // namespace gpurng::cli
