// Which engines the opencl backend serves, by gpurng::Engine: those whose fronts hand an OpenCL body to
// on_backend() for every program they fill with (engine_list.hpp; tests/test_opencl.cpp runs every
// one of them). Not yet: the MTGP engines and Sobol'.
#include "opencl/engines.hpp"

namespace gpurng::detail::opencl {

namespace {
constexpr Engine kServed[] = {Engine::mrg32k3a,        Engine::philox4x32_10,   Engine::philox4x64_10,
                              Engine::threefry4x64_20, Engine::threefry2x32_20, Engine::pcg64,
                              Engine::pcg64dxsm,       Engine::kiss99,          Engine::philox4x32_10_curand,
                              Engine::xorwow,          Engine::mwc,             Engine::xorshift256,
                              Engine::kiss,            Engine::xorwow_curand,   Engine::mrg32k3a_curand,
                              Engine::mt19937,         Engine::mt19937_64,      Engine::dcmt521,
                              Engine::dcmt2203};
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
