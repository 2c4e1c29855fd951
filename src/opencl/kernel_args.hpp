// How a fill kernel receives its engine state and transform: both copied byte for byte into one
// by-value kernel argument of kArgBytes bytes (no buffer per call), the state at offset 0 and the
// transform at kTransformOffset. Shared by the host (launch.hpp) and the kernel bodies
// (kernel_bodies.cpp); kernel_entries.cl declares the same size.
#pragma once

namespace gpurng::detail::opencl {

inline constexpr unsigned kArgBytes = 256;
inline constexpr unsigned kTransformOffset = 128;

}  // namespace gpurng::detail::opencl
