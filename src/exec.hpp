// What one generation call asks for and where it runs: the vocabulary shared by the fronts, the
// family code and the backends. It sits below all of them (it includes only the public API), so a
// backend can take a Request and an ExecContext without seeing any engine front.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpurng/gpurng.hpp"

namespace gpurng::detail {

using gpurng::ValueType;

// Half-precision values (IEEE binary16, bfloat16): 16-bit patterns made from the float values of the
// same request (half_outputs.cpp); the engines and backends never see these types.
inline bool is_half(ValueType t) { return t == ValueType::f16 || t == ValueType::bf16; }

inline std::size_t value_size(ValueType t) {
  if (is_half(t)) return 2;
  return (t == ValueType::u32 || t == ValueType::f32 || t == ValueType::i32) ? 4 : 8;
}

// One generation request; the front end has checked the parameters against the distribution's
// entry (distributions/distribution_list.hpp) and filled in the defaults of those not given.
struct Request {
  Distribution dist;
  ValueType type;
  double params[kMaxDistributionParams];  // in the order of distribution_info(dist).params
  // Integer parameters exact beyond 2^53 (uniform_int's lo and hi, as the two's-complement bits of
  // the value type's integers).
  std::uint64_t int_params[2];
};

struct ExecContext {
  Backend backend;            // cpu, cuda or opencl, resolved
  CUstream_st* stream;        // CUDA backend
  unsigned cuda_blocks;       // 0 = automatic
  unsigned cpu_threads;       // 0 = all hardware threads
  int opencl_device;          // OpenCL backend: index of opencl_devices()
  // OpenCL backend: the call's output is this buffer of the device's context from byte
  // opencl_buffer_offset on (Generator::generate with an OpenclBuffer), or host memory when null.
  // The families pass no host pointer then; only src/opencl/ reads these.
  _cl_mem* opencl_buffer = nullptr;
  std::uint64_t opencl_buffer_offset = 0;
};

}  // namespace gpurng::detail
