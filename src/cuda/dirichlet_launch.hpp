// The CUDA body of Generator::generate_dirichlet (src/dirichlet.cpp), declared for plain C++ callers
// and defined in dirichlet.cu. The front reaches it only through on_backend()'s CUDA body, so a build
// without CUDA needs only the deleter (cuda_absent.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "exec.hpp"
#include "gpurng/core/dist/gamma.hpp"

namespace gpurng::detail::cuda {

// A DirichletAlpha's gamma shapes on the devices that used it (one copy per device, made at its first
// use there), freed with it. Not thread-safe: the owner serialises access (DirichletAlphaImpl).
struct ShapeDeviceCopies;
struct ShapeDeviceCopiesDeleter {
  void operator()(ShapeDeviceCopies* p) const noexcept;
};
using ShapeDeviceCopiesPtr = std::unique_ptr<ShapeDeviceCopies, ShapeDeviceCopiesDeleter>;

// The k shapes on the current device: its copy there, uploaded (through a private stream, complete
// before this returns) the first time. `copies` is created when null.
const core::dist::GammaShape* shapes_on_device(ShapeDeviceCopiesPtr& copies, const core::dist::GammaShape* host,
                                               std::size_t k);

// n values (n / k samples) of the Dirichlet distribution into device (or managed) memory `out` of
// type t (f32 or f64), on the current device, ordered on `stream`, without synchronising.
// uniforms(u, count) writes the next count uniform doubles of the generator's sequence to device
// memory u on the same stream. Doubles are made in place (the uniforms are written to out and each
// sample's thread turns them into its values); floats through a stream-ordered scratch buffer of
// `chunk` doubles per step (a multiple of k).
void dirichlet_fill(const core::dist::GammaShape* device_shapes, std::uint32_t k, ValueType t, void* out, std::size_t n,
                    std::size_t chunk, CUstream_st* stream,
                    const std::function<void(double* u, std::size_t count)>& uniforms);

}  // namespace gpurng::detail::cuda
