// The CUDA body of mapped_generate (src/mapped_generate.cpp), declared for plain C++ callers and
// defined in mapped_fill.cu; builds without CUDA never reach it (backend_seam.hpp).
#pragma once

#include <cstddef>
#include <functional>

#include "exec.hpp"

namespace gpurng::detail::cuda {

// n values of out_size bytes into device (or managed) memory `out` on the current device, ordered on
// `stream`, without synchronising. source(src, count) writes the next count source values (of
// source_size bytes) to device memory src on the same stream; map(src, dst, count) turns them into
// outputs there (and may overwrite src). Equal sizes map in place in `out`; smaller outputs go through a stream-ordered
// scratch buffer of at most `chunk` source values per step (chunk = n keeps one source call, for
// engines whose call layout depends on its size).
void mapped_fill(void* out, std::size_t n, std::size_t out_size, std::size_t source_size, std::size_t chunk,
                 CUstream_st* stream, const std::function<void(void* src, std::size_t count)>& source,
                 const std::function<void(void* src, void* dst, std::size_t count)>& map);

}  // namespace gpurng::detail::cuda
