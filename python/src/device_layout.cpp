#include "device_layout.hpp"

#include <cstddef>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "gpurng/device/curand_compat.hpp"
#include "gpurng/device/dcmt.hpp"
#include "gpurng/device/kiss99.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/device/perthread.hpp"

namespace gpurng_py {

namespace {

using Entry = std::pair<std::string, std::tuple<std::size_t, std::size_t>>;
#define GPURNG_LAYOUT_ENTRY(T) Entry{#T, {sizeof(T), alignof(T)}}

// The states a kernel may keep in memory between launches (the list of test_nvrtc_device_headers).
std::vector<Entry> layouts() {
  return {
      GPURNG_LAYOUT_ENTRY(gpurng::device::Mrg32k3a),
      GPURNG_LAYOUT_ENTRY(gpurng::device::Kiss99),
      GPURNG_LAYOUT_ENTRY(gpurng::device::Mwc),
      GPURNG_LAYOUT_ENTRY(gpurng::device::Xorshift256),
      GPURNG_LAYOUT_ENTRY(gpurng::device::Kiss),
      GPURNG_LAYOUT_ENTRY(gpurng::device::Dcmt521),
      GPURNG_LAYOUT_ENTRY(gpurng::device::Dcmt2203),
      GPURNG_LAYOUT_ENTRY(gpurng::device::Dcmt521Blocks),
      GPURNG_LAYOUT_ENTRY(gpurng::device::Dcmt2203Blocks),
      GPURNG_LAYOUT_ENTRY(gpurng::core::dcmt::Set),
      GPURNG_LAYOUT_ENTRY(gpurng::curand_compat::curandStateXORWOW_t),
      GPURNG_LAYOUT_ENTRY(gpurng::curand_compat::curandStatePhilox4_32_10_t),
      GPURNG_LAYOUT_ENTRY(gpurng::curand_compat::curandStateMRG32k3a_t),
  };
}

}  // namespace

void register_device_layout(pybind11::module_& m) {
  m.def("_device_state_layout", &layouts,
        "[(C++ type, (size, alignment))] of the device generators' states; gpurng.device_state_layout() wraps it.");
}

}  // namespace gpurng_py
