// Which engines the opencl backend serves, by gpurng::Engine: those whose fronts fill with traits
// that engine_list.hpp has a program for (tests/test_opencl.cpp runs every one of them).
#include "opencl/engines.hpp"

namespace gpurng::detail::opencl {

namespace {
constexpr Engine kServed[] = {Engine::mrg32k3a,        Engine::philox4x32_10,   Engine::philox4x64_10,
                              Engine::threefry4x64_20, Engine::threefry2x32_20, Engine::pcg64,
                              Engine::pcg64dxsm,       Engine::kiss99,          Engine::philox4x32_10_curand};
}  // namespace

bool serves(Engine e) {
  for (Engine s : kServed) {
    if (s == e) return true;
  }
  return false;
}

std::string served_names() {
  std::string out;
  for (Engine s : kServed) out += (out.empty() ? "" : ", ") + std::string(engine_info(s).name);
  return out;
}

}  // namespace gpurng::detail::opencl
