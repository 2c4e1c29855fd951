// The CUDA map of half-precision outputs (src/half_outputs.cpp), declared for plain C++ callers and
// defined in half_map.cu; builds without CUDA never reach it (backend_seam.hpp).
#pragma once

#include <cstddef>

#include "exec.hpp"

namespace gpurng::detail::cuda {

// out[i] = the binary16 (t = f16) or bfloat16 (t = bf16) bit pattern of src[i] rounded to nearest
// even (core/dist/half.hpp), for i < n, in device or managed memory of the current device, ordered on
// `stream`, without synchronising. out may have any alignment.
void half_map(ValueType t, const float* src, void* out, std::size_t n, CUstream_st* stream);

}  // namespace gpurng::detail::cuda
