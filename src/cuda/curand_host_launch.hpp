// What the cuRAND host engines' front (src/engines/curand_host_engines.cpp) asks of the CUDA backend
// before a fill, declared for plain C++ callers; defined in src/cuda/curand_host_xorwow.cu.
#pragma once

namespace gpurng::detail::cuda {

// Points the xorwow-curand kernels' jump table pointer (core::curand_host::xorwow_table_device) at
// the table on the device current to this thread (xorwow_jump_table_on_device()), once per device;
// safe while another stream is being captured (the upload is on a private stream, outside any capture).
void prepare_xorwow_curand();

}  // namespace gpurng::detail::cuda
