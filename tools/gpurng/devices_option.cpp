#include "devices_option.hpp"

#include <cstdint>

#include "number_parsing.hpp"

namespace gpurng::cli {

std::vector<int> parse_devices(const std::string& text, const char* option) {
  const std::string name(option);
  if (text == "all") {
    std::vector<int> all;
    for (const DeviceInfo& d : cuda_devices()) all.push_back(d.index);
    if (all.empty()) {
      throw Error(Status::invalid_argument, name + " all: this process has no CUDA device" +
                                                (built_with_cuda() ? "" : " (gpurng was built without CUDA)"));
    }
    return all;
  }
  std::vector<int> out;
  for (const std::string& item : split_list(text, name, "device indices (0,1,...) or all")) {
    if (item == "all") throw Error(Status::invalid_argument, name + ": 'all' cannot be combined with device indices");
    const std::uint64_t i = parse_u64(item, name);
    if (i > 0x7fffffffu) throw Error(Status::invalid_argument, name + ": device " + item + " is out of range [0, 2^31-1]");
    out.push_back(static_cast<int>(i));
  }
  return out;
}

void use_devices(Generator& g, const std::vector<int>& devices, const char* option) {
  const std::string name(option);
  if (g.backend() != Backend::cuda) {
    throw Error(Status::invalid_argument, name + ": the " + backend_name(g.backend()) +
                                              " backend has no devices; use --backend cuda (or auto on a machine "
                                              "with CUDA devices)");
  }
  try {
    g.devices(devices);
  } catch (const Error& e) {
    throw Error(e.status() == Status::unsupported ? Status::invalid_argument : e.status(), name + ": " + e.what());
  }
}

std::string devices_text(const std::vector<int>& devices) {
  std::string s;
  for (int d : devices) s += (s.empty() ? "" : ",") + std::to_string(d);
  return s;
}

}  // namespace gpurng::cli
