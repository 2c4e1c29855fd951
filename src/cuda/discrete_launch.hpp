// The CUDA part of Generator::generate_discrete (src/discrete.cpp), declared for plain C++ callers
// and defined in discrete.cu. The front reaches it only through on_backend()'s CUDA body, so a build
// without CUDA needs only the deleter (cuda_absent.cpp).
#pragma once

#include <cstddef>
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

// out[i] = alias_pick(device_table, u[i]) for i < n, as integers of type t (i32, i64, u32, u64), in
// device (or managed) memory of the current device, ordered on `stream`, without synchronising. u
// and out may be the same memory for 64-bit t (each element is read before it is written).
void alias_map(const core::dist::AliasTableView& device_table, ValueType t, const double* u, void* out, std::size_t n,
               CUstream_st* stream);

}  // namespace gpurng::detail::cuda
