// The CUDA body of Generator::generate_discrete (src/discrete.cpp), declared for plain C++ callers
// and defined in discrete.cu. The front reaches it only through on_backend()'s CUDA body, so a build
// without CUDA needs only the deleter (cuda_absent.cpp).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

#include "exec.hpp"
#include "gpurng/core/dist/alias_table.hpp"

namespace gpurng::detail::cuda {

// A table's copies on the devices that used it (one per device, made at its first use there), freed
// with the table. Not thread-safe: the table's owner serialises access (DiscreteTableImpl).
struct AliasDeviceCopies;
struct AliasDeviceCopiesDeleter {
  void operator()(AliasDeviceCopies* p) const noexcept;
};
using AliasDeviceCopiesPtr = std::unique_ptr<AliasDeviceCopies, AliasDeviceCopiesDeleter>;

// The table on the current device: its copy there, uploaded (through a private stream, complete
// before this returns) the first time. `copies` is created when null.
core::dist::AliasTableView alias_table_on_device(AliasDeviceCopiesPtr& copies, const core::dist::AliasTableView& host);

// n values of the discrete distribution into device (or managed) memory `out` of type t (i32, i64,
// u32, u64), on the current device, ordered on `stream`, without synchronising. uniforms(u, count)
// writes the next count uniform doubles of the generator's sequence to device memory u, on the same
// stream. 64-bit values are made in place (the uniforms are written to out and mapped there); 32-bit
// ones through a stream-ordered scratch buffer of at most `chunk` doubles per step (chunk = n keeps
// one uniform call, for engines whose call layout depends on its size).
void discrete_fill(const core::dist::AliasTableView& device_table, ValueType t, void* out, std::size_t n,
                   std::size_t chunk, CUstream_st* stream, const std::function<void(double* u, std::size_t count)>& uniforms);

}  // namespace gpurng::detail::cuda
