// The CUDA part of Generator::generate_dirichlet (src/dirichlet.cpp), declared for plain C++ callers
// and defined in dirichlet.cu; cuda_absent.cpp stands in for it in builds without CUDA.
#pragma once

#include <cstddef>
#include <cstdint>

#include "exec.hpp"
#include "gpurng/core/dist/gamma.hpp"

namespace gpurng::detail::cuda {

// `samples` samples of k values from their uniform doubles u (k per sample, overwritten with the
// log-gammas) into device (or managed) memory `out` of type t (f32 or f64; out may be u for f64), on the
// current device, ordered on `stream`, without synchronising: one thread per sample.
void dirichlet_map(const core::dist::GammaShape* device_shapes, std::uint32_t k, ValueType t, double* u, void* out,
                   std::size_t samples, CUstream_st* stream);

}  // namespace gpurng::detail::cuda
