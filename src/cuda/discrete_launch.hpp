// The CUDA part of Generator::generate_discrete (src/discrete.cpp), declared for plain C++ callers
// and defined in discrete.cu (the table's copies per device: device_copies.hpp); cuda_absent.cpp stands
// in for it in builds without CUDA.
#pragma once

#include <cstddef>

#include "exec.hpp"
#include "gpurng/core/dist/alias_table.hpp"

namespace gpurng::detail::cuda {

// out[i] = alias_pick(device_table, u[i]) for i < n, as integers of type t (i32, i64, u32, u64), in
// device (or managed) memory of the current device, ordered on `stream`, without synchronising. u
// and out may be the same memory for 64-bit t (each element is read before it is written).
void alias_map(const core::dist::AliasTableView& device_table, ValueType t, const double* u, void* out, std::size_t n,
               CUstream_st* stream);

}  // namespace gpurng::detail::cuda
