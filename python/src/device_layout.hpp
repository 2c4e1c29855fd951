// gpurng._gpurng._device_state_layout: the size and alignment of every device generator's state, as
// the host compiler lays them out (the same under NVRTC and nvcc: tests/test_nvrtc_device_headers.cpp).
#pragma once

#include <pybind11/pybind11.h>

namespace gpurng_py {

void register_device_layout(pybind11::module_& m);

}  // namespace gpurng_py
