// Outputs made position by position from another request's values: the discrete distribution
// (alias lookups of uniform doubles, discrete.cpp), the Dirichlet distribution (whole samples of K
// values from their K uniform doubles, dirichlet.cpp) and half-precision outputs (float uniforms and
// normals rounded to binary16 or bfloat16, half_outputs.cpp). The source values come from the
// generator's own call, so every engine, family, backend and device split serves these outputs with
// no code of its own, and value i sits at the source's position i; each kind writes only its map,
// once for the CPU and once for CUDA. The source call moves the offset as an ordinary call of n
// values would; a failed call leaves it unchanged.
#pragma once

#include <cstddef>
#include <functional>

#include "exec.hpp"

namespace gpurng::detail {

class GeneratorImpl;

struct ValueMap {
  const char* what;          // the call, for messages: "generate_discrete", "float16 values", ...
  Request source;            // what the engine makes at each position (checked by the caller)
  std::size_t out_size;      // bytes of one output value, at most value_size(source.type)
  std::size_t granule = 1;   // values a map takes as one unit (Dirichlet: a sample of K); n is a multiple
  // The request itself, where an engine may make it in one pass (EngineImpl::makes_directly); null
  // where the map is the only way (discrete, Dirichlet).
  const Request* direct = nullptr;
  // out[i] = f(src[i]) for i < count (count a multiple of granule), on the CPU; the map may overwrite
  // src (its workspace), and src and out are the same memory when the sizes agree. `threads` is the
  // generator's cpu_threads setting.
  std::function<void(void* src, void* out, std::size_t count, unsigned threads)> host_map;
  // The same on the current CUDA device, ordered on `stream`, without synchronising.
  std::function<void(void* src, void* out, std::size_t count, CUstream_st* stream)> device_map;
};

// n mapped values into out: host or managed memory from any backend (the source call, then the CPU
// map), or CUDA device memory from a CUDA generator of one device (the source values through a
// stream-ordered scratch buffer, then the device map). Checks `out` and the end of the sequence;
// host scratch that does not fit is Status::out_of_memory.
void mapped_generate(GeneratorImpl& g, const ValueMap& map, void* out, std::size_t n);

}  // namespace gpurng::detail
